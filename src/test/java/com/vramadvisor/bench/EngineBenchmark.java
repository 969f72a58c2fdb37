package com.vramadvisor.bench;

import com.vramadvisor.engine.llm.Estimate;
import com.vramadvisor.engine.llm.InverseSolver;
import com.vramadvisor.engine.llm.MemoryEstimator;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Parallelism;
import com.vramadvisor.engine.llm.Recompute;
import com.vramadvisor.engine.llm.Workload;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Cost of one full estimate and of one inverse search, the two calls the desktop app makes on every slider move
 * (a decision table recomputes one estimate per GPU row). Run with the command in {@code docs/benchmarks.md}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class EngineBenchmark {

    private MemoryEstimator estimator;
    private ModelSpec llama3;
    private ModelSpec mixtral;
    private Workload training;
    private Workload inference;

    @Setup
    public void setUp() {
        estimator = new MemoryEstimator();
        llama3 = ModelSpec.builder().id("llama-3-8b").hiddenSize(4096).ffnSize(14336).heads(32).kvHeads(8)
                .layers(32).vocabSize(128256).maxPositions(8192).build();
        mixtral = llama3.toBuilder().id("mixtral-8x7b").vocabSize(32000)
                .moe(com.vramadvisor.engine.llm.MoeSpec.topK(8, 2, 14336)).build();
        training = Workload.builder().batch(4).sequenceLength(4096).recompute(Recompute.SELECTIVE)
                .parallelism(new Parallelism(2, 2, 8, 1, true)).gradientAccumulation(8).build();
        inference = Workload.builder().mode(com.vramadvisor.engine.llm.Mode.INFER).batch(16).sequenceLength(2048)
                .context(8192).build();
    }

    /**
     * One training estimate of a dense 8B model with TP, PP, ZeRO-1 and selective recomputation, in the default
     * PyTorch layout (the costlier path: norm intermediates and autocast weight copies).
     */
    @Benchmark
    public Estimate estimateTraining() {
        return estimator.estimate(llama3, training);
    }

    /** One inference estimate of a mixture-of-experts model. */
    @Benchmark
    public Estimate estimateInference() {
        return estimator.estimate(mixtral, inference);
    }

    /** The largest micro-batch that fits 80 GiB (PyTorch layout, the default: answer 3, four estimates). */
    @Benchmark
    public int inverseMaxBatch() {
        return InverseSolver.maxBatch(llama3, training, 80L << 30);
    }

    /** The longest context that fits 80 GiB for 16 sequences (a long search: about 35 estimates). */
    @Benchmark
    public int inverseMaxContext() {
        return InverseSolver.maxContext(llama3, inference, 80L << 30);
    }
}
