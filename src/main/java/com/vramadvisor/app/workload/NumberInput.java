package com.vramadvisor.app.workload;

import com.vramadvisor.app.ui.Messages;
import java.text.NumberFormat;
import java.util.OptionalLong;
import java.util.function.LongFunction;
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
    private final ReadOnlyStringWrapper exactText = new ReadOnlyStringWrapper(this, "exactText", "");
    private LongFunction<String> compact;
    private String shown = "";

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

    /**
     * Shows the value in a short form ({@code 405.1B}) instead of all its digits; {@link #exactTextProperty()} keeps
     * the exact value for a tooltip.
     */
    public NumberInput showCompact(LongFunction<String> shortForm) {
        this.compact = shortForm;
        showValue();
        return this;
    }

    /** Whether the field shows a short form of the value. */
    public boolean compact() {
        return compact != null;
    }

    /** The value with all its digits, formatted for the locale. */
    public ReadOnlyStringProperty exactTextProperty() {
        return exactText.getReadOnlyProperty();
    }

    /** Applies the typed text if it is valid; returns whether it was applied. */
    public boolean commit() {
        if (text.get() != null && text.get().strip().equals(shown)) {
            // Unedited: committing a rounded short form would change the value.
            error.set("");
            return true;
        }
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
        String exact = v == null ? "" : NumberFormat.getIntegerInstance(messages.locale()).format(v.longValue());
        exactText.set(exact);
        shown = v == null || compact == null ? exact : compact.apply(v.longValue());
        text.set(shown);
        error.set("");
    }
}
