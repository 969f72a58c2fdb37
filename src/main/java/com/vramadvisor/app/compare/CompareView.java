package com.vramadvisor.app.compare;

import com.vramadvisor.app.results.ComponentRow;
import com.vramadvisor.app.results.ResultsMessages;
import com.vramadvisor.app.results.StackedMemoryBar;
import com.vramadvisor.engine.llm.Component;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javafx.beans.binding.Bindings;
import javafx.collections.ListChangeListener;
import javafx.geometry.HPos;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The live scenario and the pinned ones side by side: a grid of inputs, totals and components with differing lines
 * highlighted, and one bar per scenario on a shared scale against that scenario's GPU.
 */
public final class CompareView extends VBox {

    private static final double UNPIN_BUTTON_HEIGHT = 32;

    private final CompareViewModel viewModel;
    private final ResultsMessages messages;
    private final GridPane grid = new GridPane();
    private final VBox bars = new VBox(10);
    private boolean dirty = true;

    public CompareView(CompareViewModel viewModel, ResultsMessages messages) {
        this.viewModel = viewModel;
        this.messages = messages;
        getStyleClass().add("compare-view");
        getStylesheets().add(StackedMemoryBar.class.getResource("results.css").toExternalForm());
        setId("compareView");

        Label title = new Label();
        title.textProperty().bind(messages.text("compare.title"));
        title.getStyleClass().add("card-title");
        Button pin = new Button();
        pin.setId("pinScenarioButton");
        pin.textProperty().bind(messages.text("compare.pin"));
        pin.setTooltip(tooltip(messages.text("compare.pin.tooltip").get()));
        pin.getTooltip().textProperty().bind(messages.text("compare.pin.tooltip"));
        pin.getStyleClass().add("accent");
        pin.disableProperty().bind(viewModel.canPinProperty().not());
        pin.setOnAction(e -> viewModel.pinCurrent());
        Button clear = new Button();
        clear.setId("clearPinnedButton");
        clear.textProperty().bind(messages.text("compare.clear"));
        clear.setTooltip(tooltip(""));
        clear.getTooltip().textProperty().bind(messages.text("compare.clear.tooltip"));
        clear.disableProperty().bind(Bindings.isEmpty(viewModel.pinned()));
        clear.setOnAction(e -> viewModel.clearPinned());
        Label hint = new Label();
        hint.getStyleClass().add("compare-hint");
        hint.textProperty().bind(Bindings.when(viewModel.canPinProperty())
                .then(messages.text("compare.hint"))
                .otherwise(Bindings.createStringBinding(
                        () -> messages.get("compare.full", CompareViewModel.MAX_PINNED), messages.localeProperty())));
        hint.setWrapText(true);
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        CheckBox onlyDifferences = new CheckBox();
        onlyDifferences.setId("onlyDifferencesCheckBox");
        onlyDifferences.textProperty().bind(messages.text("compare.onlyDifferences"));
        onlyDifferences.setTooltip(tooltip(""));
        onlyDifferences.getTooltip().textProperty().bind(messages.text("compare.onlyDifferences.tooltip"));
        onlyDifferences.selectedProperty().bindBidirectional(viewModel.onlyDifferencesProperty());
        HBox toolbar = new HBox(10, title, spacer, onlyDifferences, pin, clear);
        toolbar.setAlignment(Pos.CENTER_LEFT);

        grid.setId("compareGrid");
        grid.getStyleClass().add("compare-grid");
        bars.getStyleClass().add("compare-bars");
        // The bars first: they answer "which is bigger, and does it fit" at a glance; the grid below says why.
        VBox content = new VBox(16, bars, grid);
        content.setPadding(new Insets(4, 4, 12, 4));
        ScrollPane scroll = new ScrollPane(content);
        scroll.setId("compareScrollPane");
        scroll.setFitToWidth(true);
        scroll.getStyleClass().add("edge-to-edge");
        VBox.setVgrow(scroll, Priority.ALWAYS);

        getChildren().addAll(toolbar, hint, scroll);
        setSpacing(8);
        setPadding(new Insets(12));

        // The columns change last and once per update, so one listener redraws a consistent state. While the
        // comparison is not on screen nothing is built: the window starts faster and a slider drag costs nothing here.
        viewModel.columns().addListener((ListChangeListener<CompareColumn>) c -> rebuildWhenActive());
        viewModel.activeProperty().addListener((obs, was, now) -> {
            if (now && dirty) {
                rebuildWhenActive();
            }
        });
        rebuildWhenActive();
    }

    private void rebuildWhenActive() {
        if (viewModel.activeProperty().get()) {
            dirty = false;
            rebuild();
        } else {
            dirty = true;
        }
    }

    private void rebuild() {
        List<CompareColumn> columns = viewModel.columns();
        grid.getChildren().clear();
        grid.getColumnConstraints().clear();
        ColumnConstraints labels = new ColumnConstraints();
        labels.setMinWidth(Region.USE_PREF_SIZE);
        grid.getColumnConstraints().add(labels);
        for (int c = 0; c < columns.size(); c++) {
            ColumnConstraints cc = new ColumnConstraints();
            cc.setMinWidth(Region.USE_PREF_SIZE);
            cc.setPrefWidth(170);
            cc.setHgrow(Priority.ALWAYS);
            grid.getColumnConstraints().add(cc);
            grid.add(header(columns.get(c)), c + 1, 0);
        }
        int r = 1;
        CompareRow.Section section = null;
        for (CompareRow row : viewModel.rows()) {
            if (row.section() != section) {
                section = row.section();
                Label head = new Label(messages.get("compare.section." + section.name().toLowerCase(
                        Locale.ROOT)));
                head.getStyleClass().add("compare-section");
                grid.add(head, 0, r++, columns.size() + 1, 1);
            }
            Label label = cell(row.label(), "compare-label", row.differs());
            grid.add(label, 0, r);
            for (int c = 0; c < row.values().size(); c++) {
                Label value = cell(row.values().get(c), "compare-value", row.differs());
                GridPane.setHalignment(value, HPos.LEFT);
                grid.add(value, c + 1, r);
            }
            r++;
        }
        rebuildBars(columns);
    }

    private void rebuildBars(List<CompareColumn> columns) {
        bars.getChildren().clear();
        Label head = new Label(messages.get("compare.section.bars"));
        head.getStyleClass().add("compare-section");
        bars.getChildren().add(head);
        long scale = viewModel.scaleBytesProperty().get();
        Map<Component, String> legendNames = new EnumMap<>(Component.class);
        for (CompareColumn column : columns) {
            Label name = new Label(column.title() + "  " + column.peakText());
            name.getStyleClass().add("compare-bar-title");
            StackedMemoryBar bar = new StackedMemoryBar();
            bar.show(column.components(), column.peakBytes(), column.capacityBytes(), column.capacityText(),
                    column.fits(), scale);
            bars.getChildren().add(new VBox(2, name, bar));
            for (ComponentRow row : column.components()) {
                legendNames.put(row.component(), row.name());
            }
        }
        // One legend for all bars: the colours are the breakdown's, one per component.
        FlowPane legend = new FlowPane(14, 4);
        legend.getStyleClass().add("compare-legend");
        legendNames.forEach((component, text) -> {
            Region swatch = new Region();
            swatch.getStyleClass().addAll("swatch", StackedMemoryBar.styleClassOf(component));
            HBox entry = new HBox(6, swatch, new Label(text));
            entry.setAlignment(Pos.CENTER_LEFT);
            legend.getChildren().add(entry);
        });
        bars.getChildren().add(legend);
    }

    private VBox header(CompareColumn column) {
        Label title = new Label(column.title());
        title.getStyleClass().add("compare-column-title");
        HBox top = new HBox(6, title);
        top.setAlignment(Pos.CENTER_LEFT);
        // As tall as the unpin button, so the live column's header lines up with the pinned ones.
        top.setMinHeight(UNPIN_BUTTON_HEIGHT);
        if (!column.current()) {
            // Double-click the title to name the pin; Enter keeps the name, Escape the old one.
            title.setId("pinnedTitle" + column.pinned().number() + "Label");
            title.setTooltip(tooltip(messages.get("compare.rename.tooltip")));
            title.setOnMouseClicked(e -> {
                if (e.getClickCount() == 2) {
                    rename(top, title, column.pinned());
                }
            });
            Button unpin = new Button("\u00d7");
            unpin.setId("unpinScenario" + column.pinned().number() + "Button");
            unpin.getStyleClass().addAll("flat", "unpin-button");
            unpin.setTooltip(tooltip(messages.get("compare.unpin.tooltip")));
            unpin.setOnAction(e -> viewModel.unpin(column.pinned()));
            top.getChildren().add(unpin);
        } else {
            title.getStyleClass().add("current");
        }
        Label subtitle = new Label(column.subtitle());
        subtitle.getStyleClass().add("compare-column-subtitle");
        subtitle.setWrapText(true);
        VBox box = new VBox(2, top, subtitle);
        box.getStyleClass().add("compare-column-header");
        return box;
    }

    private void rename(HBox top, Label title, PinnedScenario pinned) {
        TextField field = new TextField(pinned.name());
        field.setId("pinnedName" + pinned.number() + "Field");
        field.setPromptText(messages.get("compare.column.pinned", pinned.number()));
        field.setPrefColumnCount(10);
        int at = top.getChildren().indexOf(title);
        top.getChildren().set(at, field);
        field.setOnAction(e -> viewModel.rename(pinned, field.getText()));
        field.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ESCAPE) {
                top.getChildren().set(top.getChildren().indexOf(field), title);
                e.consume();
            }
        });
        field.requestFocus();
        field.selectAll();
    }

    private Label cell(String text, String styleClass, boolean differs) {
        Label label = new Label(text);
        label.getStyleClass().add(styleClass);
        label.setMaxWidth(Double.MAX_VALUE);
        if (differs) {
            label.getStyleClass().add("differs");
            label.setTooltip(tooltip(messages.get("compare.differs.tooltip")));
        }
        return label;
    }

    private static Tooltip tooltip(String text) {
        Tooltip t = new Tooltip(text);
        t.setWrapText(true);
        t.setMaxWidth(420);
        return t;
    }
}
