package com.vramadvisor.app;

import com.vramadvisor.app.open.MacOpenFiles;
import com.vramadvisor.app.open.OpenFileRequests;
import com.vramadvisor.app.open.WindowHandoff;
import com.vramadvisor.app.settings.SettingsStore;
import com.vramadvisor.app.shell.AppContext;
import com.vramadvisor.app.shell.MainWindow;
import com.vramadvisor.app.shell.ShellSettings;
import com.vramadvisor.catalog.Catalog;
import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.engine.llm.MemoryEstimator;
import com.vramadvisor.scenario.ScenarioInputs;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.stage.Stage;

/**
 * Starts the JavaFX application. Kept apart from {@code Main} so the CLI never loads a JavaFX class.
 *
 * <p>The order is chosen for the time to the first frame on a two-core machine: the preferences and texts (a few
 * milliseconds) are read while the toolkit starts; the window shows its frame; only then is the catalog read, on a
 * background thread, and the view-models and the content built (see {@link MainWindow#showProgressively}).
 */
public final class DesktopLauncher extends Application {

    private static CompletableFuture<ShellSettings> shell;
    private static Path scenario;
    private static PrintStream console;
    /** Files the desktop asks the running window to open (macOS documents, later launches' files). */
    private static final OpenFileRequests REQUESTS = new OpenFileRequests();
    private static WindowHandoff handoff;

    private MainWindow window;

    /**
     * Starts the toolkit, shows the window and returns once it is closed.
     *
     * @param scenarioFile a scenario file to open once the window has its content, as File &gt; Open does, or
     *                     {@code null} for the last session's scenario
     * @param console      where the start-up trace goes when the {@link StartupTrace#PROPERTY} property asks for it
     */
    public static void launch(Path scenarioFile, PrintStream console) {
        scenario = scenarioFile;
        DesktopLauncher.console = console;
        shell = CompletableFuture.supplyAsync(DesktopLauncher::readShell, runnable -> {
            Thread t = new Thread(runnable, "vram-advisor-settings");
            t.setDaemon(true);
            t.start();
        });
        ClasspathNotice.install();
        Application.launch(DesktopLauncher.class);
    }

    private static ShellSettings readShell() {
        return ShellSettings.read(new SettingsStore(SettingsStore.defaultConfigDir()), Locale.getDefault());
    }

    private static Catalog loadCatalog() {
        Catalog loaded = CatalogLoader.withDefaultUserDirectory().load();
        // One estimate loads and links the engine's classes off the UI thread, before the window needs them.
        ScenarioInputs defaults = ScenarioInputs.defaults();
        new MemoryEstimator().estimate(defaults.model(), defaults.workload());
        return loaded;
    }

    @Override
    public void start(Stage stage) {
        ShellSettings settings = shell != null ? shell.join() : readShell();
        if (console != null) {
            StartupTrace.installIfAsked(console);
        }
        window = new MainWindow(settings);
        if (scenario != null) {
            window.openWhenReady(scenario);
        }
        if (MacOpenFiles.applies()) {
            MacOpenFiles.install(REQUESTS);
        }
        REQUESTS.deliverTo(window::openFromDesktop, Platform::runLater);
        window.showProgressively(stage, DesktopLauncher::loadCatalog,
                catalog -> new AppContext(settings, catalog, Platform::runLater));
        listenForLaterLaunchesAfterFirstPulse(stage.getScene());
    }

    /**
     * Later launches with a scenario file hand it to this window (WindowHandoff). Its listener (about 35 ms of CPU,
     * most of it the secure random generator's set-up) starts on its own thread once the first frame is laid out, so
     * it does not delay the first frame.
     */
    private static void listenForLaterLaunchesAfterFirstPulse(Scene scene) {
        Runnable listen = () -> handoff = WindowHandoff.listenInBackground(SettingsStore.defaultConfigDir(),
                path -> REQUESTS.submit(List.of(path)));
        if (scene == null) {
            listen.run();
            return;
        }
        Runnable[] once = new Runnable[1];
        once[0] = () -> {
            scene.removePostLayoutPulseListener(once[0]);
            listen.run();
        };
        scene.addPostLayoutPulseListener(once[0]);
    }

    @Override
    public void stop() {
        if (handoff != null) {
            handoff.close();
        }
        if (window != null && window.context() != null) {
            window.context().close();
        }
    }
}
