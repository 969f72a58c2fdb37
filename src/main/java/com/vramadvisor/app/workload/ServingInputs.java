package com.vramadvisor.app.workload;

import com.vramadvisor.app.ui.Messages;
import com.vramadvisor.engine.serving.ServingEngine;
import com.vramadvisor.engine.serving.ServingTargets;
import javafx.beans.Observable;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleIntegerProperty;

/**
 * The serving inputs of the workload panel in inference mode: the TPOT and TTFT targets each user must get and the
 * engine's cap on running requests, which the decision table counts users served within
 * ({@link ServingTargets}), and the KV block size of the chosen engine, shown read-only. Part of
 * {@link WorkloadViewModel}: a change to any of them publishes one snapshot, so it is saved and undone as one step.
 *
 * <p>The fields edit whole milliseconds; a scenario file's fractional target (21.83 ms) is kept as long as its field
 * shows it rounded, so opening and saving a file does not change it.
 */
public final class ServingInputs {

    private final IntegerProperty tpotTargetMs = new SimpleIntegerProperty(this, "tpotTargetMs",
            (int) ServingTargets.DEFAULT_TPOT_MS);
    private final IntegerProperty ttftTargetMs = new SimpleIntegerProperty(this, "ttftTargetMs", 0);
    private final IntegerProperty maxRunning = new SimpleIntegerProperty(this, "maxRunning", 0);
    private final StringBinding kvBlockText;
    private ServingTargets applied = ServingTargets.DEFAULTS;

    ServingInputs(ObjectProperty<ServingEngine> engine, Messages messages) {
        kvBlockText = Bindings.createStringBinding(() -> {
            int block = engine.get() == null ? 0 : engine.get().kvBlockTokens();
            return block > 0 ? messages.get("workload.kvBlock.paged", block)
                    : messages.get("workload.kvBlock.unpaged");
        }, engine, messages.localeProperty());
    }

    /** The inputs whose changes publish a snapshot. */
    Observable[] inputs() {
        return new Observable[] {tpotTargetMs, ttftTargetMs, maxRunning};
    }

    /** Shows {@code targets} in the fields (inside {@link WorkloadViewModel#apply}). */
    void apply(ServingTargets targets) {
        applied = targets;
        tpotTargetMs.set((int) Math.round(targets.tpotMs()));
        ttftTargetMs.set((int) Math.round(targets.ttftMs()));
        maxRunning.set(targets.maxRunning());
    }

    /** The targets the fields show, the applied fractional values where a field still shows them rounded. */
    ServingTargets targets() {
        double tpot = tpotTargetMs.get() == Math.round(applied.tpotMs()) ? applied.tpotMs() : tpotTargetMs.get();
        double ttft = ttftTargetMs.get() == Math.round(applied.ttftMs()) ? applied.ttftMs() : ttftTargetMs.get();
        return new ServingTargets(tpot, ttft, maxRunning.get());
    }

    /** Time per output token a user may see at most, whole milliseconds; 0 for no target. */
    public IntegerProperty tpotTargetMsProperty() {
        return tpotTargetMs;
    }

    /** Time to first token a user may wait at most, whole milliseconds; 0 for no target. */
    public IntegerProperty ttftTargetMsProperty() {
        return ttftTargetMs;
    }

    /** Requests one model copy runs at once at most (vLLM {@code max_num_seqs}); 0 for the engine's default. */
    public IntegerProperty maxRunningProperty() {
        return maxRunning;
    }

    /** The chosen engine's KV block, e.g. "16 tokens per KV block", or that it keeps the cache unpaged. */
    public StringBinding kvBlockTextProperty() {
        return kvBlockText;
    }
}
