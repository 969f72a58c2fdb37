package com.vramadvisor.engine.plan;

import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Parallelism;
import com.vramadvisor.engine.llm.Workload;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The expert- and context-parallel sizes {@link Planner} searches besides tensor, pipeline and data parallelism, and
 * the bounds that keep the search to a few milliseconds: powers of two only, at most
 * {@link #MAX_EXPERT_PARALLEL} and {@link #MAX_CONTEXT_PARALLEL}, context parallelism only for long sequences.
 */
final class SearchedSizes {

    /**
     * Largest expert-parallel size searched: 64, the size DeepSeek-V3 trained with (arXiv:2412.19437, section 3.2:
     * "64-way Expert Parallelism spanning 8 nodes").
     */
    static final int MAX_EXPERT_PARALLEL = 64;
    /**
     * Sequences from 32,768 tokens on are searched with context parallelism: Megatron-Core's context-parallel guide
     * recommends it for long contexts, and Llama 3's 128K-token stage used cp 16 (Llama 3 paper, arXiv:2407.21783,
     * table 4) while its 8K-token stage used none.
     */
    static final int LONG_SEQUENCE = 32_768;
    /** Largest context-parallel size searched: 16, Llama 3's at 131,072 tokens (arXiv:2407.21783, table 4). */
    static final int MAX_CONTEXT_PARALLEL = 16;
    /** Fewest tokens of each sequence a context-parallel rank keeps: 8,192 (Llama 3's 131,072 / 16). */
    static final int MIN_TOKENS_PER_CONTEXT_RANK = 8_192;

    /** Expert-parallel sizes tried per layout of the other sizes (see {@link #dividing}). */
    static final int EXPERT_SIZES_PER_LAYOUT = 4;

    private SearchedSizes() {
    }

    /**
     * Expert-parallel sizes to try: the workload's own where it sets one (above 1) or sets a context-parallel size;
     * otherwise, for a mixture-of-experts model, every power of two that divides the routed experts up to
     * {@link #MAX_EXPERT_PARALLEL} (Megatron-Core requires {@code E % ep == 0}); 1 for a dense model.
     */
    static int[] expert(ModelSpec model, Workload workload) {
        Parallelism given = workload.parallelism();
        if (given.expertParallel() > 1 || given.contextParallel() > 1 || !model.isMoe()) {
            return new int[] {given.expertParallel()};
        }
        List<Integer> sizes = new ArrayList<>();
        for (int ep = 1; ep <= Math.min(MAX_EXPERT_PARALLEL, model.moe().experts()); ep *= 2) {
            if (model.moe().experts() % ep == 0) {
                sizes.add(ep);
            }
        }
        return sizes.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * Context-parallel sizes to try: the workload's own where it sets one (above 1) or sets an expert-parallel size;
     * otherwise 1 and, for sequences of at least {@link #LONG_SEQUENCE} tokens, the powers of two up to
     * {@link #MAX_CONTEXT_PARALLEL} that leave each rank at least {@link #MIN_TOKENS_PER_CONTEXT_RANK} tokens and
     * divide the sequence into {@code 2 cp} equal chunks (Megatron-Core's load-balanced split).
     */
    static int[] context(Workload workload) {
        Parallelism given = workload.parallelism();
        int s = workload.sequenceLength();
        if (given.expertParallel() > 1 || given.contextParallel() > 1 || s < LONG_SEQUENCE) {
            return new int[] {given.contextParallel()};
        }
        List<Integer> sizes = new ArrayList<>();
        for (int cp = 1; cp <= MAX_CONTEXT_PARALLEL && s / cp >= MIN_TOKENS_PER_CONTEXT_RANK; cp *= 2) {
            if (s % (2 * cp) == 0 || cp == 1) {
                sizes.add(cp);
            }
        }
        return sizes.stream().mapToInt(Integer::intValue).toArray();
    }

    /**
     * The expert-parallel sizes of {@code sizes} (ascending) that divide {@code ranks}, the data x context-parallel
     * ranks Megatron-Core carves the expert-parallel group from: the first (the workload's own, or 1) and at most
     * {@link #EXPERT_SIZES_PER_LAYOUT} - 1 of the largest others, so that a model with 128 or 256 experts adds four
     * variants per layout rather than eight.
     */
    static int[] dividing(int[] sizes, int ranks) {
        int[] fit = new int[sizes.length];
        int n = 0;
        for (int ep : sizes) {
            if (ranks % ep == 0) {
                fit[n++] = ep;
            }
        }
        if (n <= EXPERT_SIZES_PER_LAYOUT) {
            return Arrays.copyOf(fit, n);
        }
        int[] out = new int[EXPERT_SIZES_PER_LAYOUT];
        out[0] = fit[0];
        System.arraycopy(fit, n - (EXPERT_SIZES_PER_LAYOUT - 1), out, 1, EXPERT_SIZES_PER_LAYOUT - 1);
        return out;
    }
}
