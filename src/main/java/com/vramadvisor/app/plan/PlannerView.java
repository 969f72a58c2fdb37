package com.vramadvisor.app.plan;

import com.vramadvisor.app.results.Labelled;
import com.vramadvisor.app.results.ResultsMessages;
import com.vramadvisor.app.results.ResultsView;
import com.vramadvisor.app.results.Tooltips;
import com.vramadvisor.app.ui.ColumnTitles;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.value.ObservableStringValue;
import javafx.collections.ListChangeListener;
import javafx.css.PseudoClass;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;
import org.controlsfx.control.SearchableComboBox;

/**
 * The "Layout planner" tab: hardware, deadline and global batch above, Plan and Cancel with a spinner, the answer in a
 * sentence, and the best layouts at the chosen GPU count in a table whose selected line Apply (or Enter) sets in the
 * scenario.
 */
public final class PlannerView extends VBox {

    /** The planner's choice, the first line, is drawn in bold. */
    private static final PseudoClass CHOSEN = PseudoClass.getPseudoClass("chosen");

    private final PlannerViewModel viewModel;
    private final ResultsMessages messages;
    private final TableView<PlanRow> table = new TableView<>();

    public PlannerView(PlannerViewModel viewModel, ResultsMessages messages) {
        super(8);
        this.viewModel = viewModel;
        this.messages = messages;
        setId("plannerView");
        getStyleClass().add("planner-view");
        getStylesheets().add(ResultsView.STYLESHEET);
        setPadding(new Insets(12));

        Label title = new Label();
        title.textProperty().bind(messages.text("plan.title"));
        title.getStyleClass().add("card-title");
        Label hint = new Label();
        hint.textProperty().bind(messages.text("plan.hint"));
        hint.getStyleClass().add("compare-hint");
        hint.setWrapText(true);

        Label problem = label("planProblemLabel", "filter-problem", viewModel.problemProperty());
        Label summary = label("planSummaryLabel", "plan-summary", viewModel.summaryProperty());
        Label note = label("planNoteLabel", "plan-note", viewModel.noteProperty());

        buildTable();
        VBox.setVgrow(table, Priority.ALWAYS);
        getChildren().addAll(title, hint, controls(), problem, summary, note, table, applyBar());
    }

    private FlowPane controls() {
        SearchableComboBox<PlanTarget> hardware = new SearchableComboBox<>(viewModel.targets());
        hardware.setId("planTargetComboBox");
        hardware.setConverter(new StringConverter<>() {
            @Override
            public String toString(PlanTarget t) {
                return t == null ? "" : messages.get("plan.target." + t.kind().id(), t.name());
            }

            @Override
            public PlanTarget fromString(String text) {
                return null;
            }
        });
        hardware.valueProperty().bindBidirectional(viewModel.targetProperty());
        hardware.setPrefWidth(330);
        hardware.setTooltip(tooltip(messages.text("plan.target.tooltip")));

        TextField deadline = field("planDeadlineField", "results.filter.deadline.prompt", "plan.deadline.tooltip", 5);
        deadline.textProperty().bindBidirectional(viewModel.deadlineTextProperty());
        TextField batch = field("planGlobalBatchField", "plan.globalBatch.prompt", "plan.globalBatch.tooltip", 12);
        batch.textProperty().bindBidirectional(viewModel.globalBatchTextProperty());

        Button plan = new Button();
        plan.setId("planButton");
        plan.textProperty().bind(messages.text("plan.run"));
        plan.setTooltip(tooltip(messages.text("plan.run.tooltip")));
        plan.disableProperty().bind(viewModel.busyProperty());
        plan.setOnAction(e -> viewModel.plan());
        // Enter in either field plans, as Enter in the decision table's fields applies them.
        deadline.setOnAction(e -> viewModel.plan());
        batch.setOnAction(e -> viewModel.plan());

        Button cancel = new Button();
        cancel.setId("planCancelButton");
        cancel.textProperty().bind(messages.text("plan.cancel"));
        cancel.setTooltip(tooltip(messages.text("plan.cancel.tooltip")));
        cancel.disableProperty().bind(viewModel.busyProperty().not());
        cancel.setOnAction(e -> viewModel.cancel());

        ProgressIndicator spinner = new ProgressIndicator();
        spinner.setId("planProgressIndicator");
        spinner.progressProperty().bind(viewModel.progressProperty());
        spinner.visibleProperty().bind(viewModel.busyProperty());
        spinner.setPrefSize(22, 22);
        spinner.setMaxSize(22, 22);

        FlowPane bar = new FlowPane(14, 8, Labelled.box(messages, "plan.target", hardware),
                Labelled.box(messages, "results.filter.deadline", deadline),
                Labelled.box(messages, "plan.globalBatch", batch),
                new HBox(8, plan, cancel, spinner));
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.getStyleClass().add("filter-bar");
        return bar;
    }

    private void buildTable() {
        table.setId("planTable");
        table.getStyleClass().add("plan-table");
        table.setItems(viewModel.rows());
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        Label empty = new Label();
        empty.textProperty().bind(messages.text("plan.table.empty"));
        table.setPlaceholder(empty);
        table.getColumns().add(column("planGpusColumn", "plan.column.gpus", PlanRow::gpusText,
                PlanRow::machinesText, 70));
        table.getColumns().add(column("planLayoutColumn", "plan.column.layout", PlanRow::layoutText,
                PlanRow::layoutTip, 200));
        table.getColumns().add(column("planMemoryColumn", "plan.column.memory", PlanRow::memoryText, null, 175));
        table.getColumns().add(column("planMfuColumn", "plan.column.mfu", PlanRow::mfuText, null, 70));
        table.getColumns().add(column("planSpeedColumn", "plan.column.speed", PlanRow::speedText, null, 130));
        table.getColumns().add(column("planTimeColumn", "plan.column.time", PlanRow::timeText, null, 100));
        table.getColumns().add(column("planGpuHoursColumn", "plan.column.gpuHours", PlanRow::gpuHoursText, null,
                110));
        table.getColumns().add(column("planBoundColumn", "plan.column.bound", PlanRow::boundText, PlanRow::boundTip,
                160));
        table.getColumns().add(column("planNoteColumn", "plan.column.note", PlanRow::noteText, null, 150));
        table.setRowFactory(t -> new TableRow<>() {
            @Override
            protected void updateItem(PlanRow row, boolean empty) {
                super.updateItem(row, empty);
                pseudoClassStateChanged(CHOSEN, !empty && row != null && row.chosen());
            }
        });
        // The keyboard path to Apply: Enter on the selected line.
        table.setOnKeyPressed(e -> {
            PlanRow selected = table.getSelectionModel().getSelectedItem();
            if (e.getCode() == KeyCode.ENTER && selected != null) {
                viewModel.apply(selected);
                e.consume();
            }
        });
        // A new answer selects its first line, the planner's choice, so Enter or Apply takes it without a click.
        viewModel.rows().addListener((ListChangeListener<PlanRow>) c -> {
            if (!viewModel.rows().isEmpty()) {
                table.getSelectionModel().select(0);
            }
        });
    }

    private HBox applyBar() {
        Button apply = new Button();
        apply.setId("planApplyButton");
        apply.textProperty().bind(messages.text("plan.apply"));
        apply.setTooltip(tooltip(messages.text("plan.apply.tooltip")));
        apply.disableProperty().bind(table.getSelectionModel().selectedItemProperty().isNull());
        apply.setOnAction(e -> viewModel.apply(table.getSelectionModel().getSelectedItem()));
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox bar = new HBox(8, spacer, apply);
        bar.setAlignment(Pos.CENTER_RIGHT);
        return bar;
    }

    /** A text column, unsortable: the lines come ranked, fastest first. */
    private TableColumn<PlanRow, PlanRow> column(String id, String key, Function<PlanRow, String> text,
                                                 Function<PlanRow, String> tip, double width) {
        TableColumn<PlanRow, PlanRow> c = new TableColumn<>();
        c.setId(id);
        Label header = new Label();
        header.textProperty().bind(messages.text(key));
        header.setTooltip(tooltip(messages.text(key + ".tooltip")));
        c.setGraphic(header);
        c.setPrefWidth(width);
        // At laptop sizes the table shares out less width than the columns' preferred widths add up to; every value
        // of the planned lines stays whole (the chosen line's are bold, as the title is).
        ColumnTitles.keepWhole(c, header, () -> viewModel.rows().stream().map(text).toList(), viewModel.rows());
        c.setSortable(false);
        c.setCellValueFactory(data -> new ReadOnlyObjectWrapper<>(data.getValue()));
        c.setCellFactory(col -> new TableCell<>() {
            private final Tooltip tooltip = Tooltips.explaining("");

            @Override
            protected void updateItem(PlanRow row, boolean empty) {
                super.updateItem(row, empty);
                boolean none = empty || row == null;
                setText(none ? null : text.apply(row));
                if (tip != null) {
                    tooltip.setText(none ? "" : tip.apply(row));
                    setTooltip(none ? null : tooltip);
                }
            }
        });
        return c;
    }

    private Label label(String id, String styleClass, ObservableStringValue text) {
        Label label = new Label();
        label.setId(id);
        label.getStyleClass().add(styleClass);
        label.setWrapText(true);
        label.textProperty().bind(text);
        label.managedProperty().bind(label.textProperty().isNotEmpty());
        label.visibleProperty().bind(label.managedProperty());
        return label;
    }

    private TextField field(String id, String promptKey, String tooltipKey, int columns) {
        TextField f = new TextField();
        f.setId(id);
        f.promptTextProperty().bind(messages.text(promptKey));
        f.setPrefColumnCount(columns);
        f.setTooltip(tooltip(messages.text(tooltipKey)));
        return f;
    }

    private static Tooltip tooltip(ObservableStringValue text) {
        Tooltip t = Tooltips.explaining("");
        t.textProperty().bind(text);
        return t;
    }
}
