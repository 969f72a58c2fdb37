package com.vramadvisor.engine.llm;

/**
 * What training offload leaves on the GPU and what it moves to host memory and NVMe, in bytes per GPU, following what
 * DeepSpeed allocates ({@code deepspeed/runtime/zero/stage_1_and_2.py} and {@code stage3.py}, microsoft/DeepSpeed
 * commit 38327e07f6cd39b63418f60cedd1651b0be3e7c3) and PyTorch FSDP's {@code CPUOffload(offload_params=True)}.
 * {@code Psi} is the trainable parameters on this GPU, {@code d} the data-parallel size.
 *
 * <p>DeepSpeed ({@link Implementation#MEGATRON}), optimizer offload (ZeRO-Offload, Ren et al. 2021):
 * <ul>
 *   <li>host, pinned: the fp32 master partition ({@code single_partition_of_fp32_groups}, {@code 4 Psi/d}), its fp32
 *       gradient ({@code 4 Psi/d}), the optimizer states of that partition (Adam: {@code 8 Psi/d}, DeepSpeedCPUAdam),
 *       for stages 1-2 a 16-bit staging buffer of the largest parameter ({@code temp_grad_buffer_for_cpu_offload})
 *       and, with gradient accumulation, 16-bit accumulated gradients ({@code accumulated_grads_in_cpu},
 *       {@code 2 Psi/d}). Adam in mixed precision: {@code 16 Psi/d} bytes, the factor of DeepSpeed's own
 *       {@code estimate_zero2_model_states_mem_needs} before its 1.5 safety factor.</li>
 *   <li>GPU: the 16-bit parameters (all of them in stages 1-2, {@code 2 Psi/d} in stage 3) and, as gradients, the
 *       reduce bucket ({@code ipg_buffer}: {@code reduce_bucket_size}, 5e8 elements by default, in 16 bits; two of
 *       them when {@code overlap_comm}, DeepSpeed's default only in stage 3, which allocates one flat bucket either
 *       way) plus, in stages 1-2, a 16-bit copy of the largest parameter ({@code temp_grad_buffer_for_gpu_offload}).
 *       No master weights, gradient partition or optimizer states.</li>
 * </ul>
 * Parameter offload (ZeRO-3 {@code offload_param}): the 16-bit partition ({@code 2 Psi/d}) lives in pinned host
 * memory ({@code param_groups_fp16_flat_cpu_memory}); the GPU holds the blocks being used, gathered whole: the
 * current block and the prefetched next one ({@code stage3_prefetch_bucket_size} 5e7 elements and
 * {@code stage3_max_live_parameters} 1e9 bound them; two blocks are counted). With both offloaded the host holds
 * {@code 18 Psi/d}, DeepSpeed's estimator factor for ZeRO-3 with {@code offload_param} and {@code offload_optimizer}.
 *
 * <p>NVMe (ZeRO-Infinity, stage 3): offloaded optimizer states and master weights (Adam: {@code 12 Psi/d}) or
 * 16-bit parameters ({@code 2 Psi/d}) live on NVMe; the host keeps the fp32 gradient partition and DeepSpeed's pinned
 * swap buffers ({@code offload_config.py} defaults: optimizer {@code buffer_count} 4 of {@code 1e8} fp32 elements,
 * 1.6 GB; parameters {@code buffer_count} 5 of {@code buffer_size} 1e8 16-bit elements, 1 GB).
 *
 * <p>FSDP ({@link Implementation#PYTORCH}) offloads parameters, gradients and optimizer states together: the host
 * holds the fp32 parameter shard, its gradient and the optimizer states ({@code 16 Psi/d} with Adam); the GPU holds
 * the gathered units (two blocks in the mixed-precision policy's 16 bits) and one unit's gradient before it is
 * reduced and moved to the host.
 *
 * <p>Saved activations move only with {@link ActivationOffload}, which {@link TrainingMemory} counts. The PCIe
 * transfers that offload adds (ZeRO-Offload moves {@code 2 Psi} of gradients to the host and {@code 2 Psi} of
 * parameters back per step) cost time, not memory, and are not in this estimate.
 */
final class OffloadMemory {

    /** DeepSpeed's default {@code reduce_bucket_size}, elements. */
    static final double REDUCE_BUCKET_ELEMENTS = 5e8;
    /** ZeRO-Infinity optimizer swap buffers: {@code buffer_count} 4 x {@code buffer_size} 1e8 fp32 elements. */
    static final double NVME_OPTIMIZER_SWAP_BYTES = 4 * 1e8 * 4;
    /** ZeRO-Infinity parameter swap buffers: {@code buffer_count} 5 x {@code buffer_size} 1e8 16-bit elements. */
    static final double NVME_PARAMETER_SWAP_BYTES = 5 * 1e8 * 2;

    private OffloadMemory() {
    }

    /**
     * Why the software cannot run {@code o} with this mode, layout and implementation, or {@code null} when it can.
     * The estimate ignores an offload that cannot run (a layout search may try ZeRO-0 or several GPUs for a workload
     * that asks for offload); the command line rejects it.
     */
    static String problem(Mode mode, Parallelism par, Implementation impl, Offload o) {
        Offload.Target t = o.target();
        if (t != Offload.Target.NONE) {
            if (mode == Mode.INFER) {
                return "offload of optimizer states or parameters applies to training; for inference give the GPU"
                        + " layers (llama.cpp -ngl)";
            }
            if (impl == Implementation.MEGATRON) {
                if (par.zeroStage() == 0) {
                    return "DeepSpeed offload needs ZeRO stage 1, 2 or 3";
                }
                if (t.parameters() && par.zeroStage() < 3) {
                    return "parameter offload (offload_param) needs ZeRO stage 3";
                }
                if (o.device() == Offload.Device.NVME && par.zeroStage() < 3) {
                    return "NVMe offload (ZeRO-Infinity) needs ZeRO stage 3";
                }
            } else {
                if (t == Offload.Target.OPTIMIZER) {
                    return "FSDP offloads parameters, gradients and optimizer states together: use offload"
                            + " parameters or all, or the DeepSpeed implementation";
                }
                if (o.device() == Offload.Device.NVME) {
                    return "FSDP offloads to CPU memory only; NVMe needs DeepSpeed";
                }
                if (par.zeroStage() < 3) {
                    return "FSDP CPU offload needs full sharding (ZeRO stage 3)";
                }
            }
        }
        if (o.gpuLayers() >= 0) {
            if (mode != Mode.INFER) {
                return "GPU layers (llama.cpp -ngl) apply to inference";
            }
            if (par.tensorParallel() * par.pipelineParallel() != 1) {
                return "GPU layers are modelled on one GPU (tensor and pipeline size 1)";
            }
        }
        return null;
    }

    /** Whether training states are offloaded and the layout allows it. */
    static boolean trainingApplies(Workload w) {
        return w.offload().target() != Offload.Target.NONE && w.mode() != Mode.INFER
                && problem(w.mode(), w.parallelism(), w.implementation(), w.offload()) == null;
    }

    /** Whether llama.cpp's GPU layers are given and the layout allows them. */
    static boolean layersApply(Workload w) {
        return w.offload().gpuLayers() >= 0 && w.mode() == Mode.INFER
                && problem(w.mode(), w.parallelism(), w.implementation(), w.offload()) == null;
    }

    /**
     * GPU-side {weights, master, gradients, optimizer, gathered weights} for offloaded training, from the model states
     * {@code states} = {weights, master, gradients, optimizer} computed without offload.
     *
     * @param trainable trainable parameters on this GPU before ZeRO
     */
    static double[] gpu(Workload w, StageParams sp, double trainable, double[] states) {
        Offload.Target t = w.offload().target();
        Precision prec = w.precision();
        int stage = w.parallelism().zeroStage();
        double sixteen = Bytes.activationBytes(prec);
        if (w.implementation() == Implementation.PYTORCH) {
            double unitBytes = w.autocast() ? sixteen : ModelStates.weightBytesPerParam(prec, w.implementation());
            double gather = 2 * sp.largestBlock * unitBytes;
            double unitGrad = sp.largestBlock * unitBytes * Math.min(1, trainable / Math.max(1, sp.total()));
            return new double[] {0, 0, unitGrad, 0, gather};
        }
        double work = ModelStates.weightBytesPerParam(prec, w.implementation());
        double weights = t.parameters() ? 0 : states[0];
        double gather = t.parameters() ? 2 * sp.largestBlock * work : -1;
        double master = t.optimizer() ? 0 : states[1];
        double opt = t.optimizer() ? 0 : states[3];
        double grads = states[2];
        if (t.optimizer()) {
            double bucket = REDUCE_BUCKET_ELEMENTS * sixteen;
            grads = stage == 3 ? bucket : bucket + sp.largestMatrix * sixteen;
        }
        return new double[] {weights, master, grads, opt, gather};
    }

    /**
     * {host bytes, NVMe bytes} one GPU's process needs for offloaded training.
     *
     * @param states model states without offload {weights, master, gradients, optimizer}
     */
    static double[] offDevice(Workload w, StageParams sp, double trainable, double[] states) {
        Offload o = w.offload();
        Offload.Target t = o.target();
        if (!trainingApplies(w)) {
            return new double[2];
        }
        if (w.implementation() == Implementation.PYTORCH) {
            return new double[] {states[0] + states[1] + states[2] + states[3], 0};
        }
        double d = w.parallelism().dataParallel();
        int stage = w.parallelism().zeroStage();
        Precision prec = w.precision();
        double sixteen = Bytes.activationBytes(prec);
        boolean nvme = o.device() == Offload.Device.NVME;
        double host = 0;
        double disk = 0;
        if (t.optimizer()) {
            double gradBytes = prec.mixed() ? 4 : ModelStates.weightBytesPerParam(prec, w.implementation());
            host += gradBytes * trainable / d;
            if (nvme) {
                disk += states[1] + states[3];
                host += NVME_OPTIMIZER_SWAP_BYTES;
            } else {
                host += states[1] + states[3];
            }
            if (stage < 3) {
                host += sp.largestMatrix * sixteen;
                if (w.gradientAccumulation() > 1) {
                    host += sixteen * trainable / d;
                }
            }
        }
        if (t.parameters()) {
            if (nvme) {
                disk += states[0];
                host += NVME_PARAMETER_SWAP_BYTES;
            } else {
                host += states[0];
            }
        }
        return new double[] {host, disk};
    }
}
