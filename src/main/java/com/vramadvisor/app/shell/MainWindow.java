package com.vramadvisor.app.shell;

import com.vramadvisor.app.compare.CompareView;
import com.vramadvisor.app.export.ExportFormat;
import com.vramadvisor.app.results.DecisionTableView;
import com.vramadvisor.app.results.ResultsMessages;
import com.vramadvisor.app.results.ResultsView;
import com.vramadvisor.scenario.FileProblem;
import com.vramadvisor.app.scenario.ScenarioStore;
import com.vramadvisor.app.settings.WindowGeometry;
import com.vramadvisor.app.ui.CjkFonts;
import com.vramadvisor.app.ui.Messages;
import com.vramadvisor.app.workload.WorkloadView;
import java.io.File;
import java.nio.file.Path;
import java.util.Optional;
import javafx.application.Platform;
import javafx.css.PseudoClass;
import javafx.geometry.Rectangle2D;
import javafx.scene.Scene;
import javafx.scene.control.Tab;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.TransferMode;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import javafx.stage.Screen;
import javafx.stage.Stage;

/**
 * Builds the main window from the application context, runs the File menu's commands, and keeps the window's
 * geometry and the scenario for the next start.
 */
public final class MainWindow implements AppMenus.Actions {

    /** Extension of scenario files, so a double-click or a drop can tell them from a model's config.json. */
    static final String SCENARIO_EXTENSION = ".vram.json";
    /** Outlines the window while files are dragged over it, so the user sees it accepts them. */
    private static final PseudoClass DROP_TARGET = PseudoClass.getPseudoClass("drop-target");

    private final AppContext context;
    private final Messages messages;
    private final MainView view;
    private final AppMenus menus;
    private final StatusBar statusBar;
    private final Dialogs dialogs;
    private Stage stage;
    private Scene scene;
    private WorkloadView workloadView;
    private boolean featuresInstalled;

    public MainWindow(AppContext context) {
        this.context = context;
        this.messages = context.messages();
        Themes.applyBase(context.settings().themeProperty().get());
        this.menus = new AppMenus(messages, context.scenario(), context.settings(), this);
        this.statusBar = new StatusBar(context);
        VBox loading = new VBox();
        loading.getStyleClass().add("workload-panel");
        this.view = new MainView(messages, menus.bar(), loading, statusBar.root());
        this.dialogs = new Dialogs(messages);
        context.export().errorProperty().addListener((obs, old, failure) -> {
            if (!failure.isEmpty()) {
                dialogs.showError(stage, messages.get("export.failed.header"), failure);
            }
        });
    }

    /** Builds the workload panel; part of {@link #populate()}. */
    private void populateWorkload() {
        if (workloadView == null) {
            workloadView = new WorkloadView(context.workload(), messages, context.scenario().adjustingProperty(),
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
        populateWorkload();
        populateFeatures();
    }

    /**
     * The one place where feature views (charts, decision table, comparison) are built from the context and put
     * into the main view's slots.
     */
    static void installFeatureViews(MainView view, AppContext context) {
        ResultsMessages texts = context.resultsMessages();
        view.setResultsPane(new ResultsView(context.results()));
        view.setDecisionPane(new DecisionTableView(context.results().table(), texts));
        Tab compareTab = view.addLazyTab("compareTab", texts.text("compare.tab"),
                () -> new CompareView(context.compare(), texts));
        // The comparison rebuilds only while its tab is showing.
        context.compare().activeProperty().bind(compareTab.selectedProperty());
    }

    /** Builds the whole window, then shows it. */
    public void show(Stage stage) {
        populate();
        showFrame(stage);
    }

    /**
     * Shows the window first and builds its content in the following frames: the frame, menus and status bar take a
     * fraction of the controls' cost, so the window is on screen as early as a bare JavaFX window, and the panel and
     * the charts fill in a moment later instead of the user staring at nothing.
     */
    public void showProgressively(Stage stage) {
        showFrame(stage);
        afterNextPulse(() -> {
            populateWorkload();
            afterNextPulse(this::populateFeatures);
        });
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

    private void showFrame(Stage stage) {
        this.stage = stage;
        // First start: 1440 x 900, or the screen's usable area when it is smaller (laptops, small VMs).
        Rectangle2D screen = Screen.getPrimary().getVisualBounds();
        scene = new Scene(view.root(), Math.min(1440, screen.getWidth()), Math.min(900, screen.getHeight()));
        Themes.apply(scene, context.settings().themeProperty().get());
        context.settings().themeProperty().addListener((obs, old, now) -> Themes.apply(scene, now));
        applyFont();
        messages.localeProperty().addListener(obs -> applyFont());
        installDragAndDrop();
        // Ctrl+Shift+Z is the other common redo shortcut; the menu item carries Ctrl+Y.
        scene.getAccelerators().put(KeyCombination.keyCombination("Shortcut+Shift+Z"), context.scenario()::redo);
        stage.titleProperty().bind(context.scenario().titleProperty());
        stage.setScene(scene);
        stage.setMinWidth(WindowGeometry.MIN_WIDTH);
        stage.setMinHeight(WindowGeometry.MIN_HEIGHT);
        restoreGeometry(stage);
        stage.setOnCloseRequest(e -> persist());
        stage.show();
        if (!context.restoreProblem().isEmpty()) {
            statusBar.show(messages.get("status.restoreFailed", context.restoreProblem()));
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
            view.root().setStyle(family.map(f -> "-fx-font-family: \"" + f + "\";").orElse(""));
            menus.chineseItem().setStyle("");
        } else {
            view.root().setStyle("");
            // Only a closed menu needs the font, so it is read after the next frame rather than beside it: on two
            // cores, reading the 5 MB font at the same time would hold back the window's first frame.
            afterNextPulse(() -> context.background().execute(() -> CjkFonts.load().ifPresent(f -> Platform.runLater(
                    () -> menus.chineseItem().setStyle("-fx-font-family: \"" + f + "\";")))));
        }
    }

    private void installDragAndDrop() {
        scene.setOnDragOver(e -> {
            if (e.getDragboard().hasFiles()) {
                e.acceptTransferModes(TransferMode.COPY);
                view.root().pseudoClassStateChanged(DROP_TARGET, true);
            }
            e.consume();
        });
        scene.setOnDragExited(e -> view.root().pseudoClassStateChanged(DROP_TARGET, false));
        scene.setOnDragDropped(e -> {
            view.root().pseudoClassStateChanged(DROP_TARGET, false);
            boolean done = false;
            if (e.getDragboard().hasFiles() && !e.getDragboard().getFiles().isEmpty()) {
                openDropped(e.getDragboard().getFiles().get(0).toPath());
                done = true;
            }
            e.setDropCompleted(done);
            e.consume();
        });
    }

    /** A dropped scenario file is opened; anything else is read as a model (config.json, folder, safetensors, GGUF). */
    void openDropped(Path path) {
        if (path.getFileName() != null && path.getFileName().toString().endsWith(SCENARIO_EXTENSION)) {
            openScenario(path);
        } else {
            context.modelImport().importPath(path);
        }
    }

    private void restoreGeometry(Stage stage) {
        WindowGeometry g = context.storedSettings().window();
        if (g == null) {
            return;
        }
        // Only restore a position that is still on a screen (a monitor may have been unplugged since).
        boolean visible = !Screen.getScreensForRectangle(new Rectangle2D(g.x(), g.y(), g.width(), g.height()))
                .isEmpty();
        if (visible) {
            stage.setX(g.x());
            stage.setY(g.y());
        }
        stage.setWidth(g.width());
        stage.setHeight(g.height());
        stage.setMaximized(g.maximized());
    }

    /** Saves the preferences, window geometry and current scenario for the next start. */
    void persist() {
        WindowGeometry geometry = stage == null ? context.storedSettings().window()
                : new WindowGeometry(stage.getX(), stage.getY(), stage.getWidth(), stage.getHeight(),
                stage.isMaximized());
        var recent = context.scenario().recentFiles().stream().map(Path::toString).toList();
        try {
            context.settingsStore().save(context.settings().toSettings(recent, geometry));
            new ScenarioStore().save(context.settingsStore().lastScenarioFile(),
                    context.workload().snapshot());
        } catch (Exception e) {
            // Losing preferences must not keep the user from closing the window; the next start uses defaults.
            statusBar.show(messages.get("status.persistFailed", String.valueOf(e.getMessage())));
        }
    }

    @Override
    public void newScenario() {
        context.scenario().newScenario();
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
        chooser.setInitialFileName(messages.get("dialog.save.initialName") + SCENARIO_EXTENSION);
        File file = chooser.showSaveDialog(stage);
        if (file != null) {
            Path path = file.toPath();
            if (!path.getFileName().toString().endsWith(".json")) {
                path = path.resolveSibling(path.getFileName() + SCENARIO_EXTENSION);
            }
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
        chooser.getExtensionFilters().addAll(
                new FileChooser.ExtensionFilter(messages.get("dialog.filter.scenario"), "*" + SCENARIO_EXTENSION,
                        "*.json"),
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

    public MainView view() {
        return view;
    }

    public Scene scene() {
        return scene;
    }
}
