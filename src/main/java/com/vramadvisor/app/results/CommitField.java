package com.vramadvisor.app.results;

import java.util.function.Consumer;
import java.util.function.Function;
import javafx.beans.property.Property;
import javafx.beans.property.StringProperty;

/**
 * A typed number that edits a scenario value only when committed (Enter, leaving the field), so a typed value is one
 * undoable change of the scenario rather than one per keystroke. The text shows the value again whenever the value
 * changes (a commit, undo, an opened file) and on {@link #revert()} (Escape).
 */
public final class CommitField {

    private final StringProperty text;
    private final Property<Number> value;
    private final Function<String, Number> parse;
    private final Function<Number, String> show;
    private final Function<String, String> problem;
    private final Consumer<String> report;

    /**
     * @param text    what the field shows and the user types
     * @param value   the scenario value it edits
     * @param parse   the typed text as a value, {@code null} when it is not an acceptable one
     * @param show    a value as the field shows it
     * @param problem what is wrong with a typed text, in a sentence
     * @param report  where problems go; an empty string clears the last one
     */
    public CommitField(StringProperty text, Property<Number> value, Function<String, Number> parse,
                Function<Number, String> show, Function<String, String> problem, Consumer<String> report) {
        this.text = text;
        this.value = value;
        this.parse = parse;
        this.show = show;
        this.problem = problem;
        this.report = report;
        value.addListener((obs, old, now) -> revert());
        revert();
    }

    /**
     * Applies the typed text: an acceptable value becomes the scenario's; anything else says what is wrong and keeps
     * the value.
     *
     * @return whether the text was applied
     */
    public boolean commit() {
        String typed = text.get() == null ? "" : text.get();
        Number parsed = parse.apply(typed);
        if (parsed == null) {
            report.accept(problem.apply(typed.strip()));
            return false;
        }
        report.accept("");
        value.setValue(parsed);
        revert();
        return true;
    }

    /** Shows the scenario's value again, dropping what was typed. */
    public void revert() {
        text.set(show.apply(value.getValue()));
    }
}
