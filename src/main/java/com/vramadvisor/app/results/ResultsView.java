package com.vramadvisor.app.results;

import javafx.geometry.Insets;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.RowConstraints;
import javafx.scene.shape.Rectangle;

/**
 * The charts side by side: the memory breakdown on the left and the sweep on the right, so the sweep keeps its height
 * in a window that also shows the decision table below.
 */
public final class ResultsView extends GridPane {

    /** The results and comparison stylesheet; it uses only theme tokens for colour. */
    public static final String STYLESHEET = ResultsView.class.getResource("results.css").toExternalForm();

    public ResultsView(ResultsViewModel viewModel) {
        getStyleClass().add("results-view");
        getStylesheets().add(STYLESHEET);
        BreakdownView breakdown = new BreakdownView(viewModel.breakdown(), viewModel.messages());
        SweepChartView sweep = new SweepChartView(viewModel.sweep(), viewModel.messages());
        ColumnConstraints left = new ColumnConstraints();
        left.setPercentWidth(44);
        ColumnConstraints right = new ColumnConstraints();
        right.setPercentWidth(56);
        getColumnConstraints().addAll(left, right);
        RowConstraints row = new RowConstraints();
        row.setVgrow(Priority.ALWAYS);
        row.setFillHeight(true);
        getRowConstraints().add(row);
        add(breakdown, 0, 0);
        add(sweep, 1, 0);
        breakdown.setMaxHeight(Double.MAX_VALUE);
        sweep.setMaxHeight(Double.MAX_VALUE);
        // On a short screen the window gives the decision table its rows first: the cards then take the height they
        // get, the sweep redrawing its axes to fit and the breakdown cut off at its card's edge (the phase totals
        // last), rather than running past the divider.
        breakdown.setMinHeight(0);
        Rectangle clip = new Rectangle();
        clip.widthProperty().bind(breakdown.widthProperty());
        clip.heightProperty().bind(breakdown.heightProperty());
        breakdown.setClip(clip);
        row.setMinHeight(0);
        setHgap(12);
        setPadding(new Insets(12, 12, 6, 12));
    }
}
