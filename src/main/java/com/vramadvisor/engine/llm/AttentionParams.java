package com.vramadvisor.engine.llm;

/**
 * Attention parameters of one block on one of {@code t} tensor-parallel ranks, split into matrices (what
 * quantisation and LoRA act on) and vectors (biases, norms, sinks), with the Adafactor state elements of both.
 *
 * <p>Multi-/grouped-query attention ({@code modeling_llama.py}): query {@code h x (a*d)}, key and value
 * {@code h x (kv*d)} each, output {@code (a*d) x h}; biases of {@code a*d + 2*kv*d} on query, key and value and
 * {@code h} on the output when present; a query and a key RMSNorm of {@code d} each with {@code qkNorm}
 * ({@code modeling_qwen3.py}, {@code modeling_gemma3.py}); {@code a} sink logits with {@code attentionSinks}
 * ({@code modeling_gpt_oss.py}). Query heads, their biases and sinks are split across ranks (Megatron-LM
 * column/row parallelism); key/value heads fewer than {@code t} are replicated; norms and the output bias are
 * replicated.
 *
 * <p>Latent attention ({@link MlaSpec}, {@code modeling_deepseek_v3.py}): the down-projections {@code q_a_proj}
 * and {@code kv_a_proj_with_mqa} and the latent norms are replicated (vLLM's {@code ReplicatedLinear}); the
 * up-projections {@code q_b_proj}, {@code kv_b_proj} (column-parallel) and {@code o_proj} (row-parallel) are
 * split by heads.
 */
final class AttentionParams {

    /** Matrix elements on this rank. */
    final double matrices;
    /** Bias, norm and sink elements on this rank. */
    final double vectors;
    /** Adafactor state elements: a row and a column per matrix, every vector element. */
    final double adafactor;
    /** Elements of the largest attention matrix on this rank. */
    final double largestMatrix;

    private AttentionParams(double matrices, double vectors, double adafactor, double largestMatrix) {
        this.matrices = matrices;
        this.vectors = vectors;
        this.adafactor = adafactor;
        this.largestMatrix = largestMatrix;
    }

    /** Attention of one block of {@code m} on one of {@code t} ranks; the block's layer norms are not included. */
    static AttentionParams of(ModelSpec m, int t) {
        double h = m.hiddenSize();
        if (m.isMla()) {
            return latent(m, m.mla(), t);
        }
        double q = m.queryWidth() / (double) t;
        double kv = ActivationModel.kvHeadsPerRank(m, t) * m.headDim();
        double matrices = h * q + 2 * h * kv + q * h;
        double vectors = (m.qkvBias() ? q + 2 * kv : 0) + (m.outBias() ? h : 0) + (m.qkNorm() ? 2.0 * m.headDim() : 0)
                + (m.attentionSinks() ? (double) m.heads() / t : 0);
        double adafactor = (q + h) + 2 * (kv + h) + (h + q) + vectors;
        return new AttentionParams(matrices, vectors, adafactor, h * q);
    }

    private static AttentionParams latent(ModelSpec m, MlaSpec a, int t) {
        double h = m.hiddenSize();
        double n = (double) m.heads() / t;
        double qk = a.qkHeadDim();
        double ql = a.qLoraRank();
        double kvl = a.kvLoraRank();
        double rope = a.qkRopeHeadDim();
        double kvUp = n * (a.qkNopeHeadDim() + a.vHeadDim());
        double out = n * a.vHeadDim();
        double matrices;
        double adafactor;
        double largest;
        if (ql > 0) {
            matrices = h * ql + ql * n * qk;
            adafactor = (h + ql) + (ql + n * qk);
            largest = Math.max(h * ql, ql * n * qk);
        } else {
            matrices = h * n * qk;
            adafactor = h + n * qk;
            largest = h * n * qk;
        }
        matrices += h * (kvl + rope) + kvl * kvUp + out * h;
        adafactor += (h + kvl + rope) + (kvl + kvUp) + (out + h);
        largest = Math.max(largest, Math.max(h * (kvl + rope), Math.max(kvl * kvUp, out * h)));
        double vectors = ql + kvl + (m.qkvBias() ? n * qk + kvl + rope : 0) + (m.outBias() ? h : 0);
        return new AttentionParams(matrices, vectors, adafactor + vectors, largest);
    }
}
