package com.vramadvisor.engine.llm;

/**
 * Multi-head latent attention (DeepSeek-V2, DeepSeek-AI 2024, arXiv:2405.04434, section 2.1; DeepSeek-V3,
 * arXiv:2412.19437, section 2.1.1): keys and values are compressed into one latent vector per token of width
 * {@code kvLoraRank}, plus a decoupled rotary key of width {@code qkRopeHeadDim} shared by all heads.
 *
 * <p>Module shapes ({@code modeling_deepseek_v3.py} of Transformers, {@code DeepseekV3Attention}): with {@code n}
 * heads, query {@code h x (n*(nope+rope))}, or with a query LoRA {@code q_a_proj h x q_lora}, {@code q_a_layernorm}
 * ({@code q_lora}) and {@code q_b_proj q_lora x (n*(nope+rope))}; {@code kv_a_proj_with_mqa h x (kv_lora + rope)},
 * {@code kv_a_layernorm} ({@code kv_lora}), {@code kv_b_proj kv_lora x (n*(nope + v))}, {@code o_proj (n*v) x h}; no
 * biases.
 *
 * <p>KV cache per token and layer: absorbed (the up-projections folded into the query and output projections, as
 * vLLM's and SGLang's MLA kernels do for decode) {@code kv_lora + rope} elements, the same on every tensor-parallel
 * rank (the latent is not split by heads); naive (keys and values decompressed per head, as Hugging Face's eager
 * implementation caches them) {@code n*(nope + rope) + n*v} elements, split by heads across ranks. DeepSeek-V3 in
 * bf16: {@code (512 + 64) x 2 = 1,152} bytes per token and layer, {@code x 61} layers {@code = 70,272} bytes.
 *
 * @param qLoraRank      rank of the query compression [{@code q_lora_rank}], 0 for a plain query projection
 *                       (DeepSeek-V2-Lite)
 * @param kvLoraRank     width of the compressed key/value latent [{@code kv_lora_rank}]
 * @param qkNopeHeadDim  per-head query/key width without rotary positions [{@code qk_nope_head_dim}]
 * @param qkRopeHeadDim  per-head rotary query width and shared rotary key width [{@code qk_rope_head_dim}]
 * @param vHeadDim       per-head value width [{@code v_head_dim}]
 * @param naiveCache     whether the cache holds decompressed per-head keys and values instead of the latent
 */
public record MlaSpec(int qLoraRank, int kvLoraRank, int qkNopeHeadDim, int qkRopeHeadDim, int vHeadDim,
                      boolean naiveCache) {

    public MlaSpec {
        if (qLoraRank < 0 || kvLoraRank < 1 || qkNopeHeadDim < 0 || qkRopeHeadDim < 0 || vHeadDim < 1
                || (long) qkNopeHeadDim + qkRopeHeadDim < 1
                || (long) qkNopeHeadDim + qkRopeHeadDim > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("latent attention needs a positive kv_lora_rank, v_head_dim and "
                    + "query/key head width, and no negative sizes");
        }
    }

    /** Width of one query/key head, {@code nope + rope}. */
    public int qkHeadDim() {
        return qkNopeHeadDim + qkRopeHeadDim;
    }

    /** The same attention with the other cache layout. */
    public MlaSpec withNaiveCache(boolean naive) {
        return new MlaSpec(qLoraRank, kvLoraRank, qkNopeHeadDim, qkRopeHeadDim, vHeadDim, naive);
    }
}
