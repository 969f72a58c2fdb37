package com.vramadvisor.engine.speed.corpus;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.vramadvisor.catalog.BenchmarkCorpus;
import com.vramadvisor.catalog.BenchmarkCorpusReader;
import com.vramadvisor.catalog.Catalog;
import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.engine.llm.DataType;
import com.vramadvisor.engine.llm.MemoryEstimator;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Parallelism;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.plan.Rig;
import com.vramadvisor.engine.serving.ServingEngine;
import com.vramadvisor.engine.serving.ServingLatency;
import com.vramadvisor.engine.speed.BenchmarkKind;
import com.vramadvisor.engine.speed.EfficiencyTable;
import com.vramadvisor.engine.speed.EngineProfile;
import com.vramadvisor.engine.speed.KernelClass;
import com.vramadvisor.engine.speed.Measurement;
import com.vramadvisor.engine.speed.Metric;
import com.vramadvisor.engine.speed.Stack;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The evaluation on the test fixture: every kind goes through the application's own code. */
class CorpusEvaluatorTest {

    private static final Catalog CATALOG = CatalogLoader.shippedOnly().load();
    private static final List<Measurement> FIXTURE = fixture().measurements();
    private static final CorpusEvaluator EVALUATOR = new CorpusEvaluator(CATALOG.hardware(), CATALOG::model);

    private static BenchmarkCorpus fixture() {
        return BenchmarkCorpusReader.read(Path.of("src/test/resources/benchmark-fixture"));
    }

    private static Measurement byId(String suffix) {
        return FIXTURE.stream().filter(m -> m.id().endsWith(suffix)).findFirst().orElseThrow();
    }

    @Test
    void everyKindOfTheFixtureGetsAFigureAndAnUnknownModelSaysWhy() {
        for (Measurement m : FIXTURE) {
            Prediction p = EVALUATOR.predict(m, EfficiencyTable.UNFITTED);
            if (m.model().equals("no-such-model")) {
                assertThat(p.supported()).isFalse();
                assertThat(p.unsupported()).contains("no language-model preset 'no-such-model'");
            } else {
                assertThat(p.supported()).as(m.id() + ": " + p.unsupported()).isTrue();
            }
        }
        assertThat(FIXTURE).extracting(Measurement::kind).contains(BenchmarkKind.values());
    }

    @Test
    void aClosedLoopFigureIsAWaveOfTheDecisionTablesPrefillAndDecodeSteps() {
        // Eight requests of exactly 1,024 + 128 tokens start together: the engine prefills them one after another
        // and decodes the eight together; the mean TPOT adds the prefills the early requests wait through,
        // D + (8 - 1) / 2 x T_p / 127.
        Measurement m = byId("c8-bf16-in1024-out128");
        ModelSpec model = CATALOG.model("llama-3.1-8b").orElseThrow();
        GpuSpec h100 = CATALOG.gpu("h100-sxm-80gb").orElseThrow();
        Workload base = Workload.builder().mode(Mode.INFER).batch(1).sequenceLength(1024).context(1152)
                .weightType(DataType.BF16).parallelism(Parallelism.SINGLE_GPU).build();
        base = ServingEngine.VLLM.onGpu(ServingEngine.VLLM.configure(base, 0), h100.memoryBytesTotal(), h100.name());
        Workload eight = base.toBuilder().batch(8).build();
        var fabric = Rig.of(h100, CATALOG.hardware().nodeFor(h100), h100.memoryBytesUsable()).fabric(1);
        var eff = EfficiencyTable.UNFITTED.resolve(Stack.CUDA, CorpusEvaluator.VLLM_V0);
        MemoryEstimator estimator = new MemoryEstimator();
        double prefill = ServingLatency.prefill(model, base, estimator.estimate(model, base), h100, fabric,
                base.parallelism(), eff).orElseThrow().seconds();
        double decode = ServingLatency.decodeStep(model, eight, estimator.estimate(model, eight), h100, fabric,
                eight.parallelism(), eff).seconds();
        double direct = (decode + 3.5 * prefill / 127) * 1000;
        assertThat(EVALUATOR.predict(m, EfficiencyTable.UNFITTED).predicted()).isCloseTo(direct, within(1e-9));
        assertThat(m.metric()).isEqualTo(Metric.TPOT_MS);
    }

    @Test
    void anEnginesFixedCostPerPassAddsToEveryDecodeStepOfThatEngineOnly() {
        EfficiencyTable slowVllm = new EfficiencyTable(Map.of(), Map.of(),
                Map.of(EfficiencyTable.fixedCostKey(CorpusEvaluator.VLLM_V0, Stack.CUDA),
                        new EngineProfile(2e-3, 0, 1, 1)),
                Map.of(), Map.of(), EfficiencyTable.UNFITTED.info());
        Measurement tpot = byId("c8-bf16-in1024-out128");
        double before = EVALUATOR.predict(tpot, EfficiencyTable.UNFITTED).predicted();
        double after = EVALUATOR.predict(tpot, slowVllm).predicted();
        // 2 ms more per pass: at least the decode step's 2 ms, more where the prompts' passes add to it.
        assertThat(after - before).isGreaterThanOrEqualTo(2.0 - 1e-9);
        Measurement llamaCpp = byId("tg128-q4_k_m-b1");
        assertThat(EVALUATOR.predict(llamaCpp, slowVllm).predicted())
                .isEqualTo(EVALUATOR.predict(llamaCpp, EfficiencyTable.UNFITTED).predicted());
    }

    @Test
    void aStacksOwnEfficiencyMovesItsGpusOnly() {
        EfficiencyTable slowRocm = new EfficiencyTable(Map.of(),
                Map.of(Stack.ROCM, Map.of(KernelClass.DECODE_GEMV, 0.3)), Map.of(), Map.of(), Map.of(),
                EfficiencyTable.UNFITTED.info());
        Measurement cuda = byId("tg128-q4_k_m-b1");
        assertThat(EVALUATOR.predict(cuda, slowRocm).predicted())
                .isEqualTo(EVALUATOR.predict(cuda, EfficiencyTable.UNFITTED).predicted());
        EfficiencyTable slowCuda = new EfficiencyTable(Map.of(),
                Map.of(Stack.CUDA, Map.of(KernelClass.DECODE_GEMV, 0.3)), Map.of(), Map.of(), Map.of(),
                EfficiencyTable.UNFITTED.info());
        // Decode of one sequence reads the weights: half the bandwidth share, about half the tokens per second.
        assertThat(EVALUATOR.predict(cuda, slowCuda).predicted())
                .isCloseTo(EVALUATOR.predict(cuda, EfficiencyTable.UNFITTED).predicted() / 2, within(5.0));
    }

    @Test
    void aRequestRateRunsAtTheConcurrencyLittlesLawGives() {
        Measurement rate = byId("rate2-bf16-in512-out256");
        Prediction p = EVALUATOR.predict(rate, EfficiencyTable.UNFITTED);
        assertThat(p.supported()).isTrue();
        // Two requests a second of 256 output tokens at about 7-10 ms each stay in the system about 2-3 s: a handful
        // of concurrent requests, far below the hundreds the KV cache holds, so TPOT stays near one sequence's.
        assertThat(p.predicted()).isLessThan(2 * EVALUATOR.predict(byId("c8-bf16-in1024-out128"),
                EfficiencyTable.UNFITTED).predicted());
    }
}
