package com.vramadvisor.app.workload;

import com.vramadvisor.app.ui.Messages;
import java.text.NumberFormat;
import java.util.OptionalLong;
import javafx.beans.property.Property;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * The exact-value text field behind a slider or spinner. The text is edited freely and applied only on
 * {@link #commit()}: a value that is not a whole number or lies outside {@code [min, max]} sets {@link #error()}
 * to a message naming the input and the allowed range, and the underlying value keeps its last valid state.
 */
public final class NumberInput {

    private final Property<Number> value;
    private final long min;
    private final long max;
    private final String nameKey;
    private final NumberParser.Suffixes suffixes;
    private final Messages messages;
    private final StringProperty text = new SimpleStringProperty(this, "text", "");
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper(this, "error", "");

    /**
     * @param value    the view-model property the input edits (an integer or long property)
     * @param min      smallest accepted value
     * @param max      largest accepted value
     * @param nameKey  message key of the input's name, used in error messages
     * @param suffixes how k/M/B suffixes scale for this input
     * @param messages texts and locale
     */
    public NumberInput(Property<Number> value, long min, long max, String nameKey, NumberParser.Suffixes suffixes,
                       Messages messages) {
        this.value = value;
        this.min = min;
        this.max = max;
        this.nameKey = nameKey;
        this.suffixes = suffixes;
        this.messages = messages;
        value.addListener((obs, old, now) -> showValue());
        messages.localeProperty().addListener((obs, old, now) -> showValue());
        showValue();
    }

    public StringProperty textProperty() {
        return text;
    }

    public ReadOnlyStringProperty errorProperty() {
        return error.getReadOnlyProperty();
    }

    public String error() {
        return error.get();
    }

    public long min() {
        return min;
    }

    public long max() {
        return max;
    }

    /** Applies the typed text if it is valid; returns whether it was applied. */
    public boolean commit() {
        OptionalLong parsed = NumberParser.parse(text.get(), suffixes);
        String name = messages.get(nameKey);
        if (parsed.isEmpty()) {
            error.set(messages.get("input.error.notWholeNumber", name, text.get() == null ? "" : text.get().strip()));
            return false;
        }
        long v = parsed.getAsLong();
        if (v < min || v > max) {
            NumberFormat nf = NumberFormat.getIntegerInstance(messages.locale());
            error.set(messages.get("input.error.range", name, nf.format(min), nf.format(max)));
            return false;
        }
        value.setValue(v);
        showValue();
        return true;
    }

    /** Drops the typed text and shows the current value again. */
    public void revert() {
        showValue();
    }

    private void showValue() {
        Number v = value.getValue();
        text.set(v == null ? "" : NumberFormat.getIntegerInstance(messages.locale()).format(v.longValue()));
        error.set("");
    }
}
