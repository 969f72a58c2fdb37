package com.vramadvisor.app.results;

import javafx.beans.property.DoubleProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.collections.ListChangeListener;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.skin.TableColumnHeader;
import javafx.scene.control.skin.VirtualFlow;
import javafx.util.Callback;

/**
 * Keeps a table's first column in view while the table scrolls sideways: its cells and its header are moved right by
 * exactly the horizontal scroll offset and drawn over the columns that scroll under them, with their row's colours
 * ({@code frozen-cell}, {@code frozen-header} in the style sheet). One table, so sorting, selection, keyboard and
 * tooltips stay the table's own.
 *
 * <p>Why not a second table beside the first: two tables must share sorting, selection, focus, vertical scrolling
 * and the horizontal scroll bar's height, and every one of those is a way for the two to drift apart. The cost here is
 * that the table cannot use a fixed cell size: with one, a row's skin takes the cells of columns scrolled out of view
 * out of the row, the frozen column's among them. Rows keep their height through the style sheet
 * ({@code -fx-cell-size}) instead.
 */
final class FrozenColumn {

    static final String CELL_STYLE = "frozen-cell";
    static final String HEADER_STYLE = "frozen-header";

    private FrozenColumn() {
    }

    /**
     * Freezes {@code column}, the first of {@code table}'s columns, after its cell factory is set. The column cannot be
     * dragged elsewhere, and stays first when another column is dropped before it.
     */
    static <S, T> void freeze(TableView<S> table, TableColumn<S, T> column) {
        DoubleProperty offset = new SimpleDoubleProperty();
        Callback<TableColumn<S, T>, TableCell<S, T>> cells = column.getCellFactory();
        column.setCellFactory(c -> {
            TableCell<S, T> cell = cells.call(c);
            cell.getStyleClass().add(CELL_STYLE);
            cell.translateXProperty().bind(offset);
            // In front of the row's other cells, for drawing and for the mouse.
            cell.setViewOrder(-1);
            return cell;
        });
        column.setReorderable(false);
        table.getColumns().addListener((ListChangeListener<TableColumn<S, ?>>) change -> {
            if (table.getColumns().indexOf(column) > 0) {
                table.getColumns().remove(column);
                table.getColumns().add(0, column);
            }
        });
        // The scroll bar and the headers exist once the table has its skin, and headers are made again when the
        // visible columns change (the serving columns come and go): find them whenever the table lays out.
        table.needsLayoutProperty().addListener((obs, was, now) -> {
            if (!now) {
                follow(table, column, offset);
            }
        });
    }

    private static void follow(TableView<?> table, TableColumn<?, ?> column, DoubleProperty offset) {
        if (!offset.isBound()) {
            VirtualFlow<?> flow = (VirtualFlow<?>) table.lookup(".virtual-flow");
            ScrollBar bar = flow == null ? null : horizontalBar(flow);
            if (bar == null) {
                return;
            }
            offset.bind(bar.valueProperty());
        }
        // Only the header row is searched: the whole table is every row's cells, and this runs on every layout.
        Node headers = table.lookup(".column-header-background");
        if (headers == null) {
            return;
        }
        for (Node n : headers.lookupAll(".column-header")) {
            if (n instanceof TableColumnHeader header && header.getTableColumn() == column
                    && !header.translateXProperty().isBound()) {
                header.getStyleClass().add(HEADER_STYLE);
                header.translateXProperty().bind(offset);
                header.setViewOrder(-1);
            }
        }
    }

    /** The flow's own horizontal bar, whose value is the offset in pixels. */
    private static ScrollBar horizontalBar(VirtualFlow<?> flow) {
        for (Node n : flow.getChildrenUnmodifiable()) {
            if (n instanceof ScrollBar bar && bar.getOrientation() == Orientation.HORIZONTAL) {
                return bar;
            }
        }
        return null;
    }
}
