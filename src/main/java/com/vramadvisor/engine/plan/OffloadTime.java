package com.vramadvisor.engine.plan;

import com.vramadvisor.engine.llm.ActivationOffload;
import com.vramadvisor.engine.llm.Implementation;
import com.vramadvisor.engine.llm.Offload;
import com.vramadvisor.engine.llm.Workload;

/**
 * Seconds per training step that offload adds, for one GPU: PCIe transfers between the GPU and host memory at
 * {@link Fabric#pcieGBps()} and the optimizer step on the CPU. All of it is counted as exposed (ZeRO-Offload can
 * overlap the gradient copies with the backward pass, so this is an upper bound on the transfers).
 * <ul>
 *   <li>Optimizer offload (DeepSpeed ZeRO-Offload, Ren et al. 2021, section 4): per step the 16-bit gradient
 *       partition goes to the host and the updated 16-bit parameter partition comes back, {@code 2 + 2} bytes per
 *       trainable parameter of the partition; DeepSpeedCPUAdam then updates the partition at
 *       {@link #CPU_ADAM_PARAMETERS_PER_SECOND}.</li>
 *   <li>Parameter offload (ZeRO-3 {@code offload_param}): each micro-batch fetches the 16-bit partition from the
 *       host in the forward and again in the backward pass, {@code 2 x 2} bytes per parameter of the partition.</li>
 *   <li>FSDP CPU offload: each micro-batch fetches the fp32 parameter shard twice and returns its fp32 gradient
 *       ({@code 3 x 4} bytes per parameter of the shard); the optimizer runs on the CPU as above.</li>
 *   <li>Activation offload ({@link ActivationOffload}: DeepSpeed {@code cpu_checkpointing}, PyTorch
 *       {@code save_on_cpu}): every saved byte goes to the host in the forward pass and comes back in the backward,
 *       {@code 2 x} the saved bytes per micro-batch, synchronously (neither copies from pinned memory on a side
 *       stream by default).</li>
 * </ul>
 */
final class OffloadTime {

    /**
     * Parameters DeepSpeedCPUAdam updates per second for one process: 10.3e9 parameters in 6,478.57 ms
     * ({@code optimizer_step}) in the training log of DeepSpeed's ZeRO-Offload tutorial (deepspeed.ai/tutorials/
     * zero-offload, 10B GPT-2 on one V100 of a DGX-2, 2020-09-10), i.e. 1.59e9 parameters per second.
     */
    static final double CPU_ADAM_PARAMETERS_PER_SECOND = 10.283e9 / 6.47857;

    private OffloadTime() {
    }

    /**
     * Seconds per step offload adds, or 0 when {@code workload} (with the layout's parallelism) offloads nothing.
     *
     * @param trainableShard  trainable parameters of one GPU's ZeRO partition (its share of the data-parallel group)
     * @param paramShard      parameters of one GPU's ZeRO partition
     * @param microBatches    micro-batches per step
     * @param gpuOptimizer    seconds of the optimizer step on the GPU, which the CPU step replaces
     */
    static double seconds(Workload workload, Fabric fabric, double trainableShard, double paramShard,
                          int microBatches, double gpuOptimizer) {
        Offload.Target target = workload.offload().target();
        if (target == Offload.Target.NONE || !workload.offloadRunnable() || fabric.pcieGBps() <= 0) {
            return 0;
        }
        double pcie = fabric.pcieGBps() * 1e9;
        double cpuStep = trainableShard / CPU_ADAM_PARAMETERS_PER_SECOND - gpuOptimizer;
        if (workload.implementation() == Implementation.PYTORCH) {
            return microBatches * 12 * paramShard / pcie + cpuStep;
        }
        double seconds = 0;
        if (target.optimizer()) {
            seconds += 4 * trainableShard / pcie + cpuStep;
        }
        if (target.parameters()) {
            seconds += microBatches * 4 * paramShard / pcie;
        }
        return seconds;
    }

    /**
     * Seconds per micro-batch that activation offload adds: {@code 2 x savedBytes / PCIe}, or 0 when
     * {@code workload} (with the layout's parallelism and recomputation) offloads no activations.
     *
     * @param savedBytes bytes the GPU's blocks save per micro-batch
     */
    static double activationSeconds(Workload workload, Fabric fabric, double savedBytes) {
        if (!workload.activationsOffloaded() || fabric.pcieGBps() <= 0) {
            return 0;
        }
        return 2 * savedBytes / (fabric.pcieGBps() * 1e9);
    }
}
