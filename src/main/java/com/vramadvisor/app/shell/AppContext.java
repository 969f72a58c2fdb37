package com.vramadvisor.app.shell;

import com.vramadvisor.app.advice.AdviceViewModel;
import com.vramadvisor.app.compare.CompareViewModel;
import com.vramadvisor.app.domain.DomainResultsViewModel;
import com.vramadvisor.app.domain.DomainTableViewModel;
import com.vramadvisor.app.domain.EngineDomainSizer;
import com.vramadvisor.app.export.ExportViewModel;
import com.vramadvisor.app.plan.PlanTarget;
import com.vramadvisor.app.plan.PlannerViewModel;
import com.vramadvisor.app.results.CatalogResultsEngine;
import com.vramadvisor.app.results.DecisionTableViewModel;
import com.vramadvisor.app.results.ResultsMessages;
import com.vramadvisor.app.results.ResultsViewModel;
import com.vramadvisor.scenario.ScenarioFileException;
import com.vramadvisor.app.scenario.ScenarioStore;
import com.vramadvisor.app.scenario.ScenarioViewModel;
import com.vramadvisor.app.settings.AppSettings;
import com.vramadvisor.app.settings.SettingsStore;
import com.vramadvisor.app.settings.SettingsViewModel;
import com.vramadvisor.app.ui.Messages;
import com.vramadvisor.app.workload.ImportedSpec;
import com.vramadvisor.app.workload.ModelImportViewModel;
import com.vramadvisor.catalog.model.LocalModels;
import com.vramadvisor.scenario.ScenarioInputs;
import com.vramadvisor.app.workload.WorkloadViewModel;
import com.vramadvisor.catalog.Catalog;
import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.catalog.model.ModelImporter;
import com.vramadvisor.catalog.model.ImportedModel;
import com.vramadvisor.engine.llm.MemoryEstimator;
import com.vramadvisor.engine.llm.ModelShapes;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.ParameterCounter;
import com.vramadvisor.engine.ranking.SortKey;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Consumer;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The application's services and view-models, wired by hand through constructors. Views receive what they need
 * from here; nothing looks anything up globally.
 */
public final class AppContext implements AutoCloseable {

    /** The GPU the default scenario is measured against: the most common training card of its generation. */
    static final String DEFAULT_GPU_ID = "h100-sxm-80gb";

    private final SettingsStore settingsStore;
    private final AppSettings storedSettings;
    /** The catalog the views rank over; replaced on the UI thread when it is reloaded, read by the compute thread. */
    private final ReadOnlyObjectWrapper<Catalog> catalog = new ReadOnlyObjectWrapper<>(this, "catalog");
    private final ReadOnlyBooleanWrapper reloading = new ReadOnlyBooleanWrapper(this, "reloading");
    private volatile Catalog current;
    private Path catalogFolder = CatalogLoader.defaultUserDirectory();
    private final Executor ui;
    private final Messages messages;
    private final WorkloadViewModel workload;
    private final ScenarioViewModel scenario;
    private final SettingsViewModel settings;
    private final ModelImportViewModel modelImport;
    private final SummaryViewModel summary;
    private final ExportViewModel export;
    private final ExecutorService background;
    private final ExecutorService ownCompute;
    private final Executor compute;
    private final Executor publish;
    private ResultsMessages resultsMessages;
    private CatalogResultsEngine resultsEngine;
    private ResultsViewModel results;
    private CompareViewModel compare;
    private AdviceViewModel advice;
    private PlannerViewModel planner;
    private DomainResultsViewModel domainResults;
    private DomainTableViewModel domainTable;
    private final String restoreProblem;

    /**
     * @param settingsStore where preferences and the last scenario live
     * @param catalog       the loaded catalog (presets, GPUs)
     * @param systemLocale  the operating system's locale
     * @param ui            runs work on the UI thread ({@code Platform::runLater})
     */
    public AppContext(SettingsStore settingsStore, Catalog catalog, Locale systemLocale, Executor ui) {
        this(ShellSettings.read(settingsStore, systemLocale), catalog, ui, null);
    }

    /**
     * @param settingsStore where preferences and the last scenario live
     * @param catalog       the loaded catalog (presets, GPUs)
     * @param systemLocale  the operating system's locale
     * @param ui            runs work on the UI thread ({@code Platform::runLater})
     * @param compute       runs the decision table's ranking and the planner's searches and publishes their results
     *                      where it ran them: {@code Runnable::run} for a test that wants them at once
     */
    public AppContext(SettingsStore settingsStore, Catalog catalog, Locale systemLocale, Executor ui,
                      Executor compute) {
        this(ShellSettings.read(settingsStore, systemLocale), catalog, ui, compute);
    }

    /**
     * @param shell   the stored preferences and the texts in their language, as the window's frame was built with
     * @param catalog the loaded catalog (presets, GPUs)
     * @param ui      runs work on the UI thread ({@code Platform::runLater})
     */
    public AppContext(ShellSettings shell, Catalog catalog, Executor ui) {
        this(shell, catalog, ui, null);
    }

    private AppContext(ShellSettings shell, Catalog catalog, Executor ui, Executor compute) {
        Locale systemLocale = shell.systemLocale();
        // The ranking and the planner get a thread of their own, so an export writing a PDF does not hold up the
        // decision table, and neither ever runs on the FX thread.
        this.ownCompute = compute == null ? Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "vram-advisor-compute");
            t.setDaemon(true);
            return t;
        }) : null;
        this.compute = compute == null ? ownCompute : compute;
        this.publish = compute == null ? ui : Runnable::run;
        this.settingsStore = shell.store();
        this.storedSettings = shell.stored();
        this.ui = ui;
        this.current = catalog;
        this.catalog.set(catalog);
        this.messages = shell.messages();
        this.background = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "vram-advisor-background");
            t.setDaemon(true);
            return t;
        });
        ScenarioStore store = new ScenarioStore();
        ScenarioInputs defaults = ScenarioInputs.defaults();
        Optional<ModelSpec> catalogDefault = catalog.model(ScenarioInputs.DEFAULT_MODEL_ID);
        if (catalogDefault.isPresent()) {
            defaults = defaults.withModel(catalogDefault.get(), ScenarioInputs.DEFAULT_MODEL_ID);
        }
        if (catalog.gpu(DEFAULT_GPU_ID).isPresent()) {
            defaults = defaults.withGpuId(DEFAULT_GPU_ID);
        }
        ScenarioInputs initial = defaults;
        String problem = "";
        if (Files.exists(settingsStore.lastScenarioFile())) {
            try {
                initial = store.load(settingsStore.lastScenarioFile());
            } catch (ScenarioFileException e) {
                problem = e.detail();
            }
        }
        this.restoreProblem = problem;
        List<ModelSpec> presets = new ArrayList<>(catalog.models());
        if (presets.stream().noneMatch(p -> p.id().equals(ScenarioInputs.DEFAULT_MODEL_ID))) {
            presets.add(0, ScenarioInputs.llama3_8b());
        }
        this.workload = new WorkloadViewModel(initial, presets, catalog.gpus(), ModelShapes::fromParameterCount,
                spec -> ParameterCounter.count(spec).total(), messages);
        this.settings = new SettingsViewModel(storedSettings, systemLocale, messages, workload.sizeUnitProperty());
        this.scenario = new ScenarioViewModel(workload, store, messages, defaults);
        for (String recent : storedSettings.recentFiles()) {
            scenario.recentFiles().add(Path.of(recent));
        }
        this.modelImport = new ModelImportViewModel(AppContext::readModel, background, ui, workload, messages);
        modelImport.findDownloadedWith(LocalModels.ofThisUser()::find);
        MemoryEstimator estimator = new MemoryEstimator();
        this.summary = new SummaryViewModel(workload.snapshotProperty(), estimator::estimate, catalog::gpu, messages,
                new EngineDomainSizer());
        // The report lists the options in the decision table's order: by the goal chosen there, once it exists.
        this.export = new ExportViewModel(workload::snapshot, catalog, messages, background, ui, LocalDate::now,
                appVersion(), () -> results == null ? SortKey.JOB_COST_USD
                        : results.table().goalProperty().get().sortKey());
        export.readCatalogFrom(this::catalog);
        export.sizeOtherTypesWith(new EngineDomainSizer());
        // The report's charts draw the window's GPUs: the selected one, then those the sweep compares with it.
        export.showGpus(() -> {
            List<String> ids = new ArrayList<>();
            if (!workload.snapshot().gpuId().isEmpty()) {
                ids.add(workload.snapshot().gpuId());
            }
            if (results != null) {
                ids.addAll(results.comparedGpuIds());
            }
            return ids;
        });
    }

    private static ImportedSpec readModel(Path path) throws Exception {
        ImportedModel imported = ModelImporter.importPath(path);
        ModelSpec spec = imported.spec().orElseThrow(() -> new IllegalArgumentException(
                "the file holds weights but no architecture; open the model's config.json or folder"));
        return new ImportedSpec(spec, imported.weightStorageType(), imported.warnings());
    }

    public Messages messages() {
        return messages;
    }

    /** The catalog as loaded last (at start, or by {@link #reloadCatalog}). */
    public Catalog catalog() {
        return current;
    }

    /** The catalog, replaced on the UI thread each time it is reloaded. */
    public ReadOnlyObjectProperty<Catalog> catalogProperty() {
        return catalog.getReadOnlyProperty();
    }

    /** Whether the catalog is being reloaded. */
    public ReadOnlyBooleanProperty reloadingProperty() {
        return reloading.getReadOnlyProperty();
    }

    /** The user catalog folder: where the user's catalog files and price list ({@code prices.json}) live. */
    public Path catalogFolder() {
        return catalogFolder;
    }

    /** Reads the user catalog from {@code folder} from now on (a test's folder; the default one otherwise). */
    public void useCatalogFolder(Path folder) {
        this.catalogFolder = Objects.requireNonNull(folder, "folder");
    }

    /**
     * Reads the catalog again, the shipped files and the user catalog folder with its price list, on the background
     * thread; then, on the UI thread, puts it in place, ranks the decision tables again over it and runs
     * {@code done} with it. A file the loader cannot use is one of the new catalog's problems, as at start.
     */
    public void reloadCatalog(Consumer<Catalog> done) {
        Path folder = catalogFolder;
        reloading.set(true);
        background.execute(() -> {
            Catalog loaded;
            try {
                loaded = CatalogLoader.withUserDirectory(folder).load();
            } catch (RuntimeException e) {
                // The loader reports bad files as problems; anything else keeps the catalog the window has.
                loaded = current;
            }
            Catalog result = loaded;
            ui.execute(() -> {
                useCatalog(result);
                reloading.set(false);
                done.accept(result);
            });
        });
    }

    /** Puts {@code reloaded} in place and ranks the decision tables again over it; on the UI thread. */
    void useCatalog(Catalog reloaded) {
        current = Objects.requireNonNull(reloaded, "reloaded");
        catalog.set(reloaded);
        if (results != null) {
            results.refresh();
        }
        if (domainTable != null) {
            domainTable.hardware(reloaded.hardware());
        }
    }

    public WorkloadViewModel workload() {
        return workload;
    }

    public ScenarioViewModel scenario() {
        return scenario;
    }

    public SettingsViewModel settings() {
        return settings;
    }

    public ModelImportViewModel modelImport() {
        return modelImport;
    }

    /** The version in the jar's manifest, or {@code dev} when running from compiled classes. */
    public static String appVersion() {
        String v = AppContext.class.getPackage().getImplementationVersion();
        return v == null || v.isBlank() ? "dev" : v;
    }

    public ExportViewModel export() {
        return export;
    }

    public SummaryViewModel summary() {
        return summary;
    }

    public SettingsStore settingsStore() {
        return settingsStore;
    }

    /** Preferences as they were stored when the application started (window geometry, recent files). */
    public AppSettings storedSettings() {
        return storedSettings;
    }

    /** Why the last scenario could not be restored, empty when it was (or there was none). */
    public String restoreProblem() {
        return restoreProblem;
    }

    // The result and comparison view-models are built on first use, on the UI thread: the window shows its frame
    // before the result views exist, so their first (cold) computation does not delay it.

    /** Texts of the result and comparison views, following the application's language. */
    public ResultsMessages resultsMessages() {
        if (resultsMessages == null) {
            resultsMessages = new ResultsMessages(messages.localeProperty());
        }
        return resultsMessages;
    }

    private CatalogResultsEngine resultsEngine() {
        if (resultsEngine == null) {
            resultsEngine = new CatalogResultsEngine(this::catalog);
        }
        return resultsEngine;
    }

    /** Breakdown, sweep and decision table for the current scenario. */
    public ResultsViewModel results() {
        if (results == null) {
            // The planner lays out every training option, several milliseconds to a few tens per ranking of the
            // shipped catalog: the charts stay inline, the ranking runs on the compute thread and its rows land a
            // frame or two later.
            results = new ResultsViewModel(workload.snapshotProperty(), resultsEngine(), resultsMessages(),
                    compute, publish);
            // The charts follow the workload panel's GPU (the results listen to the scenario). A row selected in the
            // decision table only shows that row; a click on it or Enter makes its GPU the scenario's, one edit.
            results.table().onChooseGpu(workload.gpuIdProperty()::set);
            // The table's token budget, GPU limit and deadline fields edit the scenario's; the scenario's values
            // (opened, undone, restored) show in the fields. The ranking reads them from the snapshot.
            results.table().tokenBudgetProperty().bindBidirectional(workload.tokenBudgetProperty());
            results.table().maxGpusProperty().bindBidirectional(workload.maxGpusProperty());
            results.table().deadlineDaysProperty().bindBidirectional(workload.deadlineDaysProperty());
            results.table().usage().usageProperty().bindBidirectional(workload.usageProperty());
            // "Use this layout" sets a row's layout in the workload panel, one undo step like the planner's Apply.
            results.table().onUseLayout(workload::snapshot, workload::apply);
        }
        return results;
    }

    /** Breakdown, fit and notes for a workload beyond language models, recomputed on every snapshot. */
    public DomainResultsViewModel domainResults() {
        if (domainResults == null) {
            domainResults = new DomainResultsViewModel(workload.snapshotProperty(), new EngineDomainSizer(),
                    id -> catalog().gpu(id), resultsMessages());
        }
        return domainResults;
    }

    /** Clears both decision tables' filters and sorts (File &gt; New); a table not built yet has none. */
    public void resetTableFilters() {
        results().table().resetFilters();
        if (domainTable != null) {
            domainTable.table().resetFilters();
        }
    }

    /** The decision table for a workload beyond language models; ranked on the compute thread. */
    public DomainTableViewModel domainTable() {
        if (domainTable == null) {
            domainTable = new DomainTableViewModel(workload.snapshotProperty(), domainResults().workloadProperty(),
                    catalog().hardware(), resultsMessages(), compute, publish);
            domainTable.domainProperty().bindBidirectional(workload.domainProperty());
            // As the language model's table: the arrow keys show a row's GPU in the breakdown, a click on a row or
            // Enter makes it the scenario's; the GPU limit, deadline and usage fields edit the scenario's.
            DecisionTableViewModel table = domainTable.table();
            table.onGpuSelection((primary, others) -> domainResults().showGpu(primary));
            table.onChooseGpu(workload.gpuIdProperty()::set);
            table.maxGpusProperty().bindBidirectional(workload.maxGpusProperty());
            table.deadlineDaysProperty().bindBidirectional(workload.deadlineDaysProperty());
            table.usage().usageProperty().bindBidirectional(workload.usageProperty());
        }
        return domainTable;
    }

    /**
     * The layout planner for the live training workload; Apply sets a layout in the workload panel (one undo step).
     * Its searches run on the compute thread.
     */
    public PlannerViewModel planner() {
        if (planner == null) {
            planner = new PlannerViewModel(workload.snapshotProperty(), PlanTarget.all(catalog().hardware()),
                    workload::apply, resultsMessages(), compute, publish);
        }
        return planner;
    }

    /** Pinned scenarios and their side-by-side comparison. */
    public CompareViewModel compare() {
        if (compare == null) {
            compare = new CompareViewModel(workload.snapshotProperty(), resultsEngine(), resultsMessages(),
                    new EngineDomainSizer());
        }
        return compare;
    }

    /** Single changes that make the live scenario fit the selected GPU; Apply sets one in the workload panel. */
    public AdviceViewModel advice() {
        if (advice == null) {
            advice = new AdviceViewModel(workload.snapshotProperty(), results().selectedGpuProperty(), workload::apply,
                    resultsMessages());
        }
        return advice;
    }

    /** One background thread for work that takes longer than a frame (exports, imports, searches). */
    public ExecutorService background() {
        return background;
    }

    @Override
    public void close() {
        background.shutdownNow();
        if (ownCompute != null) {
            ownCompute.shutdownNow();
        }
    }
}
