package com.vramadvisor.app.domain;

import com.vramadvisor.app.results.ResultsMessages;
import com.vramadvisor.app.results.ResultsView;
import com.vramadvisor.app.results.Tooltips;
import com.vramadvisor.app.ui.TwoCards;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.value.ObservableBooleanValue;
import java.util.List;
import javafx.beans.value.ObservableStringValue;
import javafx.collections.ListChangeListener;
import javafx.css.PseudoClass;
import javafx.geometry.HPos;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

/**
 * The results of a workload beyond language models: on the left its parts at the peak as one stacked bar against the
 * chosen GPU with a legend (hover a part for its formula), the fit, the largest value on the workload's axis that
 * fits and the GPUs it needs; on the right what the estimate assumes and where intuition misleads.
 */
public final class DomainResultsView extends GridPane {

    private static final PseudoClass OVER = PseudoClass.getPseudoClass("over");

    private final DomainResultsViewModel vm;
    private final PartsBar bar = new PartsBar();
    private final GridPane legend = new GridPane();
    private final VBox assumptions = new VBox(4);
    private final VBox caveats = new VBox(4);

    public DomainResultsView(DomainResultsViewModel vm) {
        this(vm, new SimpleBooleanProperty(false));
    }

    /**
     * @param stacked true while the cards stand in a column beside the decision table: the breakdown then goes above
     *                the notes instead of left of them
     */
    public DomainResultsView(DomainResultsViewModel vm, ObservableBooleanValue stacked) {
        this.vm = vm;
        ResultsMessages messages = vm.messages();
        setId("domainResultsView");
        getStyleClass().add("results-view");
        getStylesheets().add(ResultsView.STYLESHEET);

        Label subject = label("domainSubjectLabel", "selected-option");
        subject.textProperty().bind(vm.subjectProperty());
        Label headline = label("domainPeakLabel", "headline");
        headline.textProperty().bind(vm.headlineProperty());
        Label capacity = label("domainCapacityLabel", "capacity-text");
        capacity.textProperty().bind(vm.capacityTextProperty());
        Label fit = label("domainFitLabel", "fit-text");
        fit.textProperty().bind(vm.fitTextProperty());
        vm.fitsProperty().addListener((obs, was, now) -> fit.pseudoClassStateChanged(OVER, !now));
        fit.pseudoClassStateChanged(OVER, !vm.fitsProperty().get());
        Label largest = label("domainLargestLabel", "capacity-text");
        largest.textProperty().bind(vm.largestTextProperty());
        Label gpus = label("domainGpusLabel", "capacity-text");
        gpus.textProperty().bind(vm.gpusTextProperty());
        Label hint = label("domainFormulaHint", "domain-note");
        hint.textProperty().bind(messages.text("domain.results.formulas"));

        legend.getStyleClass().add("breakdown-legend");
        legend.setId("domainLegend");
        legend.setHgap(10);
        legend.setVgap(4);
        ColumnConstraints swatch = new ColumnConstraints();
        ColumnConstraints name = new ColumnConstraints();
        name.setHgrow(Priority.ALWAYS);
        ColumnConstraints size = new ColumnConstraints();
        size.setHalignment(HPos.RIGHT);
        ColumnConstraints share = new ColumnConstraints();
        share.setHalignment(HPos.RIGHT);
        share.setMinWidth(52);
        legend.getColumnConstraints().addAll(swatch, name, size, share);

        VBox breakdownBox = new VBox(8, subject, headline, capacity, bar, fit, largest, gpus, legend, hint);
        // A short window scrolls the card rather than cutting off the legend.
        ScrollPane breakdownScroll = new ScrollPane(breakdownBox);
        breakdownScroll.setFitToWidth(true);
        breakdownScroll.getStyleClass().add("edge-to-edge");
        breakdownScroll.setId("domainBreakdownScroll");
        VBox.setVgrow(breakdownScroll, Priority.ALWAYS);
        VBox breakdown = card(messages.text("domain.results.title"), breakdownScroll);
        breakdown.setId("domainBreakdownCard");
        Label assumptionsTitle = title(messages.text("domain.results.assumptions"));
        Label caveatsTitle = title(messages.text("domain.results.caveats"));
        caveatsTitle.visibleProperty().bind(javafx.beans.binding.Bindings.isNotEmpty(vm.caveats()));
        caveatsTitle.managedProperty().bind(caveatsTitle.visibleProperty());
        assumptions.setId("domainAssumptions");
        caveats.setId("domainCaveats");
        VBox notesBox = new VBox(8, caveatsTitle, caveats, assumptionsTitle, assumptions);
        ScrollPane notes = new ScrollPane(notesBox);
        notes.setFitToWidth(true);
        notes.getStyleClass().add("edge-to-edge");
        VBox notesCard = card(null, notes);
        VBox.setVgrow(notes, Priority.ALWAYS);
        // Another kind's card starts at its headline, not at the last kind's scroll offset.
        vm.kindProperty().addListener((obs, old, now) -> {
            breakdownScroll.setVvalue(breakdownScroll.getVmin());
            notes.setVvalue(notes.getVmin());
        });

        // In a row: the breakdown 55 % of the width; in a column beside the table: 60 % of the height.
        TwoCards.arrange(this, breakdown, notesCard, 55, 60, stacked);
        setHgap(12);
        setVgap(12);
        setPadding(new Insets(12, 12, 6, 12));

        vm.caveats().addListener((ListChangeListener<String>) c -> fill(caveats, vm.caveats(), "domain-caveat"));
        vm.assumptions().addListener((ListChangeListener<String>) c -> fill(assumptions, vm.assumptions(),
                "domain-note"));
        // The rows change last and once per recompute, so one listener redraws a consistent state.
        vm.rows().addListener((ListChangeListener<PartRow>) c -> refresh());
        fill(caveats, vm.caveats(), "domain-caveat");
        fill(assumptions, vm.assumptions(), "domain-note");
        refresh();
    }

    private void refresh() {
        List<PartRow> rows = vm.rows();
        bar.show(rows, vm.peakBytesProperty().get(), vm.capacityBytesProperty().get(),
                vm.capacityMarkerTextProperty().get(), vm.fitsProperty().get());
        legend.getChildren().clear();
        for (int r = 0; r < rows.size(); r++) {
            PartRow row = rows.get(r);
            Region swatch = new Region();
            swatch.getStyleClass().addAll("swatch", "part-colour-" + row.colour());
            Label name = new Label(row.name());
            name.getStyleClass().add("legend-name");
            Label size = new Label(row.sizeText());
            size.getStyleClass().add("legend-size");
            Label share = new Label(row.shareText());
            share.getStyleClass().add("legend-share");
            Tooltips.explainingOnHover().attach(name, size, share).setText(row.tooltip());
            legend.addRow(r, swatch, name, size, share);
        }
    }

    private static void fill(VBox box, List<String> lines, String styleClass) {
        box.getChildren().clear();
        for (String line : lines) {
            Label l = new Label("\u2022 " + line);
            l.setWrapText(true);
            l.setMinHeight(Region.USE_PREF_SIZE);
            l.getStyleClass().add(styleClass);
            box.getChildren().add(l);
        }
    }

    private static Label label(String id, String styleClass) {
        Label l = new Label();
        l.setId(id);
        l.getStyleClass().add(styleClass);
        l.setWrapText(true);
        l.setMinHeight(Region.USE_PREF_SIZE);
        l.managedProperty().bind(l.textProperty().isNotEmpty());
        l.visibleProperty().bind(l.managedProperty());
        return l;
    }

    private static Label title(ObservableStringValue text) {
        Label t = new Label();
        t.textProperty().bind(text);
        t.getStyleClass().add("section-title");
        return t;
    }

    private static VBox card(ObservableStringValue titleText, Node... children) {
        VBox card = new VBox(8);
        card.getStyleClass().add("results-card");
        if (titleText != null) {
            Label title = new Label();
            title.textProperty().bind(titleText);
            title.getStyleClass().add("card-title");
            card.getChildren().add(title);
        }
        card.getChildren().addAll(children);
        card.setMaxHeight(Double.MAX_VALUE);
        card.setMinHeight(0);
        return card;
    }
}
