package com.vramadvisor.engine.llm;

import com.vramadvisor.engine.allocator.CachingAllocator;
import com.vramadvisor.engine.core.CudaContext;

/**
 * Memory the process uses beyond its live tensors: the CUDA context with its kernels ({@link CudaContext}) and the
 * caching allocator's reserve over what is allocated ({@link CachingAllocator}: a fraction of the tensors freed and
 * allocated again within a step, not of the persistent ones).
 *
 * @param enabled           whether to add it at all
 * @param contextBytes      the CUDA context and library kernels, central figure
 * @param allocatorFraction the allocator's fragmentation: the fraction of the step's transient peak (activations,
 *                          logits, autocast copies, gradients freed between steps) held as cached blocks, 0-1
 * @param contextLowBytes   low end of the context for the range
 * @param contextHighBytes  high end of the context for the range (libraries loaded at first use included)
 */
public record RuntimeOverhead(boolean enabled, long contextBytes, double allocatorFraction, long contextLowBytes,
                              long contextHighBytes) {

    /** The lazily loaded CUDA context of current stacks ({@link CudaContext#LAZY}). */
    public static final long DEFAULT_CONTEXT_BYTES = CudaContext.LAZY.bytes();
    /** {@link CachingAllocator#DEFAULT_FRAGMENTATION}. */
    public static final double DEFAULT_ALLOCATOR_FRACTION = CachingAllocator.DEFAULT_FRAGMENTATION;

    public static final RuntimeOverhead DEFAULT = of(CudaContext.LAZY, DEFAULT_ALLOCATOR_FRACTION);
    public static final RuntimeOverhead OFF = new RuntimeOverhead(false, 0, 0.0, 0, 0);

    public RuntimeOverhead {
        if (contextBytes < 0 || allocatorFraction < 0 || allocatorFraction > 1 || !(allocatorFraction >= 0)) {
            throw new IllegalArgumentException("runtime overhead must be non-negative and the fraction at most 1");
        }
        if (contextLowBytes < 0 || contextLowBytes > contextBytes || contextHighBytes < contextBytes) {
            throw new IllegalArgumentException("the context range must hold the context: " + contextLowBytes
                    + " <= " + contextBytes + " <= " + contextHighBytes);
        }
    }

    /**
     * A context of {@code contextBytes} with the range of a lazily loading stack around it: low end the smaller of
     * it and {@link CudaContext#LAZY}'s low end, high end the larger of it plus the library allowance and the lazy
     * high end.
     */
    public RuntimeOverhead(boolean enabled, long contextBytes, double allocatorFraction) {
        this(enabled, contextBytes, allocatorFraction, Math.min(contextBytes, CudaContext.LAZY.lowBytes()),
                Math.max(saturatingAdd(contextBytes, CudaContext.LIBRARY_ALLOWANCE_BYTES),
                        CudaContext.LAZY.highBytes()));
    }

    /** The context of {@code loading} with its measured range, and {@code fragmentation}. */
    public static RuntimeOverhead of(CudaContext loading, double fragmentation) {
        return new RuntimeOverhead(true, loading.bytes(), fragmentation, loading.lowBytes(), loading.highBytes());
    }

    /** This overhead with another central context, its range kept around it. */
    public RuntimeOverhead withContext(CudaContext loading) {
        return new RuntimeOverhead(enabled, loading.bytes(), allocatorFraction, loading.lowBytes(),
                loading.highBytes());
    }

    private static long saturatingAdd(long a, long b) {
        return a > Long.MAX_VALUE - b ? Long.MAX_VALUE : a + b;
    }
}
