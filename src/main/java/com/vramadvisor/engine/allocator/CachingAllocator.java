package com.vramadvisor.engine.allocator;

/**
 * PyTorch's CUDA caching allocator, as far as it decides how much memory a training step or a serving process
 * reserves beyond its live tensors ({@code torch.cuda.max_memory_reserved()} over
 * {@code torch.cuda.max_memory_allocated()}).
 *
 * <p>Rounding (constants and comments of {@code c10/cuda/CUDACachingAllocator.cpp}; PyTorch documentation "CUDA
 * semantics", section "Memory management"): every request is rounded up to a multiple of 512 bytes
 * ({@code kMinBlockSize}); requests up to 1 MiB ({@code kSmallSize}) are packed into 2 MiB segments
 * ({@code kSmallBuffer}); requests between 1 and 10 MiB ({@code kMinLargeAlloc}) split a 20 MiB segment
 * ({@code kLargeBuffer}); larger requests get a segment of their own size rounded up to 2 MiB ({@code kRoundLarge}).
 * Freed blocks stay cached in their segments and are reused for later requests of the same or smaller size (best
 * fit, with splitting); memory goes back to the driver only on {@code empty_cache()} or after an out-of-memory
 * retry.
 *
 * <p>Reserve model. Tensors allocated once and kept (weights, gradients kept between steps, optimizer states, a KV
 * cache a serving engine pre-allocates) occupy segments of their own size: the reserve over them is the rounding
 * above, under 2 MiB per tensor, which this model neglects. Tensors freed and allocated again within every step
 * (saved activations, logits, autocast's 16-bit weight copies, gradients freed by {@code zero_grad(set_to_none=True)})
 * come back in other orders and other sizes in the backward pass and the next step, so the cached blocks they leave
 * cannot all be reused: the allocator holds a fraction {@code f} of the largest such transient total on top of the
 * allocated peak:
 * <pre>
 *   reserved = allocatedPeak + f * transientPeak
 * </pre>
 * {@code f = 0.28} ({@link #DEFAULT_FRAGMENTATION}) is fitted on one published measurement, Hugging Face's
 * bert-large-uncased fine-tuning at batch 4 in fp32 with AdamW on a V100 (14,949 MiB used through NVML,
 * "Efficient Training on a Single GPU", Transformers documentation v4.20-v4.27); the other six runs of that page
 * are held out and compared in the tests ({@code docs/verifying.md} lists them). With
 * {@code PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True} segments grow in 2 MiB pages instead of being allocated
 * whole, which is the documented remedy for this fragmentation ("CUDA semantics", "Optimizing memory usage with
 * PYTORCH_CUDA_ALLOC_CONF"); the range's low end ({@code f = 0}) stands for it. The high end is {@code 2f}, which
 * covers the largest fragmentation of those runs (fp16 mixed precision at batch 4: 0.47 of its transient total).
 */
public final class CachingAllocator {

    /** {@code kMinBlockSize}: every request is rounded up to a multiple of 512 bytes. */
    public static final long MIN_BLOCK_BYTES = 512;
    /** {@code kSmallSize}: the largest request served from the small pool, 1 MiB. */
    public static final long SMALL_SIZE_BYTES = 1L << 20;
    /** {@code kSmallBuffer}: small requests are packed into 2 MiB segments. */
    public static final long SMALL_SEGMENT_BYTES = 2L << 20;
    /** {@code kMinLargeAlloc}: requests below 10 MiB split a shared 20 MiB segment. */
    public static final long MIN_LARGE_ALLOC_BYTES = 10L << 20;
    /** {@code kLargeBuffer}: the 20 MiB segment requests between 1 and 10 MiB share. */
    public static final long LARGE_SEGMENT_BYTES = 20L << 20;
    /** {@code kRoundLarge}: segments of larger requests are rounded up to 2 MiB. */
    public static final long ROUND_LARGE_BYTES = 2L << 20;

    /** Fraction of the transient peak held as cached, unusable blocks (see the class comment for its fit). */
    public static final double DEFAULT_FRAGMENTATION = 0.28;
    /** The range's high end is this multiple of the fragmentation. */
    public static final double HIGH_FRAGMENTATION_FACTOR = 2.0;

    private CachingAllocator() {
    }

    /** Bytes of the block one request of {@code requestBytes} occupies: rounded up to 512 bytes. */
    public static long blockBytes(long requestBytes) {
        if (requestBytes < 0) {
            throw new IllegalArgumentException("a request cannot be negative");
        }
        if (requestBytes < MIN_BLOCK_BYTES) {
            return MIN_BLOCK_BYTES;
        }
        return ceil(requestBytes, MIN_BLOCK_BYTES);
    }

    /**
     * Bytes of the segment the allocator asks the driver for when no cached block can serve a request: 2 MiB for
     * small requests, 20 MiB for requests below 10 MiB, else the block rounded up to 2 MiB.
     */
    public static long segmentBytes(long requestBytes) {
        long block = blockBytes(requestBytes);
        if (block <= SMALL_SIZE_BYTES) {
            return SMALL_SEGMENT_BYTES;
        }
        if (block < MIN_LARGE_ALLOC_BYTES) {
            return LARGE_SEGMENT_BYTES;
        }
        return ceil(block, ROUND_LARGE_BYTES);
    }

    /**
     * The fragmentation a step runs with: {@code configured} under the default allocator, 0 with expandable segments
     * ({@code PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True}: segments grow in pages and a freed block is merged
     * back instead of staying cached at its old size; PyTorch documentation, "CUDA semantics", "Optimizing memory
     * usage with PYTORCH_CUDA_ALLOC_CONF").
     *
     * @param configured         the fraction for the default allocator ({@link #DEFAULT_FRAGMENTATION} unless
     *                           calibrated)
     * @param expandableSegments whether the framework sets expandable segments
     */
    public static double reserveFraction(double configured, boolean expandableSegments) {
        return expandableSegments ? 0 : configured;
    }

    /**
     * The fragmentation of the range's high end: {@link #HIGH_FRAGMENTATION_FACTOR} times {@code configured} under the
     * default allocator; {@code configured} itself with expandable segments, for a run that does not set them after
     * all.
     */
    public static double highFraction(double configured, boolean expandableSegments) {
        return expandableSegments ? configured : HIGH_FRAGMENTATION_FACTOR * configured;
    }

    /**
     * The allocator's reserve over the allocated peak: {@code fragmentation * transientPeakBytes}.
     *
     * @param transientPeakBytes the largest total of tensors freed and allocated again within a step
     * @param fragmentation      the fraction of it held as unusable cached blocks (0 with expandable segments)
     */
    public static double reserveBytes(double transientPeakBytes, double fragmentation) {
        if (transientPeakBytes < 0 || fragmentation < 0) {
            throw new IllegalArgumentException("transient bytes and fragmentation must not be negative");
        }
        return fragmentation * transientPeakBytes;
    }

    private static long ceil(long value, long multiple) {
        return (value + multiple - 1) / multiple * multiple;
    }
}
