package com.vramadvisor.app.workload;

import com.vramadvisor.app.ui.Messages;
import com.vramadvisor.engine.core.WorkloadKind;
import java.util.Map;
import javafx.beans.property.BooleanProperty;
import javafx.beans.value.ObservableBooleanValue;
import javafx.beans.binding.Bindings;
import javafx.scene.Node;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * The left-hand panel: the workload type first (language model, vision, diffusion, rendering, molecular dynamics,
 * grid), then the inputs of that type. The language-model inputs are {@link WorkloadView}, unchanged; each other
 * type has its form from {@link DomainFormsView} and the target GPU below it. Switching the type swaps the inputs
 * shown; every type's inputs stay in the scenario, so switching back finds them as they were.
 */
public final class WorkloadPanel {

    private final VBox root = new VBox();
    private final WorkloadView languageModel;

    /**
     * @param adjusting set while a slider is dragged (the scenario's undo history makes a drag one step)
     * @param importer  reads a model file or folder the user opens or drops
     */
    public WorkloadPanel(WorkloadViewModel vm, Messages messages, BooleanProperty adjusting,
                         ModelImportViewModel importer) {
        root.setId("workloadTypePanel");
        root.getStyleClass().add("workload-type-panel");
        languageModel = new WorkloadView(vm, messages, adjusting, importer);
        ChoiceField<WorkloadKind> kind = new ChoiceField<>("workloadTypeCombo", "domain.kind.label",
                "domain.kind.tooltip", DomainChoices.kinds(), vm.kindProperty(),
                k -> messages.text("domain.kind." + k.id()), messages);
        // One compact line above the panels, label beside the box: the language-model panel below keeps its layout
        // and moves down as little as possible.
        Label kindLabel = (Label) kind.root().getChildren().get(0);
        HBox kindBox = new HBox(8, kindLabel, kind.combo());
        kindBox.setAlignment(Pos.CENTER_LEFT);
        HBox.setHgrow(kind.combo(), Priority.ALWAYS);
        kindBox.setId("workloadTypeSection");
        kindBox.getStyleClass().add("workload-type-box");

        DomainFormsView forms = new DomainFormsView(vm.forms(), messages, adjusting);
        Map<WorkloadKind, Node> byKind = Map.of(
                WorkloadKind.LLM, languageModel.root(),
                WorkloadKind.VISION, forms.vision(),
                WorkloadKind.DIFFUSION, forms.diffusion(),
                WorkloadKind.RENDER, forms.render(),
                WorkloadKind.MD, forms.md(),
                WorkloadKind.GRID, forms.grid());
        root.getChildren().add(kindBox);
        for (WorkloadKind k : DomainChoices.kinds()) {
            Node node = byKind.get(k);
            showWhen(node, Bindings.createBooleanBinding(() -> vm.kindProperty().get() == k, vm.kindProperty()));
            root.getChildren().add(node);
        }
        // Margins like the forms' own, as the section follows them.
        VBox hardware = new VBox(new HardwareSection(vm, messages, "domainGpuCombo", false).root());
        hardware.getStyleClass().add("workload-panel");
        showWhen(hardware, Bindings.createBooleanBinding(() -> vm.kindProperty().get() != WorkloadKind.LLM,
                vm.kindProperty()));
        root.getChildren().add(hardware);
    }

    private static void showWhen(Node node, ObservableBooleanValue visible) {
        node.visibleProperty().bind(visible);
        node.managedProperty().bind(visible);
    }

    public Node root() {
        return root;
    }

    /** The language-model inputs, which also accept dropped model files. */
    public WorkloadView languageModel() {
        return languageModel;
    }
}
