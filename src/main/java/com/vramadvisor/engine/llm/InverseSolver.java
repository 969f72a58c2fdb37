package com.vramadvisor.engine.llm;

import java.util.function.IntPredicate;

/**
 * Answers the inverse questions: the largest micro-batch, sequence length or context whose estimated per-GPU peak
 * ({@link Estimate#peakBytes()}, runtime overhead included when enabled) fits a memory budget.
 *
 * <p>Method: the estimate is monotone non-decreasing in batch, sequence length and context (every term is a
 * non-negative multiple of them; property-tested), so the largest fitting value is found by doubling from 1 until
 * the estimate exceeds the budget (or {@link Workload#MAX_TOKENS} is reached) and then bisecting the last interval:
 * at most about {@code 2 * log2(MAX_TOKENS) = 52} estimates.
 *
 * <p>Sequence lengths and contexts never exceed the model's {@link ModelSpec#maxPositions()} (when it is known): a
 * serving engine refuses a longer context (vLLM's {@code max_model_len} defaults to it and may not exceed it), and
 * a model is not trained for positions beyond it. {@link #cappedByModel(ModelSpec, int)} tells whether an answer
 * stopped there rather than at the budget.
 */
public final class InverseSolver {

    private static final MemoryEstimator ESTIMATOR = new MemoryEstimator();

    private InverseSolver() {
    }

    /**
     * Largest micro-batch (training) or number of concurrent sequences (inference) that fits.
     *
     * @param budgetBytes per-GPU memory budget in bytes (e.g. {@link Serving#usableBudget(long, double)})
     * @return the largest fitting batch, or 0 when not even batch 1 fits
     */
    public static int maxBatch(ModelSpec model, Workload workload, long budgetBytes) {
        Workload.Builder b = workload.toBuilder();
        return largest(Workload.MAX_TOKENS, v -> fits(model, b.batch(v).build(), budgetBytes));
    }

    /**
     * Largest sequence length that fits: training tokens per sequence, or inference prompt length (the KV context
     * grows with it when the workload's context is shorter).
     *
     * @param budgetBytes per-GPU memory budget in bytes
     * @return the largest fitting length in tokens, or 0 when not even 1 token fits
     */
    public static int maxSequenceLength(ModelSpec model, Workload workload, long budgetBytes) {
        Workload.Builder b = workload.toBuilder();
        int context = workload.context();
        return largest(limit(model), v -> fits(model,
                b.sequenceLength(v).context(context == 0 ? 0 : Math.max(context, v)).build(), budgetBytes));
    }

    /**
     * Largest context (tokens per sequence in the KV cache) that fits for inference; the prompt is capped at the
     * context. For training modes the context is the sequence length, so this equals
     * {@link #maxSequenceLength(ModelSpec, Workload, long)}.
     *
     * @param budgetBytes per-GPU memory budget in bytes
     * @return the largest fitting context in tokens, or 0 when not even 1 token fits
     */
    public static int maxContext(ModelSpec model, Workload workload, long budgetBytes) {
        if (workload.mode() != Mode.INFER) {
            return maxSequenceLength(model, workload, budgetBytes);
        }
        Workload.Builder b = workload.toBuilder();
        int prompt = workload.sequenceLength();
        return largest(limit(model),
                v -> fits(model, b.context(v).sequenceLength(Math.min(prompt, v)).build(), budgetBytes));
    }

    /**
     * Whether a sequence length or context answer stopped at the model's maximum positions rather than at the
     * budget.
     */
    public static boolean cappedByModel(ModelSpec model, int answer) {
        return model.maxPositions() > 0 && answer >= model.maxPositions();
    }

    /** The longest sequence or context the model accepts: its maximum positions, or {@link Workload#MAX_TOKENS}. */
    static int limit(ModelSpec model) {
        return model.maxPositions() > 0 ? Math.min(model.maxPositions(), Workload.MAX_TOKENS) : Workload.MAX_TOKENS;
    }

    private static boolean fits(ModelSpec model, Workload w, long budgetBytes) {
        return ESTIMATOR.peakBytes(model, w) <= budgetBytes;
    }

    /** Largest v in [1, max] with {@code fits(v)}, assuming monotonicity; 0 if none. */
    static int largest(int max, IntPredicate fits) {
        if (!fits.test(1)) {
            return 0;
        }
        int good = 1;
        int bad = -1;
        while (bad < 0) {
            long next = (long) good * 2;
            if (next > max) {
                if (fits.test(max)) {
                    return max;
                }
                bad = max;
            } else if (fits.test((int) next)) {
                good = (int) next;
            } else {
                bad = (int) next;
            }
        }
        while (bad - good > 1) {
            int mid = good + (bad - good) / 2;
            if (fits.test(mid)) {
                good = mid;
            } else {
                bad = mid;
            }
        }
        return good;
    }
}
