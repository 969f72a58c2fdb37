package com.vramadvisor.app.results;

import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.plan.PlanLayout;
import com.vramadvisor.scenario.ScenarioInputs;

/**
 * Adopting a layout that the decision table or the planner found: what "Use this layout" and the planner's Apply both
 * set in the scenario.
 */
public final class LayoutChoice {

    private LayoutChoice() {
    }

    /**
     * {@code inputs} with the layout's parallel sizes, ZeRO stage, sequence parallelism, recomputation, sequences per
     * micro-batch and micro-batches per step (gradient accumulation), on the GPU model {@code gpuId}; everything else
     * as it was.
     */
    public static ScenarioInputs adopt(ScenarioInputs inputs, PlanLayout layout, String gpuId) {
        Workload w = inputs.workload().toBuilder().parallelism(layout.parallelism()).recompute(layout.recompute())
                .batch(layout.microBatchSize(inputs.workload().batch()))
                .gradientAccumulation(layout.microBatches()).build();
        return inputs.withWorkload(w).withGpuId(gpuId);
    }
}
