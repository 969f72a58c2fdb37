package com.vramadvisor.app.results;

import com.vramadvisor.app.ui.HoverTip;
import java.util.function.Function;
import java.util.function.Predicate;
import javafx.css.PseudoClass;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;

/**
 * The decision table's cells. Each keeps its nodes for its whole life and only changes their texts and states: the
 * rows are replaced on every slider step, and swapping a cell's graphic would re-style it every time.
 */
final class DecisionCells {

    /** Less headroom than this is drawn as a warning: a longer input or fragmentation may tip it over. */
    static final double TIGHT_FRACTION = 0.10;
    private static final PseudoClass TIGHT = PseudoClass.getPseudoClass("tight");
    /** A row that fits but finishes after the deadline: its verdict and its time are drawn as warnings. */
    static final PseudoClass LATE = PseudoClass.getPseudoClass("late");

    private DecisionCells() {
    }

    /**
     * A text cell whose tooltip, when given, explains the number, and which is drawn as a warning (pseudo-class
     * {@code late}) where {@code late} says so.
     */
    static final class TextCell extends TableCell<DecisionRow, DecisionRow> {
        private final Function<DecisionRow, String> text;
        private final Function<DecisionRow, String> tip;
        private final Predicate<DecisionRow> late;
        private final HoverTip tooltip;

        TextCell(Function<DecisionRow, String> text, Function<DecisionRow, String> tip) {
            this(text, tip, null);
        }

        TextCell(Function<DecisionRow, String> text, Function<DecisionRow, String> tip, Predicate<DecisionRow> late) {
            this.text = text;
            this.tip = tip;
            this.late = late;
            this.tooltip = tip == null ? null : Tooltips.explainingOnHover().attach(this);
        }

        @Override
        protected void updateItem(DecisionRow row, boolean empty) {
            super.updateItem(row, empty);
            boolean none = empty || row == null;
            setText(none ? null : text.apply(row));
            if (tooltip != null) {
                tooltip.setText(none ? "" : tip.apply(row));
            }
            if (late != null) {
                pseudoClassStateChanged(LATE, !none && late.test(row));
            }
        }
    }

    /**
     * A check, a warning sign (fits, but past the deadline) or a cross, with the reasons behind the verdict on hover.
     * The glyph differs, not only its colour, so the three verdicts read apart without colour too.
     */
    static final class FitCell extends TableCell<DecisionRow, DecisionRow> {
        private final ResultsMessages messages;
        private final Label icon = new Label();
        private final HoverTip tooltip = Tooltips.explainingOnHover().attach(icon);

        FitCell(ResultsMessages messages) {
            this.messages = messages;
            icon.getStyleClass().add("fit-icon");
            setAlignment(Pos.CENTER);
            // Set once and hidden when empty: changing a cell's graphic re-styles it, on every slider step.
            setGraphic(icon);
        }

        @Override
        protected void updateItem(DecisionRow row, boolean empty) {
            super.updateItem(row, empty);
            icon.setVisible(!empty && row != null);
            if (empty || row == null) {
                return;
            }
            icon.setText(messages.get(!row.fits() ? "results.table.fit.icon.no"
                    : row.pastDeadline() ? "results.table.fit.icon.late" : "results.table.fit.icon.yes"));
            icon.pseudoClassStateChanged(StackedMemoryBar.OVER, !row.fits());
            icon.pseudoClassStateChanged(LATE, row.pastDeadline());
            tooltip.setText(row.fitText());
        }
    }

    /** How full each GPU is, as a bar, with the spare or missing memory as text. */
    static final class HeadroomCell extends TableCell<DecisionRow, DecisionRow> {
        private static final double BAR_WIDTH = 56;
        private final Region track = new Region();
        private final Region fill = new Region();
        private final Label text = new Label();
        private final HBox box;

        HeadroomCell() {
            track.getStyleClass().add("headroom-track");
            fill.getStyleClass().add("headroom-fill");
            text.getStyleClass().add("headroom-text");
            StackPane bar = new StackPane(track, fill);
            bar.setAlignment(Pos.CENTER_LEFT);
            bar.setMinWidth(BAR_WIDTH);
            bar.setPrefWidth(BAR_WIDTH);
            bar.setMaxWidth(BAR_WIDTH);
            bar.setMaxHeight(10);
            fill.setMaxWidth(Region.USE_PREF_SIZE);
            box = new HBox(8, bar, text);
            box.setAlignment(Pos.CENTER_LEFT);
            setGraphic(box);
        }

        @Override
        protected void updateItem(DecisionRow row, boolean empty) {
            super.updateItem(row, empty);
            box.setVisible(!empty && row != null);
            if (empty || row == null) {
                return;
            }
            double used = row.capacityBytes() == 0 ? 1 : Math.min(1, row.perGpuBytes() / (double) row.capacityBytes());
            fill.setPrefWidth(Math.max(2, BAR_WIDTH * used));
            fill.pseudoClassStateChanged(StackedMemoryBar.OVER, !row.fits());
            fill.pseudoClassStateChanged(TIGHT, row.fits() && row.headroomFraction() < TIGHT_FRACTION);
            text.setText(row.headroomText());
        }
    }
}
