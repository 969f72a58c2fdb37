package com.vramadvisor.app.results;

import com.vramadvisor.engine.ranking.HardwareKind;
import com.vramadvisor.engine.ranking.RankingOptions;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.value.ObservableValue;
import javafx.collections.ListChangeListener;
import javafx.geometry.Pos;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.Duration;

/**
 * The decision table: every option ranked for the workload, with filters above it. Columns sort on their raw values;
 * selecting rows selects their GPUs for the charts.
 */
public final class DecisionTableView extends VBox {

    private static final double ROW_HEIGHT = 34;

    private final DecisionTableViewModel viewModel;
    private final ResultsMessages messages;
    private final TableView<DecisionRow> table = new TableView<>();
    private boolean restoring;

    public DecisionTableView(DecisionTableViewModel viewModel, ResultsMessages messages) {
        this.viewModel = viewModel;
        this.messages = messages;
        getStyleClass().add("decision-view");
        getStylesheets().add(ResultsView.STYLESHEET);
        setId("decisionView");

        Label title = new Label();
        title.textProperty().bind(messages.text("results.table.title"));
        title.getStyleClass().add("card-title");
        Label summary = new Label();
        summary.setId("decisionSummaryLabel");
        summary.getStyleClass().add("table-summary");
        summary.textProperty().bind(viewModel.summaryProperty());
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox header = new HBox(12, title, spacer, summary);
        header.setAlignment(Pos.BASELINE_LEFT);

        Label problem = new Label();
        problem.setId("filterProblemLabel");
        problem.getStyleClass().add("filter-problem");
        problem.textProperty().bind(viewModel.filterProblemProperty());
        problem.managedProperty().bind(problem.textProperty().isNotEmpty());
        problem.visibleProperty().bind(problem.managedProperty());

        buildTable();
        VBox.setVgrow(table, Priority.ALWAYS);
        getChildren().addAll(header, filters(), problem, table);
        setSpacing(8);
    }

    private FlowPane filters() {
        ComboBox<String> vendor = new ComboBox<>();
        vendor.setId("vendorFilterComboBox");
        vendor.getItems().add("");
        vendor.getItems().addAll(viewModel.vendors());
        viewModel.vendors().addListener((ListChangeListener<String>) c -> {
            String chosen = vendor.getValue();
            vendor.getItems().setAll("");
            vendor.getItems().addAll(viewModel.vendors());
            vendor.setValue(chosen);
        });
        vendor.setCellFactory(lv -> textCell(v -> v.isEmpty() ? messages.get("results.filter.vendor.all") : v));
        vendor.setButtonCell(textCell(v -> v.isEmpty() ? messages.get("results.filter.vendor.all") : v));
        vendor.valueProperty().bindBidirectional(viewModel.vendorFilterProperty());
        vendor.setTooltip(tooltip("results.filter.vendor.tooltip"));

        ComboBox<HardwareKind> kind = new ComboBox<>();
        kind.setId("kindFilterComboBox");
        kind.getItems().add(null);
        kind.getItems().addAll(HardwareKind.values());
        Function<HardwareKind, String> kindName = k -> k == null ? messages.get("results.filter.kind.all")
                : messages.get("results.kind." + k.id());
        kind.setCellFactory(lv -> textCell(kindName));
        kind.setButtonCell(textCell(kindName));
        kind.valueProperty().bindBidirectional(viewModel.kindFilterProperty());
        kind.setTooltip(tooltip("results.filter.kind.tooltip"));

        TextField cost = field("maxCostField", "results.filter.cost.prompt", tooltip("results.filter.cost.tooltip"));
        cost.textProperty().bindBidirectional(viewModel.maxCostTextProperty());
        TextField memory = field("minMemoryField", "results.filter.memory.prompt",
                tooltip("results.filter.memory.tooltip"));
        memory.textProperty().bindBidirectional(viewModel.minMemoryTextProperty());
        // The tooltip says what an empty field means, the ranking's own limit, from the constant itself.
        TextField gpus = field("maxGpusField", "results.filter.gpus.prompt", tooltip(Bindings.createStringBinding(
                () -> messages.get("results.filter.gpus.tooltip", messages.integer(RankingOptions.DEFAULT_MAX_GPUS)),
                messages.localeProperty())));
        gpus.textProperty().bindBidirectional(viewModel.maxGpusTextProperty());
        gpus.setPrefColumnCount(5);
        appliesOnCommit(gpus, viewModel::commitMaxGpus, viewModel::revertMaxGpus);
        TextField tokens = field("tokenBudgetField", "results.filter.tokens", tooltip("results.filter.tokens.tooltip"));
        tokens.textProperty().bindBidirectional(viewModel.tokenBudgetTextProperty());
        tokens.setPrefColumnCount(10);
        appliesOnCommit(tokens, viewModel::commitTokenBudget, viewModel::revertTokenBudget);

        CheckBox fitsOnly = new CheckBox();
        fitsOnly.setId("fitsOnlyCheckBox");
        fitsOnly.textProperty().bind(messages.text("results.filter.fitsOnly"));
        fitsOnly.selectedProperty().bindBidirectional(viewModel.fitsOnlyProperty());
        fitsOnly.setTooltip(tooltip("results.filter.fitsOnly.tooltip"));

        FlowPane bar = new FlowPane(14, 8, labelled("results.filter.vendor", vendor),
                labelled("results.filter.kind", kind), labelled("results.filter.cost", cost),
                labelled("results.filter.memory", memory), labelled("results.filter.gpus", gpus),
                labelled("results.filter.tokens", tokens), fitsOnly);
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.getStyleClass().add("filter-bar");
        return bar;
    }

    private void buildTable() {
        table.setId("decisionTable");
        table.getStyleClass().add("decision-table");
        table.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        table.getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        // Rows are replaced on every slider step; with a fixed row height the table lays out only the visible rows
        // instead of measuring cells to estimate its scroll range.
        table.setFixedCellSize(ROW_HEIGHT);
        Label empty = new Label();
        empty.textProperty().bind(messages.text("results.table.empty"));
        table.setPlaceholder(empty);

        // The columns that answer "which option, how many, at what cost" come first, so that they are in view
        // without scrolling in a window of ordinary width; memory detail and throughput follow.
        TableColumn<DecisionRow, DecisionRow> fit = column("fit", "results.table.column.fit",
                Comparator.comparing(DecisionRow::fits), 100);
        fit.setCellFactory(c -> new DecisionCells.FitCell(messages));
        table.getColumns().add(fit);
        TableColumn<DecisionRow, DecisionRow> name = column("hardware", "results.table.column.hardware",
                Comparator.comparing(DecisionRow::name, String.CASE_INSENSITIVE_ORDER), 230);
        name.setCellFactory(c -> new DecisionCells.TextCell(DecisionRow::name, DecisionRow::hardwareText));
        table.getColumns().add(name);
        addText("kind", "results.table.column.kind", Comparator.comparing(DecisionRow::kind), 90,
                DecisionRow::kindText);
        addText("gpus", "results.table.column.gpus", Comparator.comparingInt(DecisionRow::gpusNeeded), 120,
                DecisionRow::gpusText);
        TableColumn<DecisionRow, DecisionRow> cost = addText("cost", "results.table.column.cost",
                nullsLast(DecisionRow::costUsd), 120, DecisionRow::costText);
        addText("time", "results.table.column.time", nullsLast(DecisionRow::hours), 90, DecisionRow::timeText);
        TableColumn<DecisionRow, DecisionRow> headroom = column("headroom", "results.table.column.headroom",
                Comparator.comparingDouble(DecisionRow::headroomFraction), 200);
        headroom.setCellFactory(c -> new DecisionCells.HeadroomCell());
        table.getColumns().add(headroom);
        addText("memory", "results.table.column.memory", Comparator.comparingLong(DecisionRow::perGpuBytes), 170,
                DecisionRow::memoryText);
        addText("speed", "results.table.column.speed", nullsLast(DecisionRow::tokensPerSecond), 150,
                DecisionRow::speedText);
        addText("energy", "results.table.column.energy", nullsLast(DecisionRow::energyKWh), 90,
                DecisionRow::energyText);
        // Start in the engine's order (options that fit first, then the cheapest), stated as a sort on the Fit and
        // Cost columns so that their header arrows tell a new user how the table is ordered.
        fit.setSortType(TableColumn.SortType.DESCENDING);
        cost.setSortType(TableColumn.SortType.ASCENDING);
        table.getSortOrder().setAll(List.of(fit, cost));

        table.setItems(viewModel.rows());
        viewModel.rows().comparatorProperty().bind(table.comparatorProperty());
        table.getSelectionModel().getSelectedItems()
                .addListener((ListChangeListener<DecisionRow>) c -> pushSelection());
        // Registered after the table's own listener, so the selection is restored once the table has adjusted it.
        viewModel.rows().addListener((ListChangeListener<DecisionRow>) c -> restoreSelection());
    }

    private void pushSelection() {
        if (restoring) {
            return;
        }
        DecisionRow focused = table.getSelectionModel().getSelectedItem();
        if (focused != null) {
            viewModel.select(new ArrayList<>(table.getSelectionModel().getSelectedItems()), focused);
        }
    }

    /** Reselects the rows the user chose, which are new row objects after every recompute. */
    private void restoreSelection() {
        List<String> wanted = viewModel.selectedKeys();
        restoring = true;
        try {
            table.getSelectionModel().clearSelection();
            int focus = -1;
            for (int i = 0; i < table.getItems().size(); i++) {
                if (wanted.contains(table.getItems().get(i).key())) {
                    table.getSelectionModel().select(i);
                    if (table.getItems().get(i).key().equals(wanted.get(wanted.size() - 1))) {
                        focus = i;
                    }
                }
            }
            if (focus >= 0) {
                table.getSelectionModel().select(focus);
                table.getFocusModel().focus(focus);
            }
        } finally {
            restoring = false;
        }
    }

    private static <T extends Comparable<T>> Comparator<DecisionRow> nullsLast(Function<DecisionRow, T> key) {
        return Comparator.comparing(key, Comparator.nullsLast(Comparator.naturalOrder()));
    }

    private TableColumn<DecisionRow, DecisionRow> column(String id, String key, Comparator<DecisionRow> comparator,
                                                         double width) {
        TableColumn<DecisionRow, DecisionRow> col = new TableColumn<>();
        col.setId(id + "Column");
        Label header = new Label();
        header.textProperty().bind(messages.text(key));
        header.setTooltip(tooltip(key + ".tooltip"));
        col.setGraphic(header);
        col.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue()));
        col.setComparator(comparator);
        col.setPrefWidth(width);
        return col;
    }

    private TableColumn<DecisionRow, DecisionRow> addText(String id, String key, Comparator<DecisionRow> comparator,
                                                          double width, Function<DecisionRow, String> text) {
        TableColumn<DecisionRow, DecisionRow> col = column(id, key, comparator, width);
        col.setCellFactory(c -> new DecisionCells.TextCell(text, null));
        table.getColumns().add(col);
        return col;
    }

    private TextField field(String id, String promptKey, Tooltip tooltip) {
        TextField f = new TextField();
        f.setId(id);
        f.promptTextProperty().bind(messages.text(promptKey));
        f.setPrefColumnCount(7);
        f.setTooltip(tooltip);
        return f;
    }

    /**
     * The token budget and GPU limit are scenario inputs: like the workload panel's exact-value fields they apply on
     * Enter or when focus leaves, so a typed number is one undo step, and Escape puts the scenario's value back.
     */
    private static void appliesOnCommit(TextField field, Runnable commit, Runnable revert) {
        field.setOnAction(e -> commit.run());
        field.focusedProperty().addListener((obs, was, focused) -> {
            if (!focused) {
                commit.run();
            }
        });
        field.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ESCAPE) {
                revert.run();
                e.consume();
            }
        });
    }

    private HBox labelled(String key, javafx.scene.Node control) {
        Label label = new Label();
        label.textProperty().bind(messages.text(key));
        label.getStyleClass().add("filter-label");
        label.setLabelFor(control);
        HBox box = new HBox(6, label, control);
        box.setAlignment(Pos.CENTER_LEFT);
        return box;
    }

    private Tooltip tooltip(String key) {
        return tooltip(messages.text(key));
    }

    private Tooltip tooltip(ObservableValue<String> text) {
        Tooltip t = new Tooltip();
        t.textProperty().bind(text);
        t.setWrapText(true);
        t.setMaxWidth(420);
        t.setShowDelay(Duration.millis(300));
        return t;
    }

    private <T> ListCell<T> textCell(Function<T, String> text) {
        return new ListCell<>() {
            @Override
            protected void updateItem(T item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty ? null : text.apply(item));
            }
        };
    }
}
