package com.vramadvisor.app.shell;

import com.vramadvisor.app.results.SweepViewModel;
import com.vramadvisor.app.ui.Messages;
import com.vramadvisor.engine.serving.ServingEngine;
import com.vramadvisor.scenario.ScenarioInputs;
import com.vramadvisor.app.domain.DomainSizer;
import com.vramadvisor.app.domain.DomainTexts;
import com.vramadvisor.engine.core.Sizable;
import com.vramadvisor.engine.core.SizedEstimate;
import com.vramadvisor.engine.llm.Estimate;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.serving.KvCapacity;
import java.text.NumberFormat;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * One line for the status bar that stays visible on every tab: the peak per GPU, the phase that sets it, and
 * whether it fits the target GPU. An estimate costs microseconds, so it is recomputed inline for every snapshot.
 */
public final class SummaryViewModel {

    private final ReadOnlyObjectProperty<ScenarioInputs> snapshot;
    private final BiFunction<ModelSpec, Workload, Estimate> estimator;
    private final Function<String, Optional<GpuSpec>> gpus;
    private final Messages messages;
    private final DomainSizer domain;
    private final ReadOnlyStringWrapper text = new ReadOnlyStringWrapper(this, "text", "");
    private final ReadOnlyStringWrapper verdict = new ReadOnlyStringWrapper(this, "verdict", "");

    /**
     * @param estimator the engine's per-GPU estimate
     * @param gpus      catalog lookup of a GPU by id
     */
    public SummaryViewModel(ReadOnlyObjectProperty<ScenarioInputs> snapshot,
                            BiFunction<ModelSpec, Workload, Estimate> estimator,
                            Function<String, Optional<GpuSpec>> gpus, Messages messages) {
        this(snapshot, estimator, gpus, messages, in -> Optional.empty());
    }

    /**
     * @param estimator the engine's per-GPU estimate
     * @param gpus      catalog lookup of a GPU by id
     * @param domain    builds a workload beyond language models through its estimator
     */
    public SummaryViewModel(ReadOnlyObjectProperty<ScenarioInputs> snapshot,
                            BiFunction<ModelSpec, Workload, Estimate> estimator,
                            Function<String, Optional<GpuSpec>> gpus, Messages messages, DomainSizer domain) {
        this.domain = domain;
        this.snapshot = snapshot;
        this.estimator = estimator;
        this.gpus = gpus;
        this.messages = messages;
        snapshot.addListener(obs -> update());
        messages.localeProperty().addListener(obs -> update());
        update();
    }

    private void update() {
        ScenarioInputs s = snapshot.get();
        if (s == null) {
            return;
        }
        if (!s.languageModel()) {
            updateDomain(s);
            return;
        }
        Estimate e;
        try {
            e = estimator.apply(s.model(), s.workload());
        } catch (IllegalArgumentException ex) {
            text.set(messages.get("summary.rejected", ex.getMessage()));
            verdict.set("");
            return;
        }
        String peak = s.sizeUnit().format(e.peakBytes(), messages.locale());
        String low = s.sizeUnit().format(e.range().lowBytes(), messages.locale());
        String high = s.sizeUnit().format(e.range().highBytes(), messages.locale());
        text.set(messages.get("summary.peak", peak, messages.get("phase." + e.peakPhase().name()))
                + (e.range().lowBytes() < e.range().highBytes() ? messages.get("summary.range", low, high) : ""));
        Optional<GpuSpec> gpu = gpus.apply(s.gpuId());
        if (gpu.isEmpty()) {
            verdict.set("");
            return;
        }
        // Inference is judged against what the serving engine lets itself use (vLLM: 0.9 of the device memory by
        // default), and the text says so when that is less than the usable memory.
        long usable = ServingEngine.capacityBytes(gpu.get(), s.workload());
        String reserved = usable < gpu.get().memoryBytesUsable() ? ".serving" : "";
        // Three states (docs/verifying.md): tight when the usable memory lies inside the estimate's range.
        String key = switch (e.range().verdict(usable)) {
            case FITS -> "summary.fits" + reserved;
            case TIGHT -> "summary.tight" + reserved;
            case DOES_NOT_FIT -> "summary.doesNotFit" + reserved;
        };
        String fits = messages.get(key, gpu.get().name(), s.sizeUnit().format(usable, messages.locale()));
        verdict.set(s.workload().mode() == Mode.INFER ? concurrency(fits, s, gpu.get()) : fits);
    }

    /** The same line for a workload beyond language models, from its estimator. */
    private void updateDomain(ScenarioInputs s) {
        SizedEstimate e;
        try {
            e = domain.build(s).map(Sizable::estimate).orElse(null);
        } catch (IllegalArgumentException ex) {
            text.set(messages.get("summary.rejected", ex.getMessage()));
            verdict.set("");
            return;
        }
        if (e == null) {
            text.set("");
            verdict.set("");
            return;
        }
        text.set(messages.get("summary.peak", s.sizeUnit().format(e.peakBytes(), messages.locale()),
                DomainTexts.phase(e.peakPhase(), messages.locale())));
        Optional<GpuSpec> gpu = gpus.apply(s.gpuId());
        if (gpu.isEmpty()) {
            verdict.set("");
            return;
        }
        long usable = gpu.get().memoryBytesUsable();
        String key = switch (e.verdict(usable)) {
            case FITS -> "summary.fits";
            case TIGHT -> "summary.tight";
            case DOES_NOT_FIT -> "summary.doesNotFit";
        };
        verdict.set(messages.get(key, gpu.get().name(), s.sizeUnit().format(usable, messages.locale())));
    }

    /**
     * The engine's start-up figure for the GPU: sequences of the full context its KV pool holds ({@link KvCapacity},
     * sized as the workload's engine sizes it), as {@code fit} on the command line reports it.
     */
    private String concurrency(String fits, ScenarioInputs s, GpuSpec gpu) {
        // Without a chunk of its own the engine takes its default for this GPU, as its profiling run does.
        Workload w = s.maxBatchedTokens() == 0
                ? s.servingEngine().onGpu(s.workload(), gpu.memoryBytesTotal(), gpu.name()) : s.workload();
        KvCapacity capacity = KvCapacity.of(s.model(), w, ServingEngine.capacityBytes(gpu, w),
                gpu.memoryBytesUsable(), gpu.memoryBytesTotal(), gpu.name());
        NumberFormat integer = NumberFormat.getIntegerInstance(messages.locale());
        // Whole sequences, as the sweep's KV line and fit summary give them.
        return messages.get("summary.concurrency", fits, integer.format(s.workload().effectiveContext()),
                integer.format(SweepViewModel.wholeSequences(capacity.maxConcurrency())));
    }

    /** "Peak per GPU: 133.5 GiB (optimizer step)". */
    public ReadOnlyStringProperty textProperty() {
        return text.getReadOnlyProperty();
    }

    /**
     * "Fits H100 SXM 80GB (79.2 GiB usable)", "Tight on ..." (the usable memory lies inside the estimate's range) or
     * "Does not fit ...", empty without a target GPU; for inference followed
     * by the most whole sequences of the context the KV cache holds there ("max concurrency at 8,192 tokens: 12").
     */
    public ReadOnlyStringProperty verdictProperty() {
        return verdict.getReadOnlyProperty();
    }
}
