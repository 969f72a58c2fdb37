package com.vramadvisor.engine.ranking;

import com.vramadvisor.engine.llm.Component;
import com.vramadvisor.engine.llm.DataType;
import com.vramadvisor.engine.llm.Estimate;
import com.vramadvisor.engine.llm.Implementation;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.llm.MemoryEstimator;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.plan.PlanCandidate;
import com.vramadvisor.engine.plan.Planner;
import com.vramadvisor.engine.plan.Rig;
import com.vramadvisor.engine.serving.ServingEngine;
import com.vramadvisor.engine.serving.ServingTargets;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.withinPercentage;

/**
 * The decision table on the engine's own memory estimator, checked against numbers worked out by hand from published
 * model configs and vendor spec sheets. Usable memory follows the catalog rule ("GB" x 1024 MiB less 560 MiB):
 * RTX 4090 24,016 MiB = 25,182,601,216 bytes; RTX 3060 11,728 MiB = 12,297,699,328 bytes; A100/H100 80GB 81,360 MiB
 * = 85,312,143,360 bytes.
 */
class RecommenderHandCheckedTest {

    private static final Recommender RECOMMENDER = new Recommender();

    private static Recommendation recommend(ModelSpec model, Workload w, RankingOptions o) {
        return RECOMMENDER.recommend(model, w, TestHardware.gpus(), List.of(TestHardware.dgxA100()),
                List.of(TestHardware.p4d()), o);
    }

    private static RecommendationRow row(Recommendation r, String id, HardwareKind kind) {
        return r.rows().stream().filter(x -> x.hardwareId().equals(id) && x.kind() == kind).findFirst()
                .orElseThrow(() -> new AssertionError("no " + kind + " row for " + id));
    }

    @Test
    void llama3With8kContextInBf16ServesOnA24GbCard() {
        Workload serve = Workload.builder().mode(Mode.INFER).batch(1).sequenceLength(8192).context(8192).build();
        Recommendation r = recommend(ReferenceModels.llama3_8b(), serve, RankingOptions.defaults());
        Estimate need = r.singleGpuEstimate();
        // Weights: 8,030,261,248 parameters x 2 bytes = 16,060,522,496 bytes (16.06 GB).
        assertThat(need.component(Component.WEIGHTS)).isEqualTo(16_060_522_496L);
        // KV cache: 2 (K and V) x 32 layers x 8 KV heads x 128 x 2 bytes = 131,072 bytes (128 KiB) per token;
        // 8,192 tokens = 1,073,741,824 bytes (1 GiB).
        assertThat(need.component(Component.KV_CACHE)).isEqualTo(1L << 30);
        RecommendationRow rtx4090 = row(r, "rtx-4090", HardwareKind.GPU);
        assertThat(rtx4090.perGpuBytes()).isGreaterThan(16_060_522_496L + (1L << 30));
        assertThat(rtx4090.fits()).isTrue();
        assertThat(rtx4090.usableBytes()).isEqualTo(25_182_601_216L);
        // 16.06 GB of weights alone exceed the RTX 3060's 12.3 GB.
        assertThat(row(r, "rtx-3060-12gb", HardwareKind.GPU).fits()).isFalse();
    }

    @Test
    void aServingReservationShrinksWhatTheFitIsJudgedAgainst() {
        Workload serve = Workload.builder().mode(Mode.INFER).batch(1).sequenceLength(8192).context(8192)
                .gpuMemoryUtilization(0.9).build();
        RecommendationRow rtx4090 = row(recommend(ReferenceModels.llama3_8b(), serve, RankingOptions.defaults()),
                "rtx-4090", HardwareKind.GPU);
        // vLLM's request_memory: ceil(total_memory x 0.9), total_memory being what CUDA reports, nvidia-smi's total
        // less the driver's reserve (the 25,182,601,216 usable, not the 24,576 MiB total):
        // ceil(22,664,341,094.4) = 22,664,341,095 bytes.
        assertThat(rtx4090.capacityBytes()).isEqualTo(22_664_341_095L);
        assertThat(rtx4090.reasons()).contains(Reason.SERVING_RESERVATION);
        assertThat(rtx4090.headroomBytes()).isEqualTo(22_664_341_095L - rtx4090.perGpuBytes());
    }

    @Test
    void llama2With70bInBf16DoesNotFitOne80GbCardButFitsTwoWithTensorParallelism() {
        Workload serve = Workload.builder().mode(Mode.INFER).batch(1).sequenceLength(2048).context(4096).build();
        Recommendation r = recommend(ReferenceModels.llama2_70b(), serve, RankingOptions.defaults());
        // 68,976,648,192 parameters x 2 bytes = 137,953,296,384 bytes (138 GB) of weights > 85.3 GB usable.
        assertThat(r.singleGpuEstimate().component(Component.WEIGHTS)).isEqualTo(137_953_296_384L);
        for (String id : List.of("a100-sxm-80gb", "h100-sxm-80gb")) {
            // SXM GPUs come on boards of eight: no single-card row. Two cards with TP2 hold 69.0 GB of weights each
            // plus a 0.67 GB share of the 1.34 GB KV cache, so a board serves four copies.
            assertThat(r.rows()).noneMatch(x -> x.hardwareId().equals(id) && x.kind() == HardwareKind.GPU);
            RecommendationRow board = row(r, id, HardwareKind.MULTI_GPU);
            assertThat(board.sharding()).isEqualTo("tp2");
            assertThat(board.replicas()).isEqualTo(4);
            assertThat(board.gpusNeeded()).isEqualTo(8);
            assertThat(board.fits()).isTrue();
        }
        // 192 GB MI300X holds it alone: its board of eight serves eight copies.
        RecommendationRow mi300x = row(r, "mi300x", HardwareKind.MULTI_GPU);
        assertThat(mi300x.sharding()).isEqualTo("single");
        assertThat(mi300x.replicas()).isEqualTo(8);
        assertThat(mi300x.fits()).isTrue();
    }

    @Test
    void llama2With7bFullAdamWTrainingNeedsItsStatesShardedOverTwoA100s() {
        Workload train = Workload.builder().implementation(Implementation.MEGATRON).batch(1).sequenceLength(2048)
                .build();
        Recommendation r = recommend(ReferenceModels.llama2_7b(), train, RankingOptions.defaults());
        Estimate need = r.singleGpuEstimate();
        // Megatron/DeepSpeed mixed-precision AdamW keeps 2 (bf16 weights) + 4 (fp32 master) + 2 (bf16 gradients) + 8 (two fp32
        // moments) = 16 bytes per parameter: 6,738,415,616 x 16 = 107,814,649,856 bytes (108 GB).
        long states = need.component(Component.WEIGHTS) + need.component(Component.MASTER_WEIGHTS)
                + need.component(Component.GRADIENTS) + need.component(Component.OPTIMIZER_STATES);
        assertThat(states).isEqualTo(107_814_649_856L);
        // One A100 80GB (85.3 GB usable) cannot hold it whatever the recomputation; two with ZeRO-3 can.
        GpuSpec a100 = TestHardware.a100Sxm80();
        Planner planner = new Planner(Recommender.estimatorModel(new MemoryEstimator()), ReferenceModels.llama2_7b(),
                train, need, new Planner.Settings(0.6, 0.6, 1_000_000_000L, 0, null));
        Rig loose = new Rig(a100, 1, 8, 16, "InfiniBand", 50, ServingEngine.capacityBytes(a100, train));
        assertThat(planner.bestAt(loose, 1)).isNull();
        PlanCandidate two = planner.bestAt(loose, 2);
        // Sharding over the two (ZeRO-1 already halves the 12 bytes of fp32 master weights and moments: 10 bytes a
        // parameter, 67 GB) or two pipeline stages brings the 108 GB of states within 85.3 GB.
        assertThat(two.layout().pp() == 2 || (two.layout().zero() >= 1 && two.layout().dp() == 2))
                .as(two.layout().label()).isTrue();
        assertThat(two.fits()).isTrue();
        assertThat(two.peakBytes()).isLessThanOrEqualTo(a100.memoryBytesUsable());
    }

    @Test
    void decodeOfA7bFp16ModelOnH100SxmIsAbout248TokensPerSecondBeforeEfficiency() {
        Workload serve = Workload.builder().mode(Mode.INFER).batch(1).sequenceLength(64).context(128)
                .weightType(DataType.FP16).build();
        // One running request per copy, so the row's speed is that of the single sequence (a serving row's speed is
        // taken at the load it serves).
        ServingTargets one = new ServingTargets(0, 0, 1);
        RankingOptions ideal = RankingOptions.builder().decodeBandwidthEfficiency(1.0).servingTargets(one).build();
        RecommendationRow h100 = row(recommend(ReferenceModels.llama2_7b(), serve, ideal), "h100-sxm-80gb",
                HardwareKind.MULTI_GPU);
        // Bytes per step: weights 6,738,415,616 x 2 = 13,476,831,232 plus the KV cache at its mean length while
        // growing from 64 to 128 tokens: 2 x 32 x 4096 x 2 bytes x 128 tokens x (64 + 128) / 256 = 50,331,648.
        // 3,350e9 B/s / 13,527,162,880 B = 247.65 tokens/s, the usual 3350 / 13.5 = 248.
        assertThat(h100.decodeTokensPerSecondPerSequence())
                .isCloseTo(3350e9 / (13_476_831_232L + 50_331_648L), withinPercentage(0.01));
        assertThat(h100.decodeTokensPerSecondPerSequence()).isCloseTo(248, withinPercentage(0.5));

        RecommendationRow realistic = row(recommend(ReferenceModels.llama2_7b(), serve,
                RankingOptions.builder().servingTargets(one).build()),
                "h100-sxm-80gb", HardwareKind.MULTI_GPU);
        assertThat(realistic.tokensPerSecond()).isCloseTo(0.60 * h100.tokensPerSecond(), withinPercentage(0.01));
    }

    @Test
    void cloudRunsCostHoursTimesThePricePerHour() {
        Workload lora = Workload.builder().mode(Mode.LORA).lora(new com.vramadvisor.engine.llm.LoraSpec(16,
                com.vramadvisor.engine.llm.LoraSpec.ALL_LINEAR)).batch(4).sequenceLength(2048).build();
        Recommendation r = recommend(ReferenceModels.llama2_7b(), lora,
                RankingOptions.builder().tokenBudget(100_000_000L).build());
        RecommendationRow p4d = row(r, "aws-p4d.24xlarge", HardwareKind.CLOUD);
        assertThat(p4d.fits()).isTrue();
        assertThat(p4d.jobCostUsd()).isCloseTo(p4d.hours() * 32.7726, withinPercentage(1e-9));
        assertThat(p4d.acquisition()).isEqualTo(Acquisition.RENTAL);
        assertThat(p4d.purchaseUsd()).isNull();
        // 1e8 tokens at the row's rate
        assertThat(p4d.hours()).isCloseTo(1e8 / p4d.tokensPerSecond() / 3600, withinPercentage(1e-9));
        for (RecommendationRow row : r.rows()) {
            assertThat(row.fits()).isEqualTo(row.perGpuBytes() <= row.capacityBytes());
            if (row.fits()) {
                assertThat(row.perGpuBytes()).isLessThanOrEqualTo(row.usableBytes());
            }
        }
    }
}
