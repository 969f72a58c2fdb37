package com.vramadvisor.app;

import com.vramadvisor.app.shell.AppContext;
import com.vramadvisor.app.shell.MainWindow;
import com.vramadvisor.app.workload.ScenarioInputs;
import java.util.List;
import java.util.Locale;
import javafx.application.Application;
import javafx.stage.Stage;

/** Starts the JavaFX application. Kept apart from {@code Main} so the CLI never loads a JavaFX class. */
public final class DesktopLauncher extends Application {

    private AppContext context;

    public static void launch(String[] args) {
        Application.launch(DesktopLauncher.class, args);
    }

    @Override
    public void start(Stage stage) {
        ScenarioInputs initial = ScenarioInputs.defaults();
        context = new AppContext(Locale.getDefault(), initial, List.of(initial.model()));
        new MainWindow(context).show(stage);
    }

    @Override
    public void stop() {
        if (context != null) {
            context.close();
        }
    }
}
