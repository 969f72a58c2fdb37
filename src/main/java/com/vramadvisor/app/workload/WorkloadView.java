package com.vramadvisor.app.workload;

import com.vramadvisor.app.ui.BuiltWhenShown;
import com.vramadvisor.app.ui.Messages;
import com.vramadvisor.app.ui.SegmentedChoice;
import com.vramadvisor.app.ui.HoverTip;
import com.vramadvisor.engine.llm.AttentionImpl;
import com.vramadvisor.engine.llm.DataType;
import com.vramadvisor.engine.llm.Implementation;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.Optimizer;
import com.vramadvisor.engine.llm.Precision;
import com.vramadvisor.engine.llm.Recompute;
import com.vramadvisor.engine.serving.ServingEngine;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import javafx.beans.binding.Bindings;
import javafx.beans.property.BooleanProperty;
import javafx.beans.value.ObservableStringValue;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;

/**
 * The workload panel: every input of a scenario, grouped the way users think about a run (what, which model, how
 * much data at once, numerics, training set-up, parallelism, hardware). Built in code and bound to
 * {@link WorkloadViewModel} in this one class; model selection, file import and numerics live in their own
 * section classes to keep each screen part small.
 */
public final class WorkloadView {

    private final VBox root = new VBox();
    private final WorkloadViewModel vm;
    private final Messages messages;
    private final ModelSection modelSection;

    /**
     * @param adjusting set while a slider is dragged (the scenario's undo history makes a drag one step)
     * @param importer  reads a model file or folder the user opens or drops
     */
    public WorkloadView(WorkloadViewModel vm, Messages messages, BooleanProperty adjusting, ModelImportViewModel importer) {
        this.vm = vm;
        this.messages = messages;
        root.setId("workloadPanel");
        root.getStyleClass().add("workload-panel");

        Label problem = new Label();
        problem.setId("workloadProblemLabel");
        problem.getStyleClass().add("problem-banner");
        problem.setWrapText(true);
        problem.textProperty().bind(vm.problemProperty());
        problem.visibleProperty().bind(vm.problemProperty().isNotEmpty());
        problem.managedProperty().bind(problem.visibleProperty());

        SegmentedChoice<Mode> kind = new SegmentedChoice<>("workloadKindToggle", List.of(Mode.values()),
                this::enumText, vm.modeProperty());
        kind.setTip(HoverTip.of(messages, "workload.kind.tooltip"));
        modelSection = new ModelSection(vm, messages, adjusting, importer);

        for (Node part : List.of(problem,
                section("workload.section.kind", labelled("workload.kind.label", kind.selectedButton(),
                        "workload.kind.tooltip"), kind.control()),
                modelSection.root(),
                batchSection(adjusting),
                new ServingSection(vm, messages).root(),
                new NumericsSection(vm, messages).root(),
                trainingSection(),
                parallelSection(),
                new OffloadSection(vm, messages).root(),
                new HardwareSection(vm, messages).root())) {
            root.getChildren().add(BuiltWhenShown.inPlaceOf(part));
        }
    }

    private Node batchSection(BooleanProperty adjusting) {
        SliderField batch = new SliderField("batchSize", "workload.batch.label", "workload.batch.tooltip",
                vm.batchProperty(), vm.exact().batch(), SliderScale.powersOfTwo(0, 12), adjusting, messages);
        SliderField concurrent = new SliderField("concurrentSequences", "workload.concurrent.label",
                "workload.concurrent.tooltip", vm.batchProperty(), vm.exact().batch(), SliderScale.powersOfTwo(0, 10),
                adjusting, messages);
        SliderField sequence = new SliderField("sequenceLength", "workload.sequence.label",
                "workload.sequence.tooltip", vm.sequenceLengthProperty(), vm.exact().sequence(),
                SliderScale.powersOfTwo(7, 20), adjusting, messages);
        SliderField prompt = new SliderField("promptLength", "workload.prompt.label", "workload.prompt.tooltip",
                vm.sequenceLengthProperty(), vm.exact().sequence(), SliderScale.powersOfTwo(7, 20), adjusting, messages);
        SliderField context = new SliderField("context", "workload.context.label", "workload.context.tooltip",
                vm.contextProperty(), vm.exact().context(), SliderScale.powersOfTwo(9, 20), adjusting, messages);
        StepperField accumulation = new StepperField("gradientAccumulationSpinner",
                "workload.gradientAccumulation.label", "workload.gradientAccumulation.tooltip",
                vm.gradientAccumulationProperty(), vm.exact().gradientAccumulation(), messages);
        ChoiceField<ServingEngine> engine = new ChoiceField<>("servingEngineCombo", "workload.servingEngine.label",
                "workload.servingEngine.tooltip", List.of(ServingEngine.values()), vm.servingEngineProperty(),
                this::enumText, messages);
        engine.root().visibleProperty().bind(vm.inferenceProperty());
        engine.root().managedProperty().bind(engine.root().visibleProperty());
        StepperField chunk = new StepperField("maxBatchedTokensSpinner", "workload.maxBatchedTokens.label",
                "workload.maxBatchedTokens.tooltip", vm.maxBatchedTokensProperty(), vm.exact().maxBatchedTokens(),
                messages);
        chunk.bindVisible(vm.chunkedPrefillProperty());
        // Training and serving name the same two inputs differently; each mode shows its own pair.
        batch.bindVisible(vm.trainingProperty());
        sequence.bindVisible(vm.trainingProperty());
        accumulation.bindVisible(vm.trainingProperty());
        concurrent.bindVisible(vm.inferenceProperty());
        prompt.bindVisible(vm.inferenceProperty());
        context.bindVisible(vm.inferenceProperty());
        return section("workload.section.batch", batch.root(), concurrent.root(), sequence.root(), prompt.root(),
                context.root(), engine.root(), chunk.root(), accumulation.root());
    }

    private Node trainingSection() {
        // The default (PyTorch) first: it is what most people run and the larger of the two layouts.
        SegmentedChoice<Implementation> implementation = new SegmentedChoice<>("implementationToggle",
                List.of(Implementation.PYTORCH, Implementation.MEGATRON), this::enumText,
                vm.implementationProperty());
        implementation.setTip(HoverTip.of(messages, "workload.implementation.tooltip"));
        VBox implementationBox = new VBox(labelled("workload.implementation.label",
                implementation.selectedButton(), "workload.implementation.tooltip"), implementation.control());
        implementationBox.getStyleClass().add("field");
        // Serving has no master weights, gradients or autocast copies, so the choice only shows for training.
        implementationBox.visibleProperty().bind(vm.trainingProperty());
        implementationBox.managedProperty().bind(implementationBox.visibleProperty());
        ChoiceField<Optimizer> optimizer = new ChoiceField<>("optimizerCombo",
                "workload.optimizer.label", "workload.optimizer.tooltip",
                List.of(Optimizer.values()), vm.optimizerProperty(), this::enumText, messages);
        SegmentedChoice<Recompute> recompute = new SegmentedChoice<>("recomputeToggle",
                List.of(Recompute.values()), this::enumText, vm.recomputeProperty());
        recompute.setTip(HoverTip.of(messages, "workload.recompute.tooltip"));
        SegmentedChoice<AttentionImpl> attention = new SegmentedChoice<>("attentionToggle",
                List.of(AttentionImpl.values()), this::enumText, vm.attentionProperty());
        attention.setTip(HoverTip.of(messages, "workload.attention.tooltip"));
        StepperField rank = new StepperField("loraRankSpinner", "workload.loraRank.label", "workload.loraRank.tooltip",
                vm.loraRankProperty(), vm.exact().loraRank(), messages);
        rank.bindVisible(vm.adaptersProperty());
        optimizer.root().visibleProperty().bind(vm.trainingProperty());
        optimizer.root().managedProperty().bind(optimizer.root().visibleProperty());
        VBox recomputeBox = new VBox(labelled("workload.recompute.label", recompute.selectedButton(),
                "workload.recompute.tooltip"), recompute.control());
        recomputeBox.getStyleClass().add("field");
        recomputeBox.visibleProperty().bind(vm.trainingProperty());
        recomputeBox.managedProperty().bind(recomputeBox.visibleProperty());
        VBox attentionBox = new VBox(labelled("workload.attention.label", attention.selectedButton(),
                "workload.attention.tooltip"), attention.control());
        attentionBox.getStyleClass().add("field");
        // Attention stays visible when serving: eager attention materialises the score matrix in prefill too.
        return section("workload.section.setup", implementationBox, optimizer.root(), rank.root(), recomputeBox, attentionBox);
    }

    private Node parallelSection() {
        SegmentedChoice<Integer> zero = new SegmentedChoice<>("zeroStageToggle", List.of(0, 1, 2, 3),
                stage -> messages.text("workload.zero.stage", stage), vm.zeroStageProperty().asObject());
        zero.setTip(HoverTip.of(messages, "workload.zero.tooltip"));
        VBox zeroBox = new VBox(labelled("workload.zero.label", zero.selectedButton(), "workload.zero.tooltip"),
                zero.control());
        zeroBox.getStyleClass().add("field");
        zeroBox.visibleProperty().bind(vm.trainingProperty());
        zeroBox.managedProperty().bind(zeroBox.visibleProperty());
        StepperField tp = new StepperField("tensorParallelSpinner", "workload.tensorParallel.label",
                "workload.tensorParallel.tooltip", vm.tensorParallelProperty(), vm.exact().tensorParallel(), messages);
        StepperField pp = new StepperField("pipelineParallelSpinner", "workload.pipelineParallel.label",
                "workload.pipelineParallel.tooltip", vm.pipelineParallelProperty(), vm.exact().pipelineParallel(),
                messages);
        StepperField dp = new StepperField("dataParallelSpinner", "workload.dataParallel.label",
                "workload.dataParallel.tooltip", vm.dataParallelProperty(), vm.exact().dataParallel(), messages);
        StepperField ep = new StepperField("expertParallelSpinner", "workload.expertParallel.label",
                "workload.expertParallel.tooltip", vm.expertParallelProperty(), vm.exact().expertParallel(), messages);
        StepperField cp = new StepperField("contextParallelSpinner", "workload.contextParallel.label",
                "workload.contextParallel.tooltip", vm.contextParallelProperty(), vm.exact().contextParallel(),
                messages);
        CheckField sequenceParallel = new CheckField("sequenceParallelCheck", "workload.sequenceParallel.label",
                "workload.sequenceParallel.tooltip", vm.sequenceParallelProperty(), messages);
        Label gpus = new Label();
        gpus.setId("gpuCountLabel");
        gpus.getStyleClass().add("hint-label");
        gpus.textProperty().bind(Bindings.createStringBinding(() -> messages.get("workload.gpuCount",
                (long) vm.tensorParallelProperty().get() * vm.pipelineParallelProperty().get()
                        * vm.contextParallelProperty().get() * vm.dataParallelProperty().get()),
                vm.tensorParallelProperty(), vm.pipelineParallelProperty(), vm.dataParallelProperty(),
                vm.contextParallelProperty(),
                messages.localeProperty()));
        return section("workload.section.parallel", zeroBox, FormRows.row(tp.root(), pp.root(), dp.root()),
                FormRows.row(ep.root(), cp.root()), sequenceParallel.root(), gpus);
    }

    private ObservableStringValue enumText(Enum<?> value) {
        return messages.text(EnumTexts.key(value));
    }


    private Label labelled(String key, Node target, String tipKey) {
        Label l = new Label();
        l.textProperty().bind(messages.text(key));
        l.setLabelFor(target);
        l.setMnemonicParsing(true);
        l.getStyleClass().add("field-label");
        HoverTip.of(messages, tipKey).attach(l);
        return l;
    }

    private VBox section(String titleKey, Node... children) {
        return FormRows.section(messages, titleKey, children);
    }

    public Node root() {
        return root;
    }

    /** The model part of the panel, which also accepts dropped model files. */
    public ModelSection modelSection() {
        return modelSection;
    }

    static List<DataType> quantizations() {
        return Arrays.asList(null, DataType.FP16, DataType.BF16, DataType.FP8, DataType.INT8, DataType.INT4,
                DataType.NF4, DataType.NF4_SINGLE, DataType.BNB_FP4, DataType.MXFP4, DataType.NVFP4);
    }

    /** A storage type as the panel's buttons and lists name it, e.g. {@code NF4}; the comparison names it so too. */
    public static String dataTypeLabel(DataType type) {
        return type.id().toUpperCase(Locale.ROOT);
    }

    static List<Precision> precisions() {
        return List.of(Precision.BF16_MIXED, Precision.FP16_MIXED, Precision.FP8_MIXED, Precision.FP32,
                Precision.TF32, Precision.BF16, Precision.FP16);
    }
}
