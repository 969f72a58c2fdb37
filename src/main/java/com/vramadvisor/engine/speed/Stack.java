package com.vramadvisor.engine.speed;

import com.vramadvisor.engine.hardware.GpuSpec;

import java.util.Locale;
import java.util.Optional;

/**
 * The software stack a GPU's kernels run on: the vendor's libraries decide what share of the hardware's peak a
 * kernel class reaches ({@link KernelClass}), so efficiencies are fitted per stack ({@code catalog/efficiency.json}).
 * <ul>
 *   <li>{@link #CUDA}: NVIDIA GPUs, cuBLAS/cuBLASLt matrix multiplications, FlashAttention or the engine's own
 *       attention kernels, NCCL collectives;</li>
 *   <li>{@link #ROCM}: AMD Instinct and Radeon GPUs, hipBLASLt matrix multiplications, CK/Triton attention, RCCL;</li>
 *   <li>{@link #GAUDI}: Intel Gaudi with the SynapseAI graph compiler and its MME/TPC engines;</li>
 *   <li>{@link #XPU}: Intel Data Center and Arc GPUs through oneAPI (IPEX, SYCL, llama.cpp's SYCL backend);</li>
 *   <li>{@link #METAL}: Apple GPUs through Metal (llama.cpp's Metal backend, PyTorch MPS);</li>
 *   <li>{@link #MLX}: Apple GPUs through the MLX framework;</li>
 *   <li>{@link #VULKAN}: llama.cpp's Vulkan backend on any vendor's GPU.</li>
 * </ul>
 */
public enum Stack {
    CUDA("cuda"), ROCM("rocm"), GAUDI("gaudi"), XPU("xpu"), METAL("metal"), MLX("mlx"), VULKAN("vulkan");

    private final String id;

    Stack(String id) {
        this.id = id;
    }

    /** The name {@code catalog/efficiency.json} uses. */
    public String id() {
        return id;
    }

    /** The stack named {@code id} ({@code cuda}, {@code rocm}, ...); llama.cpp's {@code hip} and {@code sycl} too. */
    public static Optional<Stack> of(String id) {
        if (id == null) {
            return Optional.empty();
        }
        String t = id.trim().toLowerCase(Locale.ROOT);
        if (t.equals("hip")) {
            return Optional.of(ROCM);
        }
        if (t.equals("sycl")) {
            return Optional.of(XPU);
        }
        for (Stack s : values()) {
            if (s.id.equals(t)) {
                return Optional.of(s);
            }
        }
        return Optional.empty();
    }

    /**
     * The stack a workload runs on: the backend when one is named (llama.cpp's {@code cuda}, {@code rocm},
     * {@code metal}, {@code vulkan}, {@code sycl}), MLX for the {@code mlx} software, else the vendor's own stack
     * for the GPU: CUDA for NVIDIA, ROCm for AMD, Gaudi for Intel Gaudi, XPU for other Intel GPUs, Metal for Apple.
     *
     * @param software the engine or framework ({@code vllm}, {@code mlx}, ...), may be {@code null}
     * @param backend  the backend a llama.cpp or MLX measurement names, may be {@code null}
     */
    public static Stack of(GpuSpec gpu, String software, String backend) {
        Optional<Stack> named = of(backend);
        if (named.isPresent()) {
            return named.get();
        }
        if (software != null && software.trim().equalsIgnoreCase("mlx")) {
            return MLX;
        }
        return vendorStack(gpu);
    }

    /** The GPU vendor's own stack (see {@link #of(GpuSpec, String, String)}). */
    public static Stack vendorStack(GpuSpec gpu) {
        String vendor = gpu.vendor() == null ? "" : gpu.vendor().toLowerCase(Locale.ROOT);
        String id = gpu.id().toLowerCase(Locale.ROOT);
        if (vendor.contains("amd")) {
            return ROCM;
        }
        if (vendor.contains("intel")) {
            return id.contains("gaudi") ? GAUDI : XPU;
        }
        if (vendor.contains("apple")) {
            return METAL;
        }
        return CUDA;
    }
}
