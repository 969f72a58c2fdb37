package com.vramadvisor.bench;

import java.util.ArrayList;
import java.util.List;
import javafx.application.Application;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.chart.AreaChart;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Slider;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;

/**
 * A reference for the start-up benchmark: a window of the same composition as the application's complete window,
 * built from plain JavaFX controls in one go, with AtlantaFX's Primer stylesheet and no application logic (no
 * catalog, no estimate, no ranking, no bindings). Its first frame is what JavaFX itself needs to style, lay out and
 * hand over a window of that many controls on this machine, against which the application's complete window can be
 * read: a menu bar; a scrolling form of nine sections (sliders with their fields, combo boxes, segmented toggles,
 * check boxes); four tabs; a stacked bar with a legend and an area chart; a row of filter controls; a 15-column table
 * of 98 rows; a status bar. {@code -Dbench.nodes=true} on the child prints its node count beside the application's.
 */
public final class SyntheticWindow extends Application {

    private static final int SECTIONS = 9;
    private static final int COLUMNS = 15;
    private static final int ROWS = 98;

    @Override
    public void start(Stage stage) {
        Application.setUserAgentStylesheet(SyntheticWindow.class
                .getResource("/atlantafx/base/theme/primer-light.css").toExternalForm());
        BorderPane root = new BorderPane();
        root.setTop(menus());
        SplitPane main = new SplitPane(form(), results());
        main.setDividerPositions(0.3);
        root.setCenter(main);
        HBox status = new HBox(12, new Label("Peak per GPU: 152 GiB"), new Label("Does not fit"),
                new Label("Catalog: 45 GPUs, 58 models"));
        root.setBottom(status);
        stage.setTitle("VRAM Advisor");
        stage.setScene(new Scene(root, 1440, 900));
        stage.show();
    }

    private static MenuBar menus() {
        MenuBar bar = new MenuBar();
        for (String name : List.of("File", "Edit", "View", "Help")) {
            Menu menu = new Menu(name);
            for (int i = 0; i < 6; i++) {
                menu.getItems().add(new MenuItem(name + " item " + i));
            }
            bar.getMenus().add(menu);
        }
        return bar;
    }

    private static Node form() {
        VBox form = new VBox(8);
        for (int s = 0; s < SECTIONS; s++) {
            VBox section = new VBox(6, new Label("Section " + s));
            section.getStyleClass().add("section");
            section.getChildren().add(segmented("Choice " + s, 4));
            for (int f = 0; f < 2; f++) {
                Slider slider = new Slider(0, 12, 3);
                TextField field = new TextField("4,096");
                field.setPrefColumnCount(7);
                section.getChildren().addAll(new Label("Slider " + s + "." + f), new HBox(8, slider, field));
            }
            ComboBox<String> combo = new ComboBox<>(FXCollections.observableArrayList("One", "Two", "Three"));
            combo.getSelectionModel().select(0);
            section.getChildren().addAll(new Label("Combo " + s), combo, new CheckBox("Check " + s));
            form.getChildren().add(section);
        }
        ScrollPane scroll = new ScrollPane(form);
        scroll.setFitToWidth(true);
        return scroll;
    }

    private static Node segmented(String label, int options) {
        ToggleGroup group = new ToggleGroup();
        HBox buttons = new HBox();
        for (int i = 0; i < options; i++) {
            ToggleButton button = new ToggleButton(label + " " + i);
            button.setToggleGroup(group);
            button.setSelected(i == 0);
            buttons.getChildren().add(button);
        }
        return buttons;
    }

    private static Node results() {
        TabPane tabs = new TabPane();
        for (String name : List.of("Analysis", "Compare", "What to change", "Layout planner")) {
            Tab tab = new Tab(name);
            tab.setClosable(false);
            tabs.getTabs().add(tab);
        }
        SplitPane charts = new SplitPane(breakdown(), chart());
        SplitPane analysis = new SplitPane(charts, decisions());
        analysis.setOrientation(Orientation.VERTICAL);
        tabs.getTabs().get(0).setContent(analysis);
        return tabs;
    }

    private static Node breakdown() {
        HBox bar = new HBox();
        VBox legend = new VBox(2);
        for (int i = 0; i < 8; i++) {
            Region part = new Region();
            part.setPrefSize(40, 24);
            bar.getChildren().add(part);
            legend.getChildren().add(new HBox(6, new Region(), new Label("Part " + i), new Label("12.3 GiB"),
                    new Label("9.8%")));
        }
        return new VBox(6, new Label("Memory per GPU"), new Label("Peak 152 GiB per GPU"), bar, legend);
    }

    private static Node chart() {
        XYChart.Series<Number, Number> series = new XYChart.Series<>();
        for (int x = 1; x <= 20; x++) {
            series.getData().add(new XYChart.Data<>(x, 100 + 45 * x));
        }
        AreaChart<Number, Number> chart = new AreaChart<>(new NumberAxis(), new NumberAxis());
        chart.setAnimated(false);
        chart.setCreateSymbols(false);
        chart.setTitle("Memory as the workload grows");
        chart.getData().add(series);
        return chart;
    }

    private static Node decisions() {
        HBox filters = new HBox(8);
        for (int i = 0; i < 6; i++) {
            ComboBox<String> combo = new ComboBox<>(FXCollections.observableArrayList("All", "Some"));
            combo.getSelectionModel().select(0);
            filters.getChildren().addAll(new Label("Filter " + i), combo, new TextField("any"));
        }
        TableView<String[]> table = new TableView<>();
        table.setFixedCellSize(26);
        for (int c = 0; c < COLUMNS; c++) {
            int column = c;
            TableColumn<String[], String> col = new TableColumn<>("Column " + c);
            col.setCellValueFactory(row -> new ReadOnlyStringWrapper(row.getValue()[column]));
            table.getColumns().add(col);
        }
        List<String[]> rows = new ArrayList<>();
        for (int r = 0; r < ROWS; r++) {
            String[] row = new String[COLUMNS];
            for (int c = 0; c < COLUMNS; c++) {
                row[c] = "r" + r + " c" + c;
            }
            rows.add(row);
        }
        table.getItems().setAll(rows);
        return new VBox(8, new Label("Hardware for this workload"), filters, table);
    }
}
