package com.vramadvisor.app.workload;

import com.vramadvisor.app.ui.Messages;
import com.vramadvisor.app.ui.SegmentedChoice;
import com.vramadvisor.app.ui.HoverTip;
import com.vramadvisor.engine.llm.ActivationOffload;
import com.vramadvisor.engine.llm.Offload;
import java.util.List;
import java.util.Locale;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;

/**
 * Memory moved off the GPU: for training, which states DeepSpeed ZeRO-Offload/Infinity or FSDP CPU offload move
 * (none, optimizer, parameters, all) and where (host memory or NVMe), and whether saved activations go to host memory
 * (DeepSpeed {@code cpu_checkpointing}, PyTorch {@code save_on_cpu}); for llama.cpp serving, how many blocks stay on
 * the GPU ({@code -ngl}). The engine counts what this costs on the GPU and in host memory ({@code OffloadMemory},
 * {@code PartialLayers}); the results show the host and NVMe figures under the breakdown.
 */
final class OffloadSection {

    private final VBox root;

    OffloadSection(WorkloadViewModel vm, Messages messages) {
        SegmentedChoice<Offload.Target> target = new SegmentedChoice<>("offloadTargetToggle",
                List.of(Offload.Target.values()),
                t -> messages.text("workload.offload.target." + t.name().toLowerCase(Locale.ROOT)),
                vm.offloadTargetProperty());
        target.setTip(HoverTip.of(messages, "workload.offload.tooltip"));
        VBox targetBox = field(messages, "workload.offload.label", "workload.offload.tooltip", target.selectedButton(),
                target.control());
        targetBox.visibleProperty().bind(vm.trainingProperty());
        targetBox.managedProperty().bind(targetBox.visibleProperty());

        SegmentedChoice<Offload.Device> device = new SegmentedChoice<>("offloadDeviceToggle",
                List.of(Offload.Device.values()),
                d -> messages.text("workload.offload.device." + d.name().toLowerCase(Locale.ROOT)),
                vm.offloadDeviceProperty());
        device.setTip(HoverTip.of(messages, "workload.offload.device.tooltip"));
        VBox deviceBox = field(messages, "workload.offload.device.label", "workload.offload.device.tooltip",
                device.selectedButton(), device.control());
        BooleanBinding offloading = Bindings.createBooleanBinding(() -> vm.trainingProperty().get()
                && vm.offloadTargetProperty().get() != Offload.Target.NONE,
                vm.modeProperty(), vm.offloadTargetProperty());
        deviceBox.visibleProperty().bind(offloading);
        deviceBox.managedProperty().bind(deviceBox.visibleProperty());

        SegmentedChoice<ActivationOffload> activations = new SegmentedChoice<>("activationOffloadToggle",
                List.of(ActivationOffload.values()),
                a -> messages.text("workload.offload.activations." + a.name().toLowerCase(Locale.ROOT)),
                vm.activationOffloadProperty());
        activations.setTip(HoverTip.of(messages, "workload.offload.activations.tooltip"));
        VBox activationsBox = field(messages, "workload.offload.activations.label",
                "workload.offload.activations.tooltip", activations.selectedButton(), activations.control());
        activationsBox.visibleProperty().bind(vm.trainingProperty());
        activationsBox.managedProperty().bind(activationsBox.visibleProperty());

        CheckField partial = new CheckField("partialGpuLayersCheck", "workload.gpuLayers.partial.label",
                "workload.gpuLayers.tooltip", vm.partialGpuLayersProperty(), messages);
        BooleanBinding llamaCpp = vm.llamaCppProperty();
        partial.root().visibleProperty().bind(llamaCpp);
        partial.root().managedProperty().bind(llamaCpp);
        StepperField layers = new StepperField("gpuLayersSpinner", "workload.gpuLayers.label",
                "workload.gpuLayers.tooltip", vm.gpuLayersProperty(), vm.exact().gpuLayers(), messages);
        layers.bindVisible(llamaCpp.and(vm.partialGpuLayersProperty()));

        root = FormRows.section(messages, "workload.section.offload", targetBox, deviceBox, activationsBox,
                partial.root(), layers.root());
    }

    private static VBox field(Messages messages, String labelKey, String tipKey, Node target, Node content) {
        Label label = new Label();
        label.textProperty().bind(messages.text(labelKey));
        label.setLabelFor(target);
        label.setMnemonicParsing(true);
        label.getStyleClass().add("field-label");
        HoverTip.of(messages, tipKey).attach(label);
        VBox box = new VBox(label, content);
        box.getStyleClass().add("field");
        return box;
    }

    VBox root() {
        return root;
    }
}
