package com.vramadvisor.app.ui;

import java.util.function.Supplier;
import javafx.beans.Observable;
import javafx.beans.binding.Bindings;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.text.Text;

/**
 * Column titles that stay readable when a table with a constrained resize policy has less width than its columns'
 * preferred widths add up to (a laptop screen): the title wraps onto a second line at its spaces, and the column keeps
 * room for the longest word of its title and, where given, for the widest of its values. Widths are measured in the
 * title's own font (the bold face of a header), so whatever the language, font or theme.
 */
public final class ColumnTitles {

    /**
     * Room a column header takes beside its title label (15 px in the Primer theme, measured), with a pixel either
     * side for rounding; the label's own padding comes from its insets.
     */
    static final double HEADER_PADDING_PX = 17;

    private ColumnTitles() {
    }

    /**
     * Makes {@code title}, the graphic of {@code column}'s header, wrap, and keeps {@code column} at least as wide as
     * the longest word of the title and the widest text {@code values} gives.
     *
     * @param values  the texts the column's cells show, or {@code null} to keep room for the title alone
     * @param changes what the values depend on (the table's rows), so the width follows them
     */
    public static void keepWhole(TableColumn<?, ?> column, Label title, Supplier<? extends Iterable<String>> values,
                                 Observable... changes) {
        title.setWrapText(true);
        Text probe = new Text();
        Observable[] dependencies = new Observable[changes.length + 3];
        dependencies[0] = title.textProperty();
        dependencies[1] = title.fontProperty();
        dependencies[2] = title.insetsProperty();
        System.arraycopy(changes, 0, dependencies, 3, changes.length);
        column.minWidthProperty().bind(Bindings.createDoubleBinding(() -> {
            probe.setFont(title.getFont());
            double widest = 0;
            String text = title.getText() == null ? "" : title.getText();
            for (String word : text.split("\\s+")) {
                widest = Math.max(widest, width(probe, word));
            }
            if (values != null) {
                for (String value : values.get()) {
                    widest = Math.max(widest, width(probe, value));
                }
            }
            return Math.ceil(widest) + title.getInsets().getLeft() + title.getInsets().getRight() + HEADER_PADDING_PX;
        }, dependencies));
    }

    private static double width(Text probe, String text) {
        probe.setText(text == null ? "" : text);
        return probe.getLayoutBounds().getWidth();
    }
}
