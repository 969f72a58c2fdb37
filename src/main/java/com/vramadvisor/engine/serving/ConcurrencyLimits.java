package com.vramadvisor.engine.serving;

import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.plan.Fabric;
import com.vramadvisor.engine.speed.SpeedSettings;

import java.util.OptionalLong;

/**
 * What bounds the concurrent sequences of one model copy on one GPU model, for the sweep over concurrency: the KV
 * cache ({@link KvCapacity#maxConcurrency()}, vLLM's "Maximum concurrency for C tokens per request") and, where
 * targets are set, the latency ({@link ServingLatency#maxConcurrency} up to what the cache holds and the engine's
 * scheduler runs, {@link SchedulerLimit}).
 *
 * @param kvMaxConcurrency sequences of the workload's context the KV cache holds, fractional as vLLM logs it
 * @param runningCap       the engine's cap on running requests (or the user's), {@code null} when none
 * @param withinTargets    the most concurrent sequences within the TPOT and TTFT targets; {@code null} without a
 *                         latency target or without a memory bandwidth figure
 */
public record ConcurrencyLimits(double kvMaxConcurrency, Long runningCap, Integer withinTargets) {

    /**
     * The limits of {@code workload} (inference, at its own layout) on {@code gpu}.
     *
     * @param budgetBytes the serving budget per GPU ({@link ServingEngine#capacityBytes})
     * @param fabric      the wires between the GPUs of one copy
     * @param speed       the efficiencies (fitted, or a user's override)
     */
    public static ConcurrencyLimits of(ModelSpec model, Workload workload, GpuSpec gpu, long budgetBytes,
                                       Fabric fabric, ServingTargets targets, SpeedSettings speed) {
        KvCapacity kv = KvCapacity.of(model, workload, budgetBytes, gpu.memoryBytesUsable(), gpu.memoryBytesTotal(),
                gpu.name());
        OptionalLong cap = targets.maxRunning() > 0 ? OptionalLong.of(targets.maxRunning())
                : SchedulerLimit.defaultMaxRunning(ServingEngine.of(workload), kv.tokens(), model.maxPositions(),
                gpu.memoryBytesTotal(), gpu.name());
        Integer within = null;
        if (targets.hasLatencyTarget() && gpu.memoryBandwidthGBps() > 0) {
            long held = kv.wholeSequences();
            within = ServingLatency.maxConcurrency(model, workload, gpu, fabric,
                    ServingLatency.efficiency(speed, gpu, workload), cap.isPresent() ? Math.min(held, cap.getAsLong()) : held,
                    targets.tpotTargetMs(), targets.ttftTargetMs(), targets.percentile());
        }
        return new ConcurrencyLimits(kv.maxConcurrency(), cap.isPresent() ? cap.getAsLong() : null, within);
    }
}
