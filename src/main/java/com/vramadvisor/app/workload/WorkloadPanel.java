package com.vramadvisor.app.workload;

import com.vramadvisor.app.ui.Messages;
import com.vramadvisor.engine.core.WorkloadKind;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Supplier;
import javafx.beans.property.BooleanProperty;
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
 * shown; every type's inputs stay in the scenario, so switching back finds them as they were. A type's inputs are
 * built when it is first chosen.
 */
public final class WorkloadPanel {

    private final VBox root = new VBox();
    private final WorkloadView languageModel;
    private final Map<WorkloadKind, Supplier<Node>> builders = new HashMap<>();
    private final Map<WorkloadKind, Node> built = new HashMap<>();

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
        builders.put(WorkloadKind.LLM, languageModel::root);
        builders.put(WorkloadKind.VISION, forms::vision);
        builders.put(WorkloadKind.DIFFUSION, forms::diffusion);
        builders.put(WorkloadKind.RENDER, forms::render);
        builders.put(WorkloadKind.MD, forms::md);
        builders.put(WorkloadKind.GRID, forms::grid);
        // Under the key null: the other kinds' target GPU, below whichever of their forms is shown. Margins like
        // the forms' own, as the section follows them.
        builders.put(null, () -> {
            VBox hardware = new VBox(new HardwareSection(vm, messages, "domainGpuCombo", false).root());
            hardware.getStyleClass().add("workload-panel");
            return hardware;
        });
        root.getChildren().add(kindBox);
        show(vm.kindProperty().get());
        vm.kindProperty().addListener((obs, old, now) -> show(now));
    }

    /**
     * Shows the inputs of {@code kind}, building them the first time. A hidden form would still get its first CSS
     * pass and its controls' skins with the window's first complete frame: building only the shown kind's form
     * halves the panel's nodes on the way to that frame. Forms once built stay (hidden) in the panel, so switching
     * back costs nothing and keeps their state.
     */
    private void show(WorkloadKind kind) {
        WorkloadKind shown = kind == null ? WorkloadKind.LLM : kind;
        for (WorkloadKind k : DomainChoices.kinds()) {
            if (k == shown) {
                form(k).setVisible(true);
            } else if (built.containsKey(k)) {
                built.get(k).setVisible(false);
            }
        }
        if (shown != WorkloadKind.LLM) {
            form(null).setVisible(true);
        } else if (built.containsKey(null)) {
            built.get(null).setVisible(false);
        }
    }

    /** The inputs of one kind ({@code null}: the other kinds' target GPU), built and added on first need. */
    private Node form(WorkloadKind kind) {
        Node node = built.get(kind);
        if (node == null) {
            node = builders.get(kind).get();
            node.managedProperty().bind(node.visibleProperty());
            built.put(kind, node);
            // The kinds in their menu order, the target GPU last, whichever is built first.
            int index = 1;
            for (Node child : root.getChildren().subList(1, root.getChildren().size())) {
                if (order(child) < order(node)) {
                    index++;
                }
            }
            root.getChildren().add(index, node);
        }
        return node;
    }

    private int order(Node node) {
        int i = 0;
        for (WorkloadKind k : DomainChoices.kinds()) {
            if (built.get(k) == node) {
                return i;
            }
            i++;
        }
        return i;
    }

    public Node root() {
        return root;
    }

    /** The language-model inputs, which also accept dropped model files. */
    public WorkloadView languageModel() {
        return languageModel;
    }
}
