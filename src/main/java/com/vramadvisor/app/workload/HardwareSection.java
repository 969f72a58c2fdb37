package com.vramadvisor.app.workload;

import com.vramadvisor.app.ui.Messages;
import com.vramadvisor.app.ui.HoverTip;
import com.vramadvisor.engine.hardware.GpuSpec;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;
import org.controlsfx.control.SearchableComboBox;

/** The GPU the charts measure against, and whether the CUDA context and allocator reserve are counted. */
final class HardwareSection {

    private final VBox root;
    private boolean syncing;
    private boolean choosing;

    HardwareSection(WorkloadViewModel vm, Messages messages) {
        this(vm, messages, "gpuCombo", true);
    }

    /**
     * @param comboId      node id of the GPU box
     * @param withOverhead whether to offer the language-model estimate's CUDA context and allocator switch; the
     *                     other kinds count their own runtime overhead as a part
     */
    HardwareSection(WorkloadViewModel vm, Messages messages, String comboId, boolean withOverhead) {
        SearchableComboBox<GpuSpec> gpu = new SearchableComboBox<>();
        gpu.setId(comboId);
        gpu.setItems(vm.gpus());
        gpu.setMaxWidth(Double.MAX_VALUE);
        gpu.promptTextProperty().bind(messages.text("workload.gpu.none"));
        gpu.setConverter(new StringConverter<>() {
            @Override
            public String toString(GpuSpec spec) {
                return spec == null ? "" : spec.name();
            }

            @Override
            public GpuSpec fromString(String text) {
                return vm.gpus().stream().filter(g -> g.name().equals(text)).findFirst().orElse(null);
            }
        });
        // The view-model keeps the GPU as a catalog id so that scenarios stay valid when the catalog changes.
        // The list has no "no GPU" entry, so an empty value is never the user's choice: the search list's filter
        // empties it whenever the typed text hides the chosen GPU, and that must not unchoose the scenario's GPU.
        gpu.valueProperty().addListener((obs, old, now) -> {
            if (!syncing && now != null) {
                choosing = true;
                try {
                    vm.gpuIdProperty().set(now.id());
                } finally {
                    choosing = false;
                }
            }
        });
        // A search left without a choice (a click elsewhere) may leave the box empty: show the scenario's GPU again.
        gpu.showingProperty().addListener((obs, was, now) -> {
            if (!now && !syncing) {
                select(gpu, vm, vm.gpuIdProperty().get());
            }
        });
        // The box's own choices (the arrow keys move through the open list) are already shown; everything else
        // (File > New, Undo, Open, a decision-table row) is a GPU from outside.
        vm.gpuIdProperty().addListener((obs, old, id) -> {
            if (!choosing) {
                select(gpu, vm, id);
            }
        });
        select(gpu, vm, vm.gpuIdProperty().get());
        Label label = new Label();
        label.textProperty().bind(messages.text("workload.gpu.label"));
        label.setLabelFor(gpu);
        label.setMnemonicParsing(true);
        label.getStyleClass().add("field-label");
        HoverTip.of(messages, "workload.gpu.tooltip").attach(gpu, label);
        VBox gpuBox = new VBox(label, gpu);
        gpuBox.getStyleClass().add("field");
        if (withOverhead) {
            CheckField overhead = new CheckField("runtimeOverheadCheck", "workload.runtimeOverhead.label",
                    "workload.runtimeOverhead.tooltip", vm.runtimeOverheadProperty(), messages);
            root = FormRows.section(messages, "workload.section.hardware", gpuBox, overhead.root());
        } else {
            root = FormRows.section(messages, "workload.section.hardware", gpuBox);
        }
    }

    private void select(SearchableComboBox<GpuSpec> gpu, WorkloadViewModel vm, String id) {
        syncing = true;
        try {
            // A GPU from outside while the search list is open (File > New by shortcut, Undo, Open) ends the search:
            // Escape in that list would otherwise put back the GPU it was opened with, from before the scenario.
            // The keyboard focus was in the search field, which hides with the list; it stays with the GPU box.
            if (gpu.isShowing()) {
                gpu.hide();
                gpu.requestFocus();
            }
            gpu.setValue(vm.gpus().stream().filter(g -> g.id().equals(id)).findFirst().orElse(null));
        } finally {
            syncing = false;
        }
    }

    VBox root() {
        return root;
    }
}
