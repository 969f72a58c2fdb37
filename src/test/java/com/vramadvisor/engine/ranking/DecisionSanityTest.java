package com.vramadvisor.engine.ranking;

import com.vramadvisor.catalog.Catalog;
import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.engine.llm.DataType;
import com.vramadvisor.engine.llm.Implementation;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Parallelism;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.hardware.HardwareList;
import com.vramadvisor.engine.hardware.NodeSpec;
import com.vramadvisor.engine.serving.ServingEngine;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What an infrastructure engineer checks first in the shipped catalog's decision table: every rig can be built, a
 * rig of several machines names its network, bought and rented options never share a money column, and the first
 * rows of the cases that used to go wrong are sensible.
 */
class DecisionSanityTest {

    private static Catalog catalog;
    private static HardwareList hardware;

    @BeforeAll
    static void load() {
        catalog = CatalogLoader.shippedOnly().load();
        hardware = catalog.hardware();
    }

    private static ModelSpec model(String id) {
        return catalog.model(id).orElseThrow();
    }

    /** The 70B fp8 serving case of the command line: vLLM's chunked prefill and paged KV cache, its default. */
    private static Workload serve70b() {
        Workload w = Workload.builder().mode(Mode.INFER).weightType(DataType.FP8).batch(16).sequenceLength(6144)
                .context(8192).build();
        return ServingEngine.VLLM.configure(w, ServingEngine.VLLM.defaultBatchedTokens());
    }

    private static List<Recommendation> cases() {
        Workload serve70b = serve70b();
        Workload train7b = Workload.builder().sequenceLength(4096).build();
        Recommender r = new Recommender();
        return List.of(
                r.recommend(model("llama-3-70b"), serve70b, hardware, RankingOptions.defaults()),
                r.recommend(model("llama-2-7b"), train7b, hardware,
                        RankingOptions.builder().tokenBudget(2_000_000_000_000L).build()),
                r.recommend(model("llama-3-8b"), train7b, hardware, RankingOptions.defaults()));
    }

    @Test
    void everyRigFitsItsMachinesAndEverySeveralMachineRigNamesItsNetwork() {
        for (Recommendation rec : cases()) {
            for (RecommendationRow row : rec.rows()) {
                GpuSpec gpu = catalog.gpu(row.gpuId()).orElseThrow();
                NodeSpec node = hardware.nodeFor(gpu);
                if (row.kind() == HardwareKind.GPU || row.kind() == HardwareKind.MULTI_GPU) {
                    assertThat(row.gpusPerNode()).as(row.hardwareName()).isLessThanOrEqualTo(node.maxGpus());
                    if ("consumer".equals(gpu.segment())) {
                        assertThat(row.gpusPerNode()).as(row.hardwareName()).isLessThanOrEqualTo(4);
                    }
                }
                assertThat(row.nodes() * row.gpusPerNode()).as(row.hardwareName())
                        .isGreaterThanOrEqualTo(row.gpusNeeded());
                if (row.nodes() > 1) {
                    assertThat(row.network()).as(row.hardwareName()).isNotBlank();
                    assertThat(row.reasons()).as(row.hardwareName()).contains(Reason.MULTI_NODE);
                } else {
                    assertThat(row.network()).as(row.hardwareName()).isEmpty();
                }
            }
        }
    }

    @Test
    void boughtAndRentedOptionsKeepTheirMoneyApart() {
        for (Recommendation rec : cases()) {
            for (RecommendationRow row : rec.rows()) {
                if (row.acquisition() == Acquisition.RENTAL) {
                    assertThat(row.purchaseUsd()).as(row.hardwareName()).isNull();
                    assertThat(row.kind()).isEqualTo(HardwareKind.CLOUD);
                } else {
                    assertThat(row.rentalUsdPerHour()).as(row.hardwareName()).isNull();
                    assertThat(row.kind()).isNotEqualTo(HardwareKind.CLOUD);
                    if (row.purchaseUsd() != null && row.cardsUsd() != null) {
                        assertThat(row.purchaseUsd()).as(row.hardwareName()).isGreaterThanOrEqualTo(row.cardsUsd());
                    }
                }
            }
        }
    }

    @Test
    void servingA70bModelInFp8DoesNotRankBigConsumerRigsFirst() {
        Recommendation serve = cases().get(0);
        for (SortKey goal : List.of(SortKey.JOB_COST_USD, SortKey.HOURS)) {
            List<RecommendationRow> rows = new Recommender().recommend(model("llama-3-70b"), serve70b(), hardware,
                    RankingOptions.builder().sortKey(goal).build()).rows();
            RecommendationRow first = rows.get(0);
            assertThat(first.fits()).isTrue();
            assertThat(catalog.gpu(first.gpuId()).orElseThrow().segment()).as(goal + ": " + first.hardwareName())
                    .isNotEqualTo("consumer");
        }
        // Twelve towers of RTX 3060s joined by 10 GbE can be built, but serve slowly: far down the table.
        assertThat(serve.rows().subList(0, 10)).noneMatch(r -> r.gpuId().startsWith("rtx-3060"));
    }

    @Test
    void pretrainingA7bModelOnTwoTrillionTokensTakesAQuarterAtMostOnTheFirstRows() {
        List<RecommendationRow> rows = cases().get(1).rows();
        for (RecommendationRow row : rows.subList(0, 5)) {
            assertThat(row.fits()).isTrue();
            assertThat(row.hours()).as(row.hardwareName()).isLessThanOrEqualTo(90 * 24.0);
            assertThat(row.jobCostUsd()).as(row.hardwareName()).isNotNull();
        }
        // A row that cannot make the deadline says so and ranks after those that can.
        assertThat(rows).anyMatch(r -> r.fits() && r.reasons().contains(Reason.PAST_DEADLINE));
    }

    @Test
    void llama31With405bFindsAFittingLayoutOnH100Systems() {
        Workload w = Workload.builder().sequenceLength(8192).implementation(Implementation.MEGATRON).build();
        Recommendation rec = new Recommender().recommend(model("llama-3.1-405b"), w, hardware,
                // Llama 3's 16M-token batches (Dubey et al. 2024, section 3.4.1): with one micro-batch a step, every
                // pipeline that Megatron-LM's rules leave 405B would idle in its bubble.
                RankingOptions.builder().tokenBudget(15_600_000_000_000L).maxGpus(16_384).globalBatchTokens(16L << 20)
                        .kinds(Set.of(HardwareKind.SYSTEM)).build());
        RecommendationRow dgx = rec.rows().stream().filter(r -> r.hardwareId().equals("dgx-h100")).findFirst()
                .orElseThrow();
        assertThat(dgx.fits()).isTrue();
        assertThat(dgx.gpusNeeded()).isBetween(8_192, 16_384);
        assertThat(dgx.nodes()).isEqualTo(dgx.gpusNeeded() / 8);
        assertThat(dgx.mfu()).isBetween(0.25, 0.55);
    }

    @Test
    void eightRtx3090sWithTensorParallelismAcrossTheBoxAreMarkedPcieOnly() {
        Workload w = Workload.builder().mode(Mode.INFER).parallelism(new Parallelism(8, 1, 1, 0, false)).build();
        Recommendation rec = new Recommender().recommend(model("llama-2-70b"), w, hardware,
                RankingOptions.builder().kinds(Set.of(HardwareKind.MULTI_GPU)).showUnsupported(true).build());
        RecommendationRow rig = rec.rows().stream().filter(r -> r.hardwareId().equals("rtx-3090")).findFirst()
                .orElseThrow();
        // NVLink bridges join pairs only, and a desktop's 1,600 W power supply feeds three 350 W cards beside its
        // host: a tensor-parallel group of 8 spans three towers on 10 GbE, which no serving engine runs.
        assertThat(rig.reasons()).contains(Reason.PCIE_ONLY, Reason.MULTI_NODE, Reason.SLOW_NETWORK_LAYOUT);
        assertThat(rig.fits()).isFalse();
        assertThat(new Recommender().recommend(model("llama-2-70b"), w, hardware,
                RankingOptions.builder().kinds(Set.of(HardwareKind.MULTI_GPU)).build()).rows())
                .noneMatch(r -> r.hardwareId().equals("rtx-3090"));
        assertThat(rig.nodes()).isEqualTo(3);
        assertThat(rig.gpusPerNode()).isEqualTo(3);
    }
}
