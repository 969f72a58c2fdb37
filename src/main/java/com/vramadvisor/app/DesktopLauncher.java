package com.vramadvisor.app;

import javafx.application.Application;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.stage.Stage;

/** Starts the JavaFX application. Kept apart from {@code Main} so the CLI never loads a JavaFX class. */
public final class DesktopLauncher extends Application {

    public static void launch(String[] args) {
        Application.launch(DesktopLauncher.class, args);
    }

    @Override
    public void start(Stage stage) {
        stage.setTitle("VRAM Advisor");
        stage.setScene(new Scene(new Label("VRAM Advisor"), 800, 600));
        stage.show();
    }
}
