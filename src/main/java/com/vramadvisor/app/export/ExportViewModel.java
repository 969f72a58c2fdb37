package com.vramadvisor.app.export;

import com.vramadvisor.app.ui.Messages;
import com.vramadvisor.scenario.ScenarioInputs;
import com.vramadvisor.scenario.SpreadWorkload;
import com.vramadvisor.scenario.ScenarioWorkloads;
import com.vramadvisor.app.domain.DomainSizer;
import com.vramadvisor.app.domain.DomainJobFields;
import com.vramadvisor.engine.core.Sizable;
import com.vramadvisor.engine.ranking.Recommender;
import com.vramadvisor.engine.ranking.Recommendation;
import com.vramadvisor.engine.ranking.RankingOptions;
import com.vramadvisor.report.DomainReportModels;
import com.vramadvisor.catalog.Catalog;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.ranking.SortKey;
import com.vramadvisor.report.CsvReportWriter;
import com.vramadvisor.report.MarkdownReportWriter;
import com.vramadvisor.report.PdfReportWriter;
import com.vramadvisor.report.PngReportWriter;
import com.vramadvisor.report.ReportContext;
import com.vramadvisor.report.ReportLanguage;
import com.vramadvisor.report.ReportModel;
import com.vramadvisor.report.ReportModels;
import com.vramadvisor.report.ReportWriteException;
import com.vramadvisor.report.ReportWriter;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeSet;
import java.util.concurrent.Executor;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * Writes the current scenario as a report (PDF, PNG charts, Markdown, CSV) in the UI's language. Building the
 * decision table and rendering a PDF takes up to a few seconds, so the work runs on the background executor while
 * {@link #busyProperty()} drives a progress indicator; the result is reported on the UI executor.
 */
public final class ExportViewModel {

    private final Supplier<ScenarioInputs> snapshot;
    private DomainSizer domain = in -> Optional.empty();
    /** Read once when an export starts: the catalog may be reloaded while the window runs. */
    private Supplier<Catalog> catalogSource;
    private final Messages messages;
    private final Executor background;
    private final Executor ui;
    private final Supplier<LocalDate> today;
    private final String appVersion;
    private final Supplier<SortKey> sortKey;
    private Supplier<List<String>> shownGpuIds = List::of;
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(this, "busy");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper(this, "error", "");

    /**
     * A report ranked by the cost of the job, the decision table's default goal.
     *
     * @see #ExportViewModel(Supplier, Catalog, Messages, Executor, Executor, Supplier, String, Supplier)
     */
    public ExportViewModel(Supplier<ScenarioInputs> snapshot, Catalog catalog, Messages messages, Executor background,
                           Executor ui, Supplier<LocalDate> today, String appVersion) {
        this(snapshot, catalog, messages, background, ui, today, appVersion, () -> SortKey.JOB_COST_USD);
    }

    /**
     * @param snapshot   the inputs to report (read once when an export starts)
     * @param background where the report is built and written
     * @param ui         where the outcome is published
     * @param today      the date printed on the report
     * @param appVersion the version printed on the report
     * @param sortKey    what the window's decision table ranks by, so the report lists the options in its order
     *                   (read once when an export starts)
     */
    public ExportViewModel(Supplier<ScenarioInputs> snapshot, Catalog catalog, Messages messages, Executor background,
                           Executor ui, Supplier<LocalDate> today, String appVersion, Supplier<SortKey> sortKey) {
        this.sortKey = sortKey;
        this.snapshot = snapshot;
        this.catalogSource = () -> catalog;
        this.messages = messages;
        this.background = background;
        this.ui = ui;
        this.today = today;
        this.appVersion = appVersion;
    }

    /** Where exports read the catalog from now on: the window's, which a reload of the catalog replaces. */
    public void readCatalogFrom(Supplier<Catalog> source) {
        this.catalogSource = Objects.requireNonNull(source, "source");
    }

    /**
     * Where the report reads the GPUs the window shows (its selected GPU first, then those compared with it), so the
     * charts draw the same capacity lines; without any, a report brackets the need over the catalog.
     */
    public void showGpus(Supplier<List<String>> gpuIds) {
        this.shownGpuIds = Objects.requireNonNull(gpuIds, "gpuIds");
    }

    /** The writer for a report format; {@link ExportFormat#WINDOW_PNG} is a snapshot the view takes itself. */
    static ReportWriter writer(ExportFormat format) {
        switch (format) {
            case PDF:
                return new PdfReportWriter();
            case PNG:
                return new PngReportWriter();
            case MARKDOWN:
                return new MarkdownReportWriter();
            case CSV:
                return new CsvReportWriter();
            default:
                throw new IllegalArgumentException(format + " is not a report format");
        }
    }

    /** Starts writing the report to {@code target}; ignored while an export is running. */
    public void export(ExportFormat format, Path target) {
        if (busy.get()) {
            return;
        }
        ScenarioInputs inputs = snapshot.get();
        SortKey order = sortKey.get();
        Catalog catalog = catalogSource.get();
        List<GpuSpec> shown = new ArrayList<>();
        for (String id : shownGpuIds.get()) {
            catalog.gpu(id).filter(g -> !shown.contains(g)).ifPresent(shown::add);
        }
        ReportLanguage language = ReportLanguage.of(messages.locale());
        busy.set(true);
        error.set("");
        message.set(messages.get("export.running", target.getFileName().toString()));
        background.execute(() -> {
            String failure = "";
            try {
                ReportModel report = inputs.languageModel() ? model(catalog, inputs, order, language, shown)
                        : domainModel(catalog, inputs, language, shown);
                writer(format).write(report, target);
            } catch (ReportWriteException e) {
                failure = e.getLocalizedMessage(messages.locale());
            } catch (IllegalArgumentException e) {
                failure = messages.get("export.rejected", e.getMessage());
            }
            String outcome = failure;
            ui.execute(() -> finish(target, outcome));
        });
    }

    /**
     * The report of {@code inputs}; its decision table is ranked over the catalog's hardware and node classes with
     * their token budget, GPU limit and deadline, in the window's order.
     */
    private ReportModel model(Catalog catalog, ScenarioInputs inputs, SortKey order, ReportLanguage language,
                              List<GpuSpec> shown) {
        Recommendation recommendation = null;
        if (!catalog.gpus().isEmpty()) {
            recommendation = new Recommender().recommend(inputs.model(), inputs.workload(), catalog.hardware(),
                    inputs.rankingOptions().toBuilder().rankBy(order).build());
        }
        String catalogVersion = String.join(", ", new TreeSet<>(catalog.versions().values()));
        return ReportModels.from(inputs.model(), inputs.workload(), recommendation,
                new ReportContext(language, today.get(), appVersion, catalogVersion, catalog.gpus(), shown));
    }

    /**
     * The report of a workload beyond language models: its breakdown, assumptions and caveats, and its decision table
     * over the catalog's hardware with the scenario's GPU limit, deadline and job, in the table's own order (fitting first, then by
     * cost), since these workloads have no speed to sort by.
     *
     * @throws IllegalArgumentException with the estimator's reason when the inputs cannot be estimated
     */
    private ReportModel domainModel(Catalog catalog, ScenarioInputs inputs, ReportLanguage language,
                                    List<GpuSpec> shown) {
        Sizable workload = ScenarioWorkloads.timed(domain.build(inputs).orElseThrow(() -> new IllegalArgumentException(
                messages.get("domain.kind." + inputs.kind().id()))), inputs.domain().job());
        Recommendation recommendation = catalog.gpus().isEmpty() ? null
                : new Recommender().recommend(SpreadWorkload.unspread(workload), catalog.hardware(),
                        RankingOptions.builder().maxGpus(inputs.maxGpus()).deadlineDays(inputs.deadlineDays())
                                .usage(inputs.usage()).build(),
                        DomainJobFields.jobFor(workload, inputs.domain().job()));
        String catalogVersion = String.join(", ", new TreeSet<>(catalog.versions().values()));
        return DomainReportModels.from(workload, recommendation,
                new ReportContext(language, today.get(), appVersion, catalogVersion, catalog.gpus(), shown));
    }

    /** How reports build a workload beyond language models; without it they refuse such a scenario. */
    public void sizeOtherTypesWith(DomainSizer sizer) {
        this.domain = Objects.requireNonNull(sizer, "sizer");
    }

    /** Reports the outcome of an export the view ran itself (the window snapshot). */
    public void finish(Path target, String failure) {
        busy.set(false);
        error.set(failure);
        message.set(failure.isEmpty() ? messages.get("export.done", target.toString())
                : messages.get("export.failed", failure));
    }

    /** Marks an export the view runs itself as started. */
    public void start(Path target) {
        busy.set(true);
        error.set("");
        message.set(messages.get("export.running", target.getFileName().toString()));
    }

    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    /** What the last export did, for the status bar. */
    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    /** Why the last export failed, empty after a success; the view shows it in a dialog. */
    public ReadOnlyStringProperty errorProperty() {
        return error.getReadOnlyProperty();
    }
}
