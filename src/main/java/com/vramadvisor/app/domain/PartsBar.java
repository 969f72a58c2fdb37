package com.vramadvisor.app.domain;

import com.vramadvisor.app.results.Tooltips;
import java.util.ArrayList;
import java.util.List;
import javafx.css.PseudoClass;
import javafx.geometry.Insets;
import javafx.scene.control.Label;
import javafx.scene.layout.Region;

/**
 * One horizontal bar: a workload's parts at the peak side by side, and a vertical marker at the chosen GPU's usable
 * memory on the same scale, so what sticks out past the marker is what does not fit. Each segment's tooltip gives
 * the part's size, share and formula.
 */
final class PartsBar extends Region {

    private static final PseudoClass OVER = PseudoClass.getPseudoClass("over");
    private static final double BAR_HEIGHT = 34;
    private static final double MARKER_OVERHANG = 6;
    private static final double LABEL_GAP = 4;

    private final List<Region> segments = new ArrayList<>();
    private final List<PartRow> rows = new ArrayList<>();
    private final Region marker = new Region();
    private final Label markerLabel = new Label();
    private long peakBytes;
    private long capacityBytes;

    PartsBar() {
        setId("partsBar");
        getStyleClass().add("parts-bar");
        marker.getStyleClass().add("capacity-marker");
        markerLabel.getStyleClass().add("capacity-marker-label");
        marker.setManaged(false);
        markerLabel.setManaged(false);
        getChildren().addAll(marker, markerLabel);
        setMinHeight(BAR_HEIGHT + 2 * MARKER_OVERHANG + 22);
        setPrefHeight(BAR_HEIGHT + 2 * MARKER_OVERHANG + 22);
    }

    /** Replaces the segments; called once per recompute. {@code newCapacityBytes} 0 draws no marker. */
    void show(List<PartRow> newRows, long newPeakBytes, long newCapacityBytes, String markerText, boolean fits) {
        getChildren().removeAll(segments);
        segments.clear();
        rows.clear();
        rows.addAll(newRows);
        for (PartRow row : newRows) {
            Region segment = new Region();
            segment.getStyleClass().addAll("segment", "part-colour-" + row.colour());
            segment.setManaged(false);
            Tooltips.explainingOnHover().attach(segment).setText(row.tooltip());
            segments.add(segment);
        }
        getChildren().addAll(0, segments);
        peakBytes = newPeakBytes;
        capacityBytes = newCapacityBytes;
        marker.setVisible(newCapacityBytes > 0);
        markerLabel.setVisible(newCapacityBytes > 0);
        markerLabel.setText(markerText);
        marker.pseudoClassStateChanged(OVER, !fits);
        markerLabel.pseudoClassStateChanged(OVER, !fits);
        requestLayout();
    }

    @Override
    protected void layoutChildren() {
        Insets in = getInsets();
        double width = getWidth() - in.getLeft() - in.getRight();
        double labelHeight = markerLabel.prefHeight(-1);
        double barTop = in.getTop() + labelHeight + LABEL_GAP + MARKER_OVERHANG;
        // A little room right of the longer of bar and marker keeps the marker off the edge.
        double scaleBytes = Math.max(1, Math.max(peakBytes, capacityBytes) * 1.04);
        double x = in.getLeft();
        for (int i = 0; i < segments.size(); i++) {
            double w = width * rows.get(i).bytes() / scaleBytes;
            double left = snapPositionX(x);
            double right = snapPositionX(x + w);
            segments.get(i).resizeRelocate(left, barTop, Math.max(0, right - left), BAR_HEIGHT);
            x += w;
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
