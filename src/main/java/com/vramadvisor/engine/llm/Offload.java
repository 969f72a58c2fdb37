package com.vramadvisor.engine.llm;

import java.util.Locale;
import java.util.Objects;

/**
 * Where model states leave the GPU during training, and how many transformer blocks llama.cpp keeps on the GPU during
 * inference.
 *
 * <ul>
 *   <li>{@link Target#OPTIMIZER}: DeepSpeed ZeRO-Offload ({@code offload_optimizer}, Ren et al. 2021, "ZeRO-Offload:
 *       Democratizing Billion-Scale Model Training", USENIX ATC '21): the fp32 master partition, the fp32 gradient
 *       partition and the optimizer states live in pinned host memory and the optimizer step runs on the CPU; the GPU
 *       keeps the 16-bit parameters and the gradient buckets.</li>
 *   <li>{@link Target#PARAMETERS}: ZeRO-3 {@code offload_param} (ZeRO-Infinity, Rajbhandari et al. 2021), or FSDP's
 *       {@code CPUOffload(offload_params=True)} under {@link Implementation#PYTORCH}: the 16-bit parameter partition
 *       lives off the GPU and each block is gathered onto it when it runs.</li>
 *   <li>{@link Target#ALL}: both.</li>
 * </ul>
 * {@link Device#NVME} is ZeRO-Infinity's NVMe offload (stage 3): the offloaded states live on NVMe and the host keeps
 * DeepSpeed's pinned swap buffers. {@code gpuLayers} is llama.cpp's {@code -ngl}/{@code --n-gpu-layers}: the last
 * {@code gpuLayers} blocks run on the GPU, and a value above the block count also puts the output layer there;
 * {@code -1} (the default) means the whole model on the GPU. The memory each causes is counted by
 * {@link OffloadMemory} and {@link PartialLayers}.
 *
 * @param target    which training states leave the GPU
 * @param device    where they go
 * @param gpuLayers llama.cpp blocks on the GPU, {@code -1} for all
 */
public record Offload(Target target, Device device, int gpuLayers) {

    /** Nothing offloaded: the whole workload on the GPU. */
    public static final Offload NONE = new Offload(Target.NONE, Device.CPU, -1);

    /** Most GPU layers accepted; llama.cpp users pass 999 or more for "all". */
    public static final int MAX_GPU_LAYERS = 100_000;

    public Offload {
        Objects.requireNonNull(target, "target");
        Objects.requireNonNull(device, "device");
        if (gpuLayers < -1 || gpuLayers > MAX_GPU_LAYERS) {
            throw new IllegalArgumentException(
                    "GPU layers must be between 0 and " + MAX_GPU_LAYERS + " (or -1 for all), got " + gpuLayers);
        }
    }

    /** Whether any training state or any inference layer leaves the GPU. */
    public boolean any() {
        return target != Target.NONE || gpuLayers >= 0;
    }

    /** Which training states leave the GPU. */
    public enum Target {
        NONE, OPTIMIZER, PARAMETERS, ALL;

        /** Whether the optimizer states (with fp32 master weights and gradients) leave the GPU. */
        public boolean optimizer() {
            return this == OPTIMIZER || this == ALL;
        }

        /** Whether the 16-bit parameters leave the GPU. */
        public boolean parameters() {
            return this == PARAMETERS || this == ALL;
        }

        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** Parses {@code none}, {@code optimizer}, {@code parameters} (also {@code params}) or {@code all}. */
        public static Target parse(String text) {
            return switch (text.trim().toLowerCase(Locale.ROOT)) {
                case "none" -> NONE;
                case "optimizer", "optim" -> OPTIMIZER;
                case "parameters", "params" -> PARAMETERS;
                case "all" -> ALL;
                default -> throw new IllegalArgumentException(
                        "unknown offload '" + text + "' (expected none, optimizer, parameters or all)");
            };
        }
    }

    /** Where offloaded states go. */
    public enum Device {
        CPU, NVME;

        public String id() {
            return name().toLowerCase(Locale.ROOT);
        }

        /** Parses {@code cpu} or {@code nvme}. */
        public static Device parse(String text) {
            return switch (text.trim().toLowerCase(Locale.ROOT)) {
                case "cpu", "host" -> CPU;
                case "nvme", "disk" -> NVME;
                default -> throw new IllegalArgumentException(
                        "unknown offload device '" + text + "' (expected cpu or nvme)");
            };
        }
    }
}
