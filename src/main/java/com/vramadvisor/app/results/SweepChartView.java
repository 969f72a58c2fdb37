package com.vramadvisor.app.results;

import java.util.ArrayList;
import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.value.ObservableStringValue;
import javafx.collections.ListChangeListener;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.text.Font;
import javafx.scene.text.Text;
import javafx.util.StringConverter;

/**
 * Peak memory per GPU against the swept input, with the chosen GPUs' capacities as labelled lines and the largest
 * fitting value marked on each. Hovering the plot reads out the nearest point.
 */
public final class SweepChartView extends VBox {

    private final SweepViewModel viewModel;
    private final ResultsMessages messages;
    private final NumberAxis xAxis = new NumberAxis();
    private final NumberAxis yAxis = new NumberAxis();
    private final SweepAreaChart chart = new SweepAreaChart(xAxis, yAxis);
    private final XYChart.Series<Number, Number> series = new XYChart.Series<>();

    public SweepChartView(SweepViewModel viewModel, ResultsMessages messages) {
        this.viewModel = viewModel;
        this.messages = messages;
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
        // The "Now:" read-out follows the title, on the next line when the card is too narrow for both; the fit
        // summary wraps: in a narrow column beside the table neither is cut.
        FlowPane header = new FlowPane(12, 2, title, current);
        header.setAlignment(Pos.BASELINE_LEFT);
        header.setMinHeight(Region.USE_PREF_SIZE);
        fit.setWrapText(true);
        fit.setMinHeight(Region.USE_PREF_SIZE);

        xAxis.setAutoRanging(false);
        yAxis.setAutoRanging(false);
        xAxis.setMinorTickVisible(false);
        yAxis.setMinorTickVisible(false);
        // Each axis's label reads along it; on an axis too short for it, a shorter form, never a cut one.
        xAxis.labelProperty().bind(fitting(xAxis, xAxis.widthProperty(), viewModel.axisLabelProperty(),
                viewModel.axisShortLabelProperty()));
        yAxis.labelProperty().bind(fitting(yAxis, yAxis.heightProperty(), viewModel.valueAxisLabelProperty(),
                viewModel.valueUnitProperty()));
        // Tick labels in the locale's digits, as many as fit the axis without running together ("10,00012,000").
        xAxis.setTickLabelFormatter(numbers(xAxis));
        yAxis.setTickLabelFormatter(numbers(yAxis));
        xAxis.widthProperty().addListener(obs -> spaceTicks());
        yAxis.heightProperty().addListener(obs -> spaceTicks());
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
        int upperX = Math.max(2, viewModel.upperXProperty().get());
        xAxis.setLowerBound(0);
        xAxis.setUpperBound(upperX);
        spaceTicks();

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

    /**
     * Tick units that leave room between the labels: on the horizontal axis the widest label (the upper bound's) and
     * a gap per tick, at most ten; on the vertical axis one and a half label heights per tick, at most eight.
     */
    private void spaceTicks() {
        double upperX = xAxis.getUpperBound();
        double labelWidth = textWidth(messages.integer(Math.round(upperX))) + 16;
        int columns = xAxis.getWidth() > 0 ? (int) Math.floor(xAxis.getWidth() / labelWidth) : 10;
        xAxis.setTickUnit(Math.max(1, tickUnit(upperX, Math.min(10, columns))));
        Text digit = new Text("0");
        digit.setFont(yAxis.getTickLabelFont());
        double labelHeight = 1.5 * digit.getLayoutBounds().getHeight();
        int rows = yAxis.getHeight() > 0 ? (int) Math.floor(yAxis.getHeight() / labelHeight) : 8;
        yAxis.setTickUnit(tickUnit(yAxis.getUpperBound(), Math.min(8, rows)));
    }

    private double textWidth(String text) {
        return textWidth(text, xAxis.getTickLabelFont());
    }

    private static double textWidth(String text, Font font) {
        Text t = new Text(text);
        t.setFont(font);
        return t.getLayoutBounds().getWidth();
    }

    /** {@code whole} while the axis's length has room for it, else {@code shorter}. */
    private static StringBinding fitting(NumberAxis axis, ReadOnlyDoubleProperty length, ObservableStringValue whole,
                                         ObservableStringValue shorter) {
        return Bindings.createStringBinding(() -> length.get() <= 0
                        || textWidth(whole.get(), labelFont(axis)) + 12 <= length.get() ? whole.get() : shorter.get(),
                whole, shorter, length);
    }

    /** The font the axis draws its label in (its label node's, once the axis has one). */
    private static Font labelFont(NumberAxis axis) {
        Node label = axis.lookup(".axis-label");
        return label instanceof Labeled l ? l.getFont() : axis.getTickLabelFont();
    }

    /** A round tick unit that gives at most {@code ticks} intervals up to {@code upper} (at least one). */
    static double tickUnit(double upper, int ticks) {
        return niceStep(upper / Math.max(1, ticks));
    }

    /** Tick labels with as many decimals as the axis's tick unit has (none for 200, one for 2.5: 2.5, 5.0). */
    private StringConverter<Number> numbers(NumberAxis axis) {
        return new StringConverter<>() {
            @Override
            public String toString(Number n) {
                int digits = Math.max(0, java.math.BigDecimal.valueOf(axis.getTickUnit()).stripTrailingZeros()
                        .scale());
                return digits == 0 ? messages.integer(Math.round(n.doubleValue()))
                        : messages.decimal(n.doubleValue(), digits);
            }

            @Override
            public Number fromString(String s) {
                throw new UnsupportedOperationException("tick labels are not parsed");
            }
        };
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
