package com.vramadvisor.engine.core;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;

/**
 * One sentence an estimator states (an assumption, a caveat, how a part's bytes were computed) in a form another
 * layer can translate without the engine reading any file: a stable key, the English pattern in
 * {@link String#format} syntax, and the arguments that fill it. An argument that is itself a {@code Sentence} (a
 * potential's name, "full" or "half") is translated on its own. Numbers are formatted with {@link Locale#ROOT} in
 * every language, as the estimators print them.
 *
 * <p>A report or window looks the key up in its bundle, formats the translated pattern with the same arguments and
 * falls back to {@link #english()} when it has no translation. A sentence built with {@link #plain(String)} has no
 * key and is always shown as written.
 *
 * @param key     stable dotted key ({@code md.assumption.box}); empty for a plain sentence
 * @param pattern the English pattern, {@link String#format} syntax
 * @param args    the values that fill it: numbers, strings or sentences
 */
public record Sentence(String key, String pattern, List<Object> args) {

    public Sentence {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(pattern, "pattern");
        args = List.copyOf(args);
    }

    /** A translatable sentence. */
    public static Sentence of(String key, String pattern, Object... args) {
        if (key.isEmpty()) {
            throw new IllegalArgumentException("a translatable sentence needs a key");
        }
        return new Sentence(key, pattern, Arrays.asList(args));
    }

    /** Text shown as written in every language (a scene file's own source note, a test's formula). */
    public static Sentence plain(String text) {
        return new Sentence("", "%s", List.of(text));
    }

    /** Whether a bundle may translate this sentence. */
    public boolean translatable() {
        return !key.isEmpty();
    }

    /** The sentence in English. */
    public String english() {
        return format(pattern, Sentence::english);
    }

    /**
     * The sentence with another pattern for the same arguments (a translation), nested sentences rendered by
     * {@code nested}.
     *
     * @throws java.util.IllegalFormatException when {@code otherPattern} does not fit the arguments
     */
    public String format(String otherPattern, Function<Sentence, String> nested) {
        List<Object> values = new ArrayList<>(args.size());
        for (Object a : args) {
            values.add(a instanceof Sentence s ? nested.apply(s) : a);
        }
        return String.format(Locale.ROOT, otherPattern, values.toArray());
    }

    @Override
    public String toString() {
        return english();
    }
}
