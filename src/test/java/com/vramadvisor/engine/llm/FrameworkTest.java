package com.vramadvisor.engine.llm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The framework table against the frameworks' own rules, each quoted from its source (see {@link Framework} and
 * {@code docs/frameworks.md}).
 */
class FrameworkTest {

    private static final ModelSpec LLAMA_70B = PublicModels.llama2_70b();

    private static Workload train(Framework f, Parallelism p) {
        return Workload.builder().sequenceLength(4096).framework(f).parallelism(p).build();
    }

    @Test
    void deepSpeedRefusesZero2And3WithPipelineStagesAndRunsZero1() {
        // deepspeed/runtime/pipe/engine.py: "ZeRO-2 and ZeRO-3 are incompatible with pipeline parallelism".
        for (int zero : new int[] {2, 3}) {
            String problem = Framework.DEEPSPEED.problem(LLAMA_70B,
                    train(Framework.DEEPSPEED, new Parallelism(1, 4, 8, zero, false)));
            assertThat(problem).contains("incompatible with pipeline parallelism");
        }
        assertThat(Framework.DEEPSPEED.problem(LLAMA_70B,
                train(Framework.DEEPSPEED, new Parallelism(1, 4, 8, 1, false)))).isNull();
        assertThat(Framework.DEEPSPEED.problem(LLAMA_70B,
                train(Framework.DEEPSPEED, new Parallelism(1, 1, 8, 3, false)))).isNull();
    }

    @Test
    void megatronRunsTheDistributedOptimizerButNoZero3AndFsdpHasNoOptimizerOnlySharding() {
        assertThat(Framework.MEGATRON.problem(LLAMA_70B,
                train(Framework.MEGATRON, new Parallelism(8, 4, 2, 1, true)))).isNull();
        assertThat(Framework.MEGATRON.problem(LLAMA_70B,
                train(Framework.MEGATRON, new Parallelism(1, 1, 8, 3, false)))).contains("no ZeRO stage 3");
        assertThat(Framework.FSDP.problem(LLAMA_70B,
                train(Framework.FSDP, new Parallelism(1, 1, 8, 1, false)))).contains("no ZeRO stage 1");
        assertThat(Framework.FSDP.problem(LLAMA_70B,
                train(Framework.FSDP, new Parallelism(2, 2, 8, 3, true)))).isNull();
    }

    @Test
    void qloraRunsOverDataParallelismFsdpOrZeroOnly() {
        Workload qlora = Workload.builder().mode(Mode.QLORA).lora(new LoraSpec(16, LoraSpec.ALL_LINEAR))
                .sequenceLength(4096).build();
        Workload zero3 = qlora.toBuilder().framework(Framework.DEEPSPEED)
                .parallelism(new Parallelism(1, 1, 8, 3, false)).build();
        assertThat(Framework.DEEPSPEED.problem(LLAMA_70B, zero3)).isNull();
        Workload fsdp = qlora.toBuilder().framework(Framework.FSDP)
                .parallelism(new Parallelism(1, 1, 8, 3, false)).build();
        assertThat(Framework.FSDP.problem(LLAMA_70B, fsdp)).isNull();
        Workload tensor = fsdp.toBuilder().parallelism(new Parallelism(2, 1, 4, 3, true)).build();
        assertThat(Framework.FSDP.problem(LLAMA_70B, tensor)).contains("QLoRA runs with data parallelism");
        Workload megatron = qlora.toBuilder().framework(Framework.MEGATRON).build();
        assertThat(Framework.MEGATRON.problem(LLAMA_70B, megatron)).contains("no QLoRA");
    }

    @Test
    void llama3_405bsUnevenSplitIsMegatronsFirstAndLastStageOneLayerShort() {
        // Dubey et al. 2024 (arXiv:2407.21783), section 3.3.2: 126 layers on 16 stages, "we reduce one Transformer
        // layer each from the first and the last stages": 7, fourteen stages of 8, 7.
        List<Integer> split = Framework.MEGATRON.stageLayers(126, 16);
        assertThat(split).hasSize(16).startsWith(7).endsWith(7);
        assertThat(split.subList(1, 15)).containsOnly(8);
        assertThat(split.stream().mapToInt(Integer::intValue).sum()).isEqualTo(126);
    }

    @Test
    void gpt3s96LayersNeverSplitInto26Or52MegatronStages() {
        // Megatron-Core: the middle stages must hold equal layers and the first and last at least one.
        assertThat(Framework.MEGATRON.stageLayers(96, 26)).isNull();
        assertThat(Framework.MEGATRON.stageLayers(96, 52)).isNull();
        assertThat(Framework.MEGATRON.stageLayers(96, 8)).containsOnly(12).hasSize(8);
        assertThat(Framework.TRTLLM.stageLayers(80, 3)).isNull();
        for (int stages = 2; stages <= 96; stages++) {
            List<Integer> split = Framework.MEGATRON.stageLayers(96, stages);
            if (split == null) {
                continue;
            }
            assertThat(split.stream().mapToInt(Integer::intValue).sum()).isEqualTo(96);
            List<Integer> middle = split.subList(1, split.size() - 1);
            assertThat(middle.stream().distinct().count()).isLessThanOrEqualTo(1);
            int most = (96 + stages - 1) / stages;
            assertThat(split).allMatch(n -> n >= 1 && n <= most);
        }
    }

    @Test
    void deepSpeedSplitsAnyLayerCountTheWayPartitionUniformDoes() {
        // deepspeed/runtime/utils.py partition_uniform: floor(L/p) each, one more on the first L mod p stages.
        assertThat(Framework.DEEPSPEED.stageLayers(80, 3)).containsExactly(27, 27, 26);
        assertThat(Framework.DEEPSPEED.stageLayers(80, 6)).containsExactly(14, 14, 13, 13, 13, 13);
        assertThat(Framework.DEEPSPEED.stageLayers(80, 81)).isNull();
    }

    @Test
    void llamaCppHasNoTensorParallelismAndAServingFrameworkDoesNotTrain() {
        Workload serve = Workload.builder().mode(Mode.INFER).framework(Framework.LLAMA_CPP)
                .parallelism(new Parallelism(4, 1, 1, 0, false)).build();
        assertThat(Framework.LLAMA_CPP.problem(LLAMA_70B, serve)).contains("by layers");
        assertThat(Framework.LLAMA_CPP.problem(LLAMA_70B, serve.toBuilder()
                .parallelism(new Parallelism(1, 4, 1, 0, false)).build())).isNull();
        assertThat(Framework.VLLM.problem(LLAMA_70B, train(Framework.VLLM, Parallelism.SINGLE_GPU)))
                .contains("serves");
    }

    @Test
    void aTrainingFrameworkSetsItsMemoryLayoutAndOneNamedNoneFollowsTheLayouts() {
        assertThat(Workload.builder().framework(Framework.DEEPSPEED).build().implementation())
                .isEqualTo(Implementation.MEGATRON);
        assertThat(Workload.builder().implementation(Implementation.MEGATRON).framework(Framework.FSDP).build()
                .implementation()).isEqualTo(Implementation.PYTORCH);
        assertThat(Workload.builder().build().effectiveFramework()).isEqualTo(Framework.FSDP);
        assertThat(Workload.builder().implementation(Implementation.MEGATRON).build().effectiveFramework())
                .isEqualTo(Framework.MEGATRON);
        assertThat(Workload.builder().mode(Mode.INFER).build().effectiveFramework()).isNull();
        assertThat(Framework.parse("NeMo")).isEqualTo(Framework.MEGATRON);
        assertThat(Framework.parse("torchtitan")).isEqualTo(Framework.FSDP);
        assertThatThrownBy(() -> Framework.parse("jax")).hasMessageContaining("unknown framework");
    }

    @Test
    void onlyLlamaCppAndTransformersRunOnMetalAndOnlyCudaRunsTensorRtLlm() {
        for (Framework f : Framework.values()) {
            assertThat(f.stacks().contains(Framework.Stack.METAL))
                    .as(f.id()).isEqualTo(f == Framework.LLAMA_CPP || f == Framework.HF);
        }
        assertThat(Framework.TRTLLM.stacks()).containsExactly(Framework.Stack.CUDA);
    }
}
