package com.vramadvisor.app.advice;

import com.vramadvisor.app.results.ResultsMessages;
import com.vramadvisor.app.results.StackedMemoryBar;
import com.vramadvisor.app.results.Tooltips;
import com.vramadvisor.app.ui.ColumnTitles;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.value.ObservableStringValue;
import javafx.css.PseudoClass;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * The "What to change" tab: the current peak against the selected GPU, and a table of single changes with their
 * peak, saving, fit and speed effect, each with a button that applies it.
 */
public final class AdviceView extends VBox {

    /** The same state the decision table's fit icons use, so the stylesheet colours both alike. */
    private static final PseudoClass OVER = PseudoClass.getPseudoClass("over");

    private final AdviceViewModel viewModel;
    private final ResultsMessages messages;

    public AdviceView(AdviceViewModel viewModel, ResultsMessages messages) {
        super(8);
        this.viewModel = viewModel;
        this.messages = messages;
        setId("adviceView");
        getStyleClass().add("advice-view");
        getStylesheets().add(StackedMemoryBar.class.getResource("results.css").toExternalForm());
        setPadding(new Insets(12));

        Label title = new Label();
        title.textProperty().bind(messages.text("advice.title"));
        title.getStyleClass().add("card-title");
        Label summary = new Label();
        summary.setId("adviceSummary");
        summary.textProperty().bind(viewModel.summaryProperty());
        summary.setWrapText(true);
        Label hint = new Label();
        hint.textProperty().bind(messages.text("advice.hint"));
        hint.getStyleClass().add("compare-hint");
        hint.setWrapText(true);

        TableView<AdviceRow> table = new TableView<>(viewModel.rows());
        table.setId("adviceTable");
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.getColumns().add(textColumn("advice.column.change", AdviceRow::changeText, 260));
        table.getColumns().add(textColumn("advice.column.peak", AdviceRow::peakText, 110));
        table.getColumns().add(textColumn("advice.column.saved", AdviceRow::savedText, 110));
        table.getColumns().add(fitsColumn());
        table.getColumns().add(speedColumn());
        table.getColumns().add(applyColumn());
        table.placeholderProperty().set(new Label());
        // The keyboard path to Apply: the buttons sit in cells, which Tab does not reach; Enter applies the line.
        table.setOnKeyPressed(e -> {
            AdviceRow selected = table.getSelectionModel().getSelectedItem();
            if (e.getCode() == KeyCode.ENTER && selected != null) {
                viewModel.apply(selected);
                e.consume();
            }
        });
        VBox.setVgrow(table, Priority.ALWAYS);
        getChildren().addAll(title, summary, hint, table);
    }

    private TableColumn<AdviceRow, AdviceRow> column(String key, double width) {
        TableColumn<AdviceRow, AdviceRow> c = new TableColumn<>();
        Label header = new Label();
        header.textProperty().bind(messages.text(key));
        header.setTooltip(tooltip(messages.text(key + ".tooltip")));
        c.setGraphic(header);
        c.setPrefWidth(width);
        ColumnTitles.keepWhole(c, header, null);
        // The rows come ranked (fitting first, then by peak); sorting by the formatted text would mislead.
        c.setSortable(false);
        c.setCellValueFactory(data -> new ReadOnlyObjectWrapper<>(data.getValue()));
        return c;
    }

    private TableColumn<AdviceRow, AdviceRow> textColumn(String key, Function<AdviceRow, String> text, double width) {
        TableColumn<AdviceRow, AdviceRow> c = column(key, width);
        c.setCellFactory(col -> new TableCell<>() {
            @Override
            protected void updateItem(AdviceRow row, boolean empty) {
                super.updateItem(row, empty);
                setText(empty || row == null ? null : text.apply(row));
            }
        });
        return c;
    }

    private TableColumn<AdviceRow, AdviceRow> fitsColumn() {
        TableColumn<AdviceRow, AdviceRow> c = column("advice.column.fits", 60);
        c.setCellFactory(col -> new TableCell<>() {
            private final Label icon = new Label();
            private final Tooltip tip = Tooltips.explaining("");

            {
                icon.getStyleClass().add("fit-icon");
                Tooltip.install(icon, tip);
                setAlignment(Pos.CENTER);
                setGraphic(icon);
            }

            @Override
            protected void updateItem(AdviceRow row, boolean empty) {
                super.updateItem(row, empty);
                icon.setVisible(!empty && row != null && row.fitKnown());
                if (empty || row == null) {
                    return;
                }
                icon.setText(messages.get(row.fits() ? "results.table.fit.icon.yes" : "results.table.fit.icon.no"));
                icon.pseudoClassStateChanged(OVER, !row.fits());
                tip.setText(row.fitText());
            }
        });
        return c;
    }

    private TableColumn<AdviceRow, AdviceRow> speedColumn() {
        TableColumn<AdviceRow, AdviceRow> c = column("advice.column.speed", 220);
        c.setCellFactory(col -> new TableCell<>() {
            private final Tooltip tip = Tooltips.explaining("");

            @Override
            protected void updateItem(AdviceRow row, boolean empty) {
                super.updateItem(row, empty);
                setText(empty || row == null ? null : row.speedText());
                tip.setText(empty || row == null ? "" : row.speedTooltip());
                setTooltip(empty || row == null ? null : tip);
            }
        });
        return c;
    }

    private TableColumn<AdviceRow, AdviceRow> applyColumn() {
        TableColumn<AdviceRow, AdviceRow> c = new TableColumn<>();
        c.setPrefWidth(90);
        c.setSortable(false);
        c.setCellValueFactory(data -> new ReadOnlyObjectWrapper<>(data.getValue()));
        c.setCellFactory(col -> new TableCell<>() {
            private final Button apply = new Button();

            {
                apply.getStyleClass().add("advice-apply-button");
                apply.textProperty().bind(messages.text("advice.apply"));
                apply.setTooltip(tooltip(messages.text("advice.apply.tooltip")));
                apply.setOnAction(e -> {
                    AdviceRow row = getItem();
                    if (row != null) {
                        viewModel.apply(row);
                    }
                });
                setAlignment(Pos.CENTER);
            }

            @Override
            protected void updateItem(AdviceRow row, boolean empty) {
                super.updateItem(row, empty);
                setGraphic(empty || row == null ? null : apply);
            }
        });
        return c;
    }

    private static Tooltip tooltip(ObservableStringValue text) {
        Tooltip t = Tooltips.explaining("");
        t.textProperty().bind(text);
        return t;
    }
}
