package com.vramadvisor.app.results;

import java.util.ArrayList;
import java.util.List;
import javafx.collections.ListChangeListener;
import javafx.geometry.Pos;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * Peak memory per GPU against the swept input, with the chosen GPUs' capacities as labelled lines and the largest
 * fitting value marked on each. Hovering the plot reads out the nearest point.
 */
public final class SweepChartView extends VBox {

    private final SweepViewModel viewModel;
    private final NumberAxis xAxis = new NumberAxis();
    private final NumberAxis yAxis = new NumberAxis();
    private final SweepAreaChart chart = new SweepAreaChart(xAxis, yAxis);
    private final XYChart.Series<Number, Number> series = new XYChart.Series<>();

    public SweepChartView(SweepViewModel viewModel, ResultsMessages messages) {
        this.viewModel = viewModel;
        getStyleClass().addAll("results-card", "sweep-view");
        getStylesheets().add(ResultsView.STYLESHEET);
        setId("sweepView");

        Label title = new Label();
        title.textProperty().bind(messages.text("results.sweep.title"));
        title.getStyleClass().add("card-title");
        Label fit = new Label();
        fit.setId("largestFitLabel");
        fit.getStyleClass().add("fit-summary");
        fit.textProperty().bind(viewModel.fitSummaryProperty());
        Label current = new Label();
        current.setId("sweepCurrentLabel");
        current.getStyleClass().add("sweep-current");
        current.textProperty().bind(viewModel.currentTextProperty());
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        // The title keeps its width; the "Now:" read-out is the one that gives way.
        title.setMinWidth(Region.USE_PREF_SIZE);
        current.setMinWidth(0);
        HBox header = new HBox(12, title, spacer, current);
        header.setAlignment(Pos.BASELINE_LEFT);

        xAxis.setAutoRanging(false);
        yAxis.setAutoRanging(false);
        xAxis.setMinorTickVisible(false);
        yAxis.setMinorTickVisible(false);
        xAxis.labelProperty().bind(viewModel.axisLabelProperty());
        yAxis.labelProperty().bind(viewModel.valueAxisLabelProperty());
        series.nameProperty().bind(messages.text("results.sweep.series"));
        chart.getData().add(series);
        chart.setId("sweepChart");
        chart.getStyleClass().add("sweep-chart");
        chart.setMinHeight(120);
        VBox.setVgrow(chart, Priority.ALWAYS);

        getChildren().addAll(header, fit, chart);
        setSpacing(6);

        // The points change last and once per recompute, so one listener redraws a consistent state.
        viewModel.points().addListener((ListChangeListener<SweepPoint>) c -> refresh());
        refresh();
    }

    private void refresh() {
        List<SweepPoint> points = viewModel.points();
        double maxValue = 0;
        for (SweepPoint p : points) {
            maxValue = Math.max(maxValue, p.value());
        }
        for (CapacityLine c : viewModel.capacityLines()) {
            maxValue = Math.max(maxValue, c.value());
        }
        double upperY = niceCeil(Math.max(1, maxValue * 1.08));
        yAxis.setLowerBound(0);
        yAxis.setUpperBound(upperY);
        yAxis.setTickUnit(niceStep(upperY / 8));
        int upperX = Math.max(2, viewModel.upperXProperty().get());
        xAxis.setLowerBound(0);
        xAxis.setUpperBound(upperX);
        xAxis.setTickUnit(niceStep(upperX / 10.0));

        List<XYChart.Data<Number, Number>> data = new ArrayList<>(points.size());
        for (SweepPoint p : points) {
            data.add(new XYChart.Data<>(p.x(), p.value()));
        }
        series.getData().setAll(data);
        chart.setPoints(points);
        chart.showOverlays(viewModel.capacityLines(), viewModel.currentXProperty().get(),
                viewModel.currentValueProperty().get(), viewModel.currentTextProperty().get());
        chart.showServing(viewModel.servingMarksProperty().get());
    }

    /** Rounds an axis end up to a round number, so the last tick sits at the top. */
    static double niceCeil(double v) {
        return roundUp(v, new double[] {1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10});
    }

    /** Rounds a tick unit up to 1, 2, 2.5 or 5 times a power of ten. */
    static double niceStep(double v) {
        return roundUp(v, new double[] {1, 2, 2.5, 5, 10});
    }

    private static double roundUp(double v, double[] multiples) {
        double magnitude = Math.pow(10, Math.floor(Math.log10(v)));
        for (double m : multiples) {
            if (m * magnitude >= v * 0.999_999) {
                return m * magnitude;
            }
        }
        return 10 * magnitude;
    }
}
