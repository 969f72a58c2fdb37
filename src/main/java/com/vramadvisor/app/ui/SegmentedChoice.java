package com.vramadvisor.app.ui;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import javafx.beans.property.ObjectProperty;
import javafx.beans.value.ObservableStringValue;
import javafx.scene.control.Toggle;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;

/**
 * Toggle buttons of which exactly one is selected, bound both ways to an object property: the usual control for a
 * handful of exclusive choices (precision, attention, ZeRO stage). Longer lists wrap into several segmented rows
 * that share one toggle group. Arrow keys move the selection; clicking the selected button keeps it selected
 * rather than leaving no choice.
 *
 * @param <T> the choice type
 */
public final class SegmentedChoice<T> {

    private final VBox control = new VBox();
    private final ToggleGroup group = new ToggleGroup();
    private final Map<T, ToggleButton> buttons = new LinkedHashMap<>();
    private final ObjectProperty<T> value;
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
        control.setId(id);
        control.getStyleClass().add("segmented-choice");
        HBox row = null;
        int index = 0;
        for (T choice : choices) {
            if (index % perRow == 0) {
                row = new HBox();
                row.getStyleClass().add("segmented-row");
                control.getChildren().add(row);
            }
            ToggleButton b = new ToggleButton();
            b.setId(id + "-" + index++);
            b.textProperty().bind(label.apply(choice));
            b.setUserData(choice);
            b.setMnemonicParsing(false);
            b.setToggleGroup(group);
            buttons.put(choice, b);
            row.getChildren().add(b);
        }
        // AtlantaFX's pill classes join the buttons of a row into one segmented control.
        for (var child : control.getChildren()) {
            var rowButtons = ((HBox) child).getChildren();
            for (int i = 0; i < rowButtons.size(); i++) {
                String pill = rowButtons.size() == 1 ? null
                        : i == 0 ? "left-pill" : i == rowButtons.size() - 1 ? "right-pill" : "center-pill";
                if (pill != null) {
                    rowButtons.get(i).getStyleClass().add(pill);
                }
            }
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
    public VBox control() {
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

}
