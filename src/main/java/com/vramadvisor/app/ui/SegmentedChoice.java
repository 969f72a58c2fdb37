package com.vramadvisor.app.ui;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import javafx.beans.property.ObjectProperty;
import javafx.beans.value.ObservableStringValue;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.Toggle;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.Region;

/**
 * Toggle buttons of which exactly one is selected, bound both ways to an object property: the usual control for a
 * handful of exclusive choices (precision, attention, ZeRO stage). The buttons keep their whole text and wrap into
 * further segmented rows, sharing one toggle group, when a row reaches its most buttons or the width runs out (a
 * narrow panel, a longer translation). Arrow keys move the selection; clicking the selected button keeps it selected
 * rather than leaving no choice.
 *
 * @param <T> the choice type
 */
public final class SegmentedChoice<T> {

    private final Rows control = new Rows();
    private final ToggleGroup group = new ToggleGroup();
    private final Map<T, ToggleButton> buttons = new LinkedHashMap<>();
    private final ObjectProperty<T> value;
    private final int perRow;
    private boolean syncing;

    /**
     * @param id      node id of the control ({@code precisionToggle}); each button gets {@code id + "-" + index}
     * @param choices the choices, in display order
     * @param label   the text of each choice, following language switches
     * @param value   the property the selection reads and writes
     */
    public SegmentedChoice(String id, List<T> choices, Function<T, ObservableStringValue> label,
                           ObjectProperty<T> value) {
        this(id, choices, label, value, Integer.MAX_VALUE);
    }

    /**
     * @param perRow most buttons in one row; the rest continue in further rows
     */
    public SegmentedChoice(String id, List<T> choices, Function<T, ObservableStringValue> label,
                           ObjectProperty<T> value, int perRow) {
        this.value = value;
        this.perRow = perRow;
        control.setId(id);
        control.getStyleClass().add("segmented-choice");
        int index = 0;
        for (T choice : choices) {
            ToggleButton b = new ToggleButton();
            b.setId(id + "-" + index++);
            b.textProperty().bind(label.apply(choice));
            b.setUserData(choice);
            b.setMnemonicParsing(false);
            b.setToggleGroup(group);
            // Never "NF4_SIN…": a button that does not fit goes to the next row instead.
            b.setMinWidth(Region.USE_PREF_SIZE);
            buttons.put(choice, b);
            control.add(b);
        }
        // The rows as they are when the width is no limit, so that the first frame already joins them; a narrower
        // layout regroups them.
        List<ToggleButton> all = List.copyOf(buttons.values());
        for (int start = 0; start < all.size(); start += perRow) {
            control.join(all.subList(start, Math.min(all.size(), start + perRow)));
        }
        group.selectedToggleProperty().addListener((obs, old, now) -> {
            if (syncing) {
                return;
            }
            if (now == null) {
                // Re-select: an exclusive choice always has a value.
                syncing = true;
                group.selectToggle(old);
                syncing = false;
                return;
            }
            @SuppressWarnings("unchecked")
            T chosen = (T) now.getUserData();
            value.set(chosen);
        });
        value.addListener((obs, old, now) -> select(now));
        select(value.get());
    }

    private void select(T choice) {
        syncing = true;
        try {
            ToggleButton b = buttons.get(choice);
            Toggle current = group.getSelectedToggle();
            if (b != current) {
                group.selectToggle(b);
            }
        } finally {
            syncing = false;
        }
    }

    /** The rows of buttons; carries the node id. */
    public Region control() {
        return control;
    }

    /** The button that shows {@code choice}, e.g. for a test or a mnemonic target. */
    public ToggleButton button(T choice) {
        return buttons.get(choice);
    }

    /** The button of the current choice: where a label's mnemonic sends the focus. */
    public ToggleButton selectedButton() {
        ToggleButton b = buttons.get(value.get());
        return b != null ? b : buttons.values().iterator().next();
    }

    /** Gives every button the same tooltip, made when the pointer first comes over one. */
    public void setTip(HoverTip tip) {
        tip.attach(buttons.values().toArray(new ToggleButton[0]));
    }


    /**
     * The buttons in rows: as many as fit the width, at most {@code perRow}, each row joined into one segmented
     * control by AtlantaFX's pill classes, which are reassigned when the rows change.
     */
    private final class Rows extends Region {

        private static final double ROW_GAP = 4;
        private static final List<String> PILLS = List.of("left-pill", "center-pill", "right-pill");

        void add(Node button) {
            getChildren().add(button);
        }

        @Override
        public Orientation getContentBias() {
            return Orientation.HORIZONTAL;
        }

        private List<List<Node>> rows(double width) {
            List<List<Node>> rows = new ArrayList<>();
            List<Node> row = new ArrayList<>();
            double used = 0;
            for (Node b : getChildren()) {
                double w = snapSizeX(b.prefWidth(-1));
                if (!row.isEmpty() && (row.size() >= perRow || used + w > width)) {
                    rows.add(row);
                    row = new ArrayList<>();
                    used = 0;
                }
                row.add(b);
                used += w;
            }
            if (!row.isEmpty()) {
                rows.add(row);
            }
            return rows;
        }

        private double rowHeight() {
            double h = 0;
            for (Node b : getChildren()) {
                h = Math.max(h, snapSizeY(b.prefHeight(-1)));
            }
            return h;
        }

        @Override
        protected double computePrefWidth(double height) {
            double widest = 0;
            for (List<Node> row : rows(Double.MAX_VALUE)) {
                double w = 0;
                for (Node b : row) {
                    w += snapSizeX(b.prefWidth(-1));
                }
                widest = Math.max(widest, w);
            }
            return snappedLeftInset() + widest + snappedRightInset();
        }

        @Override
        protected double computeMinWidth(double height) {
            double widest = 0;
            for (Node b : getChildren()) {
                widest = Math.max(widest, snapSizeX(b.prefWidth(-1)));
            }
            return snappedLeftInset() + widest + snappedRightInset();
        }

        @Override
        protected double computePrefHeight(double width) {
            double inner = width < 0 ? Double.MAX_VALUE : width - snappedLeftInset() - snappedRightInset();
            int count = rows(inner).size();
            return snappedTopInset() + count * rowHeight() + Math.max(0, count - 1) * ROW_GAP
                    + snappedBottomInset();
        }

        @Override
        protected double computeMinHeight(double width) {
            return computePrefHeight(width);
        }

        @Override
        protected void layoutChildren() {
            double left = snappedLeftInset();
            double y = snappedTopInset();
            double h = rowHeight();
            for (List<Node> row : rows(getWidth() - left - snappedRightInset())) {
                double x = left;
                for (int i = 0; i < row.size(); i++) {
                    Node b = row.get(i);
                    double w = snapSizeX(b.prefWidth(-1));
                    b.resizeRelocate(x, y, w, h);
                    x += w;
                }
                join(row);
                y += h + ROW_GAP;
            }
        }

        /** Gives a row's buttons the pill classes that join them into one segmented control. */
        void join(List<? extends Node> row) {
            for (int i = 0; i < row.size(); i++) {
                String pill = row.size() == 1 ? null
                        : i == 0 ? "left-pill" : i == row.size() - 1 ? "right-pill" : "center-pill";
                setPill(row.get(i), pill);
            }
        }

        private void setPill(Node b, String pill) {
            var classes = b.getStyleClass();
            for (String p : PILLS) {
                if (!p.equals(pill)) {
                    classes.remove(p);
                }
            }
            if (pill != null && !classes.contains(pill)) {
                classes.add(pill);
            }
        }
    }
}
