package com.vramadvisor.app.results;

import com.vramadvisor.app.ui.TwoCards;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.value.ObservableBooleanValue;
import javafx.geometry.Insets;
import javafx.scene.layout.GridPane;
import javafx.scene.shape.Rectangle;

/**
 * The charts side by side: the memory breakdown on the left and the sweep on the right, so the sweep keeps its height
 * in a window that also shows the decision table below; or, beside the table on a short screen, the breakdown above
 * the sweep.
 */
public final class ResultsView extends GridPane {

    /** The results and comparison stylesheet; it uses only theme tokens for colour. */
    public static final String STYLESHEET = ResultsView.class.getResource("results.css").toExternalForm();

    public ResultsView(ResultsViewModel viewModel) {
        this(viewModel, new SimpleBooleanProperty(false));
    }

    /**
     * @param stacked true while the charts stand in a column beside the decision table: the breakdown then goes
     *                above the sweep instead of left of it
     */
    public ResultsView(ResultsViewModel viewModel, ObservableBooleanValue stacked) {
        getStyleClass().add("results-view");
        getStylesheets().add(STYLESHEET);
        BreakdownView breakdown = new BreakdownView(viewModel.breakdown(), viewModel.messages());
        SweepChartView sweep = new SweepChartView(viewModel.sweep(), viewModel.messages());
        // In a row: the breakdown 44 % of the width; in a column: half the height, down to its legend, and the sweep a
        // plot of about 140 px on a 1280 x 720 screen.
        TwoCards.arrange(this, breakdown, sweep, 44, 50, stacked);
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
        setHgap(12);
        setVgap(12);
        setPadding(new Insets(12, 12, 6, 12));
    }
}
