package com.vramadvisor.app;

import com.vramadvisor.app.settings.SettingsStore;
import com.vramadvisor.app.shell.AppContext;
import com.vramadvisor.app.shell.MainWindow;
import com.vramadvisor.catalog.CatalogLoader;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import javafx.application.Platform;
import javafx.stage.Stage;

/** The real main window for a UI test: English, the shipped catalog, a fresh configuration folder. */
public final class MainWindowFixture {

    private MainWindowFixture() {
    }

    /**
     * Builds the whole window on {@code stage} and shows it.
     *
     * @param configDirs a test's temporary folder; each call uses a new configuration folder inside it
     * @return the context behind the window, for the test to drive and close
     */
    public static AppContext show(Stage stage, Path configDirs) throws IOException {
        AppContext context = new AppContext(new SettingsStore(Files.createTempDirectory(configDirs, "config")),
                CatalogLoader.shippedOnly().load(), Locale.ENGLISH, Platform::runLater);
        new MainWindow(context).show(stage);
        return context;
    }
}
