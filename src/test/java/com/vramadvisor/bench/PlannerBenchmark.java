package com.vramadvisor.bench;

import com.vramadvisor.catalog.Catalog;
import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.hardware.HardwareList;
import com.vramadvisor.engine.ranking.Plan;
import com.vramadvisor.engine.ranking.RankingOptions;
import com.vramadvisor.engine.ranking.Recommender;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/**
 * One whole planner search for one GPU type, as {@code plan} runs it: every GPU count the option comes in, found by
 * doubling and bisection, each with every tensor x pipeline x data-parallel x ZeRO x recomputation layout ordered by
 * the step-time model and checked for memory up to the first that fits, then the best five layouts at the chosen
 * count as decision-table rows. Cases: Llama 2 70B on A100 80GB boards, 2T tokens in 30 days (about 2,200 GPUs);
 * Llama 3.1 405B on DGX H100 systems, 15.6T tokens, 16M-token batches, 54 days (about 24,000 GPUs); Mixtral 8x7B on
 * H100 boards, 1T tokens in 30 days (expert-parallel sizes searched); Llama 3.1 8B at 131,072 tokens on H100 boards,
 * 100B tokens in 30 days (context-parallel sizes searched). Run:
 * {@code ./mvnw -B -Pbench test-compile exec:exec -Dbench.args="PlannerBenchmark -f1 -wi 3 -i 5"}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(org.openjdk.jmh.annotations.Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3)
@Measurement(iterations = 5)
@Fork(1)
public class PlannerBenchmark {

    @Param({"llama2-70b-a100", "llama31-405b-dgx-h100", "mixtral-8x7b-h100", "llama31-8b-128k-h100"})
    public String run;

    private final Recommender recommender = new Recommender();
    private HardwareList hardware;
    private ModelSpec model;
    private Workload work;
    private RankingOptions options;
    private String hardwareId;

    @Setup
    public void setUp() {
        Catalog c = CatalogLoader.shippedOnly().load();
        hardware = c.hardware();
        if ("llama2-70b-a100".equals(run)) {
            model = c.model("llama-2-70b").orElseThrow();
            work = Workload.builder().sequenceLength(4096).build();
            options = RankingOptions.builder().tokenBudget(2_000_000_000_000L).deadlineDays(30).maxGpus(65_536)
                    .build();
            hardwareId = "a100-sxm-80gb";
        } else if ("mixtral-8x7b-h100".equals(run)) {
            // Expert-parallel sizes searched (1, 2, 4, 8).
            model = c.model("mixtral-8x7b").orElseThrow();
            work = Workload.builder().sequenceLength(4096)
                    .implementation(com.vramadvisor.engine.llm.Implementation.MEGATRON).build();
            options = RankingOptions.builder().tokenBudget(1_000_000_000_000L).deadlineDays(30)
                    .globalBatchTokens(4L << 20).maxGpus(65_536).build();
            hardwareId = "h100-sxm-80gb";
        } else if ("llama31-8b-128k-h100".equals(run)) {
            // Context-parallel sizes searched (1 to 16).
            model = c.model("llama-3.1-8b").orElseThrow();
            work = Workload.builder().sequenceLength(131_072)
                    .implementation(com.vramadvisor.engine.llm.Implementation.MEGATRON).build();
            options = RankingOptions.builder().tokenBudget(100_000_000_000L).deadlineDays(30)
                    .globalBatchTokens(16L << 20).maxGpus(65_536).build();
            hardwareId = "h100-sxm-80gb";
        } else {
            model = c.model("llama-3.1-405b").orElseThrow();
            work = Workload.builder().sequenceLength(8192)
                    .implementation(com.vramadvisor.engine.llm.Implementation.MEGATRON).build();
            options = RankingOptions.builder().tokenBudget(15_600_000_000_000L).deadlineDays(54)
                    .globalBatchTokens(16L << 20).maxGpus(65_536).build();
            hardwareId = "dgx-h100";
        }
    }

    @Benchmark
    public Plan plan() {
        return recommender.plan(model, work, hardware, hardwareId, options, 5);
    }
}
