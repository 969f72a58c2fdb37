package com.vramadvisor.app.workload;

import com.vramadvisor.app.ui.Messages;
import com.vramadvisor.app.ui.HoverTip;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;

/**
 * Inference mode's serving targets: the TPOT and TTFT a user must get and the cap on running requests, which the
 * decision table counts users served within, and the chosen engine's KV block size, read-only (the engine sets it).
 * Hidden for training, which has no users to serve.
 */
final class ServingSection {

    private final VBox root;

    ServingSection(WorkloadViewModel vm, Messages messages) {
        ServingInputs serving = vm.serving();
        StepperField tpot = new StepperField("tpotTargetSpinner", "workload.tpotTarget.label",
                "workload.tpotTarget.tooltip", serving.tpotTargetMsProperty(), vm.exact().tpotTarget(), messages);
        StepperField ttft = new StepperField("ttftTargetSpinner", "workload.ttftTarget.label",
                "workload.ttftTarget.tooltip", serving.ttftTargetMsProperty(), vm.exact().ttftTarget(), messages);
        StepperField running = new StepperField("maxRunningSpinner", "workload.maxRunning.label",
                "workload.maxRunning.tooltip", serving.maxRunningProperty(), vm.exact().maxRunning(), messages);
        Label block = new Label();
        block.setId("kvBlockLabel");
        block.textProperty().bind(serving.kvBlockTextProperty());
        HoverTip.of(messages, "workload.kvBlock.tooltip").attach(block);
        block.getStyleClass().add("field-label");
        root = FormRows.section(messages, "workload.section.serving", tpot.root(), ttft.root(), running.root(),
                block);
        root.visibleProperty().bind(vm.inferenceProperty());
        root.managedProperty().bind(root.visibleProperty());
    }

    VBox root() {
        return root;
    }
}
