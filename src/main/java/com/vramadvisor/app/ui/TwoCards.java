package com.vramadvisor.app.ui;

import javafx.beans.value.ObservableBooleanValue;
import javafx.scene.Node;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.RowConstraints;

/**
 * Two cards in a grid: side by side in a row above the decision table, or one over the other in a column beside it
 * (a short screen, see {@code MainView}). Each card's share of the row's width or of the column's height is fixed, so
 * neither squeezes the other out.
 */
public final class TwoCards {

    private TwoCards() {
    }

    /**
     * Lays {@code first} and {@code second} out in {@code grid} and follows {@code stacked}.
     *
     * @param widthShare  the first card's share of the width in a row, percent
     * @param heightShare the first card's share of the height in a column, percent
     */
    public static void arrange(GridPane grid, Node first, Node second, double widthShare, double heightShare,
                               ObservableBooleanValue stacked) {
        grid.getChildren().setAll(first, second);
        stacked.addListener((obs, was, now) -> layOut(grid, first, second, now ? heightShare : widthShare, now));
        layOut(grid, first, second, stacked.get() ? heightShare : widthShare, stacked.get());
    }

    private static void layOut(GridPane grid, Node first, Node second, double firstShare, boolean stacked) {
        grid.getColumnConstraints().clear();
        grid.getRowConstraints().clear();
        GridPane.setConstraints(first, 0, 0);
        GridPane.setConstraints(second, stacked ? 0 : 1, stacked ? 1 : 0);
        if (stacked) {
            ColumnConstraints column = new ColumnConstraints();
            column.setPercentWidth(100);
            grid.getColumnConstraints().add(column);
            grid.getRowConstraints().addAll(row(firstShare), row(100 - firstShare));
        } else {
            grid.getColumnConstraints().addAll(column(firstShare), column(100 - firstShare));
            grid.getRowConstraints().add(row(-1));
        }
    }

    private static ColumnConstraints column(double percent) {
        ColumnConstraints c = new ColumnConstraints();
        c.setPercentWidth(percent);
        return c;
    }

    private static RowConstraints row(double percent) {
        RowConstraints r = new RowConstraints();
        r.setPercentHeight(percent);
        r.setVgrow(Priority.ALWAYS);
        r.setFillHeight(true);
        // On a short screen the rows take the height they get; the cards clip or redraw their axes to fit.
        r.setMinHeight(0);
        return r;
    }
}
