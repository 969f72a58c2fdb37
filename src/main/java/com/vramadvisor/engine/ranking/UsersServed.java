package com.vramadvisor.engine.ranking;

import com.vramadvisor.engine.llm.MemoryEstimator;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.plan.Fabric;
import com.vramadvisor.engine.serving.KvCapacity;
import com.vramadvisor.engine.serving.SchedulerLimit;
import com.vramadvisor.engine.serving.ServingEngine;
import com.vramadvisor.engine.serving.ServingLatency;
import com.vramadvisor.engine.serving.ServingTargets;

import java.util.OptionalLong;

/**
 * Users one inference option serves: per model copy, the most concurrent sequences that the KV cache holds
 * ({@link KvCapacity#wholeSequences()} within the GPU's serving capacity), that the engine's scheduler runs
 * ({@link SchedulerLimit}, or the user's cap) and whose TPOT and TTFT meet the targets
 * ({@link ServingLatency#maxConcurrency}, bisection over the batch); times the copies the option holds. The latency
 * model is used only through its public API, so a change to it changes the users served.
 */
final class UsersServed {

    private static final MemoryEstimator ESTIMATOR = new MemoryEstimator();

    private UsersServed() {
    }

    /**
     * The serving figures of {@code replicas} copies of {@code atLayout} (the workload at one copy's layout) on
     * {@code gpu}, unpriced.
     *
     * @param capacityBytes the serving budget per GPU ({@link ServingEngine#capacityBytes})
     * @param fabric        the wires between the GPUs of one copy
     */
    static ServingFigures of(ModelSpec model, Workload atLayout, GpuSpec gpu, long capacityBytes, Fabric fabric,
                             RankingOptions options, int replicas) {
        ServingTargets targets = options.servingTargets();
        if (options.servingChunkPerGpu()) {
            // No chunk was given: the engine takes its default for this GPU, and profiles at it.
            atLayout = ServingEngine.of(atLayout).onGpu(atLayout, gpu.memoryBytesTotal(), gpu.name());
        }
        KvCapacity kv = KvCapacity.of(model, atLayout, capacityBytes, gpu.memoryBytesUsable(),
                gpu.memoryBytesTotal(), gpu.name());
        long held = kv.wholeSequences();
        OptionalLong cap = targets.maxRunning() > 0 ? OptionalLong.of(targets.maxRunning())
                : SchedulerLimit.defaultMaxRunning(ServingEngine.of(atLayout), kv.tokens(), model.maxPositions(),
                gpu.memoryBytesTotal(), gpu.name());
        long limit = cap.isPresent() ? Math.min(held, cap.getAsLong()) : held;
        // Without a latency target every concurrency the memory and the scheduler allow is served; no search needed.
        int perReplica = !targets.hasLatencyTarget() ? (int) Math.min(limit, Workload.MAX_TOKENS)
                : ServingLatency.maxConcurrency(model, atLayout, gpu, fabric,
                ServingLatency.efficiency(options.speed(), gpu, atLayout), limit, targets.tpotTargetMs(),
                targets.ttftTargetMs(), targets.percentile());
        Workload atLoad = atLayout.toBuilder().batch(Math.max(1, perReplica)).build();
        ServingLatency.Latency at = ServingLatency.of(model, atLoad, gpu, fabric, options.speed())
                .orElseThrow(() -> new IllegalArgumentException(gpu.id() + " has no memory bandwidth figure"));
        long users = (long) perReplica * replicas;
        return new ServingFigures((int) Math.min(Integer.MAX_VALUE, users), perReplica, held,
                cap.isPresent() ? cap.getAsLong() : null, at.ttftMs(targets.percentile()), at.tpotMs(), perReplica > 0,
                null, null, 0,
                at.tpotBound(), ESTIMATOR.estimate(model, atLoad).peakBytes());
    }
}
