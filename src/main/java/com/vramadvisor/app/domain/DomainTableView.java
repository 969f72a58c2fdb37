package com.vramadvisor.app.domain;

import com.vramadvisor.app.results.ResultsMessages;
import com.vramadvisor.app.results.ResultsView;
import com.vramadvisor.app.results.Tooltips;
import java.util.Comparator;
import java.util.function.Consumer;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.transformation.SortedList;
import javafx.css.PseudoClass;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseButton;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * The decision table for a workload beyond language models: one row per option with fit, GPUs needed, per-GPU memory,
 * headroom and price; a row's tooltip gives its reasons. A click on a row or Enter makes the row's GPU the
 * scenario's, and the breakdown is drawn for it; the arrow keys only show the selected row's GPU in the breakdown.
 */
public final class DomainTableView extends VBox {

    private static final PseudoClass OVER = PseudoClass.getPseudoClass("over");

    /**
     * @param chooseGpu called with a row's GPU id when the user clicks the row or presses Enter on it, so the
     *                  breakdown measures against it
     * @param showGpu   called with a selected row's GPU id (the arrow keys), so the breakdown shows that row while the
     *                  scenario keeps its GPU
     */
    public DomainTableView(DomainTableViewModel vm, Consumer<String> chooseGpu, Consumer<String> showGpu) {
        ResultsMessages messages = vm.messages();
        setId("domainDecisionView");
        getStyleClass().addAll("results-card", "decision-view");
        getStylesheets().add(ResultsView.STYLESHEET);
        setSpacing(6);
        setPadding(new Insets(0, 12, 12, 12));
        Label title = new Label();
        title.textProperty().bind(messages.text("domain.table.title"));
        title.getStyleClass().add("card-title");
        Label summary = new Label();
        summary.setId("domainTableSummary");
        summary.setWrapText(true);
        summary.textProperty().bind(vm.summaryProperty());
        Label note = new Label();
        note.getStyleClass().add("domain-note");
        note.setWrapText(true);
        note.textProperty().bind(vm.noteProperty());

        TableView<DomainTableRow> table = new TableView<>();
        table.setId("domainDecisionTable");
        SortedList<DomainTableRow> sorted = new SortedList<>(vm.rows());
        sorted.comparatorProperty().bind(table.comparatorProperty());
        table.setItems(sorted);
        table.getColumns().add(column("domainHardwareColumn", messages, "domain.table.column.hardware",
                DomainTableRow::hardware, Comparator.naturalOrder(), 260));
        table.getColumns().add(column("domainAcquisitionColumn", messages, "domain.table.column.acquisition",
                DomainTableRow::acquisition, Comparator.naturalOrder(), 110));
        table.getColumns().add(sortedBy("domainFitsColumn", messages, "domain.table.column.fits",
                DomainTableRow::fitText, Comparator.comparing((DomainTableRow r) -> !r.fits()), 70));
        table.getColumns().add(sortedBy("domainGpusColumn", messages, "domain.table.column.gpus",
                DomainTableRow::gpusText, Comparator.comparingInt(DomainTableRow::gpusNeeded), 120));
        table.getColumns().add(sortedBy("domainPerGpuColumn", messages, "domain.table.column.perGpu",
                DomainTableRow::perGpuText, Comparator.comparingLong(DomainTableRow::perGpuBytes), 100));
        table.getColumns().add(sortedBy("domainHeadroomColumn", messages, "domain.table.column.headroom",
                DomainTableRow::headroomText, Comparator.comparingLong(DomainTableRow::headroomBytes), 100));
        table.getColumns().add(sortedBy("domainCostColumn", messages, "domain.table.column.cost",
                DomainTableRow::costText, Comparator.comparing(DomainTableRow::cost,
                        Comparator.nullsLast(Comparator.naturalOrder())), 110));
        table.getColumns().add(sortedBy("domainSpeedColumn", messages, "domain.table.column.speed",
                DomainTableRow::speedText, Comparator.comparing(DomainTableRow::itemsPerSecond,
                        Comparator.nullsLast(Comparator.reverseOrder())), 130));
        table.getColumns().add(sortedBy("domainHoursColumn", messages, "domain.table.column.hours",
                DomainTableRow::hoursText, Comparator.comparing(DomainTableRow::hours,
                        Comparator.nullsLast(Comparator.naturalOrder())), 90));
        table.getColumns().add(sortedBy("domainJobCostColumn", messages, "domain.table.column.jobCost",
                DomainTableRow::jobCostText, DomainTableRow.BY_JOB_COST, 100));
        table.setRowFactory(t -> new TableRow<>() {
            @Override
            protected void updateItem(DomainTableRow item, boolean empty) {
                super.updateItem(item, empty);
                pseudoClassStateChanged(OVER, !empty && item != null && !item.fits());
                setTooltip(empty || item == null || item.reasons().isEmpty() ? null
                        : Tooltips.explaining(item.reasons()));
            }
        });
        // Arrow keys only show the selected row; a click on a row or Enter makes its GPU the scenario's, one edit.
        table.getSelectionModel().selectedItemProperty().addListener((obs, old, row) -> {
            if (row != null && !row.gpuId().isEmpty()) {
                showGpu.accept(row.gpuId());
            }
        });
        table.addEventHandler(MouseEvent.MOUSE_CLICKED, e -> {
            if (e.getButton() == MouseButton.PRIMARY && onRow(e.getPickResult().getIntersectedNode())) {
                choose(table.getSelectionModel().getSelectedItem(), chooseGpu);
            }
        });
        table.addEventHandler(KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == KeyCode.ENTER && table.getSelectionModel().getSelectedItem() != null) {
                choose(table.getSelectionModel().getSelectedItem(), chooseGpu);
                e.consume();
            }
        });
        VBox.setVgrow(table, Priority.ALWAYS);
        getChildren().addAll(title, summary, DomainJobBar.of(vm.job(), messages), note, table);
    }

    private static void choose(DomainTableRow row, Consumer<String> chooseGpu) {
        if (row != null && !row.gpuId().isEmpty()) {
            chooseGpu.accept(row.gpuId());
        }
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

    private static TableColumn<DomainTableRow, String> column(String id, ResultsMessages messages, String key,
            Function<DomainTableRow, String> text, Comparator<String> order, double width) {
        TableColumn<DomainTableRow, String> c = new TableColumn<>();
        c.setId(id);
        c.textProperty().bind(messages.text(key));
        c.setCellValueFactory(f -> new ReadOnlyObjectWrapper<>(text.apply(f.getValue())));
        c.setComparator(order);
        c.setPrefWidth(width);
        return c;
    }

    /** A column that shows a text but sorts by the value behind it. */
    private static TableColumn<DomainTableRow, DomainTableRow> sortedBy(String id, ResultsMessages messages,
            String key, Function<DomainTableRow, String> text, Comparator<DomainTableRow> order, double width) {
        TableColumn<DomainTableRow, DomainTableRow> c = new TableColumn<>();
        c.setId(id);
        c.textProperty().bind(messages.text(key));
        c.setCellValueFactory(f -> new ReadOnlyObjectWrapper<>(f.getValue()));
        c.setCellFactory(col -> new javafx.scene.control.TableCell<>() {
            @Override
            protected void updateItem(DomainTableRow item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty || item == null ? null : text.apply(item));
            }
        });
        c.setComparator(order);
        c.setPrefWidth(width);
        return c;
    }
}
