package com.vramadvisor.engine;

/**
 * Memory the process uses beyond tensors: the CUDA context with its kernels (about 0.3-1 GiB depending on the GPU,
 * CUDA version and loaded libraries such as cuBLAS/cuDNN workspaces) and the caching allocator's reserve over what
 * is allocated (PyTorch's {@code memory_reserved - memory_allocated}, fragmentation).
 *
 * @param enabled              whether to add it at all
 * @param contextBytes         fixed bytes for the CUDA context and library workspaces
 * @param allocatorFraction    allocator reserve as a fraction of the tensor peak (0.0-1.0)
 */
public record RuntimeOverhead(boolean enabled, long contextBytes, double allocatorFraction) {

    /** 1 GiB: measured CUDA 12 contexts with cuBLAS loaded are 0.5-1 GiB on data-centre GPUs. */
    public static final long DEFAULT_CONTEXT_BYTES = 1L << 30;
    /** 5 % of the tensor peak for allocator fragmentation. */
    public static final double DEFAULT_ALLOCATOR_FRACTION = 0.05;

    public static final RuntimeOverhead DEFAULT =
            new RuntimeOverhead(true, DEFAULT_CONTEXT_BYTES, DEFAULT_ALLOCATOR_FRACTION);
    public static final RuntimeOverhead OFF = new RuntimeOverhead(false, 0, 0.0);

    public RuntimeOverhead {
        if (contextBytes < 0 || allocatorFraction < 0 || allocatorFraction > 1) {
            throw new IllegalArgumentException("runtime overhead must be non-negative and the fraction at most 1");
        }
    }
}
