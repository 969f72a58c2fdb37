package com.vramadvisor.app.results;

import com.vramadvisor.scenario.SizeUnit;
import com.vramadvisor.scenario.ScenarioInputs;
import com.vramadvisor.engine.llm.Estimate;
import com.vramadvisor.engine.llm.PhaseBreakdown;
import com.vramadvisor.engine.hardware.GpuSpec;
import java.util.ArrayList;
import java.util.List;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.value.ObservableValue;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The memory breakdown at the peak phase for the chosen GPU: one row per non-zero component, the peak, the phase
 * that sets it, and the GPU's usable capacity drawn against it.
 */
public final class BreakdownViewModel {

    private final ResultsMessages messages;
    private final ComponentRows componentRows;

    private final ObservableList<ComponentRow> rows = FXCollections.observableArrayList();
    private final ObservableList<ComponentRow> readOnlyRows = FXCollections.unmodifiableObservableList(rows);
    private final ObservableList<PhaseRow> phases = FXCollections.observableArrayList();
    private final ObservableList<PhaseRow> readOnlyPhases = FXCollections.unmodifiableObservableList(phases);
    private final ReadOnlyLongWrapper peakBytes = new ReadOnlyLongWrapper(this, "peakBytes");
    private final ReadOnlyLongWrapper rangeLowBytes = new ReadOnlyLongWrapper(this, "rangeLowBytes");
    private final ReadOnlyLongWrapper rangeHighBytes = new ReadOnlyLongWrapper(this, "rangeHighBytes");
    private final ReadOnlyStringWrapper peakText = new ReadOnlyStringWrapper(this, "peakText", "");
    private final ReadOnlyStringWrapper peakPhaseText = new ReadOnlyStringWrapper(this, "peakPhaseText", "");
    private final ReadOnlyStringWrapper headline = new ReadOnlyStringWrapper(this, "headline", "");
    private final ReadOnlyLongWrapper capacityBytes = new ReadOnlyLongWrapper(this, "capacityBytes");
    private final ReadOnlyStringWrapper capacityText = new ReadOnlyStringWrapper(this, "capacityText", "");
    private final ReadOnlyStringWrapper capacityMarkerText = new ReadOnlyStringWrapper(this, "capacityMarkerText", "");
    private final ReadOnlyStringWrapper capacityTooltip = new ReadOnlyStringWrapper(this, "capacityTooltip", "");
    private final ReadOnlyBooleanWrapper fits = new ReadOnlyBooleanWrapper(this, "fits", true);
    private final ReadOnlyStringWrapper fitText = new ReadOnlyStringWrapper(this, "fitText", "");
    private final ReadOnlyStringWrapper offloadText = new ReadOnlyStringWrapper(this, "offloadText", "");
    private final ReadOnlyStringWrapper selectedOption = new ReadOnlyStringWrapper(this, "selectedOption", "");
    private final ObjectProperty<SelectedLayout> selectedLayout = new SimpleObjectProperty<>(this, "selectedLayout");
    private SizeUnit lastUnit = SizeUnit.GIB;
    private GpuSpec lastGpu;
    private long lastUsable;
    private long lastTotal;

    BreakdownViewModel(ResultsMessages messages) {
        selectedLayout.addListener((obs, old, now) -> showFit());
        this.messages = messages;
        this.componentRows = new ComponentRows(messages);
    }

    /**
     * @param gpu      the chosen GPU, {@code null} for none
     * @param capacity what the peak is judged against on that GPU (usable memory or a serving reservation), bytes
     */
    void update(ScenarioInputs inputs, Estimate estimate, GpuSpec gpu, long capacity) {
        SizeUnit unit = inputs.sizeUnit();
        long total = estimate.peakBytes();
        List<ComponentRow> next = componentRows.atPeak(inputs, estimate);
        List<PhaseRow> nextPhases = new ArrayList<>();
        for (PhaseBreakdown p : estimate.phases()) {
            nextPhases.add(new PhaseRow(messages.get("results.phase.label." + p.phase().id()), p.totalBytes(),
                    format(unit, p.totalBytes()), p.phase() == estimate.peakPhase()));
        }
        phases.setAll(nextPhases);
        peakBytes.set(total);
        rangeLowBytes.set(estimate.range().lowBytes());
        rangeHighBytes.set(estimate.range().highBytes());
        peakText.set(format(unit, total));
        String phase = componentRows.phaseName(estimate);
        peakPhaseText.set(phase);
        headline.set(messages.get("results.breakdown.headline", format(unit, total), phase));
        offloadText.set(offloadLine(unit, estimate));

        if (gpu == null) {
            lastGpu = null;
            capacityBytes.set(0);
            capacityText.set(messages.get("results.breakdown.noGpu"));
            capacityMarkerText.set("");
            capacityTooltip.set(messages.get("results.breakdown.noGpu.tooltip"));
            fits.set(true);
            fitText.set("");
        } else {
            updateCapacity(unit, gpu, capacity, total);
        }
        // Replaced last: a view that listens only to the rows sees every other property already updated.
        rows.setAll(next);
    }

    private void updateCapacity(SizeUnit unit, GpuSpec gpu, long usable, long total) {
        lastUnit = unit;
        lastGpu = gpu;
        lastUsable = usable;
        lastTotal = total;
        capacityBytes.set(usable);
        // One unit for every figure (View > Units); the total beside the usable memory shows what the driver and the
        // firmware keep, and the tooltip gives the figure the card is sold by, which for some cards ("141GB") is
        // neither unit's reading of the total.
        capacityText.set(usable < gpu.memoryBytesUsable()
                ? messages.get("results.breakdown.capacity.serving", gpu.name(), format(unit, usable),
                        format(unit, gpu.memoryBytesUsable()))
                : messages.get("results.breakdown.capacity", gpu.name(), format(unit, usable),
                        format(unit, gpu.memoryBytesTotal())));
        capacityMarkerText.set(messages.get("results.breakdown.capacity.marker", format(unit, usable)));
        capacityTooltip.set(messages.get("results.breakdown.capacity.tooltip", gpu.name(),
                format(unit, gpu.memoryBytesTotal()), format(unit, gpu.memoryBytesUsable()),
                messages.decimal(gpu.memoryGbNominal(), 0)));
        showFit();
    }

    /**
     * Fits or not: the workload as configured against the chosen GPU, or, when the table's focused row spans
     * several GPUs of that model, the row's own per-GPU need at its layout against its capacity, which is what the
     * user selected.
     */
    private void showFit() {
        if (lastGpu == null) {
            return;
        }
        SelectedLayout row = selectedLayout.get();
        SizeUnit unit = lastUnit;
        if (row != null && row.gpuId().equals(lastGpu.id()) && row.capacityBytes() > 0) {
            long spare = row.capacityBytes() - row.perGpuBytes();
            fits.set(spare >= 0);
            fitText.set(spare >= 0
                    ? messages.get("results.breakdown.fits.layout", format(unit, spare),
                            messages.percent(spare / (double) row.capacityBytes(), 0), row.layoutText())
                    : messages.get("results.breakdown.over.layout", format(unit, -spare), row.layoutText()));
            return;
        }
        long usable = lastUsable;
        long total = lastTotal;
        fits.set(total <= usable);
        fitText.set(total <= usable
                ? messages.get("results.breakdown.fits", format(unit, usable - total),
                        messages.percent((usable - total) / (double) usable, 0))
                : messages.get("results.breakdown.over", format(unit, total - usable)));
    }

    /**
     * A several-GPU row focused in the decision table: its GPU model, per-GPU need at its layout, the capacity it is
     * judged against, and the layout's label.
     */
    record SelectedLayout(String gpuId, long perGpuBytes, long capacityBytes, String layoutText) {
    }

    void clear(String message) {
        lastGpu = null;
        phases.clear();
        peakBytes.set(0);
        peakText.set("");
        peakPhaseText.set("");
        headline.set(message);
        capacityBytes.set(0);
        capacityText.set("");
        capacityMarkerText.set("");
        capacityTooltip.set("");
        fits.set(false);
        fitText.set("");
        offloadText.set("");
        rows.clear();
    }


    /** "Host memory: 61.4 GiB; NVMe: 120 GiB" for what offload keeps off the GPU, per GPU; empty when none. */
    private String offloadLine(SizeUnit unit, Estimate estimate) {
        long host = estimate.hostBytes();
        long nvme = estimate.nvmeBytes();
        if (host == 0 && nvme == 0) {
            return "";
        }
        if (nvme == 0) {
            return messages.get("results.breakdown.host", format(unit, host));
        }
        return messages.get("results.breakdown.hostNvme", format(unit, host), format(unit, nvme));
    }

    /** Host memory (and NVMe) one GPU's process needs for offloaded states or CPU layers; empty when none. */
    public ReadOnlyStringProperty offloadTextProperty() {
        return offloadText.getReadOnlyProperty();
    }

    private String format(SizeUnit unit, long bytes) {
        return messages.size(bytes, unit);
    }

    /**
     * Non-zero components at the peak phase, in the engine's component order. Replaced once per recompute, after
     * all other properties.
     */
    public ObservableList<ComponentRow> rows() {
        return readOnlyRows;
    }

    /** Total per GPU at each phase the engine evaluates, the peak flagged. */
    public ObservableList<PhaseRow> phases() {
        return readOnlyPhases;
    }

    public ReadOnlyLongProperty peakBytesProperty() {
        return peakBytes.getReadOnlyProperty();
    }

    /** Low end of the estimate's range (process total), bytes. */
    public ReadOnlyLongProperty rangeLowBytesProperty() {
        return rangeLowBytes.getReadOnlyProperty();
    }

    /** High end of the estimate's range (process total), bytes. */
    public ReadOnlyLongProperty rangeHighBytesProperty() {
        return rangeHighBytes.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty peakTextProperty() {
        return peakText.getReadOnlyProperty();
    }

    /** The localised name of the phase that sets the peak. */
    public ReadOnlyStringProperty peakPhaseTextProperty() {
        return peakPhaseText.getReadOnlyProperty();
    }

    /** One sentence: the peak and its phase. */
    public ReadOnlyStringProperty headlineProperty() {
        return headline.getReadOnlyProperty();
    }

    /** Usable bytes of the chosen GPU; 0 when none is chosen. */
    public ReadOnlyLongProperty capacityBytesProperty() {
        return capacityBytes.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty capacityTextProperty() {
        return capacityText.getReadOnlyProperty();
    }

    /** Short label for the capacity marker on the bar, e.g. {@code "Usable 79.1 GiB"}. */
    public ReadOnlyStringProperty capacityMarkerTextProperty() {
        return capacityMarkerText.getReadOnlyProperty();
    }

    /** Total against usable memory of the chosen GPU, and why they differ. */
    public ReadOnlyStringProperty capacityTooltipProperty() {
        return capacityTooltip.getReadOnlyProperty();
    }

    /** Whether the peak fits the chosen GPU; true when no GPU is chosen. */
    public ReadOnlyBooleanProperty fitsProperty() {
        return fits.getReadOnlyProperty();
    }

    /** Follows the decision table's description of a selected several-GPU option. */
    void showSelectedOption(ReadOnlyStringProperty description) {
        selectedOption.bind(description);
    }

    /** Follows the decision table's focused several-GPU row, whose per-GPU need the fit line then judges. */
    void showSelectedLayout(ObservableValue<SelectedLayout> layout) {
        selectedLayout.bind(layout);
    }

    /**
     * The decision-table row the GPU was chosen from, when it spans several GPUs: its own layout and per-GPU need,
     * next to the breakdown of the workload as configured. Empty otherwise.
     */
    public ReadOnlyStringProperty selectedOptionProperty() {
        return selectedOption.getReadOnlyProperty();
    }

    /** Headroom or overshoot against the chosen GPU, empty when none is chosen. */
    public ReadOnlyStringProperty fitTextProperty() {
        return fitText.getReadOnlyProperty();
    }
}
