package com.vramadvisor.app.workload;

import com.vramadvisor.scenario.ScenarioInputs;
import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.ui.Messages;
import com.vramadvisor.engine.llm.Component;
import com.vramadvisor.engine.llm.DataType;
import com.vramadvisor.engine.llm.Estimate;
import com.vramadvisor.engine.llm.Implementation;
import com.vramadvisor.engine.llm.MemoryEstimator;
import com.vramadvisor.engine.llm.MlpKind;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.ModelShapes;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.NormKind;
import com.vramadvisor.engine.llm.ParameterCounter;
import com.vramadvisor.engine.llm.PositionKind;
import com.vramadvisor.engine.llm.Precision;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class WorkloadViewModelTest {

    private final List<ScenarioInputs> published = new ArrayList<>();

    private WorkloadViewModel newViewModel() {
        ScenarioInputs initial = ScenarioInputs.defaults();
        WorkloadViewModel vm = new WorkloadViewModel(initial, List.of(initial.model()),
                count -> ScenarioInputs.llama3_8b(), spec -> 8_030_261_248L);
        vm.snapshotProperty().addListener((obs, old, now) -> published.add(now));
        return vm;
    }

    @Test
    void startsWithTheDefaultScenario() {
        WorkloadViewModel vm = newViewModel();
        assertThat(vm.snapshot()).isEqualTo(ScenarioInputs.defaults());
    }

    @Test
    void oneInputChangePublishesExactlyOneSnapshot() {
        WorkloadViewModel vm = newViewModel();
        vm.batchProperty().set(8);
        assertThat(published).hasSize(1);
        assertThat(published.get(0).workload().batch()).isEqualTo(8);
        vm.precisionProperty().set(Precision.FP32);
        assertThat(published).hasSize(2);
        assertThat(vm.snapshot().workload().precision()).isEqualTo(Precision.FP32);
    }

    @Test
    void applyingAWholeScenarioPublishesOneSnapshot() {
        WorkloadViewModel vm = newViewModel();
        ScenarioInputs other = ScenarioInputs.defaults().withWorkload(ScenarioInputs.defaults().workload()
                .toBuilder().mode(Mode.INFER).batch(16).sequenceLength(1024).context(8192).build()).withGpuId("x");
        vm.apply(other);
        assertThat(published).containsExactly(other);
    }

    @Test
    void settingAnInputToItsCurrentValuePublishesNothing() {
        WorkloadViewModel vm = newViewModel();
        vm.batchProperty().set(1);
        assertThat(published).isEmpty();
    }

    @Test
    void switchingToLoraAddsAdaptersOfTheChosenRank() {
        WorkloadViewModel vm = newViewModel();
        vm.loraRankProperty().set(64);
        vm.modeProperty().set(Mode.LORA);
        assertThat(vm.snapshot().workload().lora().rank()).isEqualTo(64);
    }

    private WorkloadViewModel engineBacked() {
        ScenarioInputs initial = ScenarioInputs.defaults();
        WorkloadViewModel vm = new WorkloadViewModel(initial, List.of(initial.model(), gpt2()), List.of(),
                ModelShapes::fromParameterCount, spec -> ParameterCounter.count(spec).total(),
                new Messages(Locale.ENGLISH));
        vm.snapshotProperty().addListener((obs, old, now) -> published.add(now));
        return vm;
    }

    /** GPT-2 small from its published config.json: 768 wide, 12 layers, 12 heads, 1024 positions, tied. */
    private static ModelSpec gpt2() {
        return ModelSpec.builder().id("gpt2").name("GPT-2").hiddenSize(768).layers(12).heads(12).ffnSize(3072)
                .vocabSize(50257).mlp(MlpKind.GELU).norm(NormKind.LAYERNORM).position(PositionKind.LEARNED)
                .maxPositions(1024).tiedEmbeddings(true).biases(true).build();
    }

    @Test
    void choosingAPresetShowsItsExactParameterCount() {
        WorkloadViewModel vm = engineBacked();
        vm.selectedPresetProperty().set(gpt2());
        // 124,439,808: the parameter count of Hugging Face's gpt2 checkpoint (sum of numel over its parameters).
        assertThat(vm.parameterCountProperty().get()).isEqualTo(124_439_808L);
        assertThat(vm.snapshot().modelPresetId()).isEqualTo("gpt2");
        assertThat(vm.modelSummaryProperty().get()).startsWith("GPT-2: 124,439,808 parameters");
        assertThat(published).hasSize(1);
    }

    @Test
    void aScenarioWhoseArchitectureNoLongerMatchesItsPresetIsShownAsCustom() {
        WorkloadViewModel vm = engineBacked();
        ModelSpec edited = ScenarioInputs.llama3_8b().toBuilder().layers(40).build();
        vm.apply(ScenarioInputs.defaults().withModel(edited, ScenarioInputs.DEFAULT_MODEL_ID));
        assertThat(vm.selectedPresetProperty().get()).isNull();
        assertThat(vm.snapshot().model()).isEqualTo(edited);
        vm.apply(ScenarioInputs.defaults());
        assertThat(vm.selectedPresetProperty().get()).isEqualTo(ScenarioInputs.llama3_8b());
    }

    @Test
    void movingTheParameterCountUsesAStandardShapeOfThatSizeAndLeavesThePreset() {
        WorkloadViewModel vm = engineBacked();
        vm.parameterCountProperty().set(70_000_000_000L);
        assertThat(published).hasSize(1);
        ScenarioInputs s = vm.snapshot();
        assertThat(s.modelPresetId()).isEmpty();
        assertThat(vm.selectedPresetProperty().get()).isNull();
        long exact = ParameterCounter.count(s.model()).total();
        assertThat(exact).isCloseTo(70_000_000_000L, org.assertj.core.data.Percentage.withPercentage(2));
        assertThat(vm.parameterCountProperty().get()).isEqualTo(exact);
        assertThat(vm.modelSummaryProperty().get()).startsWith("Standard Llama-style decoder of 70B:");
        assertThat(vm.customModelTextProperty().get()).isEqualTo("Custom: 70B parameters");
        vm.selectedPresetProperty().set(gpt2());
        assertThat(vm.customModelTextProperty().get()).as("a preset shows its own name").isEmpty();
    }

    @Test
    void anImportedModelIsNamedWithItsSizeForTheModelBox() {
        WorkloadViewModel vm = engineBacked();
        vm.useImportedModel(gpt2().toBuilder().id("").name("tinyllama").build(), null);
        assertThat(vm.customModelTextProperty().get()).isEqualTo("Custom: tinyllama (124M)");
    }

    @Test
    void aTensorParallelSizeThatDoesNotDivideTheHeadsIsRejectedWithAReason() {
        WorkloadViewModel vm = engineBacked();
        vm.tensorParallelProperty().set(2);
        published.clear();
        vm.tensorParallelProperty().set(3);
        assertThat(vm.problemProperty().get()).contains("3").contains("32 attention heads").contains("using 2");
        assertThat(vm.tensorParallelProperty().get()).isEqualTo(2);
        assertThat(vm.snapshot().workload().parallelism().tensorParallel()).isEqualTo(2);
        assertThat(published).isEmpty();
        vm.tensorParallelProperty().set(4);
        assertThat(vm.problemProperty().get()).isEmpty();
    }

    @Test
    void switchingToAModelWithFewerHeadsBringsTensorParallelismDownToADivisor() {
        WorkloadViewModel vm = engineBacked();
        vm.tensorParallelProperty().set(8);
        vm.selectedPresetProperty().set(gpt2());
        // GPT-2 has 12 heads: 8 does not divide them, 6 is the largest size below 8 that does.
        assertThat(vm.snapshot().workload().parallelism().tensorParallel()).isEqualTo(6);
    }

    @Test
    void moreStagesThanLayersAreCappedAtTheLayerCount() {
        WorkloadViewModel vm = engineBacked();
        vm.pipelineParallelProperty().set(64);
        assertThat(vm.snapshot().workload().parallelism().pipelineParallel()).isEqualTo(32);
        assertThat(vm.problemProperty().get()).contains("32 layers");
    }

    @Test
    void servingKeepsTheContextAtLeastAsLongAsThePrompt() {
        WorkloadViewModel vm = engineBacked();
        vm.modeProperty().set(Mode.INFER);
        assertThat(vm.snapshot().workload().effectiveContext()).isEqualTo(4096);
        vm.contextProperty().set(32768);
        published.clear();
        vm.sequenceLengthProperty().set(65536);
        assertThat(published).hasSize(1);
        assertThat(vm.snapshot().workload().context()).isEqualTo(65536);
    }

    @Test
    void theTrainingAndServingControlsFollowTheWorkloadKind() {
        WorkloadViewModel vm = engineBacked();
        assertThat(vm.trainingProperty().get()).isTrue();
        assertThat(vm.adaptersProperty().get()).isFalse();
        vm.modeProperty().set(Mode.QLORA);
        assertThat(vm.adaptersProperty().get()).isTrue();
        assertThat(vm.snapshot().workload().effectiveWeightType()).isEqualTo(DataType.NF4);
        vm.modeProperty().set(Mode.INFER);
        assertThat(vm.inferenceProperty().get()).isTrue();
        assertThat(vm.trainingProperty().get()).isFalse();
    }

    @Test
    void aTypedValueOutsideTheRangeIsRejectedWithAMessageAndNotApplied() {
        WorkloadViewModel vm = newViewModel();
        NumberInput input = new NumberInput(vm.batchProperty(), 1, 65_536, "app.title",
                NumberParser.Suffixes.BINARY, new Messages(Locale.ENGLISH));
        input.textProperty().set("-5");
        assertThat(input.commit()).isFalse();
        assertThat(input.error()).contains("between 1 and 65,536");
        input.textProperty().set("lots");
        assertThat(input.commit()).isFalse();
        assertThat(input.error()).contains("\"lots\" is not a whole number");
        assertThat(published).isEmpty();
        input.textProperty().set("32");
        assertThat(input.commit()).isTrue();
        assertThat(input.error()).isEmpty();
        assertThat(vm.snapshot().workload().batch()).isEqualTo(32);
        assertThat(published).hasSize(1);
    }

    @Test
    void switchingTheTrainingImplementationChangesTheSnapshotAndThePeak() {
        WorkloadViewModel vm = engineBacked();
        MemoryEstimator estimator = new MemoryEstimator();
        assertThat(vm.implementationProperty().get()).isEqualTo(Implementation.PYTORCH);
        Estimate pytorch = estimator.estimate(vm.snapshot().model(), vm.snapshot().workload());

        vm.implementationProperty().set(Implementation.MEGATRON);

        assertThat(published).hasSize(1);
        assertThat(vm.snapshot().workload().implementation()).isEqualTo(Implementation.MEGATRON);
        assertThat(vm.snapshot().withWorkload(vm.snapshot().workload().toBuilder()
                .implementation(Implementation.PYTORCH).build())).isEqualTo(ScenarioInputs.defaults());
        Estimate megatron = estimator.estimate(vm.snapshot().model(), vm.snapshot().workload());
        // Llama-3-8B has 8,030,261,248 parameters (Meta's model card; Hugging Face's checkpoint). In bf16 mixed
        // precision PyTorch autocast keeps fp32 gradients and no master copy; Megatron/DeepSpeed keep bf16
        // gradients and an fp32 master copy (the ZeRO paper's 2 + 2 + 12 bytes per parameter).
        long params = 8_030_261_248L;
        assertThat(pytorch.component(Component.GRADIENTS)).isEqualTo(4 * params);
        assertThat(pytorch.component(Component.MASTER_WEIGHTS)).isZero();
        assertThat(megatron.component(Component.GRADIENTS)).isEqualTo(2 * params);
        assertThat(megatron.component(Component.MASTER_WEIGHTS)).isEqualTo(4 * params);
        // The PyTorch layout adds the autocast weight copies and unfused norms' activations: the larger peak.
        assertThat(pytorch.peakBytes()).isGreaterThan(megatron.peakBytes());

        vm.modeProperty().set(Mode.INFER);
        assertThat(vm.trainingProperty().get()).as("the choice is hidden when serving").isFalse();
    }
}
