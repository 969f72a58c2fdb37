package com.vramadvisor.app.domain;

import com.vramadvisor.app.results.DecisionRow;
import com.vramadvisor.app.results.DecisionRows;
import com.vramadvisor.app.results.DecisionTableViewModel;
import com.vramadvisor.app.results.ResultsMessages;
import com.vramadvisor.engine.core.JobSize;
import com.vramadvisor.engine.core.Sizable;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.hardware.HardwareList;
import com.vramadvisor.engine.ranking.Acquisition;
import com.vramadvisor.engine.ranking.RankingOptions;
import com.vramadvisor.engine.ranking.Recommendation;
import com.vramadvisor.engine.ranking.RecommendationRow;
import com.vramadvisor.engine.ranking.Recommender;
import com.vramadvisor.engine.ranking.SortKey;
import com.vramadvisor.figures.JobText;
import com.vramadvisor.figures.VerdictText;
import com.vramadvisor.scenario.DomainInputs;
import com.vramadvisor.scenario.ScenarioInputs;
import com.vramadvisor.scenario.ScenarioWorkloads;
import com.vramadvisor.scenario.SizeUnit;
import com.vramadvisor.scenario.SpreadWorkload;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicReference;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.ObservableList;

/**
 * Ranks a workload beyond language models for the decision table: every GPU, system and cloud offer of the catalog
 * through the same pipeline and into the same table as a language model's ({@link DecisionTableViewModel}: the same
 * columns, filters, goal, money and verdict), with the kind's own job ({@link DomainJobFields}; the default job unless
 * the user gives another) in place of a token budget. Where the workload has no throughput model, the speed, time and
 * job cost are empty and the note says why.
 * Ranked on the injected worker for each new workload, goal or GPU limit; requests carry a generation number
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
    private final DecisionTableViewModel table;
    private final ReadOnlyStringWrapper note = new ReadOnlyStringWrapper(this, "note", "");
    private final ObjectProperty<DomainInputs> domain = new SimpleObjectProperty<>(this, "domain",
            DomainInputs.defaults());
    private final DomainJobFields job;
    private long generation;
    private Request last;
    /** The worker's row formatter; touched only by the worker (one thread, or the caller's when inline). */
    private DecisionRows workerRows;

    private record Request(long generation, ScenarioInputs inputs, Sizable workload, RankingOptions options,
                           SizeUnit unit, JobSize job, Locale locale) {
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
        this.table = new DecisionTableViewModel(messages, false);
        workload.addListener(obs -> request());
        snapshot.addListener(obs -> request());
        table.goalProperty().addListener(obs -> request());
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
            pending.set(null);
            table.clear();
            note.set("");
            return;
        }
        // The scenario's deadline, as the language-model table uses it: options take the fewest GPUs that finish in it.
        RankingOptions options = table.otherKindRankingOptions(in);
        w = ScenarioWorkloads.timed(w, in.domain().job());
        JobSize size = DomainJobFields.jobFor(w, in.domain().job());
        Request next = new Request(generation + 1, in, w, options, in.sizeUnit(), size, messages.locale());
        if (last != null && last.workload().equals(w) && last.options().equals(options)
                && last.unit() == in.sizeUnit() && Objects.equals(last.job(), size)) {
            return;
        }
        generation++;
        last = next;
        table.rankingStarted();
        if (pending.getAndSet(next) == null) {
            worker.execute(this::rankPending);
        }
    }

    /**
     * On the worker: ranks the latest waiting request, formats its rows in the request's language (with texts of its
     * own: {@link ResultsMessages} is not shared between threads) and hands them to the FX thread.
     */
    private void rankPending() {
        Request r = pending.getAndSet(null);
        if (r == null) {
            return;
        }
        Recommendation rec = rank(r, r.options());
        if (rec == null && r.options().sortKey() != SortKey.JOB_COST_USD) {
            // Time is no goal for a workload without a speed model (a rendered frame): rank by cost instead.
            rec = rank(r, r.options().toBuilder().rankBy(SortKey.JOB_COST_USD).build());
        }
        List<DecisionRow> rows = new ArrayList<>();
        String jobText = "";
        String verdict = "";
        if (rec != null) {
            if (workerRows == null || !workerRows.locale().equals(r.locale())) {
                workerRows = new DecisionRows(new ResultsMessages(r.locale()));
            }
            Map<String, GpuSpec> gpus = new HashMap<>();
            for (GpuSpec g : hardware.gpus()) {
                gpus.put(g.id(), g);
            }
            jobText = rec.hasSpeed() && rec.job() != null ? JobText.of(r.locale()).describe(rec.job()) : "";
            for (RecommendationRow row : rec.rows()) {
                rows.add(workerRows.otherKindRow(row, r.unit(), gpus, rec.options(), jobText));
            }
            verdict = VerdictText.of(r.locale()).sentence(rec.verdict());
        }
        Recommendation done = rec;
        String job = jobText;
        String sentence = verdict;
        ui.execute(() -> {
            if (r.generation() == generation) {
                show(r, done, rows, job, sentence);
            }
        });
    }

    private Recommendation rank(Request r, RankingOptions options) {
        try {
            // The table counts GPUs from the whole workload, however many GPUs the panel split it over.
            return new Recommender().recommend(SpreadWorkload.unspread(r.workload()), hardware, options, r.job());
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private void show(Request r, Recommendation rec, List<DecisionRow> rows, String jobText, String verdict) {
        if (rec == null) {
            table.clear();
            note.set("");
            return;
        }
        note.set(rec.hasSpeed() ? "" : messages.get("domain.table.noSpeed"));
        String best = messages.get("results.table.bestByPrice", best(rec.bestPurchase()), best(rec.bestRental()));
        table.showOtherKind(r.inputs(), rows, rec.optionsConsidered(), rec.options(), verdict, jobText, best);
    }

    /** An option and its price ("NVIDIA RTX 4090 ($1,599)", "... ($2.50/h)"), or that none fits. */
    private String best(RecommendationRow r) {
        if (r == null) {
            return messages.get("results.table.bestByPrice.none");
        }
        if (r.cost() == null) {
            return r.hardwareName();
        }
        return messages.get("results.table.bestByPrice.option", r.hardwareName(),
                r.acquisition() == Acquisition.PURCHASE ? messages.usd(r.cost())
                        : messages.get("results.table.bestByPrice.perHour", messages.usdRate(r.cost())));
    }

    /**
     * The table itself: rows after the filters, the goal, the GPU limit, deadline and usage fields, the summary and
     * the money verdict, as a language model's table has them.
     */
    public DecisionTableViewModel table() {
        return table;
    }

    /** The rows after the table's filters, in the table's order ({@link DecisionTableViewModel#rows()}). */
    public ObservableList<DecisionRow> rows() {
        return table.rows();
    }

    /** Why the table has no time or job cost, for a workload without a speed model; empty otherwise. */
    public ReadOnlyStringProperty noteProperty() {
        return note.getReadOnlyProperty();
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
