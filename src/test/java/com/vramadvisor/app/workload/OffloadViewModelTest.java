package com.vramadvisor.app.workload;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.engine.llm.ActivationOffload;
import com.vramadvisor.engine.llm.Implementation;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.Offload;
import com.vramadvisor.engine.llm.Recompute;
import com.vramadvisor.engine.serving.ServingEngine;
import com.vramadvisor.scenario.ScenarioInputs;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Training offload and llama.cpp GPU layers in the language-model panel. The rules refused here are DeepSpeed's
 * (offload needs ZeRO 1-3, parameter and NVMe offload ZeRO-3: deepspeed.ai/docs/config-json, "offload_optimizer",
 * "offload_param") and PyTorch FSDP's ({@code CPUOffload(offload_params=True)} moves parameters, gradients and
 * optimizer states together, to CPU only), as the engine states them.
 */
class OffloadViewModelTest {

    private WorkloadViewModel newViewModel() {
        ScenarioInputs initial = ScenarioInputs.defaults();
        return new WorkloadViewModel(initial, List.of(initial.model()), count -> ScenarioInputs.llama3_8b(),
                spec -> 8_030_261_248L);
    }

    @Test
    void deepSpeedOptimizerOffloadNeedsAZeroStage() {
        WorkloadViewModel vm = newViewModel();
        vm.implementationProperty().set(Implementation.MEGATRON);
        vm.zeroStageProperty().set(0);
        vm.offloadTargetProperty().set(Offload.Target.OPTIMIZER);
        assertThat(vm.problemProperty().get()).contains("DeepSpeed offload needs ZeRO stage 1, 2 or 3");
        assertThat(vm.snapshot().workload().offload()).isEqualTo(Offload.NONE);
        vm.zeroStageProperty().set(2);
        assertThat(vm.problemProperty().get()).isEmpty();
        assertThat(vm.snapshot().workload().offload())
                .isEqualTo(new Offload(Offload.Target.OPTIMIZER, Offload.Device.CPU, -1));
    }

    @Test
    void nvmeOffloadUnderFsdpIsRefusedAndUnderZeroThreeKept() {
        WorkloadViewModel vm = newViewModel();
        vm.implementationProperty().set(Implementation.PYTORCH);
        vm.zeroStageProperty().set(3);
        vm.offloadTargetProperty().set(Offload.Target.ALL);
        vm.offloadDeviceProperty().set(Offload.Device.NVME);
        assertThat(vm.problemProperty().get()).contains("FSDP offloads to CPU memory only");
        vm.implementationProperty().set(Implementation.MEGATRON);
        assertThat(vm.problemProperty().get()).isEmpty();
        assertThat(vm.snapshot().workload().offload())
                .isEqualTo(new Offload(Offload.Target.ALL, Offload.Device.NVME, -1));
    }

    @Test
    void cpuCheckpointingNeedsFullRecomputationAndServingOffloadsNoActivations() {
        WorkloadViewModel vm = newViewModel();
        vm.implementationProperty().set(Implementation.MEGATRON);
        vm.recomputeProperty().set(Recompute.FULL);
        vm.activationOffloadProperty().set(ActivationOffload.CPU_CHECKPOINTING);
        assertThat(vm.problemProperty().get()).isEmpty();
        assertThat(vm.snapshot().workload().activationOffload()).isEqualTo(ActivationOffload.CPU_CHECKPOINTING);
        vm.recomputeProperty().set(Recompute.SELECTIVE);
        assertThat(vm.problemProperty().get()).contains("needs full recomputation");
        vm.recomputeProperty().set(Recompute.FULL);
        vm.modeProperty().set(Mode.INFER);
        assertThat(vm.snapshot().workload().activationOffload()).isEqualTo(ActivationOffload.NONE);
    }

    @Test
    void gpuLayersApplyOnlyWhileLlamaCppServes() {
        WorkloadViewModel vm = newViewModel();
        vm.modeProperty().set(Mode.INFER);
        vm.servingEngineProperty().set(ServingEngine.LLAMA_CPP);
        assertThat(vm.llamaCppProperty().get()).isTrue();
        vm.gpuLayersProperty().set(20);
        assertThat(vm.snapshot().workload().offload()).isEqualTo(Offload.NONE);
        vm.partialGpuLayersProperty().set(true);
        assertThat(vm.snapshot().workload().offload().gpuLayers()).isEqualTo(20);
        vm.servingEngineProperty().set(ServingEngine.VLLM);
        assertThat(vm.llamaCppProperty().get()).isFalse();
        assertThat(vm.snapshot().workload().offload()).isEqualTo(Offload.NONE);
        assertThat(vm.problemProperty().get()).isEmpty();
    }

    @Test
    void trainingOffloadIsDroppedWhenServingAndBackWhenTrainingAgain() {
        WorkloadViewModel vm = newViewModel();
        vm.zeroStageProperty().set(3);
        vm.offloadTargetProperty().set(Offload.Target.ALL);
        assertThat(vm.snapshot().workload().offload().target()).isEqualTo(Offload.Target.ALL);
        vm.modeProperty().set(Mode.INFER);
        assertThat(vm.problemProperty().get()).isEmpty();
        assertThat(vm.snapshot().workload().offload()).isEqualTo(Offload.NONE);
        vm.modeProperty().set(Mode.TRAIN);
        assertThat(vm.snapshot().workload().offload().target()).isEqualTo(Offload.Target.ALL);
    }

    @Test
    void aScenarioWithGpuLayersIsShownAndKept() {
        WorkloadViewModel vm = newViewModel();
        ScenarioInputs d = ScenarioInputs.defaults();
        ScenarioInputs other = d.withServing(ServingEngine.LLAMA_CPP, 0).withWorkload(d.workload().toBuilder()
                .mode(Mode.INFER).context(8192).offload(new Offload(Offload.Target.NONE, Offload.Device.CPU, 12))
                .build());
        vm.apply(other);
        assertThat(vm.partialGpuLayersProperty().get()).isTrue();
        assertThat(vm.gpuLayersProperty().get()).isEqualTo(12);
        assertThat(vm.snapshot().workload().offload().gpuLayers()).isEqualTo(12);
    }
}
