package com.vramadvisor.app.compare;

import com.vramadvisor.app.domain.DomainSizer;
import com.vramadvisor.app.results.ComponentRow;
import com.vramadvisor.engine.core.SizedEstimate;
import com.vramadvisor.app.results.ComponentRows;
import com.vramadvisor.app.results.ResultsEngine;
import com.vramadvisor.app.results.ResultsMessages;
import com.vramadvisor.scenario.SizeUnit;
import com.vramadvisor.scenario.ScenarioInputs;
import com.vramadvisor.engine.llm.Component;
import com.vramadvisor.engine.llm.Estimate;
import com.vramadvisor.engine.hardware.GpuSpec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.value.ObservableValue;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;

/**
 * Pins scenarios and lays the live scenario and the pinned ones side by side: their inputs (lines that differ are
 * flagged), totals, and per-component memory, with bars on one shared scale.
 */
public final class CompareViewModel {

    /** Columns beyond this stop being readable side by side. */
    public static final int MAX_PINNED = 6;

    private final ObservableValue<ScenarioInputs> snapshot;
    private final ResultsEngine engine;
    private final ResultsMessages messages;
    private final ComponentRows componentRows;
    private final OtherTypes others;
    private final ScenarioTexts texts;
    private final Map<String, GpuSpec> gpusById = new HashMap<>();

    private final ObservableList<PinnedScenario> pinned = FXCollections.observableArrayList();
    private final ObservableList<CompareColumn> columns = FXCollections.observableArrayList();
    private final ObservableList<CompareRow> rows = FXCollections.observableArrayList();
    private final ObservableList<PinnedScenario> readOnlyPinned = FXCollections.unmodifiableObservableList(pinned);
    private final ObservableList<CompareColumn> readOnlyColumns = FXCollections.unmodifiableObservableList(columns);
    private final ObservableList<CompareRow> readOnlyRows = FXCollections.unmodifiableObservableList(rows);
    private final ReadOnlyLongWrapper scaleBytes = new ReadOnlyLongWrapper(this, "scaleBytes");
    private final BooleanProperty active = new SimpleBooleanProperty(this, "active");
    private final BooleanProperty onlyDifferences = new SimpleBooleanProperty(this, "onlyDifferences");
    private final BooleanBinding canPin;
    private boolean stale = true;
    private int nextNumber = 1;

    public CompareViewModel(ObservableValue<ScenarioInputs> snapshot, ResultsEngine engine,
                            ResultsMessages messages) {
        this(snapshot, engine, messages, in -> Optional.empty());
    }

    /**
     * @param domain builds a scenario of a type beyond language models through its estimator, so such a pin compares
     *               by its own parts
     */
    public CompareViewModel(ObservableValue<ScenarioInputs> snapshot, ResultsEngine engine,
                            ResultsMessages messages, DomainSizer domain) {
        this.others = new OtherTypes(domain, messages);
        this.snapshot = Objects.requireNonNull(snapshot, "snapshot");
        this.engine = Objects.requireNonNull(engine, "engine");
        this.messages = Objects.requireNonNull(messages, "messages");
        this.componentRows = new ComponentRows(messages);
        this.texts = new ScenarioTexts(messages);
        for (GpuSpec gpu : engine.gpus()) {
            gpusById.put(gpu.id(), gpu);
        }
        canPin = Bindings.size(pinned).lessThan(MAX_PINNED);
        snapshot.addListener((obs, old, now) -> refresh());
        pinned.addListener((ListChangeListener<PinnedScenario>) c -> refresh());
        onlyDifferences.addListener((obs, old, now) -> refresh());
        messages.localeProperty().addListener((obs, old, now) -> refresh());
        active.addListener((obs, was, now) -> {
            if (now && stale) {
                refresh();
            }
        });
        refresh();
    }

    /** Pins the live scenario as the next {@code #n}; does nothing when {@link #MAX_PINNED} are pinned. */
    public void pinCurrent() {
        ScenarioInputs current = snapshot.getValue();
        if (current != null && pinned.size() < MAX_PINNED) {
            pinned.add(new PinnedScenario(nextNumber++, current));
        }
    }

    public void unpin(PinnedScenario scenario) {
        pinned.remove(scenario);
    }

    /**
     * Names a pinned scenario; its column reads the name instead of {@code #number}. A blank name goes back to the
     * number.
     */
    public void rename(PinnedScenario scenario, String name) {
        int i = pinned.indexOf(scenario);
        if (i >= 0) {
            pinned.set(i, new PinnedScenario(scenario.number(), scenario.inputs(), name));
        }
    }

    public void clearPinned() {
        pinned.clear();
    }

    private void refresh() {
        // The comparison is rebuilt only while it is on screen; a slider drag elsewhere costs it nothing.
        if (!active.get()) {
            stale = true;
            return;
        }
        stale = false;
        ScenarioInputs current = snapshot.getValue();
        if (current == null) {
            return;
        }
        SizeUnit unit = current.sizeUnit();
        List<ScenarioInputs> inputs = new ArrayList<>();
        List<Estimate> estimates = new ArrayList<>();
        List<SizedEstimate> domainEstimates = new ArrayList<>();
        List<CompareColumn> nextColumns = new ArrayList<>();
        inputs.add(current);
        for (PinnedScenario p : pinned) {
            inputs.add(p.inputs().withSizeUnit(unit));
        }
        long scale = 0;
        for (int i = 0; i < inputs.size(); i++) {
            ScenarioInputs in = inputs.get(i);
            Estimate e = in.languageModel() ? estimate(in) : null;
            SizedEstimate d = in.languageModel() ? null : others.estimate(in);
            estimates.add(e);
            domainEstimates.add(d);
            CompareColumn column = in.languageModel() ? column(i == 0 ? null : pinned.get(i - 1), in, e)
                    : others.column(i == 0 ? null : pinned.get(i - 1), in, d, gpusById.get(in.gpuId()));
            nextColumns.add(column);
            scale = Math.max(scale, Math.max(column.peakBytes(), column.capacityBytes()));
        }
        List<CompareRow> nextRows = new ArrayList<>();
        boolean allLanguageModels = inputs.stream().allMatch(ScenarioInputs::languageModel);
        // The language-model inputs mean nothing for the other types; a mixed comparison names type and subject.
        List<CompareRow> inputLines = allLanguageModels ? texts.inputRows(inputs, estimates)
                : others.inputRows(inputs, nextColumns);
        for (CompareRow input : inputLines) {
            if (!onlyDifferences.get() || input.differs() || inputs.size() == 1) {
                nextRows.add(input);
            }
        }
        // "Only differences" applies to the results as well as the inputs.
        List<CompareRow> outputs = new ArrayList<>(totalRows(inputs, estimates, domainEstimates, nextColumns));
        outputs.addAll(componentLines(nextColumns));
        outputs.addAll(others.partLines(domainEstimates, unit));
        for (CompareRow output : outputs) {
            if (!onlyDifferences.get() || output.differs() || inputs.size() == 1) {
                nextRows.add(output);
            }
        }
        scaleBytes.set((long) (scale * 1.04));
        rows.setAll(nextRows);
        // Replaced last: a view listening only to the columns sees the rows and the scale already updated.
        columns.setAll(nextColumns);
    }

    private Estimate estimate(ScenarioInputs in) {
        try {
            return engine.estimate(in.model(), in.workload());
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private CompareColumn column(PinnedScenario p, ScenarioInputs in, Estimate e) {
        String title = p == null ? messages.get("compare.column.current")
                : p.name().isEmpty() ? messages.get("compare.column.pinned", p.number()) : p.name();
        String subtitle = texts.subtitle(in);
        GpuSpec gpu = gpusById.get(in.gpuId());
        long capacity = gpu == null ? 0 : gpu.memoryBytesUsable();
        String capacityText = gpu == null ? "" : messages.get("results.breakdown.capacity.marker",
                messages.size(capacity, in.sizeUnit()));
        if (e == null) {
            return new CompareColumn(p, title, subtitle, List.of(), 0, messages.get("compare.rejected"), capacity,
                    capacityText, false);
        }
        return new CompareColumn(p, title, subtitle, componentRows.atPeak(in, e), e.peakBytes(),
                messages.size(e.peakBytes(), in.sizeUnit()), capacity, capacityText,
                gpu == null || e.peakBytes() <= capacity);
    }

    private List<CompareRow> totalRows(List<ScenarioInputs> inputs, List<Estimate> estimates,
                                       List<SizedEstimate> domainEstimates, List<CompareColumn> cols) {
        List<String> peak = new ArrayList<>();
        List<String> phase = new ArrayList<>();
        List<String> gpu = new ArrayList<>();
        List<String> fit = new ArrayList<>();
        for (int i = 0; i < inputs.size(); i++) {
            Estimate e = estimates.get(i);
            CompareColumn c = cols.get(i);
            GpuSpec g = gpusById.get(inputs.get(i).gpuId());
            peak.add(c.peakText());
            SizedEstimate d = domainEstimates.get(i);
            phase.add(d != null ? d.peakPhase() : e == null ? ScenarioTexts.NONE : componentRows.phaseName(e));
            gpu.add(g == null ? ScenarioTexts.NONE : messages.get("results.breakdown.capacity", g.name(),
                    messages.size(g.memoryBytesUsable(), inputs.get(i).sizeUnit())));
            fit.add((e == null && d == null) || g == null ? ScenarioTexts.NONE
                    : messages.get(c.fits() ? "compare.fits.yes" : "compare.fits.no"));
        }
        return List.of(ScenarioTexts.row(CompareRow.Section.TOTALS, messages.get("compare.total.peak"), peak),
                ScenarioTexts.row(CompareRow.Section.TOTALS, messages.get("compare.total.phase"), phase),
                ScenarioTexts.row(CompareRow.Section.TOTALS, messages.get("compare.total.gpu"), gpu),
                ScenarioTexts.row(CompareRow.Section.TOTALS, messages.get("compare.total.fits"), fit));
    }

    private List<CompareRow> componentLines(List<CompareColumn> cols) {
        List<CompareRow> lines = new ArrayList<>();
        for (Component c : Component.values()) {
            List<String> values = new ArrayList<>();
            boolean any = false;
            for (CompareColumn col : cols) {
                String v = ScenarioTexts.NONE;
                for (ComponentRow r : col.components()) {
                    if (r.component() == c) {
                        v = r.sizeText();
                        any = true;
                    }
                }
                values.add(v);
            }
            if (any) {
                lines.add(ScenarioTexts.row(CompareRow.Section.COMPONENTS, componentRows.componentName(c), values));
            }
        }
        return lines;
    }

    /** Pinned scenarios, oldest first. */
    public ObservableList<PinnedScenario> pinned() {
        return readOnlyPinned;
    }

    /** The live scenario, then the pinned ones; replaced once per change, after the rows. */
    public ObservableList<CompareColumn> columns() {
        return readOnlyColumns;
    }

    /** Input, total and component lines, one value per column. */
    public ObservableList<CompareRow> rows() {
        return readOnlyRows;
    }

    /** Bytes the full width of every bar stands for, so the bars compare. */
    public ReadOnlyLongProperty scaleBytesProperty() {
        return scaleBytes.getReadOnlyProperty();
    }

    /** Whether another scenario can be pinned. */
    public BooleanBinding canPinProperty() {
        return canPin;
    }

    /** Whether the input lines that are the same in every column are left out (totals are always shown). */
    public BooleanProperty onlyDifferencesProperty() {
        return onlyDifferences;
    }

    /**
     * Whether the comparison is on screen (false at first); while false, changes are only noted and the comparison is
     * computed when it becomes true.
     */
    public BooleanProperty activeProperty() {
        return active;
    }
}
