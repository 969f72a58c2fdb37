package com.vramadvisor.engine.advice;

import com.vramadvisor.engine.llm.Estimate;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.hardware.NodeSpec;
import com.vramadvisor.engine.plan.Fabric;
import com.vramadvisor.engine.plan.PlanLayout;
import com.vramadvisor.engine.plan.StepTime;
import com.vramadvisor.engine.plan.StepTimeModel;
import com.vramadvisor.engine.serving.ServingLatency;
import com.vramadvisor.engine.speed.SpeedSettings;

import java.util.Objects;

/**
 * The GPU the advice is asked for, in its node class, and the efficiencies of the speed models, so that a lever's
 * speed can be put in numbers by the same models the decision table and the planner use: the
 * {@link StepTimeModel} for training (its offload, ZeRO, tensor-parallel and recomputation terms) and
 * {@link ServingLatency#decodeStep} for inference (weights and KV cache read per token, the layout's communication).
 *
 * @param gpu                 the GPU
 * @param node                the node class it is bought in: GPUs per node, PCIe lanes, the network between nodes
 * @param speed the efficiencies (fitted per software stack and kernel class, or a user's overrides)
 */
public record SpeedContext(GpuSpec gpu, NodeSpec node, SpeedSettings speed) {

    public SpeedContext {
        Objects.requireNonNull(gpu, "gpu");
        Objects.requireNonNull(node, "node");
        Objects.requireNonNull(speed, "speed");
    }

    /**
     * Training: tokens per second per GPU of {@code w} at its own layout; inference: output tokens per second of one
     * of its sequences. {@code null} where the GPU has no figures for it.
     *
     * @param e the estimate of {@code w} (its parameter counts and, for inference, its bytes per GPU)
     */
    Double speed(ModelSpec model, Workload w, Estimate e) {
        int gpus = (int) w.parallelism().gpus();
        Fabric fabric = Fabric.of(gpu, node, gpus);
        try {
            if (w.mode() == Mode.INFER) {
                ServingLatency.Step step = ServingLatency.decodeStep(model, w, e, gpu, fabric, w.parallelism(),
                        ServingLatency.efficiency(speed, gpu, w));
                return step.seconds() > 0 ? 1 / step.seconds() : null;
            }
            StepTimeModel steps = new StepTimeModel(model, w, e.parameters(), e.activeParameters(),
                    e.trainableParameters(), speed);
            StepTime step = steps.training(gpu, fabric, new PlanLayout(w.parallelism(), w.recompute(),
                    w.gradientAccumulation(), w.batch(), null));
            return step == null ? null : step.tokensPerSecond() / gpus;
        } catch (IllegalArgumentException noFigures) {
            return null;
        }
    }
}
