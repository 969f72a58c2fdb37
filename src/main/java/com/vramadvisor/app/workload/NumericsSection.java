package com.vramadvisor.app.workload;

import com.vramadvisor.app.ui.Messages;
import com.vramadvisor.app.ui.SegmentedChoice;
import com.vramadvisor.app.ui.HoverTip;
import com.vramadvisor.engine.llm.DataType;
import com.vramadvisor.engine.llm.LossUpcast;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.Precision;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.value.ObservableStringValue;
import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.VBox;

/**
 * Numerics: training precision, the storage type of frozen or served weights (quantisation, with GPTQ/AWQ bits and
 * group sizes and llama.cpp's GGUF types in drop-downs), the KV-cache type for serving, and whether the training loss
 * upcasts the logits to fp32.
 */
final class NumericsSection {

    private final VBox root;

    NumericsSection(WorkloadViewModel vm, Messages messages) {
        SegmentedChoice<Precision> precision = new SegmentedChoice<>("precisionToggle",
                WorkloadView.precisions(), p -> messages.text(EnumTexts.key(p)), vm.precisionProperty(), 4);
        precision.setTip(HoverTip.of(messages, "workload.precision.tooltip"));
        VBox precisionBox = field(messages, "workload.precision.label", "workload.precision.tooltip",
                precision.selectedButton(), precision.control());
        precisionBox.visibleProperty().bind(vm.trainingProperty());
        precisionBox.managedProperty().bind(precisionBox.visibleProperty());

        SegmentedChoice<DataType> quantization = new SegmentedChoice<>("quantizationToggle",
                WorkloadView.quantizations(), t -> typeText(messages, t), vm.weightTypeProperty(), 4);
        for (DataType type : WorkloadView.quantizations()) {
            typeTip(messages, type).attach(quantization.button(type));
        }
        ComboBox<DataType> gguf = new ComboBox<>();
        gguf.setId("ggufTypeCombo");
        gguf.getItems().setAll(Stream.of(DataType.values()).filter(DataType::isGguf).toList());
        gguf.promptTextProperty().bind(messages.text("workload.quantization.choose"));
        gguf.setCellFactory(l -> new ChoiceField.TextCell<>(t -> Bindings.createStringBinding(
                () -> WorkloadView.dataTypeLabel(t)), t -> itemTip(messages, t)));
        gguf.setButtonCell(new ChoiceField.TextCell<>(t -> Bindings.createStringBinding(
                () -> WorkloadView.dataTypeLabel(t))));
        gguf.setOnAction(e -> {
            if (gguf.getValue() != null) {
                vm.weightTypeProperty().set(gguf.getValue());
            }
        });
        vm.weightTypeProperty().addListener((obs, old, now) -> {
            if (now == null || !now.isGguf()) {
                gguf.setValue(null);
            } else {
                gguf.setValue(now);
            }
        });
        if (vm.weightTypeProperty().get() != null && vm.weightTypeProperty().get().isGguf()) {
            gguf.setValue(vm.weightTypeProperty().get());
        }
        ComboBox<DataType> grouped = groupQuantisedCombo(vm, messages);
        // The drop-downs go below the buttons, each under a label of its own, so that neither squeezes the buttons.
        HBox dropDowns = FormRows.row(field(messages, "workload.quantization.group.label",
                        "workload.quantization.group.tooltip", grouped, grouped),
                field(messages, "workload.quantization.gguf.label", "workload.quantization.gguf.tooltip", gguf,
                        gguf));
        grouped.setMaxWidth(Double.MAX_VALUE);
        gguf.setMaxWidth(Double.MAX_VALUE);
        HoverTip.of(messages, "workload.quantization.group.tooltip").attach(grouped);
        HoverTip.of(messages, "workload.quantization.gguf.tooltip").attach(gguf);
        VBox quantizationRow = new VBox(quantization.control(), dropDowns);
        quantizationRow.getStyleClass().add("quantization-choices");
        VBox quantizationBox = field(messages, "workload.quantization.label", "workload.quantization.tooltip",
                quantization.selectedButton(), quantizationRow);
        // Full training keeps all weights in the precision's type; quantised storage is for frozen or served weights.
        BooleanBinding frozenWeights = Bindings.createBooleanBinding(() -> vm.modeProperty().get() != Mode.TRAIN,
                vm.modeProperty());
        quantizationBox.visibleProperty().bind(frozenWeights);
        quantizationBox.managedProperty().bind(quantizationBox.visibleProperty());

        SegmentedChoice<DataType> kv = new SegmentedChoice<>("kvCacheToggle", kvTypes(),
                t -> typeText(messages, t), vm.kvCacheTypeProperty());
        kv.setTip(HoverTip.of(messages, "workload.kvCache.tooltip"));
        VBox kvBox = field(messages, "workload.kvCache.label", "workload.kvCache.tooltip", kv.selectedButton(),
                kv.control());
        kvBox.visibleProperty().bind(vm.inferenceProperty());
        kvBox.managedProperty().bind(kvBox.visibleProperty());

        SegmentedChoice<LossUpcast> upcast = new SegmentedChoice<>("lossUpcastToggle",
                List.of(LossUpcast.FP32, LossUpcast.NONE), u -> messages.text(EnumTexts.key(u)),
                vm.lossUpcastProperty());
        upcast.setTip(HoverTip.of(messages, "workload.lossUpcast.tooltip"));
        VBox upcastBox = field(messages, "workload.lossUpcast.label", "workload.lossUpcast.tooltip",
                upcast.selectedButton(), upcast.control());
        upcastBox.visibleProperty().bind(vm.trainingProperty());
        upcastBox.managedProperty().bind(upcastBox.visibleProperty());

        root = FormRows.section(messages, "workload.section.numerics", precisionBox, quantizationBox, kvBox,
                upcastBox);
    }

    /**
     * GPTQ/AWQ group quantisation by bits and group size ({@code --weights gptq --bits B --group-size G}): the
     * segmented choice keeps INT4 at group 128; this drop-down holds every bit width and group size.
     */
    private static ComboBox<DataType> groupQuantisedCombo(WorkloadViewModel vm, Messages messages) {
        ComboBox<DataType> grouped = new ComboBox<>();
        grouped.setId("groupQuantCombo");
        grouped.getItems().setAll(DataType.groupQuantisedTypes());
        grouped.promptTextProperty().bind(messages.text("workload.quantization.choose"));
        grouped.setCellFactory(l -> new ChoiceField.TextCell<>(t -> groupText(messages, t), t -> itemTip(messages, t)));
        grouped.setButtonCell(new ChoiceField.TextCell<>(t -> groupText(messages, t)));
        grouped.setOnAction(e -> {
            if (grouped.getValue() != null) {
                vm.weightTypeProperty().set(grouped.getValue());
            }
        });
        vm.weightTypeProperty().addListener((obs, old, now) -> grouped.setValue(groupQuantised(now) ? now : null));
        DataType current = vm.weightTypeProperty().get();
        grouped.setValue(groupQuantised(current) ? current : null);
        return grouped;
    }

    private static boolean groupQuantised(DataType type) {
        return type != null && DataType.groupQuantisedTypes().contains(type);
    }

    /** "4-bit, group 128" or "8-bit, per-channel", in the locale's words. */
    static ObservableStringValue groupText(Messages messages, DataType type) {
        return Bindings.createStringBinding(() -> {
            int bits = (int) Math.floor(type.bitsPerElement());
            String id = type.id();
            int cut = id.indexOf("_g");
            if (id.endsWith("_pc") || type == DataType.INT8) {
                return messages.get("workload.quantization.groupPerChannel", bits);
            }
            int group = cut < 0 ? 128 : Integer.parseInt(id.substring(cut + 2));
            return messages.get("workload.quantization.groupItem", bits, group);
        }, messages.localeProperty());
    }

    static List<DataType> kvTypes() {
        return Arrays.asList(DataType.FP16, DataType.BF16, DataType.FP8, DataType.INT8, DataType.INT4);
    }

    /** A storage type's name in the current language ("NF4 single", "NF4 单层缩放"); Auto for {@code null}. */
    static ObservableStringValue typeText(Messages messages, DataType type) {
        return messages.text(type == null ? "workload.quantization.auto" : typeKey(type));
    }

    /** Message key of a storage type's name; {@code .tooltip} added, of what it stores per weight. */
    static String typeKey(DataType type) {
        return "workload.quantization.type." + type.id();
    }

    /** What a storage type keeps per weight, with its bits per weight including block scales, for its button. */
    static HoverTip typeTip(Messages messages, DataType type) {
        HoverTip tip = HoverTip.wrapped();
        tip.textProperty().bind(Bindings.createStringBinding(() -> type == null
                        ? messages.get("workload.quantization.auto.tooltip")
                        : messages.get(typeKey(type) + ".tooltip", bits(messages, type)),
                messages.localeProperty()));
        return tip;
    }

    /** A drop-down item's bits per weight ("Q4_K: 4.5 bits per weight, block scales included"). */
    private static String itemTip(Messages messages, DataType type) {
        String name = type.isGguf() ? WorkloadView.dataTypeLabel(type) : groupText(messages, type).get();
        return messages.get("workload.quantization.item.tooltip", name, bits(messages, type));
    }

    /** Bits per weight to at most two decimals, in the locale's digits: 4.13, 4.5, 16. */
    static String bits(Messages messages, DataType type) {
        java.text.DecimalFormat format = new java.text.DecimalFormat("0.##",
                java.text.DecimalFormatSymbols.getInstance(messages.locale()));
        return format.format(type.bitsPerElement());
    }

    private static VBox field(Messages messages, String labelKey, String tipKey, Node target,
                              Node... content) {
        Label label = new Label();
        label.textProperty().bind(messages.text(labelKey));
        label.setLabelFor(target);
        label.setMnemonicParsing(true);
        label.getStyleClass().add("field-label");
        HoverTip.of(messages, tipKey).attach(label);
        VBox box = new VBox(label);
        box.getChildren().addAll(content);
        box.getStyleClass().add("field");
        return box;
    }


    VBox root() {
        return root;
    }
}
