package com.vramadvisor.app.results;

import com.vramadvisor.engine.serving.ServingEngine;
import com.vramadvisor.scenario.DomainInputs;
import com.vramadvisor.scenario.ScenarioInputs;
import com.vramadvisor.engine.llm.Estimate;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.ranking.RankingOptions;
import com.vramadvisor.engine.ranking.Recommendation;
import com.vramadvisor.engine.ranking.RecommendationRow;
import com.vramadvisor.figures.VerdictText;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicReference;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;

/**
 * Turns each scenario snapshot into everything the result views show: the estimate and its breakdown, the sweep
 * and the decision table.
 *
 * <p>The charts are recomputed on the caller's (FX) thread: one estimate costs microseconds, and the sweep's at most
 * {@value SweepViewModel#MAX_POINTS} estimates plus one inverse search per capacity line stay well under a
 * millisecond. The ranking goes through two injected executors: since training rows are laid out by the planner (a
 * search over layouts and GPU counts for every option, several milliseconds to a few tens for the shipped catalog),
 * the application runs it on a worker thread. Requests carry a generation number, a request that arrives while the
 * worker is busy replaces the one still waiting, and a result that a newer request has overtaken is dropped. Tests
 * pass same-thread executors.
 */
public final class ResultsViewModel {

    private final ReadOnlyObjectProperty<ScenarioInputs> snapshot;
    private final ResultsEngine engine;
    private final ResultsMessages messages;
    private final Executor worker;
    private final Executor ui;
    private final AtomicReference<RankingRequest> pendingRanking = new AtomicReference<>();
    private long generation;
    private final Map<String, GpuSpec> gpusById = new LinkedHashMap<>();

    private final BreakdownViewModel breakdown;
    private final SweepViewModel sweep;
    private final DecisionTableViewModel table;

    private final ReadOnlyObjectWrapper<Estimate> estimate = new ReadOnlyObjectWrapper<>(this, "estimate");
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper(this, "error", "");
    private final StringProperty selectedGpuId = new SimpleStringProperty(this, "selectedGpuId", "");
    private final ObservableList<String> comparedGpuIds = FXCollections.observableArrayList();
    private final ReadOnlyObjectWrapper<GpuSpec> selectedGpu = new ReadOnlyObjectWrapper<>(this, "selectedGpu");
    private Key lastKey;
    /** The worker's row formatter; touched only by the worker (one thread, or the caller's when inline). */
    private DecisionRows workerRows;
    private boolean selecting;

    /**
     * @param worker runs the ranking: {@code Runnable::run} for inline, or one background thread
     * @param ui     runs the ranking's result on the FX thread: {@code Runnable::run} when the worker is inline,
     *               {@code Platform::runLater} otherwise
     */
    public ResultsViewModel(ReadOnlyObjectProperty<ScenarioInputs> snapshot, ResultsEngine engine,
                            ResultsMessages messages, Executor worker, Executor ui) {
        this.snapshot = Objects.requireNonNull(snapshot, "snapshot");
        this.engine = Objects.requireNonNull(engine, "engine");
        this.messages = Objects.requireNonNull(messages, "messages");
        this.worker = Objects.requireNonNull(worker, "worker");
        this.ui = Objects.requireNonNull(ui, "ui");
        for (GpuSpec gpu : engine.gpus()) {
            gpusById.put(gpu.id(), gpu);
        }
        this.breakdown = new BreakdownViewModel(messages);
        this.sweep = new SweepViewModel(messages);
        this.table = new DecisionTableViewModel(messages);
        table.onGpuSelection(this::selectGpus);
        breakdown.showSelectedOption(table.selectedOptionProperty());
        breakdown.showSelectedLayout(table.selectedLayoutProperty());

        snapshot.addListener((obs, old, now) -> {
            // The workload panel's GPU choice wins when it changes; otherwise keep what the table selected.
            if (now != null && (old == null || !old.gpuId().equals(now.gpuId())) && !now.gpuId().isEmpty()) {
                if (!selecting && table.gpuChosenElsewhere(now.gpuId())) {
                    // The other GPUs' capacity lines came with the dropped table selection.
                    comparedGpuIds.clear();
                }
                selectedGpuId.set(now.gpuId());
            }
            recompute();
        });
        selectedGpuId.addListener((obs, old, now) -> recompute());
        table.goalProperty().addListener((obs, old, now) -> recompute());
        comparedGpuIds.addListener((ListChangeListener<String>) c -> recompute());
        messages.localeProperty().addListener((obs, old, now) -> {
            lastKey = null;
            recompute();
        });
        ScenarioInputs first = snapshot.get();
        if (first != null && !first.gpuId().isEmpty()) {
            selectedGpuId.set(first.gpuId());
        }
        recompute();
    }

    /**
     * Everything a recompute depends on besides the locale; the inputs carry the token budget, GPU limit and
     * deadline, the goal the ranking's sort key.
     */
    private record Key(ScenarioInputs inputs, String gpuId, List<String> comparedGpuIds, RankingGoal goal) {
    }

    /**
     * Recomputes everything from the engine's catalog as it is now: after the catalog was reloaded (the user saved
     * prices of their own), the same inputs give other costs.
     */
    public void refresh() {
        gpusById.clear();
        for (GpuSpec gpu : engine.gpus()) {
            gpusById.put(gpu.id(), gpu);
        }
        lastKey = null;
        recompute();
    }

    /** A table selection: one GPU for the breakdown, the others' capacities on the sweep, one recompute. */
    private void selectGpus(String primary, List<String> others) {
        selecting = true;
        try {
            comparedGpuIds.setAll(others);
            selectedGpuId.set(primary);
        } finally {
            selecting = false;
        }
        recompute();
    }

    private void recompute() {
        ScenarioInputs inputs = snapshot.get();
        if (inputs == null || selecting || !inputs.languageModel()) {
            // Another kind has results of its own; these stay as they were for when the user switches back.
            return;
        }
        // Serving ranks by users per dollar unless the user chose another goal; a goal change recomputes at once.
        table.followMode(inputs.workload().mode());
        // The table's selection reaches us twice when the shell binds it to the workload panel's GPU (directly and
        // through the next snapshot); the second time nothing has changed and nothing is redone.
        Key key = new Key(inputs.withGpuId("").withDomain(DomainInputs.defaults()), selectedGpuId.get(), List.copyOf(comparedGpuIds),
                table.goalProperty().get());
        if (key.equals(lastKey)) {
            return;
        }
        lastKey = key;
        GpuSpec primary = gpusById.get(selectedGpuId.get());
        selectedGpu.set(primary);
        long request = ++generation;
        Estimate e;
        try {
            e = engine.estimate(inputs.model(), inputs.workload());
        } catch (IllegalArgumentException ex) {
            // The engine names the problem in one line; show it instead of stale numbers.
            estimate.set(null);
            error.set(ex.getMessage());
            breakdown.clear(messages.get("results.error", ex.getMessage()));
            sweep.clear();
            table.clear();
            pendingRanking.set(null);
            return;
        }
        error.set("");
        estimate.set(e);
        long capacity = primary == null ? 0 : ServingEngine.capacityBytes(primary, inputs.workload());
        breakdown.update(inputs, e, primary, capacity);
        sweep.update(inputs, e.peakBytes(), capacityGpus(primary), g -> ServingEngine.capacityBytes(g, inputs.workload()),
                engine);
        requestRanking(new RankingRequest(request, inputs, table.rankingOptions(inputs), messages.locale()));
    }

    /**
     * One ranking to compute: the inputs, the options built from them and the goal, the language of the table's
     * texts, and the generation that asked.
     */
    private record RankingRequest(long generation, ScenarioInputs inputs, RankingOptions options, Locale locale) {
    }

    private void requestRanking(RankingRequest request) {
        table.rankingStarted();
        // Only an empty slot needs a new worker turn; otherwise the turn already queued will take this request.
        if (pendingRanking.getAndSet(request) == null) {
            worker.execute(this::rankPending);
        }
    }

    /**
     * On the worker: ranks the latest waiting request, formats the table's rows (about a thousand numbers and
     * texts) and hands them to the FX thread, which then only replaces the table's items. The worker formats with
     * texts of its own, for the request's language: {@link ResultsMessages} is not shared between threads.
     */
    private void rankPending() {
        RankingRequest request = pendingRanking.getAndSet(null);
        if (request == null) {
            return;
        }
        ScenarioInputs in = request.inputs();
        Recommendation recommendation;
        try {
            recommendation = engine.recommend(in.model(), in.workload(), request.options());
        } catch (IllegalArgumentException ex) {
            recommendation = null;
        }
        List<RecommendationRow> ranked = recommendation == null ? List.of() : recommendation.rows();
        int considered = recommendation == null ? 0 : recommendation.optionsConsidered();
        if (workerRows == null || !workerRows.locale().equals(request.locale())) {
            workerRows = new DecisionRows(new ResultsMessages(request.locale()));
        }
        List<DecisionRow> rows = new ArrayList<>(ranked.size());
        for (RecommendationRow r : ranked) {
            rows.add(workerRows.row(r, in.sizeUnit(), in.workload().mode(), gpusById, request.options()));
        }
        String verdict = recommendation == null ? "" : VerdictText.of(request.locale())
                .sentence(recommendation.verdict());
        ui.execute(() -> {
            if (request.generation() == generation) {
                table.update(in, rows, considered, request.options(), verdict);
            }
        });
    }

    /** The primary GPU first, then the other compared GPUs, each once. */
    private List<GpuSpec> capacityGpus(GpuSpec primary) {
        List<GpuSpec> list = new ArrayList<>();
        if (primary != null) {
            list.add(primary);
        }
        for (String id : comparedGpuIds) {
            GpuSpec gpu = gpusById.get(id);
            if (gpu != null && !list.contains(gpu)) {
                list.add(gpu);
            }
        }
        return list;
    }

    public ResultsMessages messages() {
        return messages;
    }

    public BreakdownViewModel breakdown() {
        return breakdown;
    }

    public SweepViewModel sweep() {
        return sweep;
    }

    public DecisionTableViewModel table() {
        return table;
    }

    /** The latest estimate; {@code null} while the inputs are rejected. */
    public ReadOnlyObjectProperty<Estimate> estimateProperty() {
        return estimate.getReadOnlyProperty();
    }

    /** The engine's one-line reason when it rejects the inputs, empty otherwise. */
    public ReadOnlyStringProperty errorProperty() {
        return error.getReadOnlyProperty();
    }

    /** Catalog id of the GPU the breakdown is drawn for; the table and the workload panel both set it. */
    public StringProperty selectedGpuIdProperty() {
        return selectedGpuId;
    }

    /** The GPU behind {@link #selectedGpuIdProperty()}, {@code null} when the id is empty or unknown. */
    public ReadOnlyObjectProperty<GpuSpec> selectedGpuProperty() {
        return selectedGpu.getReadOnlyProperty();
    }

    /** Further GPUs whose capacity the sweep chart draws, besides the selected one. */
    public ObservableList<String> comparedGpuIds() {
        return comparedGpuIds;
    }
}
