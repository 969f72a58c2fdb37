package com.vramadvisor.app.plan;

import com.vramadvisor.app.results.LayoutChoice;
import com.vramadvisor.app.results.PlanTexts;
import com.vramadvisor.app.results.ResultsMessages;
import com.vramadvisor.app.workload.NumberParser;
import com.vramadvisor.engine.llm.Estimate;
import com.vramadvisor.engine.llm.MemoryEstimator;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.Parallelism;
import com.vramadvisor.engine.llm.Recompute;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.plan.Bound;
import com.vramadvisor.engine.plan.MemoryModel;
import com.vramadvisor.engine.plan.PipelineBubble;
import com.vramadvisor.engine.plan.PlanCandidate;
import com.vramadvisor.engine.plan.Planner;
import com.vramadvisor.engine.plan.Rig;
import com.vramadvisor.engine.speed.SpeedSettings;
import com.vramadvisor.engine.ranking.RankingOptions;
import com.vramadvisor.engine.ranking.Recommender;
import com.vramadvisor.engine.serving.ServingEngine;
import com.vramadvisor.scenario.ScenarioInputs;
import com.vramadvisor.scenario.SizeUnit;
import com.vramadvisor.scenario.SweepAxis;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.concurrent.Executor;
import java.util.function.Consumer;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ObservableValue;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The layout planner for the live training workload: on one piece of hardware (a GPU in machines of its node class,
 * a system or a cloud instance), the fewest GPUs that fit and finish the scenario's token budget within a deadline,
 * and the fastest layouts there. Apply sets a layout in the scenario.
 *
 * <p>One search takes from a few milliseconds to a few tens, more for large models over many machines, so it runs on
 * the injected worker executor and never on the FX thread; {@link #busyProperty()} and {@link #progressProperty()}
 * drive the view meanwhile. The engine's search cannot be interrupted: {@link #cancel()} drops its answer when it
 * arrives (each request carries a generation number) and frees the controls at once.
 */
public final class PlannerViewModel {

    /** Layouts shown at the chosen GPU count: the choice and the next best, enough to weigh a trade-off. */
    static final int ALTERNATIVES = 5;
    /** Progress while a search runs: the engine reports none, so the indicator spins. */
    static final double INDETERMINATE = -1;

    private final ObservableValue<ScenarioInputs> snapshot;
    private final Consumer<ScenarioInputs> applyInputs;
    private final ResultsMessages messages;
    private final PlanTexts plans;
    private final Executor worker;
    private final Executor ui;

    private final ObservableList<PlanTarget> targets = FXCollections.observableArrayList();
    private final ObservableList<PlanTarget> readOnlyTargets = FXCollections.unmodifiableObservableList(targets);
    private final ObjectProperty<PlanTarget> target = new SimpleObjectProperty<>(this, "target");
    private final StringProperty deadlineText = new SimpleStringProperty(this, "deadlineText", "");
    private final StringProperty globalBatchText = new SimpleStringProperty(this, "globalBatchText", "");
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(this, "busy");
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(this, "progress");
    private final ReadOnlyStringWrapper summary = new ReadOnlyStringWrapper(this, "summary", "");
    private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper(this, "problem", "");
    private final ReadOnlyStringWrapper note = new ReadOnlyStringWrapper(this, "note", "");
    private final ObservableList<PlanRow> rows = FXCollections.observableArrayList();
    private final ObservableList<PlanRow> readOnlyRows = FXCollections.unmodifiableObservableList(rows);

    private long generation;
    private Outcome shown;

    /**
     * @param snapshot    the live scenario (the workload panel's snapshot)
     * @param targets     the hardware the planner offers, usually {@link PlanTarget#all}
     * @param applyInputs installs a scenario in the workload panel as one edit (one undo step)
     * @param worker      runs the search: a background thread, or {@code Runnable::run} in tests
     * @param ui          publishes the answer on the FX thread: {@code Platform::runLater}, or {@code Runnable::run}
     */
    public PlannerViewModel(ObservableValue<ScenarioInputs> snapshot, List<PlanTarget> targets,
                            Consumer<ScenarioInputs> applyInputs, ResultsMessages messages, Executor worker,
                            Executor ui) {
        this.snapshot = Objects.requireNonNull(snapshot, "snapshot");
        this.applyInputs = Objects.requireNonNull(applyInputs, "applyInputs");
        this.messages = Objects.requireNonNull(messages, "messages");
        this.plans = new PlanTexts(messages);
        this.worker = Objects.requireNonNull(worker, "worker");
        this.ui = Objects.requireNonNull(ui, "ui");
        this.targets.setAll(targets);
        ScenarioInputs first = snapshot.getValue();
        target.set(first == null ? null : targetFor(first.gpuId()));
        if (target.get() == null && !targets.isEmpty()) {
            target.set(targets.get(0));
        }
        showDeadline(first);
        snapshot.addListener((obs, old, now) -> scenarioChanged(old, now));
        messages.localeProperty().addListener((obs, old, now) -> {
            showDeadline(snapshot.getValue());
            if (shown != null) {
                render(shown);
            }
        });
    }

    /** The target for a catalog GPU id, {@code null} when the list has none. */
    public PlanTarget targetFor(String gpuId) {
        for (PlanTarget t : targets) {
            if (t.key().equals("gpu:" + gpuId)) {
                return t;
            }
        }
        return null;
    }

    private void showDeadline(ScenarioInputs inputs) {
        deadlineText.set(plans.days(inputs == null ? RankingOptions.DEFAULT_DEADLINE_DAYS : inputs.deadlineDays()));
    }

    private void scenarioChanged(ScenarioInputs old, ScenarioInputs now) {
        if (now == null) {
            return;
        }
        if (old == null || old.deadlineDays() != now.deadlineDays()) {
            showDeadline(now);
        }
        if (shown == null || shown.error() != null) {
            return;
        }
        if (old != null && old.sizeUnit() != now.sizeUnit()) {
            render(shown);
        }
        // Applying a layout changes the scenario, but not what the plan was made for.
        note.set(planKey(now).equals(planKey(shown.inputs())) ? "" : messages.get("plan.stale"));
    }

    /**
     * What a plan depends on in a scenario: the model, the workload apart from the layout the planner chooses itself
     * (parallelism, recomputation, gradient accumulation), the token budget and the GPU limit.
     */
    private static ScenarioInputs planKey(ScenarioInputs in) {
        Workload w = in.workload().toBuilder().parallelism(Parallelism.SINGLE_GPU).recompute(Recompute.NONE)
                .gradientAccumulation(1).build();
        return in.withWorkload(w).withGpuId("").withSizeUnit(SizeUnit.GIB).withSweepAxis(SweepAxis.BATCH)
                .withDeadlineDays(RankingOptions.DEFAULT_DEADLINE_DAYS);
    }

    /** What one search is asked: the scenario and the choices of the tab, read on the FX thread. */
    private record Request(long generation, ScenarioInputs inputs, PlanTarget target, double deadlineDays,
                           long globalBatchTokens) {
    }

    /** What one search found, or why it could not run. */
    private record Outcome(ScenarioInputs inputs, PlanTarget target, double deadlineDays, Rig rig,
                           Planner.Answer answer, String error) {
    }

    /**
     * Starts a search with the tab's choices for the live scenario; a typed value that is not acceptable, or an
     * inference workload, says what is wrong instead. Ignored while a search runs.
     */
    public void plan() {
        if (busy.get()) {
            return;
        }
        ScenarioInputs in = snapshot.getValue();
        if (in == null) {
            return;
        }
        if (in.workload().mode() == Mode.INFER) {
            problem.set(messages.get("plan.problem.inference"));
            return;
        }
        PlanTarget t = target.get();
        if (t == null) {
            problem.set(messages.get("plan.problem.noTarget"));
            return;
        }
        OptionalDouble days = NumberParser.parseDecimal(deadlineText.get());
        if (days.isEmpty() || !(days.getAsDouble() > 0 && days.getAsDouble() <= ScenarioInputs.MAX_DEADLINE_DAYS)) {
            problem.set(messages.get("results.filter.deadline.invalid", String.valueOf(deadlineText.get()).strip()));
            return;
        }
        long batch = 0;
        String batchText = globalBatchText.get() == null ? "" : globalBatchText.get().strip();
        if (!batchText.isEmpty()) {
            OptionalLong v = NumberParser.parse(batchText, NumberParser.Suffixes.DECIMAL);
            if (v.isEmpty() || v.getAsLong() < 1) {
                problem.set(messages.get("plan.problem.globalBatch", batchText));
                return;
            }
            batch = v.getAsLong();
        }
        problem.set("");
        Request request = new Request(++generation, in, t, days.getAsDouble(), batch);
        busy.set(true);
        progress.set(INDETERMINATE);
        summary.set(messages.get("plan.running", t.name()));
        worker.execute(() -> {
            Outcome outcome = search(request);
            ui.execute(() -> finish(request.generation(), outcome));
        });
    }

    /** Drops the running search's answer and frees the controls. */
    public void cancel() {
        if (!busy.get()) {
            return;
        }
        generation++;
        busy.set(false);
        progress.set(0);
        summary.set(messages.get("plan.cancelled"));
    }

    /** On the worker: one planner for this request, its answer for the target's rig. */
    private static Outcome search(Request r) {
        ScenarioInputs in = r.inputs();
        try {
            Workload w = in.workload();
            MemoryModel memory = Recommender.estimatorModel(new MemoryEstimator());
            Estimate single = memory.estimate(in.model(), w.toBuilder().parallelism(Parallelism.SINGLE_GPU).build());
            Planner planner = new Planner(memory, in.model(), w, single, new Planner.Settings(
                    SpeedSettings.fitted(), in.tokenBudget(), r.globalBatchTokens(), null));
            Rig rig = r.target().rig(ServingEngine.capacityBytes(r.target().gpu(), w));
            Planner.Answer answer = planner.plan(rig, in.maxGpus(), r.deadlineDays() * 24, ALTERNATIVES);
            // No count has a layout: say why (a global batch no layout splits) where the planner knows.
            String none = answer == null ? planner.noLayoutReason(rig, in.maxGpus()) : null;
            return new Outcome(in, r.target(), r.deadlineDays(), rig, answer, none);
        } catch (IllegalArgumentException rejected) {
            return new Outcome(in, r.target(), r.deadlineDays(), null, null, rejected.getMessage());
        }
    }

    private void finish(long request, Outcome outcome) {
        if (request != generation) {
            return;
        }
        busy.set(false);
        progress.set(1);
        shown = outcome;
        note.set("");
        render(outcome);
    }

    private void render(Outcome o) {
        if (o.error() != null) {
            problem.set(messages.get("plan.problem.engine", o.error()));
            summary.set("");
            rows.clear();
            return;
        }
        if (o.answer() == null) {
            summary.set(messages.get("plan.summary.none", o.target().name(), messages.integer(o.inputs().maxGpus())));
            rows.clear();
            return;
        }
        SizeUnit unit = snapshot.getValue() == null ? o.inputs().sizeUnit() : snapshot.getValue().sizeUnit();
        Planner.Answer a = o.answer();
        List<PlanCandidate> shownLayouts = a.alternatives().isEmpty() ? List.of(a.chosen()) : a.alternatives();
        List<PlanRow> next = new ArrayList<>(shownLayouts.size());
        for (PlanCandidate c : shownLayouts) {
            next.add(row(o, c, c == shownLayouts.get(0), unit));
        }
        summary.set(summaryText(o, unit));
        rows.setAll(next);
    }

    private PlanRow row(Outcome o, PlanCandidate c, boolean chosen, SizeUnit unit) {
        Double tps = c.step() == null ? null : c.step().tokensPerSecond();
        boolean late = c.hours() != null && c.hours() > o.deadlineDays() * 24;
        String note = c.tight() && late ? messages.get("plan.note.both") : c.tight() ? messages.get("plan.note.tight")
                : late ? messages.get("plan.note.late") : "";
        Double mfu = c.step() == null ? null : c.step().mfu();
        Bound bound = c.step() == null ? null : c.step().bound();
        return new PlanRow(c.layout(), o.target().gpu().id(), chosen, c.gpus(), messages.integer(c.gpus()),
                machines(o.rig(), c.gpus()), c.layout().label(), plans.layout(c.layout()), c.peakBytes(),
                messages.size(c.peakBytes(), unit), mfu, plans.mfu(mfu), tps, plans.speed(tps), c.hours(),
                plans.time(c.hours()), c.gpuHours(), plans.gpuHours(c.gpuHours()), bound, plans.bound(bound),
                plans.boundTip(bound), c.tight(), late, note);
    }

    private static int nodes(Rig rig, int gpus) {
        return (gpus + rig.gpusPerNode() - 1) / rig.gpusPerNode();
    }

    /** The machines a GPU count takes and, where there are several, the network that joins them. */
    private String machines(Rig rig, int gpus) {
        int nodes = nodes(rig, gpus);
        if (nodes <= 1) {
            return messages.get("plan.machines.one");
        }
        return messages.get("plan.machines.several", messages.integer(nodes),
                messages.integer(Math.min(gpus, rig.gpusPerNode())), rig.network());
    }

    private String summaryText(Outcome o, SizeUnit unit) {
        Planner.Answer a = o.answer();
        PlanCandidate c = a.chosen();
        String name = o.target().name();
        String machines = machines(o.rig(), c.gpus());
        if (!c.fits()) {
            return messages.get("plan.summary.noFit", messages.integer(c.gpus()), name,
                    messages.size(c.peakBytes(), unit), messages.size(o.rig().capacityBytes(), unit));
        }
        if (c.hours() == null) {
            return messages.get("plan.summary.noSpeed", messages.integer(c.gpus()), name, machines);
        }
        String deadline = plans.days(o.deadlineDays());
        String text = a.meetsDeadline()
                ? messages.get("plan.summary.meets", messages.integer(c.gpus()), name, machines,
                        messages.integer(o.inputs().tokenBudget()), plans.time(c.hours()), deadline)
                : messages.get("plan.summary.late", messages.integer(o.inputs().maxGpus()), deadline,
                        messages.integer(c.gpus()), machines, plans.time(c.hours()), name);
        Workload w = o.inputs().workload();
        Bound bound = c.step() == null ? null : c.step().bound();
        return PipelineBubble.of(c.layout(), c.layout().microBatchSize(w.batch()), bound)
                .map(h -> text + " " + messages.get("plan.bubble", messages.integer(h.microBatches()),
                        messages.integer(h.stages()), plans.mfu(h.fraction()),
                        messages.integer(h.suggestedMicroBatches()), plans.mfu(PipelineBubble.TARGET_FRACTION),
                        messages.integer(h.suggestedSequences() * w.sequenceLength()),
                        messages.integer(h.suggestedSequences())))
                .orElse(text);
    }

    /**
     * Sets the row's layout in the live scenario: parallel sizes, ZeRO stage, sequence parallelism, recomputation and
     * micro-batches per step (gradient accumulation), and the GPU it was planned for, as one edit (one undo step).
     */
    public void apply(PlanRow row) {
        ScenarioInputs now = snapshot.getValue();
        if (row == null || now == null) {
            return;
        }
        applyInputs.accept(LayoutChoice.adopt(now, row.layout(), row.gpuId()));
    }

    /** The hardware on offer, GPUs first. */
    public ObservableList<PlanTarget> targets() {
        return readOnlyTargets;
    }

    /** The hardware to plan on; the scenario's GPU at first. */
    public ObjectProperty<PlanTarget> targetProperty() {
        return target;
    }

    /** The deadline in days as typed; the scenario's deadline until edited here. */
    public StringProperty deadlineTextProperty() {
        return deadlineText;
    }

    /**
     * Tokens per optimizer step over all replicas as typed ({@code 4M}); empty keeps the workload's micro-batch and
     * gradient accumulation per replica.
     */
    public StringProperty globalBatchTextProperty() {
        return globalBatchText;
    }

    /** Whether a search is running. */
    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    /** 0 before the first search, {@value #INDETERMINATE} (indeterminate) while one runs, 1 when it is done. */
    public ReadOnlyDoubleProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }

    /** The answer in one or two sentences: GPUs, machines, time against the deadline. */
    public ReadOnlyStringProperty summaryProperty() {
        return summary.getReadOnlyProperty();
    }

    /** What is wrong with the request (a typed value, an inference workload, an engine refusal), empty otherwise. */
    public ReadOnlyStringProperty problemProperty() {
        return problem.getReadOnlyProperty();
    }

    /** A note that the scenario has changed since the rows were planned, empty otherwise. */
    public ReadOnlyStringProperty noteProperty() {
        return note.getReadOnlyProperty();
    }

    /** The planner's layouts at the chosen GPU count, its choice first. */
    public ObservableList<PlanRow> rows() {
        return readOnlyRows;
    }
}
