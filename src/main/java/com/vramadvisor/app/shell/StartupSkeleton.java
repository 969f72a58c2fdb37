package com.vramadvisor.app.shell;

import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The window's layout as plain regions in the theme's colours: the whole window for the first frame, and the
 * workload panel, charts and table parts as the placeholders the real window shows until its content is built (see
 * {@link MainWindow#showProgressively}). The user sees one layout fill in, not a blank window, then a different
 * empty one, then the content.
 *
 * <p>It holds only {@link Region}s: no control, no text. A control's first use loads a control stylesheet and
 * creates skins, and text needs the font system; together they are most of what a JavaFX window's first frame costs.
 * Its colours come from the application's own stylesheets ({@code .skeleton-*} in {@code app.css}), so it follows
 * the light and the dark theme.
 */
final class StartupSkeleton {

    /** Heights of the workload panel's first sections with the default scenario, roughly, at 13 px text. */
    private static final double[] SECTION_HEIGHTS = {96, 259, 218, 120, 200};
    /** Where the main split pane and the Analysis tab's split pane put their dividers ({@link MainView}). */
    static final double PANEL_FRACTION = 0.3;
    static final double CHARTS_FRACTION = 0.58;

    private StartupSkeleton() {
    }

    /** The whole window: menu bar, workload panel, tab strip, charts, table and status bar. */
    static Parent window() {
        BorderPane root = new BorderPane();
        root.getStyleClass().addAll("main-view", "startup-skeleton");
        root.setId("startupSkeleton");
        root.setTop(block("skeleton-menu-bar", 30));

        VBox panel = panel();
        panel.prefWidthProperty().bind(root.widthProperty().multiply(PANEL_FRACTION));
        panel.getStyleClass().add("skeleton-panel");
        root.setLeft(panel);

        Node charts = results();
        Node table = table();
        VBox.setVgrow(table, Priority.ALWAYS);
        VBox analysis = new VBox(block("skeleton-tabs", 30), charts, table);
        ((Region) charts).prefHeightProperty().bind(analysis.heightProperty().subtract(30).multiply(CHARTS_FRACTION));
        root.setCenter(analysis);

        root.setBottom(block("skeleton-status-bar", 26));
        return root;
    }

    /** The workload panel's sections. */
    static VBox panel() {
        VBox panel = new VBox();
        panel.getStyleClass().add("workload-panel");
        for (double h : SECTION_HEIGHTS) {
            panel.getChildren().add(block("skeleton-section", h));
        }
        return panel;
    }

    /** The two chart cards: memory breakdown and sweep. */
    static Region results() {
        Region breakdown = block("skeleton-section", -1);
        Region sweep = block("skeleton-section", -1);
        HBox.setHgrow(breakdown, Priority.ALWAYS);
        HBox.setHgrow(sweep, Priority.ALWAYS);
        HBox charts = new HBox(10, breakdown, sweep);
        charts.setPadding(new Insets(10));
        charts.getStyleClass().add("skeleton-area");
        return charts;
    }

    /** The decision table's card. */
    static Region table() {
        VBox box = new VBox(block("skeleton-section", -1));
        VBox.setVgrow(box.getChildren().get(0), Priority.ALWAYS);
        box.setPadding(new Insets(0, 10, 10, 10));
        box.getStyleClass().add("skeleton-area");
        return box;
    }

    private static Region block(String styleClass, double height) {
        Region r = new Region();
        r.getStyleClass().add(styleClass);
        if (height > 0) {
            r.setPrefHeight(height);
            r.setMinHeight(height);
        }
        return r;
    }
}
