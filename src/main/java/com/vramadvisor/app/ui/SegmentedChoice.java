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
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import org.controlsfx.control.SegmentedButton;

/**
 * A row of toggle buttons of which exactly one is selected, bound both ways to an object property: the usual
 * control for a handful of exclusive choices (precision, attention, ZeRO stage). Arrow keys move the selection
 * within the row; clicking the selected button keeps it selected rather than leaving no choice.
 *
 * @param <T> the choice type
 */
public final class SegmentedChoice<T> {

    private final SegmentedButton control = new SegmentedButton();
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
        this.value = value;
        control.setId(id);
        control.getStyleClass().add("segmented-choice");
        ToggleGroup group = new ToggleGroup();
        control.setToggleGroup(group);
        int index = 0;
        for (T choice : choices) {
            ToggleButton b = new ToggleButton();
            b.setId(id + "-" + index++);
            b.textProperty().bind(label.apply(choice));
            b.setUserData(choice);
            b.setMnemonicParsing(false);
            buttons.put(choice, b);
            control.getButtons().add(b);
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
            Toggle current = control.getToggleGroup().getSelectedToggle();
            if (b != current) {
                control.getToggleGroup().selectToggle(b);
            }
        } finally {
            syncing = false;
        }
    }

    public SegmentedButton control() {
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

    /** Gives every button the same tooltip. */
    public void setTooltip(Tooltip tooltip) {
        buttons.values().forEach(b -> b.setTooltip(tooltip));
    }

    /** The row's container, for layout. */
    public HBox asBox() {
        HBox box = new HBox(control);
        box.getStyleClass().add("segmented-row");
        return box;
    }
}
