package com.vramadvisor.app.shell;

import com.vramadvisor.app.advice.AdviceView;
import com.vramadvisor.app.plan.PlannerView;
import com.vramadvisor.app.compare.CompareView;
import com.vramadvisor.app.domain.DomainResultsView;
import com.vramadvisor.app.domain.DomainJobBar;
import com.vramadvisor.app.domain.DomainResultsViewModel;
import com.vramadvisor.app.export.ExportFormat;
import com.vramadvisor.app.results.DecisionTableView;
import com.vramadvisor.app.results.ResultsMessages;
import com.vramadvisor.app.results.ResultsView;
import com.vramadvisor.scenario.FileProblem;
import com.vramadvisor.scenario.ScenarioFileNames;
import com.vramadvisor.app.scenario.ScenarioStore;
import com.vramadvisor.app.settings.WindowGeometry;
import com.vramadvisor.app.ui.BuiltWhenShown;
import com.vramadvisor.app.ui.CjkFonts;
import com.vramadvisor.app.ui.CutTextTips;
import com.vramadvisor.app.ui.HoverTip;
import com.vramadvisor.app.ui.Messages;
import com.vramadvisor.app.workload.WorkloadPanel;
import com.vramadvisor.app.settings.AppSettings;
import com.vramadvisor.app.calibration.CalibrationDialog;
import com.vramadvisor.app.calibration.CalibrationStatus;
import com.vramadvisor.app.calibration.CalibrationViewModel;
import com.vramadvisor.app.prices.PricesDialog;
import com.vramadvisor.app.prices.PricesViewModel;
import com.vramadvisor.catalog.Catalog;
import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.catalog.UserPriceList;
import java.time.LocalDate;
import com.vramadvisor.catalog.model.LocalModelNames;
import com.vramadvisor.catalog.model.LocalModels;
import java.util.function.Function;
import java.util.function.Supplier;
import java.io.File;
import java.nio.file.Path;
import java.util.Optional;
import javafx.application.Platform;
import javafx.css.PseudoClass;
import javafx.geometry.Rectangle2D;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Tab;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.StackPane;
import javafx.stage.FileChooser;
import javafx.stage.Screen;
import javafx.stage.Stage;

/**
 * Builds the main window from the application context, runs the File menu's commands, and keeps the window's
 * geometry and the scenario for the next start.
 */
public final class MainWindow implements AppMenus.Actions {

    /** Outlines the window while files are dragged over it, so the user sees it accepts them. */
    private static final PseudoClass DROP_TARGET = PseudoClass.getPseudoClass("drop-target");

    private final Messages messages;
    private final AppSettings stored;
    private final Dialogs dialogs;
    private MainView view;
    private AppMenus menus;
    private StatusBar statusBar;
    private final CalibrationStatus calibrationStatus = new CalibrationStatus();
    private AppContext context;
    private Stage stage;
    private Scene scene;
    private WorkloadPanel workloadView;
    private boolean featuresInstalled;
    private boolean sceneWired;
    private boolean fontFollowsLocale;
    private Path scenarioOnStart;

    /**
     * A window that builds its nodes when it is shown. {@link #attach} adds what needs the catalog and the
     * view-models.
     *
     * @param shell the stored preferences and the texts, read before the catalog
     */
    public MainWindow(ShellSettings shell) {
        this.messages = shell.messages();
        this.stored = shell.stored();
        this.dialogs = new Dialogs(messages);
    }

    /** The whole window over a context that exists already; {@link #show} or {@link #showProgressively} shows it. */
    public MainWindow(AppContext context) {
        this(new ShellSettings(context.settingsStore(), context.storedSettings(), context.messages(),
                java.util.Locale.getDefault()));
        attach(context);
    }

    /**
     * The window's chrome: the menu bar with its four menus, the empty workload panel and Analysis tab, and the
     * status bar. Built once, on first need.
     */
    private MainView chrome() {
        if (view == null) {
            bars();
            view = new MainView(messages, menus.bar(), StartupSkeleton.panel(), statusBar.root());
        }
        return view;
    }

    /** The menu bar and the status bar, the first controls the window shows. Built once. */
    private void bars() {
        if (menus == null) {
            Themes.applyBase(stored.theme());
            menus = new AppMenus(messages);
            statusBar = new StatusBar();
        }
    }

    /**
     * Connects the window to the application context: fills the menus, binds the status bar and the title, and
     * follows the theme setting. The workload panel and the feature views are built by {@link #populate()}.
     */
    public void attach(AppContext context) {
        if (this.context != null) {
            throw new IllegalStateException("the window already has its context");
        }
        if (context.messages() != messages) {
            throw new IllegalArgumentException("the context must use the texts the window was built with");
        }
        this.context = context;
        chrome();
        menus.install(context.scenario(), context.settings(), this);
        statusBar.bind(context);
        statusBar.bindCalibration(calibrationStatus, messages);
        context.workload().snapshotProperty().addListener((obs, old, now) -> calibrationStatus.follow(now));
        context.export().errorProperty().addListener((obs, old, failure) -> {
            if (!failure.isEmpty()) {
                dialogs.showError(stage, messages.get("export.failed.header"), failure);
            }
        });
        if (scene != null && scene.getRoot() == view.root()) {
            wireScene();
        }
        if (scenarioOnStart != null) {
            Path file = scenarioOnStart;
            scenarioOnStart = null;
            openScenario(file);
        }
    }

    /**
     * Opens a scenario file as File &gt; Open does, at once if the window has its context, else as soon as it gets
     * it: for a file given on the command line (a double-click on a {@code .vram} file), which replaces the last
     * session's scenario.
     */
    public void openWhenReady(Path file) {
        if (context != null) {
            openScenario(file);
        } else {
            scenarioOnStart = file;
        }
    }

    /**
     * Opens a scenario file the desktop asked for while the window runs (a macOS document event, a file handed over
     * by a later launch) as {@link #openWhenReady} does, and brings the window to the front, out of the task bar.
     */
    public void openFromDesktop(Path file) {
        openWhenReady(file);
        if (stage != null) {
            stage.setIconified(false);
            stage.toFront();
        }
    }

    /** The context, or {@code null} while the window is still starting. */
    public AppContext context() {
        return context;
    }

    /** Builds the workload panel; part of {@link #populate()}. */
    private void populateWorkload() {
        if (workloadView == null) {
            workloadView = new WorkloadPanel(context.workload(), messages, context.scenario().adjustingProperty(),
                    context.modelImport());
            view.setWorkloadPanel(workloadView.root());
        }
    }

    /** Builds the charts, the decision table and the comparison; part of {@link #populate()}. */
    private void populateFeatures() {
        if (!featuresInstalled) {
            featuresInstalled = true;
            installFeatureViews(view, context);
        }
    }

    /** Builds the window's content: the workload panel and the feature views. Does nothing the second time. */
    public void populate() {
        requireContext();
        populateWorkload();
        populateFeatures();
    }

    private void requireContext() {
        if (context == null) {
            throw new IllegalStateException("attach a context first");
        }
    }

    /**
     * The one place where feature views (charts, decision table, comparison) are built from the context and put
     * into the main view's slots.
     */
    static void installFeatureViews(MainView view, AppContext context) {
        ResultsMessages texts = context.resultsMessages();
        // Language models keep their charts and decision table; the other kinds show their own breakdown instead.
        DomainResultsViewModel domain = context.domainResults();
        // Each pair is built as its kind is first shown: most windows never show the other kinds' views.
        StackPane results = new StackPane();
        // On a short screen the charts stand in a column beside the table (MainView): each pair of cards stacks.
        BuiltWhenShown.add(results, domain.activeProperty().not(),
                () -> new ResultsView(context.results(), view.chartsBesideProperty()));
        BuiltWhenShown.add(results, domain.activeProperty(),
                () -> new DomainResultsView(domain, view.chartsBesideProperty()));
        view.setResultsPane(results);
        StackPane decisions = new StackPane();
        BuiltWhenShown.add(decisions, domain.activeProperty().not(),
                () -> new DecisionTableView(context.results().table(), texts));
        // Every kind's options in the same table; another kind's job fields stand where the token budget would.
        BuiltWhenShown.add(decisions, domain.activeProperty(), () -> new DecisionTableView(
                context.domainTable().table(), texts, DomainJobBar.aboveTable(context.domainTable())));
        view.setDecisionPane(decisions);
        Tab compareTab = view.addLazyTab("compareTab", texts.text("compare.tab"),
                () -> new CompareView(context.compare(), texts));
        // The comparison rebuilds only while its tab is showing.
        context.compare().activeProperty().bind(compareTab.selectedProperty());
        Tab adviceTab = view.addLazyTab("adviceTab", texts.text("advice.tab"),
                () -> new AdviceView(context.advice(), texts));
        HoverTip.styled(Tooltip::new).attach(adviceTab, view.tabs())
                .textProperty().bind(texts.text("advice.tab.tooltip"));
        // The advice and the planner change language-model inputs; the other types have no such changes yet.
        adviceTab.disableProperty().bind(domain.activeProperty());
        // Like the comparison, the advice is computed only while its tab is showing.
        context.advice().activeProperty().bind(adviceTab.selectedProperty());
        // The planner searches only when asked (its Plan button), so it needs no such binding.
        Tab planTab = view.addLazyTab("planTab", texts.text("plan.tab"),
                () -> new PlannerView(context.planner(), texts));
        HoverTip.styled(Tooltip::new).attach(planTab, view.tabs())
                .textProperty().bind(texts.text("plan.tab.tooltip"));
        planTab.disableProperty().bind(domain.activeProperty());
    }

    /** Builds the whole window, then shows it. */
    public void show(Stage stage) {
        populate();
        createScene(stage, chrome().root());
        installChrome();
        stage.show();
    }

    /**
     * Shows the chrome first and builds the content in the following frames, for a window whose context exists.
     */
    public void showProgressively(Stage stage) {
        requireContext();
        createScene(stage, chrome().root());
        installChrome();
        stage.show();
        afterNextPulse(this::populateProgressively);
    }

    /**
     * How the application starts: the window appears at once as a skeleton of its layout, and fills in over the
     * next frames.
     * <ol>
     *   <li>First frame: {@link StartupSkeleton}, plain regions in the theme's colours where the menu bar, the
     *       workload panel, the tabs and the status bar will be. It holds no control, so it needs neither AtlantaFX's
     *       stylesheet nor any control skin, which are most of a JavaFX window's first-frame cost.</li>
     *   <li>Right after it: the catalog is read on a background thread while the UI thread builds the real chrome
     *       (menu bar, tabs, status bar) and puts it in place of the skeleton.</li>
     *   <li>With the catalog read: the context is created on the UI thread, the menus get their commands, and the
     *       workload panel, then the charts and the decision table, are built in the following frames.</li>
     * </ol>
     *
     * @param stage         the primary stage
     * @param loadCatalog   reads the catalog; runs on a background thread
     * @param createContext makes the context from the catalog; runs on the UI thread
     */
    public void showProgressively(Stage stage, Supplier<Catalog> loadCatalog,
            Function<Catalog, AppContext> createContext) {
        createScene(stage, StartupSkeleton.window());
        stage.show();
        afterNextPulse(() -> {
            Catalog[] loaded = new Catalog[1];
            boolean[] chromeShown = new boolean[1];
            Runnable attachWhenBoth = () -> {
                if (loaded[0] != null && chromeShown[0] && context == null) {
                    attach(createContext.apply(loaded[0]));
                    populateProgressively();
                }
            };
            Thread loader = new Thread(() -> {
                Catalog catalog;
                try {
                    catalog = loadCatalog.get();
                } catch (RuntimeException e) {
                    // The loader reports bad files as problems; anything else still leaves a usable window.
                    catalog = Catalog.empty();
                    String reason = String.valueOf(e.getMessage());
                    Platform.runLater(() -> dialogs.showError(stage, messages.get("catalog.failed.header"), reason));
                }
                Catalog result = catalog;
                Platform.runLater(() -> {
                    loaded[0] = result;
                    attachWhenBoth.run();
                });
            }, "vram-advisor-catalog");
            loader.setDaemon(true);
            loader.start();
            // The menu bar and the status bar go into the skeleton's strips first: the menus are there a frame
            // before the split panes and tabs, whose skins take as long again.
            bars();
            BorderPane skeleton = (BorderPane) scene.getRoot();
            skeleton.setTop(menus.bar());
            skeleton.setBottom(statusBar.root());
            Themes.apply(scene, stored.theme());
            applyFont();
            afterNextPulse(() -> {
                scene.setRoot(chrome().root());
                installChrome();
                afterNextPulse(() -> {
                    chromeShown[0] = true;
                    attachWhenBoth.run();
                });
            });
        });
    }

    /** The workload panel in one frame, the charts and the decision table in the next. */
    private void populateProgressively() {
        populateWorkload();
        afterNextPulse(this::populateFeatures);
    }

    /** Runs {@code step} once the next frame has been laid out, so that frame reaches the screen first. */
    private void afterNextPulse(Runnable step) {
        Runnable[] listener = new Runnable[1];
        listener[0] = () -> {
            scene.removePostLayoutPulseListener(listener[0]);
            Platform.runLater(step);
        };
        scene.addPostLayoutPulseListener(listener[0]);
        Platform.requestNextPulse();
    }

    /** The scene over {@code root} with the theme's own stylesheets, on a stage that is set up but not shown. */
    private void createScene(Stage stage, Parent root) {
        this.stage = stage;
        // First start: 1440 x 900, or the screen's usable area when it is smaller (laptops, small VMs).
        Rectangle2D screen = Screen.getPrimary().getVisualBounds();
        scene = new Scene(root, Math.min(1440, screen.getWidth()), Math.min(900, screen.getHeight()));
        Themes.applyOwn(scene, stored.theme());
        installDragAndDrop();
        stage.titleProperty().unbind();
        stage.setTitle(messages.get("app.title"));
        stage.setScene(scene);
        stage.setMinWidth(WindowGeometry.MIN_WIDTH);
        stage.setMinHeight(WindowGeometry.MIN_HEIGHT);
        restoreGeometry(stage);
        stage.setOnCloseRequest(e -> persist());
    }

    /** Once the chrome is the scene's root: AtlantaFX's stylesheet, the font, and what needs the context. */
    private void installChrome() {
        Themes.apply(scene, stored.theme());
        applyFont();
        CutTextTips.install(scene);
        if (!fontFollowsLocale) {
            fontFollowsLocale = true;
            messages.localeProperty().addListener(obs -> applyFont());
        }
        if (context != null) {
            wireScene();
        }
    }

    /** What needs both the scene and the context: theme changes, the redo shortcut, the title, restore problems. */
    private void wireScene() {
        if (sceneWired) {
            return;
        }
        sceneWired = true;
        if (context.settings().themeProperty().get() != stored.theme()) {
            Themes.apply(scene, context.settings().themeProperty().get());
        }
        context.settings().themeProperty().addListener((obs, old, now) -> Themes.apply(scene, now));
        // Ctrl+Shift+Z is the other common redo shortcut; the menu item carries Ctrl+Y.
        scene.getAccelerators().put(KeyCombination.keyCombination("Shortcut+Shift+Z"), context.scenario()::redo);
        stage.titleProperty().bind(context.scenario().titleProperty());
        if (!"zh".equals(messages.locale().getLanguage())) {
            loadChineseMenuFont();
        }
        if (!context.restoreProblem().isEmpty()) {
            statusBar.show(messages.get("status.restoreFailed", context.restoreProblem()));
        } else {
            calibrationStatus.restore(stored.calibration(), context.workload().snapshot(), messages)
                    .ifPresent(statusBar::show);
        }
    }

    /**
     * Chinese needs a CJK font: the shipped one when the system has none. English keeps the platform font, and only
     * the language menu's Chinese entry gets the CJK family so it reads correctly.
     */
    private void applyFont() {
        boolean chinese = "zh".equals(messages.locale().getLanguage());
        if (chinese) {
            Optional<String> family = CjkFonts.load();
            scene.getRoot().setStyle(family.map(f -> "-fx-font-family: \"" + f + "\";").orElse(""));
            if (menus.chineseItem() != null) {
                menus.chineseItem().setStyle("");
            }
        } else {
            scene.getRoot().setStyle("");
            if (context != null) {
                loadChineseMenuFont();
            }
        }
    }

    /**
     * Only a closed menu needs the font in English, so it is read in the background once the window has its
     * context, rather than beside the first frames: on two cores, reading the 5 MB font then would hold them back.
     */
    private void loadChineseMenuFont() {
        context.background().execute(() -> CjkFonts.load().ifPresent(f -> Platform.runLater(() -> {
            if (menus.chineseItem() != null && !"zh".equals(messages.locale().getLanguage())) {
                menus.chineseItem().setStyle("-fx-font-family: \"" + f + "\";");
            }
        })));
    }

    private void installDragAndDrop() {
        scene.setOnDragOver(e -> {
            if (context != null && e.getDragboard().hasFiles()) {
                e.acceptTransferModes(TransferMode.COPY);
                scene.getRoot().pseudoClassStateChanged(DROP_TARGET, true);
            }
            e.consume();
        });
        scene.setOnDragExited(e -> scene.getRoot().pseudoClassStateChanged(DROP_TARGET, false));
        scene.setOnDragDropped(e -> {
            scene.getRoot().pseudoClassStateChanged(DROP_TARGET, false);
            boolean done = false;
            if (context != null && e.getDragboard().hasFiles() && !e.getDragboard().getFiles().isEmpty()) {
                openDropped(e.getDragboard().getFiles().get(0).toPath());
                done = true;
            }
            e.setDropCompleted(done);
            e.consume();
        });
    }

    /**
     * A dropped scenario file ({@code .vram} or {@code .vram.json}) is opened; anything else is read as a model
     * (config.json, folder, safetensors, GGUF).
     */
    void openDropped(Path path) {
        if (path.getFileName() != null && ScenarioFileNames.isScenario(path.getFileName().toString())) {
            openScenario(path);
        } else {
            context.modelImport().importPath(path);
        }
    }

    private void restoreGeometry(Stage stage) {
        WindowGeometry saved = stored.window();
        if (saved == null) {
            return;
        }
        // The screen the window was on, if it is still there (a monitor may have been unplugged since), else the
        // primary one; the window is shrunk and moved to fit its usable area, which may be smaller than it was.
        Rectangle2D bounds = Screen.getScreensForRectangle(
                        new Rectangle2D(saved.x(), saved.y(), saved.width(), saved.height()))
                .stream().findFirst().orElse(Screen.getPrimary()).getVisualBounds();
        WindowGeometry g = saved.fitInto(bounds.getMinX(), bounds.getMinY(), bounds.getWidth(), bounds.getHeight());
        stage.setX(g.x());
        stage.setY(g.y());
        stage.setWidth(g.width());
        stage.setHeight(g.height());
        stage.setMaximized(g.maximized());
    }

    /** Saves the preferences, window geometry and current scenario for the next start. */
    void persist() {
        if (context == null) {
            // Closed before the catalog was read: nothing has changed since the last start.
            return;
        }
        WindowGeometry geometry = stage == null ? context.storedSettings().window()
                : new WindowGeometry(stage.getX(), stage.getY(), stage.getWidth(), stage.getHeight(),
                stage.isMaximized());
        var recent = context.scenario().recentFiles().stream().map(Path::toString).toList();
        try {
            context.settingsStore().save(context.settings().toSettings(recent, geometry,
                    calibrationStatus.remembered()));
            new ScenarioStore().save(context.settingsStore().lastScenarioFile(),
                    context.workload().snapshot());
        } catch (Exception e) {
            // Losing preferences must not keep the user from closing the window; the next start uses defaults.
            statusBar.show(messages.get("status.persistFailed", String.valueOf(e.getMessage())));
        }
    }

    @Override
    public void openDownloadedModel() {
        LocalModels local = LocalModels.ofThisUser();
        DownloadedModelDialog.ask(stage, messages, LocalModelNames.list(local), local.searchedFolders())
                .ifPresent(context.modelImport()::importNamed);
    }

    @Override
    public void calibrate() {
        CalibrationViewModel vm = new CalibrationViewModel(messages, id -> context.catalog().gpu(id),
                CatalogLoader.defaultUserDirectory().getParent().resolve("calibration"));
        if (!new CalibrationDialog(stage, vm, messages).showAndWait()) {
            return;
        }
        // Applied like any edit: the scenario's runtime overhead takes the fitted context and fragmentation.
        vm.calibrate(context.workload().snapshot()).ifPresent(context.workload()::apply);
        vm.applied().ifPresent(calibrationStatus::apply);
        statusBar.show(vm.resultProperty().get());
    }

    /**
     * "My prices...": the user's own prices for GPUs, systems and cloud offers. Once saved, the catalog is read again
     * so the decision tables rank with them; what the reload could not use shows in the status bar as at start.
     */
    @Override
    public void myPrices() {
        Path file = context.catalogFolder().resolve(UserPriceList.FILE_NAME);
        PricesViewModel vm = new PricesViewModel(context.catalog(), file, messages, LocalDate::now);
        if (!new PricesDialog(stage, vm, messages).showAndWait()) {
            return;
        }
        statusBar.show(messages.get("prices.saved", file.toString()));
        context.reloadCatalog(catalog -> statusBar.show(catalog.problems().isEmpty()
                ? messages.get("prices.reloaded", catalog.userPrices().size())
                : messages.get("prices.reloadedWithProblems", catalog.userPrices().size(),
                        catalog.problems().size())));
    }

    @Override
    public void newScenario() {
        context.scenario().newScenario();
        // A new scenario starts from a table that shows everything in the engine's order.
        context.resetTableFilters();
        statusBar.show(messages.get("status.newScenario"));
    }

    @Override
    public void open() {
        FileChooser chooser = scenarioChooser("dialog.open.title");
        File file = chooser.showOpenDialog(stage);
        if (file != null) {
            openScenario(file.toPath());
        }
    }

    @Override
    public void openRecent(Path file) {
        openScenario(file);
    }

    void openScenario(Path file) {
        Optional<FileProblem> problem = context.scenario().open(file);
        if (problem.isPresent()) {
            dialogs.showProblem(stage, problem.get());
        } else {
            statusBar.show(messages.get("status.opened", file.getFileName().toString()));
        }
    }

    @Override
    public void save() {
        if (!context.scenario().hasFile()) {
            saveAs();
            return;
        }
        report(context.scenario().save());
    }

    @Override
    public void saveAs() {
        FileChooser chooser = scenarioChooser("dialog.save.title");
        chooser.setInitialFileName(messages.get("dialog.save.initialName") + ScenarioFileNames.EXTENSION);
        File file = chooser.showSaveDialog(stage);
        if (file != null) {
            Path path = file.toPath();
            path = path.resolveSibling(ScenarioFileNames.forSaving(path.getFileName().toString()));
            report(context.scenario().saveAs(path));
        }
    }

    private void report(Optional<FileProblem> problem) {
        if (problem.isPresent()) {
            dialogs.showProblem(stage, problem.get());
        } else {
            statusBar.show(messages.get("status.saved", context.scenario().currentFileProperty().get()));
        }
    }

    private FileChooser scenarioChooser(String titleKey) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle(messages.get(titleKey));
        // *.json too: scenarios saved under another JSON name, which Save As keeps as typed.
        var scenarioGlobs = new java.util.ArrayList<>(ScenarioFileNames.globs());
        scenarioGlobs.add("*.json");
        chooser.getExtensionFilters().addAll(
                new FileChooser.ExtensionFilter(messages.get("dialog.filter.scenario"), scenarioGlobs),
                new FileChooser.ExtensionFilter(messages.get("dialog.filter.all"), "*"));
        Path current = context.scenario().currentFileProperty().get();
        if (current != null && current.getParent() != null && current.getParent().toFile().isDirectory()) {
            chooser.setInitialDirectory(current.getParent().toFile());
        }
        return chooser;
    }

    @Override
    public void export(ExportFormat format) {
        new ExportActions(context, stage, scene).export(format);
    }

    @Override
    public void exit() {
        persist();
        stage.close();
        Platform.exit();
    }

    @Override
    public void about() {
        dialogs.showAbout(stage);
    }

    @Override
    public void shortcuts() {
        new HelpDialogs(messages).showShortcuts(stage, menus.bar());
    }

    @Override
    public void guide() {
        new HelpDialogs(messages).showGuide(stage);
    }

    public MainView view() {
        return view;
    }

    public Scene scene() {
        return scene;
    }
}
