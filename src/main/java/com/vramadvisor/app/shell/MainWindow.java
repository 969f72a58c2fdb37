package com.vramadvisor.app.shell;

import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;

/** Builds the main window from the application context and shows it. */
public final class MainWindow {

    private final AppContext context;
    private final MainView view;

    public MainWindow(AppContext context) {
        this.context = context;
        Menu file = new Menu();
        file.textProperty().bind(context.messages().text("menu.file"));
        MenuBar menuBar = new MenuBar(file);
        Label status = new Label();
        HBox statusBar = new HBox(status);
        statusBar.getStyleClass().add("status-bar");
        this.view = new MainView(context.messages(), menuBar, new VBox(), statusBar);
        installFeatureViews(view, context);
    }

    /**
     * The one place where feature views (charts, decision table, comparison) are built from the context and put
     * into the main view's slots.
     */
    static void installFeatureViews(MainView view, AppContext context) {
        // Results and comparison views are added here as they are built.
    }

    public void show(Stage stage) {
        Scene scene = new Scene(view.root(), 1440, 900);
        stage.titleProperty().bind(context.messages().text("app.title"));
        stage.setScene(scene);
        stage.show();
    }

    public MainView view() {
        return view;
    }
}
