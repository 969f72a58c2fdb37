package com.vramadvisor.app.compare;

import com.vramadvisor.scenario.ScenarioInputs;
import java.util.Objects;

/**
 * A scenario the user pinned to compare against later ones.
 *
 * @param number shown as {@code #number}; numbers are not reused after a pin is removed, so a name keeps meaning
 *               one scenario
 * @param inputs the inputs as they were when pinned
 * @param name   the name the user gave it; empty for none (the column then reads {@code #number})
 */
public record PinnedScenario(int number, ScenarioInputs inputs, String name) {

    public PinnedScenario {
        Objects.requireNonNull(inputs, "inputs");
        name = name == null ? "" : name.strip();
    }

    /** A pin without a name. */
    public PinnedScenario(int number, ScenarioInputs inputs) {
        this(number, inputs, "");
    }
}
