package com.vramadvisor.app;

import com.vramadvisor.app.shell.AppContext;
import com.vramadvisor.app.shell.MainWindow;
import com.vramadvisor.app.settings.SettingsStore;
import com.vramadvisor.catalog.CatalogLoader;
import java.util.Locale;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.stage.Stage;

/** Starts the JavaFX application. Kept apart from {@code Main} so the CLI never loads a JavaFX class. */
public final class DesktopLauncher extends Application {

    private AppContext context;

    public static void launch(String[] args) {
        Application.launch(DesktopLauncher.class, args);
    }

    @Override
    public void start(Stage stage) {
        context = new AppContext(new SettingsStore(SettingsStore.defaultConfigDir()),
                CatalogLoader.withDefaultUserDirectory().load(), Locale.getDefault(), Platform::runLater);
        new MainWindow(context).show(stage);
    }

    @Override
    public void stop() {
        if (context != null) {
            context.close();
        }
    }
}
