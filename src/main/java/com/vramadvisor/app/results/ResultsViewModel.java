package com.vramadvisor.app.results;

import com.vramadvisor.app.workload.ScenarioInputs;
import com.vramadvisor.engine.Estimate;
import com.vramadvisor.engine.hardware.GpuSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
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
 * <p>Recomputation runs inline on the caller's (FX) thread: one estimate costs microseconds and the whole update
 * (breakdown, a sweep of at most {@value SweepViewModel#MAX_POINTS} estimates, one inverse search per capacity line
 * and the ranking over the catalog) stays around a millisecond, well inside a 60 Hz frame, so a debounce and a worker
 * would only add latency and stale-result handling. {@code docs/benchmarks.md} records the measured figures.
 */
public final class ResultsViewModel {

    private final ReadOnlyObjectProperty<ScenarioInputs> snapshot;
    private final ResultsEngine engine;
    private final ResultsMessages messages;
    private final Map<String, GpuSpec> gpusById = new LinkedHashMap<>();

    private final BreakdownViewModel breakdown;
    private final SweepViewModel sweep;

    private final ReadOnlyObjectWrapper<Estimate> estimate = new ReadOnlyObjectWrapper<>(this, "estimate");
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper(this, "error", "");
    private final StringProperty selectedGpuId = new SimpleStringProperty(this, "selectedGpuId", "");
    private final ObservableList<String> comparedGpuIds = FXCollections.observableArrayList();
    private final ReadOnlyObjectWrapper<GpuSpec> selectedGpu = new ReadOnlyObjectWrapper<>(this, "selectedGpu");
    private Key lastKey;

    public ResultsViewModel(ReadOnlyObjectProperty<ScenarioInputs> snapshot, ResultsEngine engine,
                            ResultsMessages messages) {
        this.snapshot = Objects.requireNonNull(snapshot, "snapshot");
        this.engine = Objects.requireNonNull(engine, "engine");
        this.messages = Objects.requireNonNull(messages, "messages");
        for (GpuSpec gpu : engine.gpus()) {
            gpusById.put(gpu.id(), gpu);
        }
        this.breakdown = new BreakdownViewModel(messages);
        this.sweep = new SweepViewModel(messages);

        snapshot.addListener((obs, old, now) -> {
            // The workload panel's GPU choice wins when it changes; otherwise keep what the table selected.
            if (now != null && (old == null || !old.gpuId().equals(now.gpuId())) && !now.gpuId().isEmpty()) {
                selectedGpuId.set(now.gpuId());
            }
            recompute();
        });
        selectedGpuId.addListener((obs, old, now) -> recompute());
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

    /** Everything a recompute depends on besides the locale. */
    private record Key(ScenarioInputs inputs, String gpuId, List<String> comparedGpuIds) {
    }

    private void recompute() {
        ScenarioInputs inputs = snapshot.get();
        if (inputs == null) {
            return;
        }
        // The table's selection reaches us twice when the shell binds it to the workload panel's GPU (directly and
        // through the next snapshot); the second time nothing has changed and nothing is redone.
        Key key = new Key(inputs.withGpuId(""), selectedGpuId.get(), List.copyOf(comparedGpuIds));
        if (key.equals(lastKey)) {
            return;
        }
        lastKey = key;
        GpuSpec primary = gpusById.get(selectedGpuId.get());
        selectedGpu.set(primary);
        Estimate e;
        try {
            e = engine.estimate(inputs.model(), inputs.workload());
        } catch (IllegalArgumentException ex) {
            // The engine names the problem in one line; show it instead of stale numbers.
            estimate.set(null);
            error.set(ex.getMessage());
            breakdown.clear(messages.get("results.error", ex.getMessage()));
            sweep.clear();
            return;
        }
        error.set("");
        estimate.set(e);
        breakdown.update(inputs, e, primary);
        sweep.update(inputs, e.peakBytes(), capacityGpus(primary), engine);
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
