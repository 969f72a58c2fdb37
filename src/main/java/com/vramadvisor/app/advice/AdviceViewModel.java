package com.vramadvisor.app.advice;

import com.vramadvisor.app.results.ResultsMessages;
import com.vramadvisor.engine.llm.MemoryEstimator;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.Parallelism;
import com.vramadvisor.engine.llm.Recompute;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.advice.FitAdvisor;
import com.vramadvisor.engine.advice.Lever;
import com.vramadvisor.engine.advice.LeverKind;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.serving.ServingEngine;
import com.vramadvisor.scenario.ScenarioInputs;
import com.vramadvisor.scenario.SizeUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.value.ObservableValue;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * "What do I change first when it does not fit?": the single changes of {@link FitAdvisor} for the live scenario
 * against the selected GPU, as table rows, and the action that applies one of them to the workload.
 *
 * <p>One advice costs a few dozen estimates of a few microseconds each (see {@code docs/benchmarks.md} for the
 * estimate), well under a millisecond, so it is recomputed inline; and only while the tab is shown.
 */
public final class AdviceViewModel {

    private final ObservableValue<ScenarioInputs> snapshot;
    private final ObservableValue<GpuSpec> gpu;
    private final Consumer<ScenarioInputs> applyInputs;
    private final ResultsMessages messages;
    private final FitAdvisor advisor = new FitAdvisor();
    private final MemoryEstimator estimator = new MemoryEstimator();

    private final ObservableList<AdviceRow> rows = FXCollections.observableArrayList();
    private final ObservableList<AdviceRow> readOnlyRows = FXCollections.unmodifiableObservableList(rows);
    private final ReadOnlyStringWrapper summary = new ReadOnlyStringWrapper(this, "summary", "");
    private final BooleanProperty active = new SimpleBooleanProperty(this, "active");
    private boolean stale = true;

    /**
     * @param snapshot    the live scenario (the workload panel's snapshot)
     * @param gpu         the GPU whose usable memory the advice is measured against; {@code null} value for none
     * @param applyInputs installs a scenario in the workload panel as one edit (one undo step)
     */
    public AdviceViewModel(ObservableValue<ScenarioInputs> snapshot, ObservableValue<GpuSpec> gpu,
                           Consumer<ScenarioInputs> applyInputs, ResultsMessages messages) {
        this.snapshot = Objects.requireNonNull(snapshot, "snapshot");
        this.gpu = Objects.requireNonNull(gpu, "gpu");
        this.applyInputs = Objects.requireNonNull(applyInputs, "applyInputs");
        this.messages = Objects.requireNonNull(messages, "messages");
        snapshot.addListener((obs, old, now) -> refresh());
        gpu.addListener((obs, old, now) -> refresh());
        messages.localeProperty().addListener((obs, old, now) -> refresh());
        active.addListener((obs, was, now) -> {
            if (now && stale) {
                refresh();
            }
        });
        refresh();
    }

    /** Installs the scenario of {@code row} in the workload panel. */
    public void apply(AdviceRow row) {
        applyInputs.accept(row.applied());
    }

    private void refresh() {
        // Recomputed only while the tab is on screen; a slider drag elsewhere costs it nothing.
        if (!active.get()) {
            stale = true;
            return;
        }
        stale = false;
        ScenarioInputs in = snapshot.getValue();
        if (in == null) {
            return;
        }
        GpuSpec target = gpu.getValue();
        Workload w = in.workload();
        long usable = target == null ? Long.MAX_VALUE : ServingEngine.capacityBytes(target, w);
        SizeUnit unit = in.sizeUnit();
        List<Lever> levers;
        long current;
        try {
            current = estimator.peakBytes(in.model(), w);
            levers = advisor.advise(in.model(), w, usable);
        } catch (IllegalArgumentException rejected) {
            summary.set(messages.get("advice.summary.rejected", rejected.getMessage()));
            rows.clear();
            return;
        }
        if (target == null) {
            summary.set(messages.get("advice.summary.noGpu", messages.size(current, unit)));
        } else {
            summary.set(messages.get(current <= usable ? "advice.summary.fits" : "advice.summary.over",
                    messages.size(current, unit), target.name(), messages.size(usable, unit)));
        }
        List<AdviceRow> next = new ArrayList<>(levers.size());
        for (Lever l : levers) {
            next.add(row(in, l, target, unit));
        }
        if (levers.isEmpty()) {
            summary.set(summary.get() + " " + messages.get("advice.summary.none"));
        }
        rows.setAll(next);
    }


    private AdviceRow row(ScenarioInputs in, Lever l, GpuSpec target, SizeUnit unit) {
        String fitText = target == null ? messages.get("advice.fit.noGpu")
                : messages.get(l.fits() ? "advice.fit.yes" : "advice.fit.no", target.name());
        String speedKey = speedKey(l);
        String speedTooltip = messages.get("advice.speed.tooltip", messages.get("advice.speed." + speedKey),
                l.speed().summary(), l.speed().source());
        return new AdviceRow(l.kind(), changeText(l), l.peakBytes(), messages.size(l.peakBytes(), unit),
                messages.size(l.savedBytes(), unit), target != null && l.fits(), target != null, fitText,
                l.speed().trend(), messages.get("advice.speed." + speedKey), speedTooltip,
                in.withWorkload(l.workload()));
    }

    private static String speedKey(Lever l) {
        return switch (l.kind()) {
            case NEXT_ZERO_STAGE -> l.workload().parallelism().zeroStage() == 3 ? "zero3" : "zero12";
            case ZERO3_DATA_PARALLEL -> "zero3";
            // Serving splits the weight reads of each token over the GPUs; training pays for the extra all-reduces.
            case TENSOR_PARALLEL_X2 -> l.workload().mode() == Mode.INFER ? "tensor-parallel-serve"
                    : "tensor-parallel-x2";
            case WEIGHTS_FP8, WEIGHTS_INT8, WEIGHTS_INT4 -> "weights";
            default -> l.kind().id();
        };
    }

    private String changeText(Lever l) {
        Workload w = l.workload();
        Parallelism p = w.parallelism();
        String key = "advice.lever." + l.kind().id();
        LeverKind kind = l.kind();
        return switch (kind) {
            case HALVE_MICRO_BATCH -> messages.get(key, messages.integer(w.batch()),
                    messages.integer(w.gradientAccumulation()));
            case NEXT_ZERO_STAGE -> messages.get(key, p.zeroStage(), messages.integer(p.dataParallel()));
            case ZERO3_DATA_PARALLEL, ZERO3_FULL_RECOMPUTE -> messages.get(key, messages.integer(p.dataParallel()),
                    messages.integer(p.gpus()));
            case TENSOR_PARALLEL_X2 -> messages.get(key, messages.integer(p.tensorParallel()),
                    messages.integer(p.gpus()));
            case PIPELINE_PARALLEL_X2 -> messages.get(key, messages.integer(p.pipelineParallel()),
                    messages.integer(p.gpus()));
            case ZERO_OFFLOAD -> withRecompute(l, messages.get(key, p.zeroStage()));
            case ZERO_INFINITY, FSDP_CPU_OFFLOAD -> withRecompute(l, messages.get(key));
            case LORA, QLORA -> messages.get(key, messages.integer(w.lora().rank()));
            case HALVE_SEQUENCES -> messages.get(key, messages.integer(w.batch()));
            case HALVE_CONTEXT -> messages.get(key, messages.integer(w.effectiveContext()));
            default -> messages.get(key);
        };
    }

    /** An offload lever offered with full recomputation (it did not fit alone) says so. */
    private String withRecompute(Lever l, String text) {
        return l.workload().recompute() == Recompute.FULL ? messages.get("advice.lever.withFullRecompute", text)
                : text;
    }

    /** The levers for the live scenario, those that fit first, then by peak ascending. */
    public ObservableList<AdviceRow> rows() {
        return readOnlyRows;
    }

    /** The current peak against the selected GPU, in one sentence. */
    public ReadOnlyStringProperty summaryProperty() {
        return summary.getReadOnlyProperty();
    }

    /**
     * Whether the advice is on screen (false at first); while false, changes are only noted and the advice is
     * computed when it becomes true.
     */
    public BooleanProperty activeProperty() {
        return active;
    }
}
