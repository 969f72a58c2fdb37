package com.vramadvisor.app.domain;

import com.vramadvisor.app.results.ResultsMessages;
import com.vramadvisor.engine.core.JobSize;
import com.vramadvisor.engine.core.Sizable;
import com.vramadvisor.engine.hardware.HardwareList;
import com.vramadvisor.engine.ranking.Acquisition;
import com.vramadvisor.engine.ranking.Recommender;
import com.vramadvisor.engine.ranking.Recommendation;
import com.vramadvisor.engine.ranking.RecommendationRow;
import com.vramadvisor.engine.ranking.RankingOptions;
import com.vramadvisor.engine.ranking.Reason;
import com.vramadvisor.scenario.DomainInputs;
import com.vramadvisor.scenario.ScenarioInputs;
import com.vramadvisor.scenario.SizeUnit;
import com.vramadvisor.scenario.SpreadWorkload;
import com.vramadvisor.scenario.ScenarioWorkloads;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The decision table for a workload beyond language models: every GPU, system and cloud offer of the catalog with
 * whether the workload fits, on how many GPUs, the headroom, and the price to buy or the rent an hour
 * ({@link com.vramadvisor.engine.ranking.Recommender}, {@code docs/decision-table.md}), and, where the workload has a throughput model, the speed,
 * the time to finish the scenario's job ({@link DomainJobFields}; the default job unless the user gives another) and
 * the job's cost; otherwise those cells are empty and the note says why.
 * Ranked on the injected worker for each new workload or GPU limit; requests carry a generation number
 * and a result that a newer request has overtaken is dropped, as the language-model table does.
 */
public final class DomainTableViewModel {

    private final ReadOnlyObjectProperty<ScenarioInputs> snapshot;
    private final ReadOnlyObjectProperty<Sizable> workload;
    /** Read by the worker; replaced on the FX thread when the catalog is reloaded. */
    private volatile HardwareList hardware;
    private final ResultsMessages messages;
    private final Executor worker;
    private final Executor ui;
    private final AtomicReference<Request> pending = new AtomicReference<>();
    private final ObservableList<DomainTableRow> rows = FXCollections.observableArrayList();
    private final ObservableList<DomainTableRow> readOnlyRows = FXCollections.unmodifiableObservableList(rows);
    private final ReadOnlyStringWrapper summary = new ReadOnlyStringWrapper(this, "summary", "");
    private final ReadOnlyStringWrapper note = new ReadOnlyStringWrapper(this, "note", "");
    private final ObjectProperty<DomainInputs> domain = new SimpleObjectProperty<>(this, "domain",
            DomainInputs.defaults());
    private final DomainJobFields job;
    private long generation;
    private Request last;

    private record Request(long generation, Sizable workload, RankingOptions options, SizeUnit unit, JobSize job) {
    }

    /**
     * @param workload the workload the breakdown shows ({@link DomainResultsViewModel#workloadProperty()})
     * @param worker   runs the ranking: {@code Runnable::run} inline, or one background thread
     * @param ui       hands the rows to the FX thread
     */
    public DomainTableViewModel(ReadOnlyObjectProperty<ScenarioInputs> snapshot,
                                ReadOnlyObjectProperty<Sizable> workload, HardwareList hardware,
                                ResultsMessages messages, Executor worker, Executor ui) {
        this.snapshot = Objects.requireNonNull(snapshot, "snapshot");
        this.workload = Objects.requireNonNull(workload, "workload");
        this.hardware = Objects.requireNonNull(hardware, "hardware");
        this.messages = Objects.requireNonNull(messages, "messages");
        this.worker = Objects.requireNonNull(worker, "worker");
        this.ui = Objects.requireNonNull(ui, "ui");
        this.job = new DomainJobFields(domain, workload, messages);
        workload.addListener(obs -> request());
        snapshot.addListener(obs -> request());
        messages.localeProperty().addListener(obs -> {
            last = null;
            request();
        });
        request();
    }

    /** Ranks over {@code reloaded} from now on, at once: the catalog was reloaded (the user's own prices). */
    public void hardware(HardwareList reloaded) {
        this.hardware = Objects.requireNonNull(reloaded, "reloaded");
        last = null;
        request();
    }

    private void request() {
        ScenarioInputs in = snapshot.get();
        Sizable w = workload.get();
        if (in == null || in.languageModel()) {
            return;
        }
        if (w == null) {
            generation++;
            last = null;
            rows.clear();
            summary.set("");
            note.set("");
            return;
        }
        // The scenario's deadline, as the language-model table uses it: options take the fewest GPUs that finish in it.
        RankingOptions options = RankingOptions.builder().maxGpus(in.maxGpus()).deadlineDays(in.deadlineDays())
                .usage(in.usage()).build();
        w = ScenarioWorkloads.timed(w, in.domain().job());
        JobSize size = DomainJobFields.jobFor(w, in.domain().job());
        Request next = new Request(generation + 1, w, options, in.sizeUnit(), size);
        if (last != null && last.workload().equals(w) && last.options().equals(options)
                && last.unit() == in.sizeUnit() && Objects.equals(last.job(), size)) {
            return;
        }
        generation++;
        last = next;
        if (pending.getAndSet(next) == null) {
            worker.execute(this::rankPending);
        }
    }

    /** On the worker: ranks the latest waiting request and hands its rows to the FX thread. */
    private void rankPending() {
        Request r = pending.getAndSet(null);
        if (r == null) {
            return;
        }
        Recommendation recommendation;
        try {
            // The table counts GPUs from the whole workload, however many GPUs the panel split it over.
            recommendation = new Recommender().recommend(SpreadWorkload.unspread(r.workload()), hardware, r.options(),
                    r.job());
        } catch (IllegalArgumentException e) {
            recommendation = null;
        }
        Recommendation done = recommendation;
        ui.execute(() -> {
            if (r.generation() == generation) {
                show(done, r.unit());
            }
        });
    }

    private void show(Recommendation rec, SizeUnit unit) {
        if (rec == null) {
            rows.clear();
            summary.set("");
            note.set("");
            return;
        }
        List<DomainTableRow> next = new ArrayList<>();
        String itemUnit = unitWord(rec.itemUnit());
        for (RecommendationRow r : rec.rows()) {
            next.add(row(r, unit, itemUnit));
        }
        note.set(rec.hasSpeed() ? messages.get("domain.table.timed", rec.job().description(),
                messages.decimal(rec.options().deadlineDays(), 0)) : messages.get("domain.table.noSpeed"));
        summary.set(messages.get("domain.table.summary", messages.integer(rec.optionsFitting()),
                messages.integer(rec.optionsConsidered()), best(rec.bestPurchase(), unit),
                best(rec.bestRental(), unit)));
        rows.setAll(next);
    }

    private String best(RecommendationRow r, SizeUnit unit) {
        return r == null ? messages.get("domain.table.none") : messages.get("domain.table.best", r.hardwareName(),
                r.jobCostUsd() != null ? messages.get("domain.table.forTheJob", messages.usd(r.jobCostUsd()))
                        : cost(r));
    }

    /** The localised word for the table's items ("images", "time steps", "iterations"). */
    private String unitWord(String itemUnit) {
        String key = "domain.table.unit." + itemUnit.replace(' ', '-');
        return messages.has(key) ? messages.get(key) : itemUnit;
    }

    private DomainTableRow row(RecommendationRow r, SizeUnit unit, String itemUnit) {
        String reasons = r.reasons().stream().map(this::reason).collect(Collectors.joining("\n"));
        return new DomainTableRow(r.hardwareId(), r.gpuId(), r.hardwareName(),
                messages.get(r.acquisition() == Acquisition.PURCHASE ? "domain.table.buy" : "domain.table.rent"),
                r.acquisition(), r.fits(), messages.get(switch (r.verdict()) {
                    case FITS -> "compare.fits.yes";
                    case TIGHT -> "domain.table.tight";
                    case DOES_NOT_FIT -> "compare.fits.no";
                }), r.gpusNeeded(),
                r.gpusNeeded() == 0 ? "\u2014" : messages.integer(r.gpusNeeded()), r.perGpuBytes(),
                messages.size(r.perGpuBytes(), unit), r.headroomBytes(), signed(r.headroomBytes(), unit), r.cost(),
                cost(r), reasons, r.itemsPerSecond(), r.itemsPerSecond() == null ? "\u2014"
                        : messages.get("domain.table.speed", messages.decimal(r.itemsPerSecond(),
                        r.itemsPerSecond() < 100 ? 1 : 0), itemUnit), r.hours(),
                r.hours() == null ? "\u2014" : messages.duration(r.hours()),
                r.jobCostUsd(), r.jobCostUsd() == null ? "\u2014" : messages.usd(r.jobCostUsd()));
    }

    private String signed(long bytes, SizeUnit unit) {
        return bytes < 0 ? "\u2212" + messages.size(-bytes, unit) : messages.size(bytes, unit);
    }

    private String cost(RecommendationRow r) {
        if (r.cost() == null) {
            return "\u2014";
        }
        return r.acquisition() == Acquisition.PURCHASE ? messages.usd(r.cost())
                : messages.get("domain.table.perHour", messages.usdRate(r.cost()));
    }

    private String reason(Reason reason) {
        String key = "results.reason." + reason.code();
        return messages.has(key) ? messages.get(key) : reason.code();
    }

    /** The options, fitting first, then within the deadline, then by cost and headroom; replaced once per ranking. */
    public ObservableList<DomainTableRow> rows() {
        return readOnlyRows;
    }

    /** What the time and job cost are for, or why there are none. */
    public ReadOnlyStringProperty noteProperty() {
        return note.getReadOnlyProperty();
    }

    /** How many options fit, and the best to buy and the best to rent. */
    public ReadOnlyStringProperty summaryProperty() {
        return summary.getReadOnlyProperty();
    }

    /** The job fields: which show for the workload, their texts, commits and problem. */
    public DomainJobFields job() {
        return job;
    }

    /**
     * The scenario's domain inputs, whose job the job fields edit. The application binds it to the workload
     * view-model's, so a committed job is one undoable change and an opened file or undo shows in the fields; the
     * ranking itself reads the job from the scenario snapshot.
     */
    public ObjectProperty<DomainInputs> domainProperty() {
        return domain;
    }

    public ResultsMessages messages() {
        return messages;
    }
}
