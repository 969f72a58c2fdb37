package com.vramadvisor.app.results;

import com.vramadvisor.app.ui.HoverTip;
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
    private final HoverTip currentTip = HoverTip.styled(SweepAreaChart::quickTooltip);
    private final Line hoverLine = new Line();
    private final Label hoverLabel = new Label();
    private final Line kvLine = new Line();
    private final Label kvLabel = new Label();
    private final Line targetLine = new Line();
    private final Label targetLabel = new Label();
    private final HoverTip servingTip = Tooltips.explainingOnHover();
    private ServingMarks marks = ServingMarks.NONE;
    private List<SweepPoint> points = List.of();
    private double currentX;
    private double currentY;

    /** One capacity line with its label and largest-fit marker; the nodes stay while the same GPUs are drawn. */
    private static final class Overlay {
        private final Line line = new Line();
        private final Label label = new Label();
        private final Line fitLine = new Line();
        private final Region fitDot = new Region();
        private final HoverTip tip = Tooltips.explainingOnHover();
        private CapacityLine capacity;

        Overlay() {
            line.getStyleClass().add("capacity-line");
            label.getStyleClass().add("capacity-line-label");
            fitLine.getStyleClass().add("fit-line");
            fitDot.getStyleClass().add("fit-marker");
            tip.attach(fitDot, label);
            for (Node n : nodes()) {
                n.setManaged(false);
            }
        }

        List<Node> nodes() {
            return List.of(line, fitLine, fitDot, label);
        }

        CapacityLine capacity() {
            return capacity;
        }
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
        currentTip.attach(currentDot);
        hoverLine.getStyleClass().add("hover-line");
        hoverLabel.getStyleClass().add("hover-label");
        for (Node n : List.of(hoverLine, hoverLabel)) {
            n.setManaged(false);
            n.setVisible(false);
            n.setMouseTransparent(true);
        }
        kvLine.getStyleClass().add("kv-capacity-line");
        kvLabel.getStyleClass().add("serving-line-label");
        kvLabel.setId("sweepKvCapacityLabel");
        targetLine.getStyleClass().add("latency-target-line");
        targetLabel.getStyleClass().add("serving-line-label");
        targetLabel.setId("sweepLatencyLabel");
        servingTip.attach(kvLabel, targetLabel);
        for (Node n : List.of(kvLine, kvLabel, targetLine, targetLabel)) {
            n.setManaged(false);
            n.setVisible(false);
        }
        getPlotChildren().addAll(kvLine, targetLine, kvLabel, targetLabel);
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

    /** The serving lines over concurrent sequences; {@link ServingMarks#NONE} hides them. */
    void showServing(ServingMarks newMarks) {
        marks = newMarks;
        boolean kv = marks.kvX() > 0 && marks.kvX() <= xAxis.getUpperBound();
        boolean target = marks.targetX() >= 0 && marks.targetX() <= xAxis.getUpperBound();
        kvLine.setVisible(kv);
        kvLabel.setVisible(kv);
        targetLine.setVisible(target);
        targetLabel.setVisible(target);
        kvLabel.setText(marks.kvLabel());
        targetLabel.setText(marks.targetLabel());
        servingTip.setText(marks.tip());
        requestChartLayout();
    }

    /** Replaces the overlays; called once per recompute, after the series data. */
    void showOverlays(List<CapacityLine> capacities, double x, double y, String currentText) {
        boolean sameGpus = overlays.size() == capacities.size();
        for (int i = 0; sameGpus && i < capacities.size(); i++) {
            sameGpus = overlays.get(i).capacity().gpuId().equals(capacities.get(i).gpuId());
        }
        if (!sameGpus) {
            for (Overlay o : overlays) {
                getPlotChildren().removeAll(o.nodes());
            }
            overlays.clear();
            for (int i = 0; i < capacities.size(); i++) {
                Overlay o = new Overlay();
                getPlotChildren().addAll(o.nodes());
                overlays.add(o);
            }
        }
        for (int i = 0; i < capacities.size(); i++) {
            CapacityLine c = capacities.get(i);
            Overlay o = overlays.get(i);
            o.capacity = c;
            o.label.setText(c.label());
            o.tip.setText(c.fitText());
            for (Node n : o.nodes()) {
                n.pseudoClassStateChanged(PRIMARY, c.primary());
            }
            boolean fitVisible = c.largestFit() > 0 && c.largestFit() <= xAxis.getUpperBound();
            o.fitLine.setVisible(fitVisible);
            o.fitDot.setVisible(fitVisible);
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
        double cx = xAxis.getDisplayPosition(currentX);
        double cy = yAxis.getDisplayPosition(currentY);
        double previousLabelTop = Double.NaN;
        double previousLabelRight = left;
        for (Overlay o : overlays) {
            double y = snap(yAxis.getDisplayPosition(o.capacity().value()));
            o.line.setStartX(left);
            o.line.setEndX(right);
            o.line.setStartY(y);
            o.line.setEndY(y);
            double w = o.label.prefWidth(-1);
            double h = o.label.prefHeight(-1);
            double top = y - h - 1;
            // Labels sit above their line at the left, where a rising curve is lowest; one that would overlap the
            // previous label moves right of it.
            double labelLeft = !Double.isNaN(previousLabelTop) && Math.abs(top - previousLabelTop) < h
                    ? previousLabelRight + 12 : left + 6;
            double[] at = clearOfPoint(labelLeft, top, w, h, y, cx, cy, right, bottom);
            labelLeft = at[0];
            top = at[1];
            o.label.resizeRelocate(Math.round(labelLeft), Math.round(top), w, h);
            previousLabelTop = top;
            previousLabelRight = labelLeft + w;
            double fx = snap(xAxis.getDisplayPosition(o.capacity().largestFit()));
            o.fitLine.setStartX(fx);
            o.fitLine.setEndX(fx);
            o.fitLine.setStartY(bottom);
            o.fitLine.setEndY(y);
            o.fitDot.resizeRelocate(Math.round(fx) - 5, Math.round(y) - 5, 10, 10);
        }
        currentDot.resizeRelocate(Math.round(cx) - 6, Math.round(cy) - 6, 12, 12);
        double top = yAxis.getDisplayPosition(yAxis.getUpperBound());
        placeVertical(kvLine, kvLabel, marks.kvX(), top, bottom, right, 0);
        placeVertical(targetLine, targetLabel, marks.targetX(), top, bottom, right, kvLabel.prefHeight(-1) + 2);
    }

    /** A vertical line at {@code x} over the whole plot, its label at the top, right of it unless that runs out. */
    private void placeVertical(Line line, Label label, double x, double top, double bottom, double right,
                               double below) {
        double px = snap(xAxis.getDisplayPosition(x));
        line.setStartX(px);
        line.setEndX(px);
        line.setStartY(top);
        line.setEndY(bottom);
        double w = label.prefWidth(-1);
        double h = label.prefHeight(-1);
        double lx = px + 4 + w > right ? px - 4 - w : px + 4;
        label.resizeRelocate(Math.round(lx), Math.round(top + 2 + below), w, h);
    }

    /**
     * Where a capacity line's label goes so that it does not cover the current point: where it was if it stays clear
     * of the point's marker, else below its line where that stays above the plot's bottom edge (the x axis would cut
     * it), else just right of the point (above the line).
     *
     * @param x     the label's left edge, in plot pixels
     * @param top   its top edge (the label sits above its line)
     * @param lineY the line's y
     * @param dotX  the current point's x
     * @param dotY  the current point's y
     * @param right  the plot's right edge
     * @param bottom the plot's bottom edge (the x axis)
     * @return the label's left and top edges
     */
    static double[] clearOfPoint(double x, double top, double w, double h, double lineY, double dotX, double dotY,
                                 double right, double bottom) {
        if (!covers(x, top, w, h, dotX, dotY)) {
            return new double[] {x, top};
        }
        double below = lineY + 2;
        if (below + h <= bottom && !covers(x, below, w, h, dotX, dotY)) {
            return new double[] {x, below};
        }
        double besideX = dotX + CLEARANCE;
        if (besideX + w > right) {
            besideX = Math.max(0, dotX - CLEARANCE - w);
        }
        return new double[] {besideX, top};
    }

    /** The current point's marker radius plus a gap, pixels. */
    private static final double CLEARANCE = 10;

    private static boolean covers(double x, double y, double w, double h, double dotX, double dotY) {
        return dotX + CLEARANCE > x && dotX - CLEARANCE < x + w && dotY + CLEARANCE > y && dotY - CLEARANCE < y + h;
    }

    /** Half-pixel offset keeps 1 px lines crisp. */
    private static double snap(double v) {
        return Math.floor(v) + 0.5;
    }

    /** The current point's tooltip opens a little sooner than an explaining one: it is a value, not a paragraph. */
    private static Tooltip quickTooltip() {
        Tooltip t = new Tooltip();
        t.setShowDelay(Duration.millis(100));
        return t;
    }
}
