package com.vramadvisor.app.results;

import java.util.ArrayList;
import java.util.List;
import javafx.css.PseudoClass;
import javafx.scene.Node;
import javafx.scene.chart.AreaChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.Region;
import javafx.scene.shape.Line;
import javafx.util.Duration;

/**
 * An area chart of peak memory with overlays the stock chart lacks: a labelled horizontal line per GPU capacity, a
 * marker where the largest fitting value meets that line, and a dot on the current value.
 */
final class SweepAreaChart extends AreaChart<Number, Number> {

    private static final PseudoClass PRIMARY = PseudoClass.getPseudoClass("primary");

    private final NumberAxis xAxis;
    private final NumberAxis yAxis;
    private final List<Overlay> overlays = new ArrayList<>();
    private final Region currentDot = new Region();
    private final Tooltip currentTip = new Tooltip();
    private final Line hoverLine = new Line();
    private final Label hoverLabel = new Label();
    private List<SweepPoint> points = List.of();
    private double currentX;
    private double currentY;

    /** One capacity line with its label and largest-fit marker. */
    private record Overlay(CapacityLine capacity, Line line, Label label, Line fitLine, Region fitDot) {
    }

    SweepAreaChart(NumberAxis xAxis, NumberAxis yAxis) {
        super(xAxis, yAxis);
        this.xAxis = xAxis;
        this.yAxis = yAxis;
        setAnimated(false);
        setCreateSymbols(false);
        setLegendVisible(false);
        currentDot.getStyleClass().add("current-marker");
        currentDot.setManaged(false);
        currentTip.setShowDelay(Duration.millis(100));
        Tooltip.install(currentDot, currentTip);
        hoverLine.getStyleClass().add("hover-line");
        hoverLabel.getStyleClass().add("hover-label");
        for (Node n : List.of(hoverLine, hoverLabel)) {
            n.setManaged(false);
            n.setVisible(false);
            n.setMouseTransparent(true);
        }
        getPlotChildren().addAll(currentDot, hoverLine, hoverLabel);
        setOnMouseMoved(e -> hover(e.getSceneX(), e.getSceneY()));
        setOnMouseExited(e -> {
            hoverLine.setVisible(false);
            hoverLabel.setVisible(false);
        });
    }

    /** The points behind the series, for the hover read-out. */
    void setPoints(List<SweepPoint> newPoints) {
        points = List.copyOf(newPoints);
        hoverLine.setVisible(false);
        hoverLabel.setVisible(false);
    }

    /** Shows the point nearest to the pointer's x position, with its value in words. */
    private void hover(double sceneX, double sceneY) {
        double localX = xAxis.sceneToLocal(sceneX, sceneY).getX();
        double x = xAxis.getValueForDisplay(localX).doubleValue();
        if (points.isEmpty() || x < xAxis.getLowerBound() || x > xAxis.getUpperBound()) {
            hoverLine.setVisible(false);
            hoverLabel.setVisible(false);
            return;
        }
        SweepPoint nearest = points.get(0);
        for (SweepPoint p : points) {
            if (Math.abs(p.x() - x) < Math.abs(nearest.x() - x)) {
                nearest = p;
            }
        }
        double px = snap(xAxis.getDisplayPosition(nearest.x()));
        double py = yAxis.getDisplayPosition(nearest.value());
        hoverLine.setStartX(px);
        hoverLine.setEndX(px);
        hoverLine.setStartY(yAxis.getDisplayPosition(yAxis.getLowerBound()));
        hoverLine.setEndY(py);
        hoverLabel.setText(nearest.text());
        double w = hoverLabel.prefWidth(-1);
        double h = hoverLabel.prefHeight(-1);
        double right = xAxis.getDisplayPosition(xAxis.getUpperBound());
        double lx = px + 8 + w > right ? px - 8 - w : px + 8;
        hoverLabel.resizeRelocate(Math.round(lx), Math.round(Math.max(0, py - h - 6)), w, h);
        hoverLine.setVisible(true);
        hoverLabel.setVisible(true);
        hoverLabel.toFront();
    }

    /** Replaces the overlays; called once per recompute, after the series data. */
    void showOverlays(List<CapacityLine> capacities, double x, double y, String currentText) {
        for (Overlay o : overlays) {
            getPlotChildren().removeAll(o.line(), o.label(), o.fitLine(), o.fitDot());
        }
        overlays.clear();
        for (CapacityLine c : capacities) {
            Line line = new Line();
            line.getStyleClass().add("capacity-line");
            Label label = new Label(c.label());
            label.getStyleClass().add("capacity-line-label");
            Line fitLine = new Line();
            fitLine.getStyleClass().add("fit-line");
            Region fitDot = new Region();
            fitDot.getStyleClass().add("fit-marker");
            Tooltip tip = new Tooltip(c.fitText());
            tip.setShowDelay(Duration.millis(100));
            Tooltip.install(fitDot, tip);
            Tooltip.install(label, new Tooltip(c.fitText()));
            for (Node n : List.of(line, label, fitLine, fitDot)) {
                n.setManaged(false);
                n.pseudoClassStateChanged(PRIMARY, c.primary());
            }
            boolean fitVisible = c.largestFit() > 0 && c.largestFit() <= xAxis.getUpperBound();
            fitLine.setVisible(fitVisible);
            fitDot.setVisible(fitVisible);
            getPlotChildren().addAll(line, fitLine, fitDot, label);
            overlays.add(new Overlay(c, line, label, fitLine, fitDot));
        }
        currentX = x;
        currentY = y;
        currentTip.setText(currentText);
        currentDot.toFront();
        requestChartLayout();
    }

    @Override
    protected void layoutPlotChildren() {
        super.layoutPlotChildren();
        double left = xAxis.getDisplayPosition(xAxis.getLowerBound());
        double right = xAxis.getDisplayPosition(xAxis.getUpperBound());
        double bottom = yAxis.getDisplayPosition(yAxis.getLowerBound());
        double labelRight = right;
        for (Overlay o : overlays) {
            double y = snap(yAxis.getDisplayPosition(o.capacity().value()));
            o.line().setStartX(left);
            o.line().setEndX(right);
            o.line().setStartY(y);
            o.line().setEndY(y);
            Label label = o.label();
            double w = label.prefWidth(-1);
            double h = label.prefHeight(-1);
            // Labels sit above their line at the right; a second GPU's label moves left of the first if they collide.
            label.resizeRelocate(Math.round(labelRight - w - 4), Math.round(y - h - 1), w, h);
            labelRight = overlaps(o, y, h) ? labelRight - w - 16 : right;
            double fx = snap(xAxis.getDisplayPosition(o.capacity().largestFit()));
            o.fitLine().setStartX(fx);
            o.fitLine().setEndX(fx);
            o.fitLine().setStartY(bottom);
            o.fitLine().setEndY(y);
            o.fitDot().resizeRelocate(Math.round(fx) - 5, Math.round(y) - 5, 10, 10);
        }
        double cx = xAxis.getDisplayPosition(currentX);
        double cy = yAxis.getDisplayPosition(currentY);
        currentDot.resizeRelocate(Math.round(cx) - 6, Math.round(cy) - 6, 12, 12);
    }

    private boolean overlaps(Overlay current, double y, double h) {
        int i = overlays.indexOf(current);
        if (i + 1 >= overlays.size()) {
            return false;
        }
        double nextY = yAxis.getDisplayPosition(overlays.get(i + 1).capacity().value());
        return Math.abs(nextY - y) < h + 2;
    }

    /** Half-pixel offset keeps 1 px lines crisp. */
    private static double snap(double v) {
        return Math.floor(v) + 0.5;
    }
}
