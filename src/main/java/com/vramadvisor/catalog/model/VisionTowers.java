package com.vramadvisor.catalog.model;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * Parameters of the vision towers of vision-language models, from the {@code vision_config} of their
 * {@code config.json}, plus the projector into the language model. Module shapes are those of Transformers:
 * <ul>
 *   <li>SigLIP ({@code modeling_siglip.py}, Gemma 3): patch convolution {@code 3 p^2 h + h}, position table
 *       {@code (image/p)^2 x h}, per layer q/k/v/o with biases {@code 4(h^2 + h)}, two LayerNorms {@code 4h}, MLP
 *       {@code 2hf + f + h}; a final LayerNorm {@code 2h}; Gemma 3's projector {@code h x text_h} and an RMSNorm
 *       {@code h} ({@code Gemma3MultiModalProjector}). SigLIP so400m at 896 pixels: 416,866,032, the "417M" of
 *       the Gemma 3 report's Table 1.</li>
 *   <li>Llama 4 ({@code modeling_llama4.py}): unfolded patch projection {@code 3 p^2 h} without bias, class token
 *       {@code h}, position table {@code ((image/p)^2 + 1) x h}, pre and post LayerNorms, layers as SigLIP's, the
 *       pixel-shuffle MLP {@code f x projector_input_dim + projector_output_dim^2} and the projector
 *       {@code vision_output_dim x text_h}, no biases.</li>
 *   <li>Qwen2.5-VL ({@code modeling_qwen2_5_vl.py}): 3-D patch convolution {@code 3 x 2 x p^2 x h} without bias, per
 *       block two RMSNorms {@code 2h}, fused qkv {@code 3h^2 + 3h}, output {@code h^2 + h}, gated MLP with biases
 *       {@code 3hf + 2f + h}; the patch merger: RMSNorm {@code h}, {@code 4h x 4h} and {@code 4h x out} with
 *       biases. With Qwen2.5-7B's text model, Qwen2.5-VL-7B totals 8.29B, as its model page lists.</li>
 *   <li>Mllama (Llama 3.2 Vision, {@code modeling_mllama.py}): patch convolution without bias, class token, the
 *       gated position table and its tile-position variant ({@code 9} aspect ratios {@code x tiles x positions x h}),
 *       pre- and post-tile embeddings, {@code num_hidden_layers} local and {@code num_global_layers} gated global
 *       layers without attention biases, and the projector {@code vision_output_dim x text_h} with bias.</li>
 * </ul>
 */
final class VisionTowers {

    private VisionTowers() {
    }

    /** SigLIP tower of Gemma 3 with its projector into a text model of width {@code textHidden}. */
    static long gemma3(ConfigFields v, int textHidden) throws ModelImportException {
        long h = dim(v, 1152, "hidden_size");
        long f = dim(v, 4304, "intermediate_size");
        long layers = layers(v, 27);
        long p = dim(v, 14, "patch_size");
        long positions = sq(dim(v, 896, "image_size") / p);
        long layer = 4 * (h * h + h) + 4 * h + 2 * h * f + f + h;
        long tower = 3 * p * p * h + h + positions * h + layers * layer + 2 * h;
        if (v.boolOr(false, "vision_use_head")) {
            tower += h + 4 * (h * h + h) + 2 * h + 2 * h * f + f + h;
        }
        return tower + h * textHidden + h;
    }

    /** Llama 4's vision tower, pixel-shuffle adapter and projector. */
    static long llama4(ConfigFields v, int textHidden) throws ModelImportException {
        long h = dim(v, 768, "hidden_size");
        long f = dim(v, 3072, "intermediate_size");
        long layers = layers(v, 34);
        long p = dim(v, 14, "patch_size");
        long positions = sq(dim(v, 448, "image_size") / p) + 1;
        long layer = 4 * (h * h + h) + 4 * h + 2 * h * f + f + h;
        long tower = 3 * p * p * h + h + positions * h + 4 * h + layers * layer;
        long adapterOut = dim(v, 4096, "projector_output_dim");
        long adapter = f * dim(v, 4096, "projector_input_dim") + adapterOut * adapterOut;
        return tower + adapter + (long) dim(v, 4096, "vision_output_dim") * textHidden;
    }

    /** Qwen2.5-VL's vision tower and patch merger (the merger's output width is the text width). */
    static long qwen25vl(ConfigFields v) throws ModelImportException {
        long h = dim(v, 1280, "hidden_size");
        long f = dim(v, 3420, "intermediate_size");
        long layers = layers(v, 32, "depth");
        long p = dim(v, 14, "patch_size");
        long t = dim(v, 2, "temporal_patch_size");
        long merge = dim(v, 2, "spatial_merge_size");
        long out = dim(v, 3584, "out_hidden_size");
        long block = 2 * h + 3 * h * h + 3 * h + h * h + h + 3 * h * f + 2 * f + h;
        long c = h * merge * merge;
        return 3 * t * p * p * h + layers * block + h + c * c + c + c * out + out;
    }

    /** Llama 3.2 Vision's tower and projector. */
    static long mllama(ConfigFields v, int textHidden) throws ModelImportException {
        long h = dim(v, 1280, "hidden_size");
        long f = dim(v, 5120, "intermediate_size");
        long local = layers(v, 32);
        long global = layers(v, 8, "num_global_layers");
        long p = dim(v, 14, "patch_size");
        long tiles = dim(v, 4, "max_num_tiles");
        long ratios = 9;
        long positions = sq(dim(v, 560, "image_size") / p) + 1;
        long layer = 4 * h * h + 2 * h * f + f + h + 4 * h;
        long tower = 3 * p * p * h + h + positions * h + ratios * tiles * positions * h + 1
                + 2 * (ratios * tiles * h + 1)
                + 4 * h + local * layer + global * (layer + 2);
        long out = dim(v, 7680, "vision_output_dim");
        return tower + out * textHidden + textHidden;
    }

    /** A width or size from {@code vision_config}, between 1 and a million. */
    private static long dim(ConfigFields v, int fallback, String name) throws ModelImportException {
        int value = v.intOr(fallback, name);
        if (value < 1 || value > 1_000_000) {
            throw v.error("vision_config field '" + name + "' must be between 1 and 1000000, got " + value);
        }
        return value;
    }

    private static long layers(ConfigFields v, int fallback, String... names) throws ModelImportException {
        String[] n = names.length == 0 ? new String[] {"num_hidden_layers"} : names;
        int layers = v.intOr(fallback, n);
        if (layers < 0 || layers > 10_000) {
            throw v.error("vision_config field '" + n[0] + "' must be between 0 and 10000, got " + layers);
        }
        return layers;
    }

    private static long sq(long x) {
        if (x < 0 || x > 100_000) {
            return 0;
        }
        return x * x;
    }

    /** The {@code vision_config} object of {@code root}, or {@code null}. */
    static JsonNode visionConfig(JsonNode root) {
        JsonNode v = root.get("vision_config");
        return v != null && v.isObject() ? v : null;
    }
}
