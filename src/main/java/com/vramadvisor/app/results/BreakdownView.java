package com.vramadvisor.app.results;

import javafx.collections.ListChangeListener;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.util.Duration;

/**
 * The per-GPU memory at the peak phase as one stacked bar against the chosen GPU's usable memory, with a legend
 * that repeats each component's size and share. Hovering a segment or a legend entry shows its bytes and formula.
 */
public final class BreakdownView extends VBox {

    private final BreakdownViewModel viewModel;
    private final StackedMemoryBar bar = new StackedMemoryBar();
    private final FlowPane legend = new FlowPane();

    public BreakdownView(BreakdownViewModel viewModel, ResultsMessages messages) {
        this.viewModel = viewModel;
        getStyleClass().addAll("results-card", "breakdown-view");
        getStylesheets().add(ResultsView.STYLESHEET);
        setId("breakdownView");

        Label title = new Label();
        title.textProperty().bind(messages.text("results.breakdown.title"));
        title.getStyleClass().add("card-title");
        Label headline = new Label();
        headline.setId("peakLabel");
        headline.getStyleClass().add("headline");
        headline.textProperty().bind(viewModel.headlineProperty());
        headline.setWrapText(true);

        Label capacity = new Label();
        capacity.setId("capacityLabel");
        capacity.getStyleClass().add("capacity-text");
        capacity.textProperty().bind(viewModel.capacityTextProperty());
        Tooltip capacityTip = new Tooltip();
        capacityTip.textProperty().bind(viewModel.capacityTooltipProperty());
        capacityTip.setWrapText(true);
        capacityTip.setMaxWidth(420);
        capacity.setTooltip(capacityTip);

        Label fit = new Label();
        fit.setId("fitLabel");
        fit.getStyleClass().add("fit-text");
        fit.textProperty().bind(viewModel.fitTextProperty());
        viewModel.fitsProperty().addListener((obs, was, now) -> fit.pseudoClassStateChanged(StackedMemoryBar.OVER, !now));
        fit.pseudoClassStateChanged(StackedMemoryBar.OVER, !viewModel.fitsProperty().get());

        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox header = new HBox(12, title, spacer, capacity);
        header.setAlignment(Pos.BASELINE_LEFT);

        legend.getStyleClass().add("breakdown-legend");
        legend.setHgap(18);
        legend.setVgap(6);

        getChildren().addAll(header, headline, bar, fit, legend);
        setSpacing(8);

        // The rows change last and once per recompute, so one listener redraws a consistent state.
        viewModel.rows().addListener((ListChangeListener<ComponentRow>) c -> refresh());
        refresh();
    }

    private void refresh() {
        bar.show(viewModel.rows(), viewModel.peakBytesProperty().get(), viewModel.capacityBytesProperty().get(),
                viewModel.capacityMarkerTextProperty().get(), viewModel.fitsProperty().get(), 0);
        legend.getChildren().clear();
        for (ComponentRow row : viewModel.rows()) {
            Region swatch = new Region();
            swatch.getStyleClass().addAll("swatch", StackedMemoryBar.styleClassOf(row.component()));
            Label name = new Label(row.name());
            name.getStyleClass().add("legend-name");
            Label size = new Label(row.sizeText() + "  " + row.shareText());
            size.getStyleClass().add("legend-size");
            HBox entry = new HBox(6, swatch, name, size);
            entry.setAlignment(Pos.CENTER_LEFT);
            entry.getStyleClass().add("legend-entry");
            Tooltip tip = new Tooltip(row.tooltip());
            tip.setShowDelay(Duration.millis(150));
            tip.setShowDuration(Duration.INDEFINITE);
            tip.setWrapText(true);
            tip.setMaxWidth(460);
            Tooltip.install(entry, tip);
            legend.getChildren().add(entry);
        }
    }

}
