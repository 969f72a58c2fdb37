package com.vramadvisor.app.results;

import com.vramadvisor.scenario.SizeUnit;
import com.vramadvisor.scenario.ScenarioInputs;
import com.vramadvisor.scenario.SweepAxis;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.serving.ConcurrencyLimits;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.ToLongFunction;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * Peak memory against micro-batch, sequence length or context over a range that shows the current value and the
 * largest value that fits each chosen GPU, with those GPUs' usable capacities as horizontal lines. Over concurrent
 * sequences (inference) it also marks where the primary GPU's KV cache and the latency targets stop the
 * concurrency ({@link ServingMarks}), and each point's tooltip gives the time per output token there.
 */
public final class SweepViewModel {

    /** Most points per curve: enough for a smooth line, few enough to recompute within a frame. */
    static final int MAX_POINTS = 60;
    /** Upper ends of the range: far past any real micro-batch or context, so the axis never runs away. */
    static final int MAX_BATCH = 4096;
    static final int MAX_TOKENS = 1 << 20;

    private final ResultsMessages messages;

    private final ObservableList<SweepPoint> points = FXCollections.observableArrayList();
    private final ObservableList<CapacityLine> capacityLines = FXCollections.observableArrayList();
    private final ObservableList<SweepPoint> readOnlyPoints = FXCollections.unmodifiableObservableList(points);
    private final ObservableList<CapacityLine> readOnlyLines = FXCollections.unmodifiableObservableList(capacityLines);
    private final ReadOnlyObjectWrapper<SweepAxis> axis = new ReadOnlyObjectWrapper<>(this, "axis", SweepAxis.BATCH);
    private final ReadOnlyIntegerWrapper currentX = new ReadOnlyIntegerWrapper(this, "currentX");
    private final ReadOnlyDoubleWrapper currentValue = new ReadOnlyDoubleWrapper(this, "currentValue");
    private final ReadOnlyIntegerWrapper upperX = new ReadOnlyIntegerWrapper(this, "upperX", 16);
    private final ReadOnlyStringWrapper axisLabel = new ReadOnlyStringWrapper(this, "axisLabel", "");
    private final ReadOnlyStringWrapper axisShortLabel = new ReadOnlyStringWrapper(this, "axisShortLabel", "");
    private final ReadOnlyStringWrapper valueAxisLabel = new ReadOnlyStringWrapper(this, "valueAxisLabel", "");
    private final ReadOnlyStringWrapper valueUnit = new ReadOnlyStringWrapper(this, "valueUnit", "");
    private final ReadOnlyStringWrapper currentText = new ReadOnlyStringWrapper(this, "currentText", "");
    private final ReadOnlyStringWrapper fitSummary = new ReadOnlyStringWrapper(this, "fitSummary", "");
    private final ReadOnlyObjectWrapper<ServingMarks> servingMarks =
            new ReadOnlyObjectWrapper<>(this, "servingMarks", ServingMarks.NONE);

    SweepViewModel(ResultsMessages messages) {
        this.messages = messages;
    }

    /**
     * Recomputes the curve and the capacity lines.
     *
     * @param gpus     the GPUs to draw capacity for, the primary (breakdown) GPU first; may be empty
     * @param capacity the bytes each GPU offers this workload
     */
    void update(ScenarioInputs inputs, long currentPeakBytes, List<GpuSpec> gpus, ToLongFunction<GpuSpec> capacity,
                ResultsEngine engine) {
        ModelSpec model = inputs.model();
        Workload workload = inputs.workload();
        SizeUnit unit = inputs.sizeUnit();
        SweepAxis effective = effectiveAxis(inputs.sweepAxis(), workload.mode());
        int current = valueOf(effective, workload);

        // Serving over concurrent sequences: the number of sequences that fit is the KV cache's, in whole sequences,
        // for every GPU drawn, so that the fit summary, the markers, the KV line and the status bar give one number.
        boolean servingAxis = effective == SweepAxis.BATCH && workload.mode() == Mode.INFER;
        List<CapacityLine> lines = new ArrayList<>();
        int largestFit = 0;
        ConcurrencyLimits primaryLimits = null;
        for (int i = 0; i < gpus.size(); i++) {
            GpuSpec gpu = gpus.get(i);
            long bytes = capacity.applyAsLong(gpu);
            Optional<ConcurrencyLimits> limits = servingAxis ? limits(inputs, gpu, bytes, engine) : Optional.empty();
            int fit = limits.isPresent() ? wholeSequences(limits.get().kvMaxConcurrency())
                    : engine.largestFitting(model, workload, effective, bytes);
            if (i == 0) {
                primaryLimits = limits.orElse(null);
            }
            largestFit = Math.max(largestFit, fit);
            lines.add(new CapacityLine(gpu.id(), messages.get("results.sweep.capacityLabel", gpu.name(),
                    messages.size(bytes, unit)), messages.size(bytes, unit), bytes, unit.fromBytes(bytes), fit,
                    fitText(effective, workload.mode(), gpu, fit), i == 0));
        }

        // Where the primary GPU's KV cache and the latency targets stop the concurrency.
        GpuSpec primaryGpu = gpus.isEmpty() ? null : gpus.get(0);
        boolean serving = servingAxis && primaryGpu != null;
        ServingMarks marks = primaryLimits != null ? marks(inputs, primaryGpu, primaryLimits) : ServingMarks.NONE;
        int widest = Math.max(largestFit, Math.max((int) Math.min(MAX_BATCH, Math.floor(marks.kvX())),
                marks.targetX()));
        int upper = upperBound(effective, current, widest, model);
        List<SweepPoint> next = new ArrayList<>();
        String what = messages.get("results.sweep.what." + axisKey(effective, workload.mode()));
        for (int x : xValues(upper)) {
            try {
                Workload at = with(effective, workload, x);
                long bytes = engine.estimate(model, at).peakBytes();
                String text = messages.get("results.sweep.point.tooltip", what, messages.integer(x),
                        messages.size(bytes, unit));
                if (serving) {
                    var tpot = engine.tpotMs(model, at, primaryGpu);
                    if (tpot.isPresent()) {
                        text = messages.get("results.sweep.point.tpot", text,
                                messages.decimal(tpot.getAsDouble(), 1));
                    }
                }
                next.add(new SweepPoint(x, bytes, unit.fromBytes(bytes), text));
            } catch (IllegalArgumentException e) {
                // A value the engine rejects (e.g. past what the parallel layout supports) is simply not drawn.
            }
        }

        axis.set(effective);
        upperX.set(upper);
        currentX.set(current);
        currentValue.set(unit.fromBytes(currentPeakBytes));
        axisLabel.set(messages.get("results.sweep.axis." + axisKey(effective, workload.mode())));
        axisShortLabel.set(messages.get("results.sweep.axisShort." + axisKey(effective, workload.mode())));
        valueAxisLabel.set(messages.get("results.sweep.valueAxis", unit.symbol()));
        valueUnit.set(unit.symbol());
        currentText.set(messages.get("results.sweep.current", what, messages.integer(current),
                messages.size(currentPeakBytes, unit)));
        fitSummary.set(lines.isEmpty() ? messages.get("results.sweep.noGpu") : lines.get(0).fitText());
        servingMarks.set(marks);
        capacityLines.setAll(lines);
        // Replaced last: a view that listens only to the points sees every other property already updated.
        points.setAll(next);
    }

    void clear() {
        servingMarks.set(ServingMarks.NONE);
        capacityLines.clear();
        points.clear();
        currentText.set("");
        fitSummary.set("");
    }

    /**
     * The axis's message-key suffix: served sequences are not micro-batches, so inference names its batch axis as the
     * workload panel does ("concurrent sequences").
     */
    static String axisKey(SweepAxis axis, Mode mode) {
        String key = axis.name().toLowerCase(Locale.ROOT);
        return axis == SweepAxis.BATCH && mode == Mode.INFER ? key + ".infer" : key;
    }

    /** Context only exists for inference; a training workload sweeps its sequence length instead. */
    static SweepAxis effectiveAxis(SweepAxis requested, Mode mode) {
        return requested == SweepAxis.CONTEXT && mode != Mode.INFER ? SweepAxis.SEQUENCE : requested;
    }

    static int valueOf(SweepAxis axis, Workload workload) {
        return switch (axis) {
            case BATCH -> workload.batch();
            case SEQUENCE -> workload.sequenceLength();
            case CONTEXT -> workload.effectiveContext();
        };
    }

    /**
     * The workload with the swept input set to {@code x}, coupled as the engine's inverse solver couples them: a longer
     * prompt widens an explicit context to hold it, and a shorter context caps the prompt.
     */
    static Workload with(SweepAxis axis, Workload workload, int x) {
        int context = workload.context();
        return switch (axis) {
            case BATCH -> workload.toBuilder().batch(x).build();
            case SEQUENCE -> workload.toBuilder().sequenceLength(x).context(context == 0 ? 0 : Math.max(context, x))
                    .build();
            case CONTEXT -> workload.toBuilder().context(x).sequenceLength(Math.min(workload.sequenceLength(), x))
                    .build();
        };
    }

    /**
     * The right end of the axis: at least twice the current value and, for tokens, the model's trained context,
     * widened to show the largest fit (plus a margin) unless that runs past the cap.
     */
    static int upperBound(SweepAxis axis, int current, int largestFit, ModelSpec model) {
        boolean tokens = axis != SweepAxis.BATCH;
        long cap = tokens ? MAX_TOKENS : MAX_BATCH;
        long upper = Math.max(tokens ? 1024 : 16, 2L * current);
        if (tokens) {
            upper = Math.max(upper, model.maxPositions());
        }
        if (largestFit > 0) {
            upper = Math.max(upper, (long) Math.ceil(largestFit * 1.25));
        }
        upper = Math.min(upper, Math.max(cap, 2L * current));
        return (int) Math.min(niceCeil(upper), Workload.MAX_TOKENS);
    }

    /** Rounds up to 1, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 times a power of ten, so the axis ends on a tick. */
    static long niceCeil(long v) {
        long magnitude = 1;
        while (magnitude * 10 <= v) {
            magnitude *= 10;
        }
        for (long tenths : new long[] {10, 15, 20, 25, 30, 40, 50, 60, 80, 100}) {
            long candidate = tenths * magnitude / 10;
            if (candidate >= v) {
                return candidate;
            }
        }
        return 10 * magnitude;
    }

    /** Evenly spaced integers from 1 to {@code upper}, every integer when there are few. */
    static List<Integer> xValues(int upper) {
        List<Integer> xs = new ArrayList<>();
        if (upper <= MAX_POINTS) {
            for (int x = 1; x <= upper; x++) {
                xs.add(x);
            }
            return xs;
        }
        int last = 0;
        for (int i = 0; i < MAX_POINTS; i++) {
            int x = (int) Math.max(1, Math.round(1 + (upper - 1) * (double) i / (MAX_POINTS - 1)));
            if (x > last) {
                xs.add(x);
                last = x;
            }
        }
        return xs;
    }

    /** What stops the concurrency on {@code gpu}; empty where the engine does not model serving. */
    private static Optional<ConcurrencyLimits> limits(ScenarioInputs inputs, GpuSpec gpu, long budgetBytes,
                                                      ResultsEngine engine) {
        // Without a chunk of its own the engine profiles its default chunk for this GPU, as the summary's figure does.
        Workload w = inputs.maxBatchedTokens() == 0
                ? inputs.servingEngine().onGpu(inputs.workload(), gpu.memoryBytesTotal(), gpu.name())
                : inputs.workload();
        return engine.concurrencyLimits(inputs.model(), w, gpu, budgetBytes, inputs.servingTargets());
    }

    /**
     * The whole sequences a KV cache of {@code concurrency} sequences holds: 107 for vLLM's "maximum concurrency"
     * of 107.08x. The window shows this one number wherever it names how many sequences fit.
     */
    public static int wholeSequences(double concurrency) {
        return (int) Math.max(0, Math.min(Integer.MAX_VALUE, Math.floor(concurrency + 1e-9)));
    }

    /**
     * The KV capacity line and, where the latency targets stop the concurrency before the KV cache does, the
     * latency-target line on {@code gpu}.
     */
    private ServingMarks marks(ScenarioInputs inputs, GpuSpec gpu, ConcurrencyLimits limits) {
        double kv = limits.kvMaxConcurrency();
        int whole = wholeSequences(kv);
        String kvLabel = messages.get("results.sweep.kvLine", messages.integer(whole));
        String tip = messages.get("results.sweep.kvTip", gpu.name(), messages.integer(whole),
                messages.integer(inputs.workload().effectiveContext()),
                limits.runningCap() == null ? messages.get("results.table.serving.noCap")
                        : messages.integer(limits.runningCap()),
                messages.decimal(Math.floor(kv * 100) / 100, 2));
        Integer within = limits.withinTargets();
        if (within == null || within >= whole) {
            // The targets (if any) hold at every count the KV cache holds: one line, one number.
            return new ServingMarks(whole, kvLabel, -1, "", within == null ? tip
                    : tip + "\n" + messages.get("results.sweep.targetTip", messages.integer(within),
                            targets(inputs)));
        }
        String targetLabel = messages.get("results.sweep.targetLine", messages.integer(within));
        return new ServingMarks(whole, kvLabel, within, targetLabel,
                tip + "\n" + messages.get("results.sweep.targetTip", messages.integer(within), targets(inputs)));
    }

    private String targets(ScenarioInputs inputs) {
        var t = inputs.servingTargets();
        List<String> parts = new ArrayList<>();
        if (t.tpotMs() > 0) {
            parts.add("TPOT \u2264 " + messages.get("results.table.ms", messages.decimal(t.tpotMs(), 0)));
        }
        if (t.ttftMs() > 0) {
            parts.add("TTFT \u2264 " + messages.get("results.table.ms", messages.decimal(t.ttftMs(), 0)));
        }
        return String.join(", ", parts);
    }

    private String fitText(SweepAxis axis, Mode mode, GpuSpec gpu, int fit) {
        String what = messages.get("results.sweep.what." + axisKey(axis, mode));
        return fit == 0
                ? messages.get("results.sweep.fitNone", what, gpu.name())
                : messages.get("results.sweep.fit", what, gpu.name(), messages.integer(fit));
    }

    /** The curve, one point per swept value; replaced in one change per recompute, after all other properties. */
    public ObservableList<SweepPoint> points() {
        return readOnlyPoints;
    }

    /** Capacity lines, the primary GPU first. */
    public ObservableList<CapacityLine> capacityLines() {
        return readOnlyLines;
    }

    /** The axis actually swept (context falls back to sequence length outside inference). */
    public ReadOnlyObjectProperty<SweepAxis> axisProperty() {
        return axis.getReadOnlyProperty();
    }

    /** The workload's current value of the swept input. */
    public ReadOnlyIntegerProperty currentXProperty() {
        return currentX.getReadOnlyProperty();
    }

    /** The current peak in the display unit. */
    public ReadOnlyDoubleProperty currentValueProperty() {
        return currentValue.getReadOnlyProperty();
    }

    /** Right end of the horizontal axis. */
    public ReadOnlyIntegerProperty upperXProperty() {
        return upperX.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty axisLabelProperty() {
        return axisLabel.getReadOnlyProperty();
    }

    /** The swept input in a word or two ("Micro-batch"), for an axis too short for {@link #axisLabelProperty()}. */
    public ReadOnlyStringProperty axisShortLabelProperty() {
        return axisShortLabel.getReadOnlyProperty();
    }

    /** Label of the memory axis, naming the unit. */
    public ReadOnlyStringProperty valueAxisLabelProperty() {
        return valueAxisLabel.getReadOnlyProperty();
    }

    /** The memory axis's unit alone ("GiB"), for an axis too short for its whole label. */
    public ReadOnlyStringProperty valueUnitProperty() {
        return valueUnit.getReadOnlyProperty();
    }

    /** The current point in words. */
    public ReadOnlyStringProperty currentTextProperty() {
        return currentText.getReadOnlyProperty();
    }

    /**
     * Serving over concurrent sequences: the primary GPU's KV capacity and the most sequences within the latency
     * targets, as vertical lines; {@link ServingMarks#NONE} on other axes and for training.
     */
    public ReadOnlyObjectProperty<ServingMarks> servingMarksProperty() {
        return servingMarks.getReadOnlyProperty();
    }

    /** The largest value that fits the primary GPU, in words. */
    public ReadOnlyStringProperty fitSummaryProperty() {
        return fitSummary.getReadOnlyProperty();
    }
}
