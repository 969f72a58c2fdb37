package com.vramadvisor.app.results;

import com.vramadvisor.app.ui.HoverTip;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.binding.Bindings;
import javafx.collections.ListChangeListener;
import javafx.css.PseudoClass;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.SelectionMode;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.text.Text;

/**
 * The decision table: every option ranked for the workload, with the question above it (what to rank by, the token
 * budget, the deadline, the GPU limit) and the filters below that. Columns sort on their raw values; the goal sorts
 * by its column; selecting rows selects their GPUs for the charts.
 */
public final class DecisionTableView extends VBox {

    /**
     * On the table while the rows shown belong to an earlier scenario and a ranking for the current one runs
     * ({@link DecisionTableViewModel#rankingProperty}).
     */
    public static final PseudoClass RANKING = PseudoClass.getPseudoClass("ranking");

    private static final double ROW_HEIGHT = 30;
    /** Rows the table asks room for; the window gives it that height before the charts get theirs. */
    public static final int ROWS_SHOWN = 8;
    /** The column headers, the horizontal scroll bar and the borders, in pixels, above and below the rows. */
    private static final double TABLE_CHROME_HEIGHT = 64;
    /** The header's padding and the sort arrow beside its name, in pixels. */
    private static final double HEADER_CHROME_WIDTH = 36;

    private final DecisionTableViewModel viewModel;
    private final ResultsMessages messages;
    private final TableView<DecisionRow> table = new TableView<>();
    private TableColumn<DecisionRow, DecisionRow> fitColumn;
    private TableColumn<DecisionRow, DecisionRow> jobCostColumn;
    private TableColumn<DecisionRow, DecisionRow> timeColumn;
    private TableColumn<DecisionRow, DecisionRow> capitalColumn;
    private TableColumn<DecisionRow, DecisionRow> usersColumn;
    private TableColumn<DecisionRow, DecisionRow> usersPerDollarColumn;
    private boolean restoring;

    public DecisionTableView(DecisionTableViewModel viewModel, ResultsMessages messages) {
        this(viewModel, messages, new Node[0]);
    }

    /**
     * @param above nodes shown between the question and the filters: another kind's job fields and the note on its
     *              speed model
     */
    public DecisionTableView(DecisionTableViewModel viewModel, ResultsMessages messages, Node... above) {
        this.viewModel = viewModel;
        this.messages = messages;
        getStyleClass().add("decision-view");
        getStylesheets().add(ResultsView.STYLESHEET);
        setId(id("decisionView"));

        Label title = new Label();
        title.textProperty().bind(messages.text("results.table.title"));
        title.getStyleClass().add("card-title");
        Label summary = new Label();
        summary.setId(id("decisionSummaryLabel"));
        summary.getStyleClass().add("table-summary");
        summary.textProperty().bind(viewModel.summaryProperty());
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        title.setMinWidth(Region.USE_PREF_SIZE);
        summary.setMinWidth(0);
        Button useLayout = new Button();
        useLayout.setId(id("useLayoutButton"));
        useLayout.textProperty().bind(messages.text("results.table.useLayout"));
        tooltip("results.table.useLayout.tooltip").attach(useLayout);
        useLayout.setMinWidth(Region.USE_PREF_SIZE);
        useLayout.disableProperty().bind(Bindings.createBooleanBinding(
                () -> !viewModel.canUseLayout(table.getSelectionModel().getSelectedItem()),
                table.getSelectionModel().selectedItemProperty()));
        useLayout.setOnAction(e -> viewModel.useLayout(table.getSelectionModel().getSelectedItem()));
        // Only a language model's rows carry a layout to adopt.
        useLayout.setVisible(viewModel.languageModel());
        useLayout.setManaged(viewModel.languageModel());
        // While the rows shown belong to an earlier scenario, say so: a ranking can take a second or two.
        Label updating = new Label();
        updating.setId(id("decisionUpdatingLabel"));
        updating.getStyleClass().add("table-updating");
        updating.textProperty().bind(messages.text("results.table.updating"));
        tooltip("results.table.updating.tooltip").attach(updating);
        updating.setMinWidth(Region.USE_PREF_SIZE);
        updating.visibleProperty().bind(viewModel.rankingProperty());
        HBox header = new HBox(12, title, updating, spacer, summary, useLayout);
        // The header never holds the table wider than the Analysis tab gives it (the charts' divider moves freely):
        // the summary gives way first and has its tooltip.
        header.setMinWidth(0);
        header.setAlignment(Pos.BASELINE_LEFT);

        Label verdict = new Label();
        verdict.setId(id("decisionVerdictLabel"));
        verdict.getStyleClass().add("table-verdict");
        // One line, so that on a laptop screen the table keeps its rows; the whole sentence is in the tooltip.
        verdict.setWrapText(false);
        verdict.setMinWidth(0);
        verdict.textProperty().bind(viewModel.verdictProperty());
        verdict.managedProperty().bind(verdict.textProperty().isNotEmpty());
        verdict.visibleProperty().bind(verdict.managedProperty());
        Tooltips.describing(Bindings.concat(verdict.textProperty(), "\n\n",
                messages.text("results.table.verdict.tooltip"))).attach(verdict);

        Label problem = new Label();
        problem.setId(id("filterProblemLabel"));
        problem.getStyleClass().add("filter-problem");
        problem.textProperty().bind(viewModel.filterProblemProperty());
        problem.managedProperty().bind(problem.textProperty().isNotEmpty());
        problem.visibleProperty().bind(problem.managedProperty());

        buildTable();
        VBox.setVgrow(table, Priority.ALWAYS);
        DecisionControls controls = new DecisionControls(viewModel, messages);
        getChildren().addAll(header, verdict, controls.question());
        getChildren().addAll(above);
        getChildren().addAll(controls.filters(), problem, table);
        // Tight gaps between the lines above the table: on a laptop screen each one costs the table a row.
        setSpacing(4);
    }

    private void buildTable() {
        table.setId(id("decisionTable"));
        table.getStyleClass().add("decision-table");
        table.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        table.getSelectionModel().setSelectionMode(SelectionMode.MULTIPLE);
        // Rows are ROW_HEIGHT high through the style sheet (-fx-cell-size), not a fixed cell size: with one, a row
        // drops the cells of columns scrolled out of view, the frozen Hardware column's among them (FrozenColumn).
        table.setPrefHeight(ROW_HEIGHT * ROWS_SHOWN + TABLE_CHROME_HEIGHT);
        table.setMinHeight(ROW_HEIGHT * 2 + TABLE_CHROME_HEIGHT);
        viewModel.rankingProperty().addListener((obs, was, now) -> table.pseudoClassStateChanged(RANKING, now));
        table.pseudoClassStateChanged(RANKING, viewModel.rankingProperty().get());
        Label empty = new Label();
        empty.textProperty().bind(messages.text("results.table.empty"));
        table.setPlaceholder(empty);

        // The columns that answer "which option, bought or rented, how many GPUs laid out how, at what cost and by
        // when" come first, so that they are in view without scrolling in a window of ordinary width; what the money
        // is made of, what limits the speed, and memory detail follow. Capital and rent have columns of their own:
        // a price paid once and a price per hour are never one column.
        // The option and the memory answer (does it fit, with how much room, need against capacity) come first, then
        // the goal's columns (users served, the job's cost and time), so that they are in view without scrolling in a
        // window of ordinary width; then how it is had, on how many GPUs laid out how; what the money is made of,
        // what limits the speed and the rest follow. Capital and rent have columns of their own: a price paid once and a price per hour are never one
        // column.
        TableColumn<DecisionRow, DecisionRow> name = column("hardware", "results.table.column.hardware",
                Comparator.comparing(DecisionRow::name, String.CASE_INSENSITIVE_ORDER), 250);
        // The option in a few lines (machines, network, layout, limit) over the GPU's figures. A tooltip on the whole
        // row would cover the cells' own, which explain their numbers.
        name.setCellFactory(c -> new DecisionCells.TextCell(DecisionRow::name,
                r -> r.rowTip() + "\n\n" + r.hardwareText()));
        table.getColumns().add(name);
        // Which option a row is stays in view however far the table is scrolled sideways.
        FrozenColumn.freeze(table, name);
        fitColumn = column("fit", "results.table.column.fit", Comparator.comparingInt(DecisionRow::fitRank), 64);
        fitColumn.setCellFactory(c -> new DecisionCells.FitCell(messages));
        table.getColumns().add(fitColumn);
        TableColumn<DecisionRow, DecisionRow> headroom = column("headroom", "results.table.column.headroom",
                Comparator.comparingDouble(DecisionRow::headroomFraction), 170);
        headroom.setCellFactory(c -> new DecisionCells.HeadroomCell());
        table.getColumns().add(headroom);
        addText("memory", "results.table.column.memory", Comparator.comparingLong(DecisionRow::perGpuBytes), 140,
                DecisionRow::memoryText, null);
        // Serving: who the option serves within the latency targets, and at what price each; inference only.
        usersColumn = addText("usersServed", "results.table.column.users",
                nullsLast(r -> r.serving().usersRank()), 90, r -> r.serving().usersText(), r -> r.serving().tip());
        usersPerDollarColumn = addText("usersPerDollar", "results.table.column.usersPerDollar",
                nullsLast(r -> r.serving().perDollarRank()), 120, r -> r.serving().perDollarText(),
                r -> r.serving().tip());
        TableColumn<DecisionRow, DecisionRow> tpot = addText("tpot", "results.table.column.tpot",
                nullsLast(r -> r.serving().tpotMs()), 90, r -> r.serving().tpotText(), r -> r.serving().tip());
        TableColumn<DecisionRow, DecisionRow> ttft = addText("ttft", "results.table.column.ttft",
                nullsLast(r -> r.serving().ttftMs()), 90, r -> r.serving().ttftText(), r -> r.serving().tip());
        for (TableColumn<DecisionRow, DecisionRow> c : List.of(usersColumn, usersPerDollarColumn, tpot, ttft)) {
            c.visibleProperty().bind(viewModel.servingProperty());
        }
        jobCostColumn = addText("jobCost", "results.table.column.jobCost", DecisionRow.BY_JOB_COST, 100,
                DecisionRow::jobCostText, DecisionRow::jobCostTip);
        timeColumn = column("time", "results.table.column.time", nullsLast(DecisionRow::hours), 96);
        timeColumn.setCellFactory(c -> new DecisionCells.TextCell(DecisionRow::timeText, DecisionRow::timeTip,
                DecisionRow::pastDeadline));
        table.getColumns().add(timeColumn);
        addText("acquisition", "results.table.column.acquisition", Comparator.comparing(DecisionRow::acquisition), 104,
                DecisionRow::acquisitionText, DecisionRow::acquisitionTip);
        addText("gpus", "results.table.column.gpus", Comparator.comparingInt(DecisionRow::gpusNeeded), 76,
                DecisionRow::gpuCountText, null);
        addText("machines", "results.table.column.machines", Comparator.comparingInt(DecisionRow::nodes)
                .thenComparingInt(DecisionRow::gpusNeeded), 108, DecisionRow::machinesText, DecisionRow::machinesTip);
        TableColumn<DecisionRow, DecisionRow> layout = addText("layout", "results.table.column.layout",
                Comparator.comparing(DecisionRow::layoutText), 170, DecisionRow::layoutText, DecisionRow::layoutTip);
        // Parallel layouts and model FLOPs utilisation are a language model's; another kind has neither.
        layout.setVisible(viewModel.languageModel());
        capitalColumn = addText("capital", "results.table.column.capital", nullsLast(DecisionRow::purchaseUsd), 104,
                DecisionRow::capitalText, DecisionRow::capitalTip);
        addText("rent", "results.table.column.rent", nullsLast(DecisionRow::rentalUsdPerHour), 128,
                DecisionRow::rentText, DecisionRow::rentTip);
        addText("market", "results.table.column.market", Comparator.comparing(r -> r.money().marketText()), 170,
                r -> r.money().marketText(), r -> r.money().marketTip());
        addText("paysOff", "results.table.column.paysOff", Comparator.comparingDouble(r -> r.money().paysOffRank()),
                120, r -> r.money().paysOffText(), r -> r.money().paysOffTip());
        addText("workPerWh", "results.table.column.workPerWh", nullsLast(r -> r.money().itemsPerWattHour()), 130,
                r -> r.money().workPerWhText(), null);
        TableColumn<DecisionRow, DecisionRow> priceDate = column("priceDate", "results.table.column.priceDate",
                Comparator.comparing(r -> r.money().priceDate()), 110);
        priceDate.setCellFactory(c -> new DecisionCells.TextCell(r -> r.money().priceDateText(),
                r -> r.money().priceDateTip(), r -> r.money().stalePrice()));
        table.getColumns().add(priceDate);
        addText("bound", "results.table.column.bound", Comparator.comparing(DecisionRow::boundText), 150,
                DecisionRow::boundText, DecisionRow::boundTip);
        addText("mfu", "results.table.column.mfu", nullsLast(DecisionRow::mfu), 70, DecisionRow::mfuText, null)
                .setVisible(viewModel.languageModel());
        addText("gpuHours", "results.table.column.gpuHours", nullsLast(DecisionRow::gpuHours), 110,
                DecisionRow::gpuHoursText, null);
        addText("speed", "results.table.column.speed", nullsLast(DecisionRow::itemsPerSecond), 150,
                DecisionRow::speedText, null);
        addText("energy", "results.table.column.energy", nullsLast(DecisionRow::energyKWh), 96,
                DecisionRow::energyText, null);
        addText("kind", "results.table.column.kind", Comparator.comparing(DecisionRow::kind), 90,
                DecisionRow::kindText, null);
        // Start in the engine's order (options that fit within the deadline first, then by the goal), stated as a
        // sort on the Fit column and the goal's column so that their header arrows tell a new user how the table is
        // ordered.
        fitColumn.setSortType(TableColumn.SortType.DESCENDING);
        sortByGoal(viewModel.goalProperty().get());
        viewModel.goalProperty().addListener((obs, old, now) -> sortByGoal(now));
        viewModel.resetsProperty().addListener((obs, old, now) -> {
            fitColumn.setSortType(TableColumn.SortType.DESCENDING);
            sortByGoal(viewModel.goalProperty().get());
        });

        table.setItems(viewModel.rows());
        viewModel.rows().comparatorProperty().bind(table.comparatorProperty());
        table.getSelectionModel().getSelectedItems()
                .addListener((ListChangeListener<DecisionRow>) c -> pushSelection());
        // A selection made in code (select(item)) changes the selected items before the selected item: follow both.
        table.getSelectionModel().selectedItemProperty().addListener((obs, old, now) -> pushSelection());
        // Selecting a row (arrow keys) shows it; a click on a row or Enter also makes its GPU the scenario's.
        table.addEventHandler(MouseEvent.MOUSE_CLICKED, e -> {
            if (e.getButton() == MouseButton.PRIMARY && onRow(e.getPickResult().getIntersectedNode())) {
                viewModel.chooseGpu(table.getSelectionModel().getSelectedItem());
            }
        });
        table.addEventHandler(KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == KeyCode.ENTER && table.getSelectionModel().getSelectedItem() != null) {
                viewModel.chooseGpu(table.getSelectionModel().getSelectedItem());
                e.consume();
            }
        });
        // Registered after the table's own listener, so the selection is restored once the table has adjusted it.
        viewModel.rows().addListener((ListChangeListener<DecisionRow>) c -> restoreSelection());
    }

    /** Whether {@code node} lies in a row that holds an option (not in a header or the empty space below). */
    private static boolean onRow(Node node) {
        for (Node n = node; n != null; n = n.getParent()) {
            if (n instanceof TableRow<?> row) {
                return !row.isEmpty() && row.getItem() != null;
            }
        }
        return false;
    }

    /** Sorts by the verdict, then by the goal's column, cheapest, soonest or most users per dollar first. */
    private void sortByGoal(RankingGoal goal) {
        TableColumn<DecisionRow, DecisionRow> column = switch (goal == null ? RankingGoal.COST : goal) {
            case TIME -> timeColumn;
            case CAPITAL -> capitalColumn;
            case USERS -> usersPerDollarColumn;
            default -> jobCostColumn;
        };
        column.setSortType(TableColumn.SortType.ASCENDING);
        table.getSortOrder().setAll(List.of(fitColumn, column));
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
        // Another kind's speed, time and energy are for its job and items, not a token budget.
        String other = key + ".other.tooltip";
        tooltip(!viewModel.languageModel() && messages.has(other) ? other : key + ".tooltip").attach(header);
        col.setGraphic(header);
        col.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue()));
        col.setComparator(comparator);
        col.setPrefWidth(width);
        // A header is never cut: the column is at least as wide as its name in the current language, with room for
        // the sort arrow.
        header.setMinWidth(Region.USE_PREF_SIZE);
        fitHeader(col, header, width);
        header.textProperty().addListener((obs, old, now) -> fitHeader(col, header, width));
        return col;
    }

    /** Widens {@code col} to its header's text, with room for the sort arrow and the cell padding. */
    private static void fitHeader(TableColumn<DecisionRow, DecisionRow> col, Label header, double width) {
        Text probe = new Text(header.getText() == null ? "" : header.getText());
        probe.setFont(header.getFont());
        double needed = Math.ceil(probe.getLayoutBounds().getWidth()) + HEADER_CHROME_WIDTH;
        col.setMinWidth(needed);
        col.setPrefWidth(Math.max(width, needed));
    }

    private TableColumn<DecisionRow, DecisionRow> addText(String id, String key, Comparator<DecisionRow> comparator,
                                                          double width, Function<DecisionRow, String> text,
                                                          Function<DecisionRow, String> tip) {
        TableColumn<DecisionRow, DecisionRow> col = column(id, key, comparator, width);
        col.setCellFactory(c -> new DecisionCells.TextCell(text, tip));
        table.getColumns().add(col);
        return col;
    }

    /**
     * A node id: the language model's as named, another kind's with a {@code domain} prefix
     * ({@code domainDecisionTable}), so each table is found on its own while both views are in the window. The
     * columns keep the same ids in both.
     */
    private String id(String name) {
        return viewModel.languageModel() ? name
                : "domain" + Character.toUpperCase(name.charAt(0)) + name.substring(1);
    }

    private HoverTip tooltip(String key) {
        return Tooltips.describing(messages.text(key));
    }
}
