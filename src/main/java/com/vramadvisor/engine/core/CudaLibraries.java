package com.vramadvisor.engine.core;

/**
 * The CUDA context of a process by the set of libraries its workload kind loads, in bytes: the central figure each
 * estimator counts and the range around it. One place for every kind; the language-model estimator refines the
 * PyTorch figure by module loading mode ({@link CudaContext}).
 *
 * <p>Published readings of an idle PyTorch process ({@code nvidia-smi} after the first CUDA tensor) differ above all
 * by how CUDA loads kernels: "from 200+mb to 700+mb" on different machines (pytorch/pytorch issue 28113, K40c,
 * CUDA 10.1, 2019), "around 300MB to 400MB" (issue 20532, V100, 2019); with every kernel loaded eagerly 1,001 MiB
 * (issue 54564, RTX 3090, CUDA 11.1, 2021), 1,105 MiB (issue 60150, CUDA 11.0, 2021) and 1,343 MiB (V100, CUDA 11.2,
 * Hugging Face "Efficient Training on a Single GPU"); with lazy loading (CUDA 11.7 and later) "~300MB", where eager
 * loading "took >1000MB" (issue 107667, 2023). The low end of every set is the smallest lazily loaded context
 * measured, {@link CudaContext#LAZY}'s 287,047,680 bytes (pull request 86509); a process that loads no PyTorch
 * kernels may take less.
 *
 * <ul>
 *   <li>{@link #TORCH} (language models, {@link CudaContext}): PyTorch with cuBLAS; central 426 MiB, lazy loading.</li>
 *   <li>{@link #TORCH_CUDNN} (vision, diffusion): PyTorch with cuBLAS and cuDNN loaded, their handles and
 *       workspaces; central 1 GiB, between a lazily loaded context with the libraries added at first use and the
 *       eager readings above; high end the eager 1,343 MiB plus {@link CudaContext#LIBRARY_ALLOWANCE_BYTES}. cuDNN's
 *       benchmark mode ({@code torch.backends.cudnn.benchmark = True}, off by default) may choose convolution
 *       algorithms whose workspace takes what memory is free (PyTorch sets no limit, pytorch/pytorch issue 49207):
 *       no range bounds it.</li>
 *   <li>{@link #CUDA_RUNTIME} (molecular dynamics, grid solvers): a CUDA program without PyTorch's kernels, its own
 *       kernels and cuFFT where a long-range solver needs it; central 512 MiB, high end that plus the library
 *       allowance (cuFFT plans, NCCL).</li>
 * </ul>
 */
public enum CudaLibraries {
    TORCH("PyTorch with cuBLAS", CudaContext.LAZY.bytes(), CudaContext.LAZY.lowBytes(),
            CudaContext.LAZY.highBytes()),
    TORCH_CUDNN("PyTorch with cuBLAS and cuDNN", 1L << 30, CudaContext.LAZY.lowBytes(),
            CudaContext.EAGER.highBytes()),
    CUDA_RUNTIME("a CUDA program without PyTorch", 512L << 20, CudaContext.LAZY.lowBytes(),
            (512L << 20) + CudaContext.LIBRARY_ALLOWANCE_BYTES);

    private final String label;
    private final long contextBytes;
    private final long lowBytes;
    private final long highBytes;

    CudaLibraries(String label, long contextBytes, long lowBytes, long highBytes) {
        this.label = label;
        this.contextBytes = contextBytes;
        this.lowBytes = lowBytes;
        this.highBytes = highBytes;
    }

    /** What the set loads, in words ("PyTorch with cuBLAS and cuDNN"). */
    public String label() {
        return label;
    }

    /** The central context figure the estimators count, bytes. */
    public long contextBytes() {
        return contextBytes;
    }

    /** The smallest context measured, bytes. */
    public long lowBytes() {
        return lowBytes;
    }

    /** The largest context measured plus the allowance for libraries loaded at first use, bytes. */
    public long highBytes() {
        return highBytes;
    }

    /**
     * The range of a process whose tensors take {@code tensorBytes} and whose caching allocator keeps
     * {@code reserveBytes} over them at the central fragmentation: low end without fragmentation
     * ({@code expandable_segments:True}) and the smallest context, high end twice the reserve and the largest
     * context (the language-model estimator's choice, {@code CachingAllocator}).
     *
     * @param tensorBytes  live tensors at the peak
     * @param reserveBytes the allocator's reserve at the central fraction; 0 where no caching allocator runs
     */
    public MemoryRange range(long tensorBytes, long reserveBytes) {
        long low = saturatingAdd(tensorBytes, lowBytes);
        long high = saturatingAdd(saturatingAdd(tensorBytes, highBytes), saturatingAdd(reserveBytes, reserveBytes));
        return new MemoryRange(low, high);
    }

    private static long saturatingAdd(long a, long b) {
        return a > Long.MAX_VALUE - b ? Long.MAX_VALUE : a + b;
    }
}
