package com.vramadvisor.app.results;

import com.vramadvisor.app.ui.HoverTip;
import java.util.ArrayList;
import java.util.List;
import javafx.beans.binding.StringBinding;
import javafx.collections.ListChangeListener;
import javafx.css.PseudoClass;
import javafx.geometry.HPos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The per-GPU memory at the peak phase as one stacked bar against the chosen GPU's usable memory, with a legend
 * that repeats each component's size and share. Hovering a segment or a legend entry shows its bytes and formula.
 */
public final class BreakdownView extends VBox {

    private static final PseudoClass PEAK = PseudoClass.getPseudoClass("peak");

    private final BreakdownViewModel viewModel;
    private final StackedMemoryBar bar = new StackedMemoryBar();
    private final GridPane legend = new GridPane();
    private final List<ComponentRow> legendRows = new ArrayList<>();
    private final List<List<Label>> legendLabels = new ArrayList<>();
    private final List<HoverTip> legendTips = new ArrayList<>();
    private final Label phasesTitle = new Label();
    private final GridPane phaseGrid = new GridPane();
    private final StringBinding peakMarkText;
    private final List<List<Label>> phaseLabels = new ArrayList<>();

    public BreakdownView(BreakdownViewModel viewModel, ResultsMessages messages) {
        this.viewModel = viewModel;
        this.peakMarkText = messages.text("results.breakdown.phases.peak");
        getStyleClass().addAll("results-card", "breakdown-view");
        getStylesheets().add(ResultsView.STYLESHEET);
        setId("breakdownView");

        Label title = new Label();
        title.textProperty().bind(messages.text("results.breakdown.title"));
        title.getStyleClass().add("card-title");
        title.setMinHeight(Region.USE_PREF_SIZE);
        Label headline = new Label();
        headline.setId("peakLabel");
        headline.getStyleClass().add("headline");
        headline.textProperty().bind(viewModel.headlineProperty());
        headline.setWrapText(true);
        // A short card is cut at its bottom (the phase totals first); its lines never shrink to "...".
        headline.setMinHeight(Region.USE_PREF_SIZE);

        Label capacity = new Label();
        capacity.setId("capacityLabel");
        capacity.getStyleClass().add("capacity-text");
        capacity.textProperty().bind(viewModel.capacityTextProperty());
        capacity.setWrapText(true);
        capacity.setMinHeight(Region.USE_PREF_SIZE);
        Tooltips.explainingOnHover().attach(capacity).textProperty().bind(viewModel.capacityTooltipProperty());

        Label option = new Label();
        option.setId("selectedOptionLabel");
        option.getStyleClass().add("selected-option");
        option.setWrapText(true);
        option.setMinHeight(Region.USE_PREF_SIZE);
        option.textProperty().bind(viewModel.selectedOptionProperty());
        option.managedProperty().bind(option.textProperty().isNotEmpty());

        Label fit = new Label();
        fit.setId("fitLabel");
        fit.getStyleClass().add("fit-text");
        fit.textProperty().bind(viewModel.fitTextProperty());
        fit.setWrapText(true);
        fit.setMinHeight(Region.USE_PREF_SIZE);
        viewModel.fitsProperty().addListener((obs, was, now) ->
                fit.pseudoClassStateChanged(StackedMemoryBar.OVER, !now));
        fit.pseudoClassStateChanged(StackedMemoryBar.OVER, !viewModel.fitsProperty().get());

        // Host memory and NVMe that offload needs beside the GPU, under the per-GPU components; hidden when none.
        Label offMemory = new Label();
        offMemory.setId("offloadMemoryLabel");
        offMemory.getStyleClass().add("hint-label");
        offMemory.setWrapText(true);
        offMemory.setMinHeight(Region.USE_PREF_SIZE);
        offMemory.textProperty().bind(viewModel.offloadTextProperty());
        offMemory.managedProperty().bind(offMemory.textProperty().isNotEmpty());

        phasesTitle.textProperty().bind(messages.text("results.breakdown.phases.title"));
        phasesTitle.getStyleClass().add("section-title");
        phasesTitle.setWrapText(true);
        // Wraps rather than ending in "..." when the card is narrow.
        phasesTitle.setMinHeight(Region.USE_PREF_SIZE);
        phaseGrid.getStyleClass().add("phase-grid");
        phaseGrid.setHgap(10);
        phaseGrid.setVgap(2);
        ColumnConstraints phaseName = new ColumnConstraints();
        phaseName.setHgrow(Priority.ALWAYS);
        ColumnConstraints phaseSize = new ColumnConstraints();
        phaseSize.setHalignment(HPos.RIGHT);
        ColumnConstraints phaseMark = new ColumnConstraints();
        phaseMark.setMinWidth(52);
        phaseMark.setHalignment(HPos.RIGHT);
        phaseGrid.getColumnConstraints().addAll(phaseName, phaseSize, phaseMark);

        legend.getStyleClass().add("breakdown-legend");
        legend.setHgap(10);
        legend.setVgap(4);
        ColumnConstraints swatchColumn = new ColumnConstraints();
        ColumnConstraints nameColumn = new ColumnConstraints();
        nameColumn.setHgrow(Priority.ALWAYS);
        ColumnConstraints sizeColumn = new ColumnConstraints();
        sizeColumn.setHalignment(HPos.RIGHT);
        ColumnConstraints shareColumn = new ColumnConstraints();
        shareColumn.setHalignment(HPos.RIGHT);
        shareColumn.setMinWidth(52);
        legend.getColumnConstraints().addAll(swatchColumn, nameColumn, sizeColumn, shareColumn);

        Region spacer = new Region();
        VBox.setVgrow(spacer, Priority.ALWAYS);
        getChildren().addAll(title, headline, capacity, bar, fit, option, legend, offMemory, spacer, phasesTitle,
                phaseGrid);
        setSpacing(8);

        // The rows change last and once per recompute, so one listener redraws a consistent state.
        viewModel.rows().addListener((ListChangeListener<ComponentRow>) c -> refresh());
        refresh();
    }

    /**
     * A card shorter than its content (a short screen) shows the lines that fit whole and hides the rest, the phase
     * totals first, rather than a line cut through its middle at the card's edge.
     */
    @Override
    protected void layoutChildren() {
        super.layoutChildren();
        double bottom = getHeight() - snappedBottomInset();
        // An empty line (no selected option, no offload) is unmanaged and hidden as well. The legend and the phase
        // totals lose their last rows one by one.
        for (Node child : getChildren()) {
            child.setVisible(child.isManaged() && (child.getLayoutY() + child.getLayoutBounds().getHeight()
                    <= bottom + 0.5 || child == legend || child == phaseGrid));
        }
        for (GridPane grid : List.of(legend, phaseGrid)) {
            java.util.Map<Integer, Double> rowBottoms = new java.util.HashMap<>();
            for (Node cell : grid.getChildren()) {
                rowBottoms.merge(rowOf(cell), cell.getBoundsInParent().getMaxY(), Math::max);
            }
            for (Node cell : grid.getChildren()) {
                cell.setVisible(grid.getLayoutY() + rowBottoms.get(rowOf(cell)) <= bottom + 0.5);
            }
        }
    }

    private static int rowOf(Node cell) {
        Integer row = GridPane.getRowIndex(cell);
        return row == null ? 0 : row;
    }

    private void refreshPhases() {
        List<PhaseRow> phases = viewModel.phases();
        if (phaseLabels.size() != phases.size()) {
            // The phases differ only between training and inference; a slider step reuses the labels.
            phaseGrid.getChildren().clear();
            phaseLabels.clear();
            for (int r = 0; r < phases.size(); r++) {
                List<Label> labels = List.of(new Label(), new Label(), new Label());
                phaseGrid.addRow(r, labels.get(0), labels.get(1), labels.get(2));
                phaseLabels.add(labels);
            }
        }
        for (int r = 0; r < phases.size(); r++) {
            PhaseRow p = phases.get(r);
            List<Label> labels = phaseLabels.get(r);
            labels.get(0).setText(p.name());
            labels.get(1).setText(p.sizeText());
            labels.get(2).setText(p.peak() ? peakMarkText.get() : "");
            for (Label l : labels) {
                l.pseudoClassStateChanged(PEAK, p.peak());
            }
        }
    }

    private void refresh() {
        refreshPhases();
        bar.showRange(viewModel.rangeLowBytesProperty().get(), viewModel.rangeHighBytesProperty().get());
        bar.show(viewModel.rows(), viewModel.peakBytesProperty().get(), viewModel.capacityBytesProperty().get(),
                viewModel.capacityMarkerTextProperty().get(), viewModel.fitsProperty().get(), 0);
        List<ComponentRow> rows = viewModel.rows();
        boolean sameComponents = legendRows.size() == rows.size();
        for (int i = 0; sameComponents && i < rows.size(); i++) {
            sameComponents = legendRows.get(i).component() == rows.get(i).component();
        }
        if (!sameComponents) {
            legend.getChildren().clear();
            legendLabels.clear();
            legendTips.clear();
            for (int r = 0; r < rows.size(); r++) {
                Region swatch = new Region();
                swatch.getStyleClass().addAll("swatch", StackedMemoryBar.styleClassOf(rows.get(r).component()));
                Label name = new Label();
                name.getStyleClass().add("legend-name");
                Label size = new Label();
                size.getStyleClass().add("legend-size");
                Label share = new Label();
                share.getStyleClass().add("legend-share");
                legendTips.add(Tooltips.explainingOnHover().attach(name, size, share));
                legend.addRow(r, swatch, name, size, share);
                legendLabels.add(List.of(name, size, share));
            }
        }
        legendRows.clear();
        legendRows.addAll(rows);
        for (int r = 0; r < rows.size(); r++) {
            ComponentRow row = rows.get(r);
            List<Label> labels = legendLabels.get(r);
            labels.get(0).setText(row.name());
            labels.get(1).setText(row.sizeText());
            labels.get(2).setText(row.shareText());
            legendTips.get(r).setText(row.tooltip());
        }
    }
}
