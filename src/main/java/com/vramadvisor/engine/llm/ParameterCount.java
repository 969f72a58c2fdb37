package com.vramadvisor.engine.llm;

/**
 * Exact parameter counts of a {@link ModelSpec}, in parameters (elements, not bytes), as
 * {@code sum(p.numel() for p in model.parameters())} reports them for the matching Hugging Face model class
 * (tied matrices counted once).
 *
 * @param total      every parameter; {@code embedding + blocks + finalNorm + head + vision}
 * @param active     parameters one token passes through: the total less the routed experts it does not visit
 *                   ({@code experts - expertsPerToken} per mixture-of-experts layer); equals {@code total} for dense
 *                   models. The embedding table counts as active, as in Mixtral's published 12.9B; a vision tower
 *                   does not (a text token never passes through it; Llama 4's published 17B active is the text
 *                   model's).
 * @param embedding  token, learned-position and token-type tables plus an embedding norm
 * @param blocks     all transformer blocks together (attention, feed-forward or experts with their router, norms)
 * @param finalNorm  the norm after the last block, 0 when absent
 * @param head       what sits on the last block: an untied LM head ({@code V x h}), an encoder's masked-LM transform
 *                   (dense, norm, vocabulary bias), a pooler and/or a classifier; 0 for a tied decoder LM head
 * @param vision     a vision-language model's vision tower and projector ({@link ModelSpec#visionParams()}), 0 for
 *                   text-only models
 * @param mtp        multi-token-prediction modules shipped beside the model and not in {@code total} (DeepSeek-V3:
 *                   about 14B beside 671B); 0 when there are none
 */
public record ParameterCount(long total, long active, long embedding, long blocks, long finalNorm, long head,
                             long vision, long mtp) {

    /** Counts without a vision tower or prediction modules. */
    public ParameterCount(long total, long active, long embedding, long blocks, long finalNorm, long head) {
        this(total, active, embedding, blocks, finalNorm, head, 0, 0);
    }

    /** The main model and its prediction modules together: what the released checkpoint holds. */
    public long totalWithMtp() {
        return total + mtp;
    }

    /**
     * Parameters outside the embedding tables, Kaplan et al. 2020's {@code N} for scaling laws and the {@code 6N}
     * FLOPs-per-token rule.
     */
    public long nonEmbedding() {
        return total - embedding;
    }
}
