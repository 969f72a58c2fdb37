package com.vramadvisor.engine.advice;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.catalog.Catalog;
import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.engine.llm.DataType;
import com.vramadvisor.engine.speed.SpeedSettings;
import com.vramadvisor.engine.llm.Framework;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Offload;
import com.vramadvisor.engine.llm.Parallelism;
import com.vramadvisor.engine.llm.Recompute;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.serving.ServingEngine;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The levers that depend on the framework: offload for training (DeepSpeed's ZeRO-Offload and ZeRO-Infinity, FSDP's
 * CPU offload), wider layouts for serving, and the speed each costs as the step-time and decode models give it.
 */
class FrameworkLeversTest {

    private static final Catalog CATALOG = CatalogLoader.shippedOnly().load();
    private static final ModelSpec LLAMA_2_70B = CATALOG.model("llama-2-70b").orElseThrow();
    private static final GpuSpec A100 = CATALOG.gpu("a100-sxm-80gb").orElseThrow();
    private static final SpeedContext ON_A100 = new SpeedContext(A100, CATALOG.hardware().nodeFor(A100),
            SpeedSettings.fitted());

    private static List<Lever> advise(Workload w) {
        return new FitAdvisor().advise(LLAMA_2_70B, w, A100.memoryBytesUsable(), ON_A100);
    }

    private static Workload fullFineTune(Framework f) {
        return Workload.builder().sequenceLength(4096).framework(f).parallelism(new Parallelism(1, 1, 8, 3, false))
                .build();
    }

    @Test
    void aFull70bFineTuneOnOneNodeOfEight80GbCardsFitsWithZeroOffloadAndFullRecomputation() {
        // ZeRO-Offload (Ren et al. 2021) moves the fp32 master weights, gradients and Adam states (12 bytes a
        // parameter, 828 GB for 69B parameters) to host memory; the 16-bit weights, sharded eight ways, stay.
        List<Lever> levers = advise(fullFineTune(Framework.DEEPSPEED));
        Lever offload = levers.stream().filter(l -> l.kind() == LeverKind.ZERO_OFFLOAD && l.fits()).findFirst()
                .orElseThrow();
        assertThat(offload.workload().offload().target()).isEqualTo(Offload.Target.OPTIMIZER);
        assertThat(offload.workload().recompute()).isEqualTo(Recompute.FULL);
        assertThat(offload.gpus()).isEqualTo(8);
        assertThat(offload.workload().framework()).isEqualTo(Framework.DEEPSPEED);
        // The CPU step and the PCIe transfers make it slower, as the step-time model's offload term says.
        assertThat(offload.speedRatio()).isLessThan(1);
        assertThat(levers).anyMatch(l -> l.kind() == LeverKind.ZERO_INFINITY
                && l.workload().offload().device() == Offload.Device.NVME);
        assertThat(levers).noneMatch(l -> l.kind() == LeverKind.FSDP_CPU_OFFLOAD);
    }

    @Test
    void fsdpOffersItsCpuOffloadAndItsOwnShardingStagesAndMegatronNoOffload() {
        List<Lever> fsdp = advise(fullFineTune(Framework.FSDP).toBuilder()
                .parallelism(new Parallelism(1, 1, 8, 0, false)).build());
        assertThat(fsdp).anyMatch(l -> l.kind() == LeverKind.FSDP_CPU_OFFLOAD
                && l.workload().offload().target() == Offload.Target.ALL && l.workload().parallelism().zeroStage() == 3);
        assertThat(fsdp).noneMatch(l -> l.kind() == LeverKind.ZERO_OFFLOAD);
        // FSDP has no optimizer-only sharding: the next stage from DDP is SHARD_GRAD_OP.
        assertThat(fsdp).filteredOn(l -> l.kind() == LeverKind.NEXT_ZERO_STAGE)
                .allMatch(l -> l.workload().parallelism().zeroStage() == 2);
        List<Lever> megatron = advise(Workload.builder().sequenceLength(4096).framework(Framework.MEGATRON)
                .parallelism(new Parallelism(1, 1, 8, 1, false)).build());
        assertThat(megatron).noneMatch(l -> l.workload().offload().target() != Offload.Target.NONE);
    }

    @Test
    void fullRecomputationCostsAboutAThirdMoreComputeInTheStepTimeModel() {
        // Korthikanti et al. 2022, sections 1 and 6: full recomputation adds about one forward pass, ~33 % more
        // training compute, so about 0.75 of the speed where compute bounds the step.
        Lever full = advise(fullFineTune(Framework.DEEPSPEED)).stream()
                .filter(l -> l.kind() == LeverKind.FULL_RECOMPUTE).findFirst().orElseThrow();
        assertThat(full.speedRatio()).isBetween(0.70, 0.80);
    }

    @Test
    void servingLeversFollowTheEngineAndCarryTheDecodeModelsSpeed() {
        Workload vllm = ServingEngine.VLLM.configure(Workload.builder().mode(Mode.INFER).batch(16).sequenceLength(4096)
                .context(8192).weightType(DataType.BF16).parallelism(new Parallelism(2, 1, 1, 0, false)).build(), 0);
        List<Lever> levers = advise(vllm);
        Lever kv = levers.stream().filter(l -> l.kind() == LeverKind.KV_CACHE_FP8).findFirst().orElseThrow();
        // Half the KV-cache bytes read per decoded token: a sequence decodes faster.
        assertThat(kv.speedRatio()).isGreaterThan(1);
        Lever tensor = levers.stream().filter(l -> l.kind() == LeverKind.TENSOR_PARALLEL_X2).findFirst()
                .orElseThrow();
        Lever pipeline = levers.stream().filter(l -> l.kind() == LeverKind.PIPELINE_PARALLEL_X2).findFirst()
                .orElseThrow();
        // Both spread the weights over four GPUs; only tensor parallelism splits each token's reads.
        assertThat(tensor.gpus()).isEqualTo(4);
        assertThat(pipeline.gpus()).isEqualTo(4);
        assertThat(tensor.speedRatio()).isGreaterThan(1.2);
        assertThat(pipeline.speedRatio()).isLessThanOrEqualTo(1.0);

        Workload llamaCpp = ServingEngine.LLAMA_CPP.configure(Workload.builder().mode(Mode.INFER).batch(1)
                .sequenceLength(1024).context(4096).weightType(DataType.GGUF_Q4_K_M).build(), 0);
        List<Lever> cpp = advise(llamaCpp);
        assertThat(cpp).noneMatch(l -> l.kind() == LeverKind.TENSOR_PARALLEL_X2);
        assertThat(cpp).anyMatch(l -> l.kind() == LeverKind.PIPELINE_PARALLEL_X2);
    }
}
