package com.vramadvisor.engine.ranking;

import com.vramadvisor.engine.llm.Component;
import com.vramadvisor.engine.llm.Estimate;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Parallelism;
import com.vramadvisor.engine.llm.Phase;
import com.vramadvisor.engine.llm.PhaseBreakdown;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.plan.MemoryModel;

import java.util.List;
import java.util.Map;

/**
 * A memory model simple enough to check ranking logic by hand: model states of {@code bytesPerParameter x P}
 * divided by the GPUs that shard them (tensor x pipeline x, under ZeRO-3, data parallel), plus activations divided by
 * the tensor-parallel size.
 */
record HandMemory(long parameters, double bytesPerParameter, long activationBytes) implements MemoryModel {

    @Override
    public Estimate estimate(ModelSpec model, Workload workload) {
        Parallelism p = workload.parallelism();
        long shards = (long) p.tensorParallel() * p.pipelineParallel() * (p.zeroStage() == 3 ? p.dataParallel() : 1);
        long states = (long) Math.ceil(bytesPerParameter * parameters / shards);
        long activations = activationBytes / p.tensorParallel();
        Map<Component, Long> parts = Map.of(Component.WEIGHTS, states, Component.ACTIVATIONS, activations);
        Phase phase = workload.mode() == com.vramadvisor.engine.llm.Mode.INFER ? Phase.DECODE : Phase.BACKWARD;
        return new Estimate(parameters, parameters, parameters, parts, List.of(new PhaseBreakdown(phase, parts)),
                states + activations, phase, List.of());
    }
}
