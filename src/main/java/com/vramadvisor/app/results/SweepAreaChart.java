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
        double plotTop = yAxis.getDisplayPosition(yAxis.getUpperBound());
        double cx = xAxis.getDisplayPosition(currentX);
        double cy = yAxis.getDisplayPosition(currentY);
        double[][] curve = curve();
        List<double[]> taken = new ArrayList<>();
        for (Overlay o : overlays) {
            double y = snap(yAxis.getDisplayPosition(o.capacity().value()));
            o.line.setStartX(left);
            o.line.setEndX(right);
            o.line.setStartY(y);
            o.line.setEndY(y);
            // The GPU's name and memory where a place beside the curve has room for both, else the memory alone
            // (the fit summary and the label's tooltip name the GPU).
            double[] plot = {left, plotTop, right, bottom};
            double[] at = null;
            String shown = null;
            for (String text : List.of(o.capacity().label(), o.capacity().shortLabel())) {
                o.label.setText(text);
                double[] place = placeLabel(o.label.prefWidth(-1), o.label.prefHeight(-1), y, plot, curve, cx, cy,
                        taken);
                if (at == null || place[2] < at[2]) {
                    at = place;
                    shown = text;
                }
                if (at[2] == 0) {
                    break;
                }
            }
            o.label.setText(shown);
            double w = o.label.prefWidth(-1);
            double h = o.label.prefHeight(-1);
            o.label.resizeRelocate(Math.round(at[0]), Math.round(at[1]), w, h);
            taken.add(new double[] {at[0], at[1], w, h});
            double fx = snap(xAxis.getDisplayPosition(o.capacity().largestFit()));
            o.fitLine.setStartX(fx);
            o.fitLine.setEndX(fx);
            o.fitLine.setStartY(bottom);
            o.fitLine.setEndY(y);
            o.fitDot.resizeRelocate(Math.round(fx) - 5, Math.round(y) - 5, 10, 10);
        }
        currentDot.resizeRelocate(Math.round(cx) - 6, Math.round(cy) - 6, 12, 12);
        placeVertical(kvLine, kvLabel, marks.kvX(), plotTop, bottom, right, 0);
        placeVertical(targetLine, targetLabel, marks.targetX(), plotTop, bottom, right, kvLabel.prefHeight(-1) + 2);
    }

    /** The curve's points in plot pixels: x in the first row, y in the second. */
    private double[][] curve() {
        List<SweepPoint> shown = points;
        double[][] xy = new double[2][shown.size()];
        for (int i = 0; i < shown.size(); i++) {
            xy[0][i] = xAxis.getDisplayPosition(shown.get(i).x());
            xy[1][i] = yAxis.getDisplayPosition(shown.get(i).value());
        }
        return xy;
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
     * Where a capacity line's label goes: the first place, in the order above its line at the left, above at the right,
     * below at the left, below at the right, then above and below at a quarter, half and three quarters of the width,
     * that lies inside the plot and keeps clear of the curve, the current point's marker and the labels already
     * placed. The label has a background, so on the curve it would hide it. When no place is clear, the one that
     * covers least of the curve.
     *
     * @param w      the label's width, pixels
     * @param h      its height
     * @param lineY  its line's y
     * @param plot   the plot's left, top, right and bottom edges
     * @param curve  the curve's points: x in the first row, y in the second
     * @param dotX   the current point's x
     * @param dotY   the current point's y
     * @param taken  labels placed already: left, top, width, height
     * @return the label's left and top edges, and the length of curve it covers there (0: clear)
     */
    static double[] placeLabel(double w, double h, double lineY, double[] plot, double[][] curve, double dotX,
                               double dotY, List<double[]> taken) {
        double left = plot[0] + 6;
        double right = plot[2] - 6 - w;
        double above = lineY - h - 1;
        double below = lineY + 2;
        List<double[]> places = new ArrayList<>(List.of(new double[] {left, above}, new double[] {right, above},
                new double[] {left, below}, new double[] {right, below}));
        for (double f : new double[] {0.25, 0.5, 0.75}) {
            double x = left + f * (right - left);
            places.add(new double[] {x, above});
            places.add(new double[] {x, below});
        }
        double[] best = null;
        double bestCovered = Double.MAX_VALUE;
        for (double[] at : places) {
            boolean inside = at[0] >= plot[0] && at[0] + w <= plot[2] && at[1] >= plot[1] && at[1] + h <= plot[3];
            if (!inside || covers(at[0], at[1], w, h, dotX, dotY) || overlapsAny(at, w, h, taken)) {
                continue;
            }
            double covered = curveInside(curve, at[0] - 2, at[1] - 2, at[0] + w + 2, at[1] + h + 2);
            if (covered == 0) {
                return new double[] {at[0], at[1], 0};
            }
            if (covered < bestCovered) {
                bestCovered = covered;
                best = at;
            }
        }
        return best != null ? new double[] {best[0], best[1], bestCovered}
                : new double[] {left, Math.max(plot[1], above), Double.MAX_VALUE};
    }

    private static boolean overlapsAny(double[] at, double w, double h, List<double[]> taken) {
        for (double[] t : taken) {
            if (at[0] < t[0] + t[2] && t[0] < at[0] + w && at[1] < t[1] + t[3] && t[1] < at[1] + h) {
                return true;
            }
        }
        return false;
    }

    /** Length of the curve (a polyline) inside the rectangle, pixels (Liang-Barsky clipping of each segment). */
    static double curveInside(double[][] curve, double x0, double y0, double x1, double y1) {
        double inside = 0;
        for (int i = 1; i < curve[0].length; i++) {
            double ax = curve[0][i - 1];
            double ay = curve[1][i - 1];
            double dx = curve[0][i] - ax;
            double dy = curve[1][i] - ay;
            double t0 = 0;
            double t1 = 1;
            double[] p = {-dx, dx, -dy, dy};
            double[] q = {ax - x0, x1 - ax, ay - y0, y1 - ay};
            boolean out = false;
            for (int k = 0; k < 4 && !out; k++) {
                if (p[k] == 0) {
                    out = q[k] < 0;
                } else {
                    double r = q[k] / p[k];
                    if (p[k] < 0) {
                        t0 = Math.max(t0, r);
                    } else {
                        t1 = Math.min(t1, r);
                    }
                    out = t0 > t1;
                }
            }
            if (!out) {
                inside += (t1 - t0) * Math.hypot(dx, dy);
            }
        }
        return inside;
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
