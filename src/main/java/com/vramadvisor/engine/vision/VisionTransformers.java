package com.vramadvisor.engine.vision;

import com.vramadvisor.engine.vision.LayerGraph.Tensor;

/**
 * Vision transformers (Dosovitskiy et al. 2020, arXiv:2010.11929) written op by op after torchvision's
 * {@code vision_transformer.py}: a {@code patch x patch} convolution, a class token, learned position embeddings
 * (one per token at the built resolution), pre-norm encoder blocks with {@code nn.MultiheadAttention} and a GELU MLP,
 * dropout 0, a final LayerNorm and a linear head on the class token.
 */
final class VisionTransformers {

    private VisionTransformers() {
    }

    /**
     * @param layers  encoder blocks (12 for ViT-B, 24 for ViT-L)
     * @param hidden  embedding width E (768, 1024)
     * @param heads   attention heads (12, 16)
     * @param mlp     MLP width (3072, 4096)
     * @param patch   patch side (16)
     * @param sdpa    attention through {@code scaled_dot_product_attention} (PyTorch 2 with
     *                {@code need_weights=False}, what torchvision's encoder block asks for); otherwise the eager
     *                path (scores and softmax materialised)
     */
    static void vit(LayerGraph g, Tensor image, int layers, long hidden, long heads, long mlp, int patch,
                    boolean sdpa) {
        Tensor p = g.conv("conv_proj", image, hidden, patch, patch, 0, 1, true);
        long tokens = p.h() * p.w() + 1;
        // torch.cat with the float32 class token: autocast's promote list gives float32.
        Tensor x = g.copy("cat_class_token", p, hidden, tokens, 1, true, hidden);
        x = g.copy("pos_embedding", x, hidden, tokens, 1, true, tokens * hidden);
        for (int i = 0; i < layers; i++) {
            String n = "encoder.layers.encoder_layer_" + i + ".";
            g.beginBlock(x);
            Tensor h = g.layerNorm(n + "ln_1", x);
            Tensor a = attention(g, n + "self_attention.", h, heads, sdpa);
            Tensor y = g.add(n + "add_1", a, x);
            h = g.layerNorm(n + "ln_2", y);
            h = g.linear(n + "mlp.0", h, mlp, true);
            h = g.savesInput(n + "mlp.1", h);
            h = g.linear(n + "mlp.3", h, hidden, true);
            x = g.add(n + "add_2", h, y);
            g.endBlock();
        }
        x = g.layerNorm("encoder.ln", x);
        // heads(x[:, 0]): in float32 the linear keeps the view, whose storage is the whole LayerNorm output; under
        // autocast it keeps a 16-bit copy of the class token only.
        if (g.autocast()) {
            g.raw("head_input", hidden * 2);
        } else {
            g.save(x);
        }
        Tensor cls = g.copy("class_token", x, hidden, 1, 1, x.fp32(), 0);
        g.addLinearParams(hidden * 1000, 1000);
        g.raw("logsoftmax", 1000 * 4);
        g.raw("label", 8);
        g.copy("heads.head", cls, 1000, 1, 1, false, 0);
    }

    /**
     * {@code F.multi_head_attention_forward} as of PyTorch 2: one packed in-projection, made contiguous as a
     * {@code 3 x E} tensor that q, k and v view; then either SDPA (keeps q, k, v, its output and a float32
     * log-sum-exp per head and token) or the eager path ({@code q * scale}, {@code bmm}, softmax kept in float32,
     * its 16-bit copy under autocast, {@code bmm} with v); the heads made contiguous again for the out-projection.
     */
    private static Tensor attention(LayerGraph g, String n, Tensor h, long heads, boolean sdpa) {
        long e = h.c();
        long s = h.h();
        Tensor proj = g.linear(n + "in_proj", h, 3 * e, true);
        // QK^T and AV over all heads: 2 x s x s x e FLOPs each.
        g.matmulFlops(4 * s * s * e);
        Tensor qkv = g.copy(n + "qkv_contiguous", proj, 3 * e, s, 1, false, 0);
        g.save(qkv);
        Tensor out;
        if (sdpa) {
            out = g.copy(n + "sdpa", qkv, e, s, 1, false, 0);
            g.save(out);
            g.raw(n + "logsumexp", heads * s * 4);
        } else {
            Tensor q = g.copy(n + "q_scaled", qkv, e, s, 1, false, 0);
            g.save(q);
            g.raw(n + "softmax", heads * s * s * 4);
            if (g.autocast()) {
                g.raw(n + "softmax_16bit", heads * s * s * 2);
            }
            Tensor scores = g.copy(n + "scores", q, heads * s, s, 1, true, 0);
            out = g.copy(n + "bmm_v", scores, e, s, 1, false, 0);
        }
        Tensor merged = g.copy(n + "heads_contiguous", out, e, s, 1, false, 0);
        return g.linear(n + "out_proj", merged, e, true);
    }
}
