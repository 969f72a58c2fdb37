package com.vramadvisor.app.domain;

import com.vramadvisor.app.results.ResultsMessages;
import com.vramadvisor.engine.core.LargestFit;
import com.vramadvisor.engine.core.MemoryPart;
import com.vramadvisor.engine.core.Sizable;
import com.vramadvisor.engine.core.SizedEstimate;
import com.vramadvisor.engine.core.WorkloadKind;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.figures.PartNames;
import com.vramadvisor.report.EstimatorSentences;
import com.vramadvisor.report.WindowColours;
import com.vramadvisor.scenario.DomainInputs;
import com.vramadvisor.scenario.ScenarioInputs;
import com.vramadvisor.scenario.SizeUnit;
import com.vramadvisor.scenario.SpreadWorkload;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The breakdown of a workload beyond language models: its parts at the peak against the chosen GPU's usable memory,
 * the phase that sets the peak, what the estimate assumes and where intuition misleads, the largest value on the
 * workload's axis that fits the GPU, and the GPUs the workload needs as described.
 *
 * <p>Recomputed inline on each snapshot: one estimate and one bisection of about 60 estimates
 * ({@link LargestFit}) over records, well under a millisecond for the estimators' layer and part tables. A snapshot
 * of a language-model scenario leaves everything as it was, so switching back shows the last result at once.
 */
public final class DomainResultsViewModel {

    /** The most GPUs the GPU count tries, as the command line's {@code fit}. */
    static final int MAX_GPUS = 4096;

    private final ReadOnlyObjectProperty<ScenarioInputs> snapshot;
    private final DomainSizer sizer;
    private final Function<String, Optional<GpuSpec>> gpus;
    private final ResultsMessages messages;
    private final ReadOnlyBooleanWrapper active = new ReadOnlyBooleanWrapper(this, "active");
    private final ReadOnlyObjectWrapper<WorkloadKind> kind = new ReadOnlyObjectWrapper<>(this, "kind");
    private final ReadOnlyObjectWrapper<Sizable> workload = new ReadOnlyObjectWrapper<>(this, "workload");
    private final ReadOnlyObjectWrapper<SizedEstimate> estimate = new ReadOnlyObjectWrapper<>(this, "estimate");
    private final ReadOnlyStringWrapper subject = new ReadOnlyStringWrapper(this, "subject", "");
    private final ReadOnlyStringWrapper headline = new ReadOnlyStringWrapper(this, "headline", "");
    private final ReadOnlyLongWrapper peakBytes = new ReadOnlyLongWrapper(this, "peakBytes");
    private final ReadOnlyLongWrapper capacityBytes = new ReadOnlyLongWrapper(this, "capacityBytes");
    private final ReadOnlyStringWrapper capacityText = new ReadOnlyStringWrapper(this, "capacityText", "");
    private final ReadOnlyStringWrapper capacityMarkerText = new ReadOnlyStringWrapper(this, "capacityMarker", "");
    private final ReadOnlyBooleanWrapper fits = new ReadOnlyBooleanWrapper(this, "fits", true);
    private final ReadOnlyStringWrapper fitText = new ReadOnlyStringWrapper(this, "fitText", "");
    private final ReadOnlyStringWrapper largestText = new ReadOnlyStringWrapper(this, "largestText", "");
    private final ReadOnlyStringWrapper gpusText = new ReadOnlyStringWrapper(this, "gpusText", "");
    private final ObservableList<String> assumptions = FXCollections.observableArrayList();
    private final ObservableList<String> caveats = FXCollections.observableArrayList();
    private final ObservableList<PartRow> rows = FXCollections.observableArrayList();
    private final ObservableList<String> readOnlyAssumptions = FXCollections.unmodifiableObservableList(assumptions);
    private final ObservableList<String> readOnlyCaveats = FXCollections.unmodifiableObservableList(caveats);
    private final ObservableList<PartRow> readOnlyRows = FXCollections.unmodifiableObservableList(rows);
    private Key lastKey;
    /** A GPU shown instead of the scenario's while a table row of it is selected; empty: the scenario's. */
    private String shownGpuId = "";
    private String scenarioGpuId = "";

    /** Everything a result depends on besides the locale. */
    private record Key(WorkloadKind kind, DomainInputs domain, String gpuId, SizeUnit unit) {
    }

    /**
     * @param snapshot the scenario as the workload panel publishes it
     * @param sizer    builds the workload through its kind's estimator
     * @param gpus     the catalog GPU with an id
     */
    public DomainResultsViewModel(ReadOnlyObjectProperty<ScenarioInputs> snapshot, DomainSizer sizer,
                                  Function<String, Optional<GpuSpec>> gpus, ResultsMessages messages) {
        this.snapshot = Objects.requireNonNull(snapshot, "snapshot");
        this.sizer = Objects.requireNonNull(sizer, "sizer");
        this.gpus = Objects.requireNonNull(gpus, "gpus");
        this.messages = Objects.requireNonNull(messages, "messages");
        snapshot.addListener(obs -> recompute());
        messages.localeProperty().addListener(obs -> {
            lastKey = null;
            recompute();
        });
        recompute();
    }

    private void recompute() {
        ScenarioInputs in = snapshot.get();
        if (in == null) {
            return;
        }
        if (in.kind() != kind.get() || !in.gpuId().equals(scenarioGpuId)) {
            // Another kind's table, or the scenario's GPU changed (the panel, a click in the table, undo): the
            // scenario's GPU is the one shown again.
            scenarioGpuId = in.gpuId();
            shownGpuId = "";
        }
        kind.set(in.kind());
        String gpuId = shownGpuId.isEmpty() ? in.gpuId() : shownGpuId;
        active.set(!in.languageModel());
        if (in.languageModel()) {
            return;
        }
        Key key = new Key(in.kind(), in.domain(), gpuId, in.sizeUnit());
        if (key.equals(lastKey)) {
            return;
        }
        lastKey = key;
        Optional<Sizable> built;
        SizedEstimate e;
        try {
            built = sizer.build(in);
            e = built.isPresent() ? built.get().estimate() : null;
        } catch (IllegalArgumentException ex) {
            clear(messages.get("domain.results.refused", String.valueOf(ex.getMessage())));
            return;
        }
        if (e == null) {
            clear(messages.get("domain.results.noEstimator", messages.get("domain.results.kind." + in.kind().id())));
            return;
        }
        show(in, built.get(), e, gpus.apply(gpuId).orElse(null));
    }

    private void show(ScenarioInputs in, Sizable w, SizedEstimate e, GpuSpec gpu) {
        SizeUnit unit = in.sizeUnit();
        long total = e.peakBytes();
        workload.set(w);
        estimate.set(e);
        EstimatorSentences sentences = EstimatorSentences.of(messages.locale());
        String what = sentences.text(e.subjectSentence());
        subject.set(e.parameters().isPresent()
                ? messages.get("domain.results.subject.parameters", what, messages.integer(
                        e.parameters().getAsLong()))
                : what);
        peakBytes.set(total);
        String phase = DomainTexts.phase(e.peakPhase(), messages.locale());
        headline.set(e.range().lowBytes() == e.range().highBytes()
                ? messages.get("domain.results.headline", messages.size(total, unit), phase)
                : messages.get("domain.results.headline.range", messages.size(total, unit), phase,
                        messages.size(e.range().lowBytes(), unit), messages.size(e.range().highBytes(), unit)));
        // The estimator's sentences in the window's language (English where the bundle has no wording for them).
        assumptions.setAll(e.assumptionSentences().stream().map(sentences::text).toList());
        caveats.setAll(e.caveatSentences().stream().map(sentences::text).toList());
        List<PartRow> next = new ArrayList<>();
        int i = 0;
        for (MemoryPart p : e.parts()) {
            String name = partName(p);
            String share = messages.percent(total == 0 ? 0 : p.bytes() / (double) total, 1);
            String size = messages.size(p.bytes(), unit);
            next.add(new PartRow(p.id(), name, p.bytes(), size, share, messages.get("domain.results.part.tooltip",
                    name, size, messages.integer(p.bytes()), share, sentences.text(p.formulaSentence())), WindowColours.partSlot(i)));
            i++;
        }
        boolean spreads = w.perGpu(2).isPresent();
        if (gpu == null) {
            capacityBytes.set(0);
            capacityText.set(messages.get("results.breakdown.noGpu"));
            capacityMarkerText.set("");
            fits.set(true);
            fitText.set("");
            largestText.set("");
            gpusText.set(spreads ? "" : messages.get("domain.results.gpus.noSpread"));
        } else {
            long usable = gpu.memoryBytesUsable();
            capacityBytes.set(usable);
            capacityText.set(messages.get("domain.results.capacity", gpu.name(), messages.size(usable, unit)));
            capacityMarkerText.set(messages.get("results.breakdown.capacity.marker", messages.size(usable, unit)));
            fits.set(total <= usable);
            fitText.set(switch (e.verdict(usable)) {
                case FITS -> messages.get("results.breakdown.fits", messages.size(usable - total, unit),
                        messages.percent((usable - total) / (double) usable, 0));
                // Three states: the capacity lies inside the range, whether the peak itself fits or not.
                case TIGHT -> messages.get("domain.results.tight", messages.size(e.range().highBytes(), unit));
                case DOES_NOT_FIT -> messages.get("results.breakdown.over", messages.size(total - usable, unit));
            });
            long largest = LargestFit.largest(w, usable);
            String axis = axisName(w);
            String count = messages.integer(w instanceof SpreadWorkload s ? s.gpus() : 1);
            largestText.set(largest == 0
                    ? messages.get("domain.results.largest.none", axis, messages.integer(w.axis().min()), gpu.name(),
                            count)
                    : messages.get("domain.results.largest", axis, messages.integer(largest), gpu.name(), count));
            if (spreads) {
                int n = LargestFit.fewestGpus(w, usable, MAX_GPUS);
                gpusText.set(n == 0 ? messages.get("domain.results.gpus.more", messages.integer(MAX_GPUS))
                        : messages.get("domain.results.gpus", messages.integer(n), gpu.name()));
            } else {
                gpusText.set(messages.get("domain.results.gpus.noSpread"));
            }
        }
        // Replaced last: a view listening to the rows sees every other property already updated.
        rows.setAll(next);
    }

    /** A part's name as a legend entry ({@link PartNames#asLegend}). */
    private String partName(MemoryPart p) {
        return PartNames.asLegend(DomainTexts.part(p, messages.locale()));
    }

    /** The axis's name, starting a line: "Batch", "Atoms". */
    private String axisName(Sizable w) {
        String name = DomainTexts.axis(w.axis(), messages.locale());
        return name.isEmpty() ? name : name.substring(0, 1).toUpperCase(messages.locale()) + name.substring(1);
    }

    private void clear(String message) {
        workload.set(null);
        estimate.set(null);
        subject.set("");
        headline.set(message);
        peakBytes.set(0);
        capacityBytes.set(0);
        capacityText.set("");
        capacityMarkerText.set("");
        fits.set(false);
        fitText.set("");
        largestText.set("");
        gpusText.set("");
        assumptions.clear();
        caveats.clear();
        rows.clear();
    }

    /**
     * Shows the breakdown against {@code gpuId}, a selected table row's GPU, without changing the scenario; the
     * scenario's GPU is shown again when it changes.
     */
    public void showGpu(String gpuId) {
        String next = gpuId == null ? "" : gpuId;
        if (!next.equals(shownGpuId)) {
            shownGpuId = next;
            recompute();
        }
    }

    /** Whether the scenario sizes a kind beyond language models, so these results are the ones to show. */
    public ReadOnlyBooleanProperty activeProperty() { return active.getReadOnlyProperty(); }
    /** The scenario's workload kind, language models included: a new kind starts its results from the top. */
    public ReadOnlyObjectProperty<WorkloadKind> kindProperty() { return kind.getReadOnlyProperty(); }
    /** The workload the inputs describe; {@code null} while they are refused or the kind has no estimator. */
    public ReadOnlyObjectProperty<Sizable> workloadProperty() { return workload.getReadOnlyProperty(); }
    public ReadOnlyObjectProperty<SizedEstimate> estimateProperty() { return estimate.getReadOnlyProperty(); }
    /** What is sized, in the estimator's words, with the parameter count where there is one. */
    public ReadOnlyStringProperty subjectProperty() { return subject.getReadOnlyProperty(); }
    /** The peak and the phase that sets it, or why there is no estimate. */
    public ReadOnlyStringProperty headlineProperty() { return headline.getReadOnlyProperty(); }
    public ReadOnlyLongProperty peakBytesProperty() { return peakBytes.getReadOnlyProperty(); }
    /** Usable bytes of the chosen GPU; 0 when none is chosen. */
    public ReadOnlyLongProperty capacityBytesProperty() { return capacityBytes.getReadOnlyProperty(); }
    public ReadOnlyStringProperty capacityTextProperty() { return capacityText.getReadOnlyProperty(); }
    public ReadOnlyStringProperty capacityMarkerTextProperty() { return capacityMarkerText.getReadOnlyProperty(); }
    /** Whether the peak fits the chosen GPU; true when none is chosen. */
    public ReadOnlyBooleanProperty fitsProperty() { return fits.getReadOnlyProperty(); }
    public ReadOnlyStringProperty fitTextProperty() { return fitText.getReadOnlyProperty(); }
    /** The largest value on the workload's axis that fits the chosen GPU, in words. */
    public ReadOnlyStringProperty largestTextProperty() { return largestText.getReadOnlyProperty(); }
    /** GPUs of the chosen kind the workload needs as described, or why more GPUs do not help. */
    public ReadOnlyStringProperty gpusTextProperty() { return gpusText.getReadOnlyProperty(); }
    public ObservableList<String> assumptions() { return readOnlyAssumptions; }
    public ObservableList<String> caveats() { return readOnlyCaveats; }
    /** The parts at the peak in the estimator's order; replaced once per recompute, after everything else. */
    public ObservableList<PartRow> rows() { return readOnlyRows; }
    public ResultsMessages messages() { return messages; }
}
