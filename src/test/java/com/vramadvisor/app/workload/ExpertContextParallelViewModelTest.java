package com.vramadvisor.app.workload;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.engine.llm.DataType;
import com.vramadvisor.engine.llm.Parallelism;
import com.vramadvisor.scenario.ScenarioInputs;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Expert and context parallel sizes and the 4-bit float weight types in the language-model panel. The rule that ep
 * must divide d x cp is Megatron-Core's: it builds the expert-data-parallel group by carving ep ranks out of the
 * data x context-parallel ranks ({@code megatron/core/parallel_state.py}, {@code initialize_model_parallel}).
 */
class ExpertContextParallelViewModelTest {

    private final List<ScenarioInputs> published = new ArrayList<>();

    private WorkloadViewModel newViewModel() {
        ScenarioInputs initial = ScenarioInputs.defaults();
        WorkloadViewModel vm = new WorkloadViewModel(initial, List.of(initial.model()),
                count -> ScenarioInputs.llama3_8b(), spec -> 8_030_261_248L);
        vm.snapshotProperty().addListener((obs, old, now) -> published.add(now));
        return vm;
    }

    @Test
    void expertAndContextSizesGoIntoTheSnapshot() {
        WorkloadViewModel vm = newViewModel();
        vm.dataParallelProperty().set(4);
        vm.contextParallelProperty().set(2);
        vm.expertParallelProperty().set(8);
        Parallelism p = vm.snapshot().workload().parallelism();
        assertThat(p.contextParallel()).isEqualTo(2);
        assertThat(p.expertParallel()).isEqualTo(8);
        // Megatron-Core: world size = t x p x cp x d.
        assertThat(p.gpus()).isEqualTo(8);
        assertThat(vm.problemProperty().get()).isEmpty();
    }

    @Test
    void anExpertSizeThatDoesNotDivideDataTimesContextShowsTheEngineMessage() {
        WorkloadViewModel vm = newViewModel();
        vm.dataParallelProperty().set(4);
        int before = published.size();
        vm.expertParallelProperty().set(3);
        assertThat(vm.problemProperty().get()).contains("expert-parallel size 3")
                .contains("must divide data x context parallel (4");
        assertThat(published).hasSize(before);
        assertThat(vm.snapshot().workload().parallelism().expertParallel()).isEqualTo(1);
        vm.expertParallelProperty().set(2);
        assertThat(vm.problemProperty().get()).isEmpty();
        assertThat(vm.snapshot().workload().parallelism().expertParallel()).isEqualTo(2);
    }

    @Test
    void aTypedSizeBelowOneIsRejectedByTheStepperInput() {
        WorkloadViewModel vm = newViewModel();
        NumberInput cp = vm.exact().contextParallel();
        cp.textProperty().set("0");
        cp.commit();
        assertThat(cp.errorProperty().get()).isNotEmpty();
        assertThat(vm.contextParallelProperty().get()).isEqualTo(1);
    }

    @Test
    void aScenarioWithExpertAndContextSizesIsShownAndKept() {
        WorkloadViewModel vm = newViewModel();
        ScenarioInputs d = ScenarioInputs.defaults();
        ScenarioInputs other = d.withWorkload(d.workload().toBuilder()
                .parallelism(new Parallelism(1, 1, 8, 1, false, 4, 2)).build());
        vm.apply(other);
        assertThat(vm.expertParallelProperty().get()).isEqualTo(4);
        assertThat(vm.contextParallelProperty().get()).isEqualTo(2);
        assertThat(vm.snapshot()).isEqualTo(other);
    }

    @Test
    void theWeightChoiceOffersMxfp4Nvfp4AndTheKQuantMixes() {
        assertThat(WorkloadView.quantizations()).contains(DataType.MXFP4, DataType.NVFP4);
        assertThat(DataType.GGUF_Q4_K_M.isGguf()).isTrue();
        WorkloadViewModel vm = newViewModel();
        vm.modeProperty().set(com.vramadvisor.engine.llm.Mode.INFER);
        vm.weightTypeProperty().set(DataType.MXFP4);
        assertThat(vm.snapshot().workload().weightType()).isEqualTo(DataType.MXFP4);
        // OCP MX v1.0: 32 E2M1 elements share one E8M0 scale, 4 + 8/32 = 4.25 bits per element.
        assertThat(DataType.MXFP4.bitsPerElement()).isEqualTo(4.25);
        // NVIDIA NVFP4: 16 E2M1 elements share one E4M3 scale, 4 + 8/16 = 4.5 bits per element.
        assertThat(DataType.NVFP4.bitsPerElement()).isEqualTo(4.5);
    }
}
