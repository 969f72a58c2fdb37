package com.vramadvisor.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import com.vramadvisor.engine.llm.AttentionImpl;
import com.vramadvisor.engine.llm.DataType;
import com.vramadvisor.engine.llm.Implementation;
import com.vramadvisor.engine.llm.LoraSpec;
import com.vramadvisor.engine.llm.MemoryEstimator;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.MoeSpec;
import com.vramadvisor.engine.llm.Optimizer;
import com.vramadvisor.engine.llm.Parallelism;
import com.vramadvisor.engine.llm.Precision;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.ranking.RankingOptions;
import com.vramadvisor.engine.ranking.Recommendation;
import com.vramadvisor.engine.ranking.Recommender;
import com.vramadvisor.engine.ranking.ReferenceModels;
import com.vramadvisor.report.ReportModel.ComponentRow;
import com.vramadvisor.report.ReportModel.SweepChart;

class ReportModelsTest {

    /** Llama-3-8B's published parameter count (meta-llama/Meta-Llama-3-8B). */
    private static final long P = 8_030_261_248L;
    private static final MemoryEstimator ESTIMATOR = new MemoryEstimator();

    static Workload defaultScenario() {
        return Workload.builder().mode(Mode.TRAIN).precision(Precision.BF16_MIXED).optimizer(Optimizer.ADAMW)
                .batch(1).sequenceLength(4096).attention(AttentionImpl.FLASH).build();
    }

    static ReportContext context(ReportLanguage language) {
        return new ReportContext(language, LocalDate.of(2025, 7, 1), "0.1.0", "2025-06-30", Gpus.all());
    }

    @Test
    void modelStatesOfMixedPrecisionAdamAreTheZeroPapersSixteenBytesPerParameter() {
        // The ZeRO paper counts the Megatron/DeepSpeed layout.
        Workload megatron = defaultScenario().toBuilder().implementation(Implementation.MEGATRON).build();
        ReportModel report = ReportModels.from(ReferenceModels.llama3_8b(), megatron, null,
                context(ReportLanguage.EN));
        Map<String, Long> largest = report.components().rows().stream()
                .collect(Collectors.toMap(ComponentRow::id, ComponentRow::largestBytes));
        // Rajbhandari et al. 2020, section 3.1: 2 (fp16 weights) + 2 (gradients) + K = 12 (fp32 master + 2 moments).
        assertThat(largest.get("weights")).isEqualTo(2 * P);
        assertThat(largest.get("masterWeights")).isEqualTo(4 * P);
        assertThat(largest.get("gradients")).isEqualTo(2 * P);
        assertThat(largest.get("optimizerStates")).isEqualTo(8 * P);
        long sumAtPeak = report.components().rows().stream().mapToLong(ComponentRow::bytesAtPeak).sum();
        assertThat(sumAtPeak).isEqualTo(report.components().peakBytes());
        assertThat(report.breakdown().totalBytes()).isEqualTo(report.components().peakBytes());
        assertThat(report.inputs()).anySatisfy(v -> assertThat(v.value()).isEqualTo("8,030,261,248"));
    }

    @Test
    void capacityLinesBracketTheNeed() {
        ReportModel report = ReportModels.from(ReferenceModels.llama3_8b(), defaultScenario(), null,
                context(ReportLanguage.EN));
        // Full training of 8B parameters needs over 16 x 8.03e9 B = 119.7 GiB: of 24, 40, 80 and 192 GB cards only
        // the 192 GB one holds it; the two largest that do not are the 80 GB and 40 GB cards.
        assertThat(report.breakdown().capacities()).extracting(ReportModel.Capacity::label)
                .containsExactly("AMD Instinct MI300X", "NVIDIA H100 SXM 80GB", "NVIDIA A100 SXM 40GB");
        // The MI300X comes only on an eight-GPU OAM baseboard: named, with that said, as no card sold alone holds it.
        assertThat(report.highlights()).contains("Smallest single GPU that holds it: AMD Instinct MI300X ("
                + ReportText.of(ReportLanguage.EN).gib(Gpus.mi300x().memoryBytesUsable()) + " usable), which is sold"
                + " only on multi-GPU boards or as a module; no GPU sold on its own holds it.");
    }

    @Test
    void sweepsGrowWithBatchAndLengthAndMarkTheLargestValueThatFits() {
        ModelSpec model = ReferenceModels.llama3_8b();
        Workload workload = defaultScenario();
        ReportModel report = ReportModels.from(model, workload, null, context(ReportLanguage.EN));
        assertThat(report.sweeps()).extracting(SweepChart::id).containsExactly("batch", "sequence");
        for (SweepChart s : report.sweeps()) {
            assertThat(s.peakBytes()).isSorted();
            assertThat(s.xs()).contains(s.current());
        }
        SweepChart batch = report.sweeps().get(0);
        ReportModel.CapacityLine mi300x = batch.capacities().get(0);
        long largest = mi300x.largestFitting();
        assertThat(largest).isPositive();
        assertThat(ESTIMATOR.estimate(model, workload.toBuilder().batch((int) largest).build()).peakBytes())
                .isLessThanOrEqualTo(mi300x.bytes());
        assertThat(ESTIMATOR.estimate(model, workload.toBuilder().batch((int) largest + 1).build()).peakBytes())
                .isGreaterThan(mi300x.bytes());
        assertThat(batch.capacities().get(1).largestFitting()).as("80 GB holds not even batch 1").isZero();
    }

    @Test
    void decisionTableKeepsTheRankingsRowsAndOrder() {
        ModelSpec model = ReferenceModels.llama3_8b();
        Workload workload = defaultScenario();
        Recommendation rec = new Recommender(ESTIMATOR::estimate).recommend(model, workload, Gpus.all(), List.of(),
                List.of(), RankingOptions.defaults());
        ReportModel report = ReportModels.from(model, workload, rec, context(ReportLanguage.EN));

        assertThat(report.decisions().rows()).hasSameSizeAs(rec.rows());
        for (int i = 0; i < rec.rows().size(); i++) {
            ReportModel.DecisionRow row = report.decisions().rows().get(i);
            assertThat(row.raw().hardwareId()).isEqualTo(rec.rows().get(i).hardwareId());
            assertThat(row.cells()).hasSameSizeAs(report.decisions().columns());
            assertThat(row.cells().get(0)).isEqualTo(rec.rows().get(i).hardwareName());
        }
        assertThat(report.decisions().notes()).anySatisfy(n -> assertThat(n).contains("1,000,000,000 tokens"));
        assertThat(report.inputs()).anySatisfy(v -> assertThat(v.key()).isEqualTo("tokenBudget"));
    }

    @Test
    void theSummaryNamesTheBestOptionToBuyAndTheBestToRentApartInBothLanguages() {
        ModelSpec model = ReferenceModels.llama3_8b();
        Workload workload = defaultScenario();
        Recommendation rec = new Recommender().recommend(model, workload, com.vramadvisor.engine.ranking.TestHardware
                .list(List.of(com.vramadvisor.engine.ranking.TestHardware.dgxA100()),
                        List.of(com.vramadvisor.engine.ranking.TestHardware.p4d())),
                RankingOptions.builder().topN(2).build());
        ReportModel en = ReportModels.from(model, workload, rec, context(ReportLanguage.EN));
        assertThat(en.highlights()).anySatisfy(line -> assertThat(line).startsWith("Best option to buy: ")
                .contains(rec.bestPurchase().hardwareName()).contains("capital $"));
        assertThat(en.highlights()).anySatisfy(line -> assertThat(line).startsWith("Best option to rent: AWS p4d.24xlarge")
                .contains("per hour").contains("bound by compute"));
        ReportModel zh = ReportModels.from(model, workload, rec, context(ReportLanguage.ZH_CN));
        assertThat(zh.highlights()).anySatisfy(line -> assertThat(line).startsWith("最佳购买方案："));
        assertThat(zh.highlights()).anySatisfy(line -> assertThat(line).startsWith("最佳租用方案：").contains("每小时"));
        assertThat(en.decisions().columns()).extracting(ReportModel.Column::key)
                .contains("acquisition", "bound", "capital", "rent", "jobCost");
    }

    @Test
    void chineseReportHasChineseLabelsAndTranslatedEngineAssumptions() {
        ReportModel report = ReportModels.from(ReferenceModels.llama3_8b(), defaultScenario(), null,
                context(ReportLanguage.ZH_CN));
        assertThat(report.title()).isEqualTo("GPU 显存评估报告");
        assertThat(report.components().rows()).extracting(ComponentRow::label).contains("权重", "优化器状态", "激活值");
        assertThat(report.assumptions()).allSatisfy(a -> assertThat(a).containsPattern("\\p{IsHan}"));
    }

    @Test
    void everyEngineAssumptionHasAChineseTranslation() {
        ModelSpec model = ReferenceModels.llama3_8b();
        ReportFormulas formulas = new ReportFormulas(ReportText.of(ReportLanguage.ZH_CN));
        for (Workload w : List.of(defaultScenario(),
                defaultScenario().toBuilder().implementation(Implementation.MEGATRON).build(),
                defaultScenario().toBuilder().mode(Mode.LORA).lora(new LoraSpec(16, LoraSpec.ALL_LINEAR)).build(),
                defaultScenario().toBuilder().mode(Mode.QLORA).lora(new LoraSpec(16, LoraSpec.ALL_LINEAR)).build(),
                Workload.builder().mode(Mode.INFER).weightType(DataType.INT4).context(8192).batch(8).build(),
                com.vramadvisor.engine.serving.ServingEngine.VLLM.configure(Workload.builder().mode(Mode.INFER)
                        .weightType(DataType.INT4).context(8192).batch(8).build(), 0))) {
            for (String a : ESTIMATOR.estimate(model, w).assumptions()) {
                assertThat(ReportText.of(ReportLanguage.ZH_CN).has(ReportFormulas.key(a)))
                        .as("translation of '%s' (key %s)", a, ReportFormulas.key(a)).isTrue();
                assertThat(formulas.translate(a)).containsPattern("\\p{IsHan}");
            }
        }
    }

    @Test
    void inferenceReportSweepsContextAndNamesTheKvCache() {
        Workload infer = Workload.builder().mode(Mode.INFER).weightType(DataType.FP16).batch(4).sequenceLength(1024)
                .context(8192).build();
        ReportModel report = ReportModels.from(ReferenceModels.llama3_8b(), infer, null, context(ReportLanguage.EN));
        assertThat(report.sweeps()).extracting(SweepChart::id).containsExactly("batch", "context");
        // KV cache: 2 x 32 layers x 8 KV heads x 128 head dim x 8192 tokens x 4 sequences x 2 bytes (fp16).
        long kv = 2L * 32 * 8 * 128 * 8192 * 4 * 2;
        assertThat(report.components().rows()).anySatisfy(r -> {
            assertThat(r.id()).isEqualTo("kvCache");
            assertThat(r.largestBytes()).isEqualTo(kv);
        });
        assertThat(report.formulas()).anySatisfy(f -> assertThat(f.reference()).contains("Pope et al. 2022"));
    }

    @Test
    void theInferenceConcurrencySweepMarksWhatTheKvCacheHoldsNearTheLargestBatchThatFits() {
        Workload infer = Workload.builder().mode(Mode.INFER).weightType(DataType.FP16).batch(4).sequenceLength(1024)
                .context(8192).build();
        ReportModel report = ReportModels.from(ReferenceModels.llama3_8b(), infer, null, context(ReportLanguage.EN));
        SweepChart batch = report.sweeps().get(0);
        assertThat(batch.capacities()).isNotEmpty();
        assertThat(batch.markers()).hasSize(1);
        ReportModel.Marker kv = batch.markers().get(0);
        assertThat(kv.label()).startsWith("KV cache of " + batch.capacities().get(0).label() + ": ");
        // Two ways to the same limit: whole KV blocks left after the rest (vLLM's count) and the largest batch whose
        // whole estimate fits. The blocks are allocated once and carry no caching-allocator reserve (KvCapacity),
        // the estimate's cache does, so the blocks hold at least as many sequences, here 64 against 56.
        long fit = batch.capacities().get(0).largestFitting();
        assertThat(kv.x()).isBetween((double) fit, fit * 1.2);
        assertThat(batch.xs().get(batch.xs().size() - 1)).isGreaterThanOrEqualTo((long) kv.x());
        assertThat(report.sweeps().get(1).markers()).isEmpty();
    }

    @Test
    void formulasFollowTheWorkloadsMemoryLayout() {
        ModelSpec model = ReferenceModels.llama3_8b();
        ReportModel pytorch = ReportModels.from(model, defaultScenario(), null, context(ReportLanguage.EN));
        ReportModel megatron = ReportModels.from(model,
                defaultScenario().toBuilder().implementation(Implementation.MEGATRON).build(), null,
                context(ReportLanguage.EN));
        ReportModel lora = ReportModels.from(model,
                defaultScenario().toBuilder().mode(Mode.LORA).lora(new LoraSpec(16, LoraSpec.ALL_LINEAR)).build(),
                null, context(ReportLanguage.EN));
        // PyTorch autocast keeps fp32 parameters and gradients and no master copy (docs/estimation.md, section 4).
        assertThat(pytorch.formulas()).anySatisfy(f -> assertThat(f.expression()).startsWith("(4 B fp32 parameters"));
        assertThat(pytorch.formulas()).extracting(ReportModel.Formula::quantity)
                .doesNotContain("Master weights (fp32)");
        assertThat(pytorch.inputs()).anySatisfy(v -> assertThat(v.value()).contains("PyTorch autocast"));
        assertThat(megatron.formulas()).extracting(ReportModel.Formula::quantity).contains("Master weights (fp32)");
        assertThat(megatron.formulas()).anySatisfy(f -> assertThat(f.expression()).startsWith("P \u00d7 bytes"));
        assertThat(lora.formulas()).anySatisfy(f -> assertThat(f.reference()).contains("Hu et al. 2021"));
    }

    @Test
    void anInferenceReportGivesTheFormulasOfInferenceNotOfTraining() {
        Workload infer = Workload.builder().mode(Mode.INFER).weightType(DataType.FP16).batch(4).sequenceLength(1024)
                .context(8192).build();
        for (ReportLanguage language : ReportLanguage.values()) {
            ReportModel report = ReportModels.from(ReferenceModels.llama3_8b(), infer, null, context(language));
            assertThat(report.formulas()).extracting(ReportModel.Formula::expression)
                    .noneSatisfy(e -> assertThat(e).containsAnyOf("autograd", "gradient", "ZeRO", "b \u00d7 s \u00d7 V",
                            "自动求导", "梯度"));
            assertThat(report.formulas()).extracting(ReportModel.Formula::reference)
                    .noneSatisfy(r -> assertThat(r).containsAnyOf("Korthikanti", "cross_entropy", "Rajbhandari"));
        }
        ReportModel en = ReportModels.from(ReferenceModels.llama3_8b(), infer, null, context(ReportLanguage.EN));
        assertThat(en.formulas()).anySatisfy(f -> assertThat(f.expression()).startsWith("b \u00d7 V \u00d7")
                .contains("last position"));
        assertThat(en.formulas()).anySatisfy(f -> assertThat(f.expression()).contains("n = b \u00b7 s in prefill"));
        assertThat(en.formulas()).last().satisfies(f -> assertThat(f.expression()).contains("whole KV cache"));
        ReportModel training = ReportModels.from(ReferenceModels.llama3_8b(), defaultScenario(), null,
                context(ReportLanguage.EN));
        assertThat(training.formulas()).anySatisfy(f -> assertThat(f.expression()).contains("autograd"));
    }

    @Test
    void pipelineAndExpertAssumptionsAppearOnlyWhereTheWorkloadHasThem() {
        ModelSpec dense = ReferenceModels.llama3_8b();
        ModelSpec moe = dense.toBuilder().id("llama-moe").moe(MoeSpec.topK(8, 2, 14336)).build();
        Workload pipeline = defaultScenario().toBuilder().parallelism(new Parallelism(1, 2, 1, 0, false)).build();

        List<String> plain = ReportModels.from(dense, defaultScenario(), null, context(ReportLanguage.EN))
                .assumptions();
        assertThat(plain).noneSatisfy(a -> assertThat(a).containsAnyOf("1F1B", "experts"));
        assertThat(ReportModels.from(dense, pipeline, null, context(ReportLanguage.EN)).assumptions())
                .anySatisfy(a -> assertThat(a).startsWith("Pipeline 1F1B"))
                .noneSatisfy(a -> assertThat(a).contains("experts"));
        assertThat(ReportModels.from(moe, defaultScenario(), null, context(ReportLanguage.EN)).assumptions())
                .anySatisfy(a -> assertThat(a).startsWith("Mixture-of-experts routing"))
                .noneSatisfy(a -> assertThat(a).contains("1F1B"));
        // The filter matches the engine's sentences by their bundle keys; both keys must name real sentences.
        assertThat(ESTIMATOR.estimate(dense, defaultScenario()).assumptions()).extracting(ReportFormulas::key)
                .contains(ReportFormulas.PIPELINE, ReportFormulas.EXPERTS);
    }

    @Test
    void theFitCountCoversEveryOptionRankedNotTheTopRowsShown() {
        ModelSpec model = ReferenceModels.llama3_8b();
        Workload workload = defaultScenario();
        Recommendation rec = new Recommender().recommend(model, workload, Gpus.all(), List.of(), List.of(),
                RankingOptions.builder().topN(1).build());
        assertThat(rec.rows()).hasSize(1);
        assertThat(rec.optionsFitting()).isGreaterThan(1).isLessThanOrEqualTo(rec.optionsConsidered());

        ReportModel report = ReportModels.from(model, workload, rec, context(ReportLanguage.EN));

        assertThat(report.highlights()).contains(rec.optionsFitting() + " of " + rec.optionsConsidered()
                + " hardware options hold the workload.");
    }

    @Test
    void aSweepAtItsLimitSaysSoInsteadOfCanGrow() {
        ModelSpec model = ReferenceModels.llama3_8b();
        ReportModel first = ReportModels.from(model, defaultScenario(), null, context(ReportLanguage.EN));
        SweepChart batch = first.sweeps().get(0);
        ReportModel.CapacityLine line = batch.capacities().stream().filter(c -> c.largestFitting() > 0).findFirst()
                .orElseThrow();
        // The largest micro-batch that fits the first line, used as the workload's own: no room is left there.
        Workload atLimit = defaultScenario().toBuilder().batch((int) line.largestFitting()).build();

        ReportModel report = ReportModels.from(model, atLimit, null, context(ReportLanguage.EN));

        assertThat(report.highlights()).noneSatisfy(h -> assertThat(h).contains("micro-batch per GPU can grow"))
                .anySatisfy(h -> assertThat(h).contains("is already the largest that fits"));
        assertThat(ReportModels.from(model, atLimit, null, context(ReportLanguage.ZH_CN)).highlights())
                .anySatisfy(h -> assertThat(h).contains("已是能放下的最大值"));
    }

    @Test
    void theGpuLimitAndTheDeadlineTheTableWasRankedUnderAreRecorded() {
        ModelSpec model = ReferenceModels.llama3_8b();
        RankingOptions limits = RankingOptions.builder().maxGpus(8).deadlineDays(0.5).build();
        Recommendation train = new Recommender().recommend(model, defaultScenario(), Gpus.all(), List.of(),
                List.of(), limits);

        ReportModel report = ReportModels.from(model, defaultScenario(), train, context(ReportLanguage.EN));

        Map<String, String> inputs = report.inputs().stream()
                .collect(Collectors.toMap(ReportModel.LabeledValue::key, ReportModel.LabeledValue::value));
        assertThat(inputs).containsEntry("maxGpus", "8").containsEntry("deadlineDays", "0.5 days");
        assertThat(report.decisions().notes()).anySatisfy(n -> assertThat(n).contains("at most 8 GPUs"))
                .anySatisfy(n -> assertThat(n).contains("finish within 0.5 days."));
        ReportModel zh = ReportModels.from(model, defaultScenario(), train, context(ReportLanguage.ZH_CN));
        assertThat(zh.inputs()).anySatisfy(v -> assertThat(v.value()).isEqualTo("0.5 天"));

        Workload infer = Workload.builder().mode(Mode.INFER).weightType(DataType.FP16).batch(4).context(8192).build();
        Recommendation serving = new Recommender().recommend(model, infer, Gpus.all(), List.of(), List.of(), limits);
        assertThat(ReportModels.from(model, infer, serving, context(ReportLanguage.EN)).inputs())
                .extracting(ReportModel.LabeledValue::key).contains("maxGpus").doesNotContain("deadlineDays");
        assertThat(ReportModels.from(model, infer, null, context(ReportLanguage.EN)).inputs())
                .extracting(ReportModel.LabeledValue::key).doesNotContain("maxGpus", "tokenBudget");
    }

    @Test
    void energyAndTheJobCostOfABoughtGpuWithoutAPowerFigureAreUnknownNotZero() throws Exception {
        ModelSpec model = ReferenceModels.llama3_8b();
        Workload workload = Workload.builder().mode(Mode.INFER).weightType(DataType.FP16).batch(1).context(4096)
                .build();
        Recommendation rec = new Recommender().recommend(model, workload,
                List.of(Gpus.rtx4090(), Gpus.rtx4090WithoutPowerFigure()), List.of(), List.of(),
                RankingOptions.defaults());
        ReportModel report = ReportModels.from(model, workload, rec, context(ReportLanguage.EN));

        ReportModel.DecisionRow powered = decisionRow(report, "rtx-4090");
        ReportModel.DecisionRow unpowered = decisionRow(report, "rtx-4090-no-power");
        assertThat(powered.raw().energyKWh()).isPositive();
        assertThat(powered.raw().jobCostUsd()).isPositive();
        assertThat(unpowered.raw().energyKWh()).isNaN();
        assertThat(unpowered.raw().jobCostUsd()).isNaN();
        int jobCost = report.decisions().columns().stream().map(ReportModel.Column::key).toList().indexOf("jobCost");
        assertThat(unpowered.cells().get(jobCost)).isEqualTo(ReportText.of(ReportLanguage.EN).get("decision.unknown"));

        ByteArrayOutputStream json = new ByteArrayOutputStream();
        new JsonReportWriter().render(report, json);
        JsonNode rows = new ObjectMapper()
                .readTree(json.toByteArray()).at("/decisions/rows");
        for (JsonNode row : rows) {
            if (row.at("/raw/hardwareId").asText().equals("rtx-4090-no-power")) {
                assertThat(row.at("/raw/energyKWh").isNull()).as("energy of %s", row).isTrue();
            }
        }
    }

    private static ReportModel.DecisionRow decisionRow(ReportModel report, String hardwareId) {
        return report.decisions().rows().stream().filter(r -> r.raw().hardwareId().equals(hardwareId)).findFirst()
                .orElseThrow();
    }
}
