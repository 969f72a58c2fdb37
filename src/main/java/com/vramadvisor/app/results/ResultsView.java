package com.vramadvisor.app.results;

import javafx.geometry.Insets;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/** The results column: the memory breakdown above the sweep chart, the decision table below. */
public final class ResultsView extends VBox {

    /** The results and comparison stylesheet; it uses only theme tokens for colour. */
    static final String STYLESHEET = ResultsView.class.getResource("results.css").toExternalForm();

    public ResultsView(ResultsViewModel viewModel) {
        ResultsMessages messages = viewModel.messages();
        getStyleClass().add("results-view");
        getStylesheets().add(STYLESHEET);
        BreakdownView breakdown = new BreakdownView(viewModel.breakdown(), messages);
        SweepChartView sweep = new SweepChartView(viewModel.sweep(), messages);
        VBox.setVgrow(sweep, Priority.ALWAYS);
        getChildren().addAll(breakdown, sweep);
        setSpacing(12);
        setPadding(new Insets(12));
    }
}
