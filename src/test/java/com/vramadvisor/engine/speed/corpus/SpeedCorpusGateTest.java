package com.vramadvisor.engine.speed.corpus;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.catalog.BenchmarkCorpus;
import com.vramadvisor.catalog.BenchmarkCorpusReader;
import com.vramadvisor.catalog.Catalog;
import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.engine.llm.DataType;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Parallelism;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.plan.Fabric;
import com.vramadvisor.engine.serving.KvCapacity;
import com.vramadvisor.engine.serving.SchedulerLimit;
import com.vramadvisor.engine.serving.ServingEngine;
import com.vramadvisor.engine.serving.ServingLatency;
import com.vramadvisor.engine.speed.BenchmarkKind;
import com.vramadvisor.engine.speed.BenchmarkSplit;
import com.vramadvisor.engine.speed.EfficiencyTable;
import com.vramadvisor.engine.speed.Measurement;
import com.vramadvisor.engine.speed.Metric;
import com.vramadvisor.engine.speed.SpeedSettings;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The speed model against the benchmark corpus ({@code catalog/benchmarks/}), with the shipped efficiencies
 * ({@code catalog/efficiency.json}): the errors on the fit part (in-sample) and on the held-out part (measurements
 * the fit never read) are printed apart.
 *
 * <p>The tolerances (held-out serving and inference speed within 15 % at the median and 35 % at the 90th
 * percentile; 8 x MI300X against 8 x H100 within 15 % of MLPerf's ratio; pre-training GPU-hours within 10 % at the
 * median and 25 % at most) are not met yet: the test prints each as met or unmet and does not pretend. What it
 * asserts is that the fitted model is no worse, on the held-out part and in every figure group, at the median and at
 * the 90th percentile, than the model before the fit: the same code with one compute share (0.50) and one bandwidth
 * share (0.60) for every GPU and no fixed costs ({@link EfficiencyTable#UNFITTED}), the constants every speed figure
 * used before the corpus existed.
 *
 * <p>The pre-training runs are printed without that assertion, because the model before the fit is no fair baseline
 * there: its 0.50 was chosen on published pre-training runs (the 44-52 % of peak of the Megatron-LM paper's table 1 and
 * the MFU that Llama 2's GPU-hours imply), so on those runs it is in-sample; the fitted model is worse on them (median
 * 12 % against 9 %) and that is published in {@code docs/verifying.md}. The test checks what can be checked there:
 * every named run with its figures is planned. The 8 x MI300X against 8 x H100 ratio is asserted to be no further from
 * MLPerf's than before the fit: the fit now reads AMD's own vLLM runs on MI300X (the MLPerf rows themselves stay out
 * of it, as the source gives no prompt length), so both sides of the ratio are fitted.
 */
class SpeedCorpusGateTest {

    private static final Catalog CATALOG = CatalogLoader.shippedOnly().load();
    private static List<Prediction> predictions;
    private static List<Prediction> unfitted;

    /** The figure groups the ranges are drawn from, tails apart, as {@link CorpusReport} prints them. */
    private static String group(Prediction p) {
        return p.figure().id() + (p.measurement().statistic() != null && !p.measurement().statistic().central()
                ? " " + p.measurement().statistic().id() : "");
    }

    @BeforeAll
    static void evaluate() {
        BenchmarkCorpus corpus = BenchmarkCorpusReader.read(Path.of("catalog/benchmarks"));
        assertThat(corpus.problems()).isEmpty();
        CorpusEvaluator evaluator = new CorpusEvaluator(CATALOG.hardware(), CATALOG::model);
        EfficiencyTable table = EfficiencyTable.shipped();
        predictions = corpus.measurements().stream().map(m -> evaluator.predict(m, table)).toList();
        unfitted = corpus.measurements().stream().map(m -> evaluator.predict(m, EfficiencyTable.UNFITTED)).toList();
        System.out.println(CorpusReport.markdown(predictions));
        System.out.println("Before the fit (one compute share 0.50, one bandwidth share 0.60, no fixed costs):");
        System.out.println(CorpusReport.markdown(unfitted));
    }

    private static List<Prediction> heldOut(List<Prediction> all, java.util.function.Predicate<Prediction> which) {
        return all.stream().filter(p -> p.supported() && p.part() == BenchmarkSplit.Part.HELD_OUT).filter(which)
                .toList();
    }

    @Test
    void theCorpusHoldsAtLeast150PublishedMeasurementsWithAFigure() {
        assertThat(predictions.stream().filter(Prediction::supported).count()).isGreaterThanOrEqualTo(150);
    }

    @Test
    void heldOutServingAndInferenceSpeedIsNoWorseThanBeforeTheFitInEveryFigureGroup() {
        ErrorSummary all = ErrorSummary.of("inference speed", BenchmarkSplit.Part.HELD_OUT,
                heldOut(predictions, CorpusReport.INFERENCE_SPEED));
        assertThat(all.count()).isPositive();
        System.out.printf(Locale.ROOT, "held-out serving and inference speed: median %.0f %% (target 15 %%: %s), "
                        + "90th percentile %.0f %% (target 35 %%: %s)%n", 100 * all.medianAbs(),
                all.medianAbs() <= 0.15 ? "met" : "unmet", 100 * all.p90Abs(), all.p90Abs() <= 0.35 ? "met" : "unmet");
        ErrorSummary before = ErrorSummary.of("inference speed", BenchmarkSplit.Part.HELD_OUT,
                heldOut(unfitted, CorpusReport.INFERENCE_SPEED));
        assertThat(all.medianAbs()).as("median |error|, before the fit " + before.medianAbs())
                .isLessThanOrEqualTo(before.medianAbs());
        assertThat(all.p90Abs()).as("90th percentile |error|, before the fit " + before.p90Abs())
                .isLessThanOrEqualTo(before.p90Abs());
        List<String> worse = new java.util.ArrayList<>();
        java.util.Set<String> groups = new java.util.TreeSet<>();
        heldOut(predictions, p -> true).forEach(p -> groups.add(group(p)));
        for (String g : groups) {
            ErrorSummary now = ErrorSummary.of(g, BenchmarkSplit.Part.HELD_OUT, heldOut(predictions,
                    p -> group(p).equals(g)));
            ErrorSummary then = ErrorSummary.of(g, BenchmarkSplit.Part.HELD_OUT, heldOut(unfitted,
                    p -> group(p).equals(g)));
            System.out.printf(Locale.ROOT, "held-out %s: median %.0f %% (before the fit %.0f %%), 90th percentile "
                            + "%.0f %% (%.0f %%)%n", g, 100 * now.medianAbs(), 100 * then.medianAbs(),
                    100 * now.p90Abs(), 100 * then.p90Abs());
            if (now.medianAbs() > then.medianAbs()) {
                worse.add(g + " median");
            }
            if (now.p90Abs() > then.p90Abs()) {
                worse.add(g + " 90th percentile");
            }
        }
        assertThat(worse).as("held-out groups worse than before the fit").isEmpty();
    }

    /**
     * The published pre-training runs the issue names (Llama 2 7B/13B/70B, Llama 3.1 70B/405B, GPT-3 175B, BLOOM
     * 176B, DeepSeek-V3's 2.664M H800-hours): GPU-hours through the planner with the default framework, printed with
     * the model's before the fit and the tolerance (median |error| at most 10 %, each at most 25 %) as met or
     * unmet. Every such run of the corpus counts, whichever part it is in: the fit never reads a pre-training run
     * ({@link EfficiencyFit}). A run the product cannot plan (its sequence length or token count missing from the
     * source) is listed and left out; every other one must be planned.
     */
    @Test
    void everyPublishedPreTrainingRunWithItsFiguresIsPlannedAndItsErrorPrinted() {
        List<Prediction> runs = preTraining(predictions);
        List<Prediction> runsBefore = preTraining(unfitted);
        for (int i = 0; i < runs.size(); i++) {
            Prediction p = runs.get(i);
            Prediction b = runsBefore.get(i);
            System.out.printf(Locale.ROOT, "pre-training %s: %s%n", p.measurement().id(),
                    p.supported() ? String.format(Locale.ROOT, "%+.0f %% (before the fit %+.0f %%)", 100 * p.error(),
                            100 * b.error()) : p.unsupported());
        }
        assertThat(runs.stream().filter(p -> !p.supported())
                .filter(p -> !p.unsupported().startsWith("a pre-training run needs its sequence")).toList())
                .as("runs with their figures that the planner refused").isEmpty();
        assertThat(runs.stream().filter(Prediction::supported).map(p -> p.measurement().model()).distinct().count())
                .as("models planned").isGreaterThanOrEqualTo(5);
        ErrorSummary all = ErrorSummary.of("pre-training", BenchmarkSplit.Part.FIT,
                runs.stream().filter(Prediction::supported).toList());
        ErrorSummary before = ErrorSummary.of("pre-training", BenchmarkSplit.Part.FIT,
                runsBefore.stream().filter(Prediction::supported).toList());
        System.out.printf(Locale.ROOT, "pre-training GPU-hours: median %.0f %% (target 10 %%: %s), largest %.0f %% "
                        + "(target 25 %%: %s); before the fit %.0f %% and %.0f %%%n", 100 * all.medianAbs(),
                all.medianAbs() <= 0.10 ? "met" : "unmet", 100 * all.maxAbs(), all.maxAbs() <= 0.25 ? "met" : "unmet",
                100 * before.medianAbs(), 100 * before.maxAbs());
    }

    private static List<Prediction> preTraining(List<Prediction> all) {
        return all.stream()
                .filter(p -> p.measurement().kind() == BenchmarkKind.LLM_PRETRAINING)
                .filter(p -> p.measurement().metric() == Metric.GPU_HOURS)
                .filter(p -> NAMED_RUNS.contains(p.measurement().model()))
                .toList();
    }

    /**
     * MLPerf Inference v4.1, llama2-70b-99 Offline: AMD's 8 x MI300X (vLLM, FP8) 23,514.8 tokens/s against NVIDIA's
     * 8 x H100 SXM (TensorRT-LLM) 24,524.9, a ratio of 0.959 (the corpus's {@code mlperf-inference-v4.1} rows). The
     * product's ratio is taken at equal work, each system as the decision table serves it at the most sequences its
     * KV cache and scheduler hold. Equal work: FP8 weights and KV cache, 294 prompt and 294 output tokens (MLPerf's
     * reference run generates 294.45 tokens per sample, {@code language/llama2-70b/README.md}; no source gives the
     * mean prompt, so it is taken equal, on both systems alike); one copy per MI300X (the model fits its 192 GB),
     * copies of two H100s (70 GB of FP8 weights leave one 80 GB GPU no room for a cache). The issue asks for the
     * ratio within 15 % of MLPerf's; the test prints whether it is, and asserts that the fitted ratio is no further
     * from MLPerf's (in log terms) than the model before the fit.
     */
    @Test
    void eightMi300xAgainstEightH100OnLlama2_70bFp8IsNoFurtherFromMlperfsRatioThanBeforeTheFit() {
        SpeedSettings fitted = SpeedSettings.fitted();
        SpeedSettings before = new SpeedSettings(EfficiencyTable.UNFITTED, null, null);
        double now = offlineTokensPerSecond("mi300x", ServingEngine.VLLM, 1, fitted)
                / offlineTokensPerSecond("h100-sxm-80gb", ServingEngine.TRTLLM, 2, fitted);
        double then = offlineTokensPerSecond("mi300x", ServingEngine.VLLM, 1, before)
                / offlineTokensPerSecond("h100-sxm-80gb", ServingEngine.TRTLLM, 2, before);
        double published = ratio("mlperf-inference-v4.1/llama-2-70b/8xmi300x/offline-fp8-vllm",
                "mlperf-inference-v4.1/llama-2-70b/8xh100-sxm-80gb/offline-trtllm");
        System.out.printf(Locale.ROOT, "8 x MI300X / 8 x H100, Llama 2 70B FP8 offline: %.3f (before the fit %.3f; "
                + "MLPerf v4.1: %.3f; within 15 %%: %s)%n", now, then, published,
                Math.abs(now / published - 1) <= 0.15 ? "met" : "unmet");
        assertThat(List.of(now, then, published)).allSatisfy(r -> assertThat(r).isFinite().isPositive());
        assertThat(Math.abs(Math.log(now / published))).as("the fitted ratio's distance from MLPerf's, against the"
                + " model before the fit").isLessThanOrEqualTo(Math.abs(Math.log(then / published)));
    }

    private static double ratio(String numerator, String denominator) {
        return measured(numerator).value() / measured(denominator).value();
    }

    private static Measurement measured(String id) {
        return predictions.stream().map(Prediction::measurement).filter(m -> m.id().equals(id)).findFirst()
                .orElseThrow();
    }

    /** Output tokens per second of eight GPUs in copies of {@code tp}, at the most sequences a copy holds. */
    private static double offlineTokensPerSecond(String gpuId, ServingEngine engine, int tp, SpeedSettings speed) {
        ModelSpec model = CATALOG.model("llama-2-70b").orElseThrow();
        GpuSpec gpu = CATALOG.gpu(gpuId).orElseThrow();
        Workload w = Workload.builder().mode(Mode.INFER).batch(1).sequenceLength(294).context(588)
                .weightType(DataType.FP8).kvCacheType(DataType.FP8)
                .parallelism(new Parallelism(tp, 1, 1, 0, false)).build();
        w = engine.onGpu(engine.configure(w, 0), gpu.memoryBytesTotal(), gpu.name());
        KvCapacity kv = KvCapacity.of(model, w, ServingEngine.capacityBytes(gpu, w), gpu.memoryBytesUsable(),
                gpu.memoryBytesTotal(), gpu.name());
        long cap = SchedulerLimit.defaultMaxRunning(engine, kv.tokens(), model.maxPositions(), gpu.memoryBytesTotal(),
                gpu.name()).orElse(Long.MAX_VALUE);
        long users = Math.min(kv.wholeSequences(), cap);
        Fabric fabric = Fabric.of(gpu, CATALOG.hardware().nodeFor(gpu), tp);
        ServingLatency.Latency l = ServingLatency.ofUsers(model, w, gpu, fabric,
                ServingLatency.efficiency(speed, gpu, w), (int) users, users).orElseThrow();
        return 8 / tp * l.requestsPerSecond() * 294;
    }

    /** The runs the issue names, as the corpus's model ids. */
    private static final java.util.Set<String> NAMED_RUNS = java.util.Set.of("llama-2-7b", "llama-2-13b",
            "llama-2-70b", "llama-3.1-70b", "llama-3.1-405b", "gpt-3-175b", "bloom-176b", "deepseek-v3");
}
