package com.vramadvisor.app.results;

import com.vramadvisor.app.ui.HoverTip;
import com.vramadvisor.engine.llm.Component;
import com.vramadvisor.report.WindowColours;
import java.util.ArrayList;
import java.util.List;
import javafx.css.PseudoClass;
import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.layout.Region;

/**
 * One horizontal bar: the components at the peak phase side by side, and a vertical marker at the chosen GPU's
 * usable memory. Both share one scale, so what sticks out past the marker is what does not fit. Several bars can share
 * one scale so their lengths compare. With {@link #showRange(long, long)} a translucent band over the bar spans the
 * estimate's range (low to high end of the process total, see docs/verifying.md).
 */
public final class StackedMemoryBar extends Region {

    /** Set on the marker and its label when the peak exceeds the capacity. */
    static final PseudoClass OVER = PseudoClass.getPseudoClass("over");

    private static final double BAR_HEIGHT = 34;
    private static final double MARKER_OVERHANG = 6;
    private static final double LABEL_GAP = 4;

    private final List<Region> segments = new ArrayList<>();
    private final List<HoverTip> tips = new ArrayList<>();
    private final List<ComponentRow> rows = new ArrayList<>();
    private final Region marker = new Region();
    private final Label markerLabel = new Label();
    private final Region band = new Region();
    private long rangeLowBytes;
    private long rangeHighBytes;
    private long peakBytes;
    private long capacityBytes;
    private long sharedScaleBytes;

    public StackedMemoryBar() {
        getStyleClass().add("stacked-memory-bar");
        marker.getStyleClass().add("capacity-marker");
        markerLabel.getStyleClass().add("capacity-marker-label");
        marker.setManaged(false);
        markerLabel.setManaged(false);
        band.getStyleClass().add("range-band");
        band.setManaged(false);
        band.setMouseTransparent(true);
        band.setVisible(false);
        getChildren().addAll(band, marker, markerLabel);
        setMinHeight(BAR_HEIGHT + 2 * MARKER_OVERHANG + 22);
        setPrefHeight(BAR_HEIGHT + 2 * MARKER_OVERHANG + 22);
    }

    /**
     * Replaces the segments; called once per recompute.
     *
     * @param newCapacityBytes usable bytes of the chosen GPU, 0 to draw no marker
     * @param scaleBytes       bytes the full width stands for when several bars compare, 0 to fit this bar alone
     */
    public void show(List<ComponentRow> newRows, long newPeakBytes, long newCapacityBytes, String markerText,
                     boolean fits, long scaleBytes) {
        sharedScaleBytes = scaleBytes;
        boolean sameComponents = rows.size() == newRows.size();
        for (int i = 0; sameComponents && i < rows.size(); i++) {
            sameComponents = rows.get(i).component() == newRows.get(i).component();
        }
        rows.clear();
        rows.addAll(newRows);
        if (sameComponents) {
            // A slider step changes sizes, not which components there are: keep the nodes, update the texts.
            for (int i = 0; i < newRows.size(); i++) {
                tips.get(i).setText(newRows.get(i).tooltip());
            }
        } else {
            getChildren().removeAll(segments);
            segments.clear();
            tips.clear();
            for (ComponentRow row : newRows) {
                Region segment = new Region();
                segment.getStyleClass().addAll("segment", styleClassOf(row.component()));
                segment.setManaged(false);
                HoverTip tip = Tooltips.explainingOnHover().attach(segment);
                tip.setText(row.tooltip());
                segments.add(segment);
                tips.add(tip);
            }
            getChildren().addAll(0, segments);
        }
        peakBytes = newPeakBytes;
        capacityBytes = newCapacityBytes;
        marker.setVisible(newCapacityBytes > 0);
        markerLabel.setVisible(newCapacityBytes > 0);
        markerLabel.setText(markerText);
        marker.pseudoClassStateChanged(OVER, !fits);
        markerLabel.pseudoClassStateChanged(OVER, !fits);
        requestLayout();
    }

    /**
     * The estimate's range, drawn as a translucent band over the bar; {@code high <= low} (or 0) draws none. Call
     * before {@link #show}, which lays the bar out.
     */
    public void showRange(long lowBytes, long highBytes) {
        rangeLowBytes = Math.max(0, lowBytes);
        rangeHighBytes = Math.max(0, highBytes);
        band.setVisible(rangeHighBytes > rangeLowBytes);
        requestLayout();
    }

    /** CSS class of a component's colour, e.g. {@code component-kv-cache}; the stylesheet maps it to a chart token. */
    public static String styleClassOf(Component component) {
        return WindowColours.componentClass(component);
    }

    @Override
    protected void layoutChildren() {
        Insets in = getInsets();
        double width = getWidth() - in.getLeft() - in.getRight();
        double labelHeight = markerLabel.prefHeight(-1);
        double barTop = in.getTop() + labelHeight + LABEL_GAP + MARKER_OVERHANG;
        // A little room right of the longer of bar and marker keeps the marker off the edge.
        double scaleBytes = Math.max(1, sharedScaleBytes > 0 ? sharedScaleBytes
                : Math.max(Math.max(peakBytes, capacityBytes), band.isVisible() ? rangeHighBytes : 0) * 1.04);
        double x = in.getLeft();
        for (int i = 0; i < segments.size(); i++) {
            double w = width * rows.get(i).bytes() / scaleBytes;
            // Snap both edges so neighbouring segments never leave a hairline gap.
            double left = snapPositionX(x);
            double right = snapPositionX(x + w);
            segments.get(i).resizeRelocate(left, barTop, Math.max(0, right - left), BAR_HEIGHT);
            x += w;
        }
        if (band.isVisible()) {
            double left = snapPositionX(in.getLeft() + width * rangeLowBytes / scaleBytes);
            double right = snapPositionX(in.getLeft() + width * Math.min(rangeHighBytes, scaleBytes) / scaleBytes);
            band.resizeRelocate(left, barTop - MARKER_OVERHANG / 2, Math.max(1, right - left),
                    BAR_HEIGHT + MARKER_OVERHANG);
        }
        if (capacityBytes > 0) {
            double mx = snapPositionX(in.getLeft() + width * capacityBytes / scaleBytes);
            marker.resizeRelocate(mx - 1, barTop - MARKER_OVERHANG, 3, BAR_HEIGHT + 2 * MARKER_OVERHANG);
            double lw = markerLabel.prefWidth(-1);
            double lx = Math.max(in.getLeft(), Math.min(mx - lw / 2, in.getLeft() + width - lw));
            markerLabel.resizeRelocate(snapPositionX(lx), in.getTop(), lw, labelHeight);
        }
    }
}
