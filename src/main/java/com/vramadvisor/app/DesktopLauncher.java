package com.vramadvisor.app;

import com.vramadvisor.app.settings.SettingsStore;
import com.vramadvisor.app.shell.AppContext;
import com.vramadvisor.app.shell.MainWindow;
import com.vramadvisor.scenario.ScenarioInputs;
import com.vramadvisor.catalog.Catalog;
import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.engine.MemoryEstimator;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.stage.Stage;

/** Starts the JavaFX application. Kept apart from {@code Main} so the CLI never loads a JavaFX class. */
public final class DesktopLauncher extends Application {

    /**
     * The catalog and the view-models over it, built while the JavaFX toolkit starts: they take a few hundred
     * milliseconds and need no UI thread (view-models hold properties only, no nodes), so on a machine with two
     * cores doing them side by side with the toolkit's start shortens the time to the first window.
     */
    private static CompletableFuture<AppContext> preloaded;

    private AppContext context;

    public static void launch(String... args) {
        preloaded = CompletableFuture.supplyAsync(DesktopLauncher::createContext, runnable -> {
            Thread t = new Thread(runnable, "vram-advisor-preload");
            t.setDaemon(true);
            t.start();
        });
        Application.launch(DesktopLauncher.class, args);
    }

    private static AppContext createContext() {
        Catalog catalog = loadCatalog();
        return new AppContext(new SettingsStore(SettingsStore.defaultConfigDir()), catalog, Locale.getDefault(),
                Platform::runLater);
    }

    private static Catalog loadCatalog() {
        Catalog loaded = CatalogLoader.withDefaultUserDirectory().load();
        // One estimate loads and links the engine's classes before the window needs them.
        ScenarioInputs defaults = ScenarioInputs.defaults();
        new MemoryEstimator().estimate(defaults.model(), defaults.workload());
        return loaded;
    }

    @Override
    public void start(Stage stage) {
        context = preloaded != null ? preloaded.join() : createContext();
        new MainWindow(context).showProgressively(stage);
    }

    @Override
    public void stop() {
        if (context != null) {
            context.close();
        }
    }
}
