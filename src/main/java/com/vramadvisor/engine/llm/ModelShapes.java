package com.vramadvisor.engine.llm;

/**
 * Derives a standard decoder from a parameter count alone (what the parameter slider drives).
 *
 * <p>The architecture is Llama-style (Touvron et al. 2023): RMSNorm, SwiGLU feed-forward, rotary positions, no
 * biases, untied embeddings, a 32,000-token vocabulary (Llama 2's), head dimension 128, and grouped-query attention
 * with 8 key/value heads once there are at least 16 query heads (as in Llama 3 and Llama 2 70B; smaller models keep
 * multi-head attention).
 *
 * <p>Shape rules:
 * <ol>
 *   <li>Width {@code h} and depth {@code L} are interpolated log-linearly in the parameter count between published
 *       models (table {@link #ANCHORS}: GPT-3, Brown et al. 2020, Table 2.1; LLaMA 33B, Touvron et al. 2023a,
 *       Table 2; Llama 2 7B/13B/70B, Touvron et al. 2023b; Llama 3.1 405B, Llama 3 paper Table 3; Megatron's
 *       1-trillion-parameter configuration, Narayanan et al. 2021, Table 1). Outside the table the last ratio
 *       {@code h / L} is kept and both scale with the cube root of the count.</li>
 *   <li>{@code h} is rounded to a multiple of 128 (one head); from 16 heads on, to a multiple of 1024 so that the
 *       heads divide into 8 key/value groups.</li>
 *   <li>The FFN width is then solved so that the exact count lands closest to the request, in multiples of 128;
 *       when that width would leave {@code [2h, 4h]} (Llama's SwiGLU uses about {@code 8h/3}), a block is removed
 *       or added and the width solved again.</li>
 * </ol>
 * The result is within 2 % of the requested count from 100 million to 2 trillion parameters (tested), and at
 * Llama 2's sizes it has Llama 2's width, depth and head count (its FFN is wider because GQA frees attention
 * parameters).
 */
public final class ModelShapes {

    /** Llama 2 vocabulary (Touvron et al. 2023b). */
    public static final int VOCAB = 32_000;
    /** Head dimension of Llama-family models. */
    public static final int HEAD_DIM = 128;
    /** Key/value heads of the grouped-query layout (Llama 2 70B, Llama 3). */
    public static final int KV_HEADS = 8;

    /** Published {total parameters, hidden size, layers}. */
    static final double[][] ANCHORS = {
        {125e6, 768, 12},
        {350e6, 1024, 24},
        {760e6, 1536, 24},
        {1.3e9, 2048, 24},
        {2.7e9, 2560, 32},
        {6.74e9, 4096, 32},
        {13.0e9, 5120, 40},
        {32.5e9, 6656, 60},
        {69.0e9, 8192, 80},
        {175e9, 12288, 96},
        {405e9, 16384, 126},
        {1008e9, 25600, 128},
    };

    private static final long MIN_PARAMS = 1_000_000;

    private ModelShapes() {
    }

    /**
     * A Llama-style decoder with about {@code params} parameters.
     *
     * @param params requested total parameters, at least one million
     * @throws IllegalArgumentException for fewer than a million parameters
     */
    public static ModelSpec fromParameterCount(long params) {
        if (params < MIN_PARAMS) {
            throw new IllegalArgumentException("parameter count must be at least " + MIN_PARAMS + ", got " + params);
        }
        double[] shape = interpolate(params);
        int h = roundWidth(shape[0]);
        int layers = Math.max(1, (int) Math.round(shape[1]));
        ModelSpec m = solveFfn(params, h, layers);
        for (int i = 0; i < 1000 && m.ffnSize() < 2 * h && layers > 1; i++) {
            layers--;
            m = solveFfn(params, h, layers);
        }
        for (int i = 0; i < 1000 && m.ffnSize() > 4 * h; i++) {
            layers++;
            m = solveFfn(params, h, layers);
        }
        return m;
    }

    /** {hidden, layers} as doubles, log-linear between anchors, cube-root scaling outside. */
    static double[] interpolate(double params) {
        double[] lo = ANCHORS[0];
        double[] hi = ANCHORS[ANCHORS.length - 1];
        if (params <= lo[0]) {
            double f = Math.cbrt(params / lo[0]);
            return new double[] {lo[1] * f, lo[2] * f};
        }
        if (params >= hi[0]) {
            double f = Math.cbrt(params / hi[0]);
            return new double[] {hi[1] * f, hi[2] * f};
        }
        int i = 0;
        while (ANCHORS[i + 1][0] < params) {
            i++;
        }
        double[] a = ANCHORS[i];
        double[] b = ANCHORS[i + 1];
        double x = Math.log(params / a[0]) / Math.log(b[0] / a[0]);
        return new double[] {a[1] * Math.pow(b[1] / a[1], x), a[2] * Math.pow(b[2] / a[2], x)};
    }

    private static int roundWidth(double h) {
        int w = (int) Math.max(HEAD_DIM, Math.round(h / HEAD_DIM) * HEAD_DIM);
        if (w / HEAD_DIM >= 16) {
            w = (int) Math.max(2048, Math.round(h / 1024) * 1024);
        }
        return w;
    }

    private static ModelSpec solveFfn(long params, int h, int layers) {
        ModelSpec narrow = spec(h, layers, HEAD_DIM);
        ModelSpec wide = spec(h, layers, 2 * HEAD_DIM);
        long a = ParameterCounter.count(narrow).total();
        long perStep = ParameterCounter.count(wide).total() - a;
        long steps = Math.round((double) (params - a) / perStep);
        int ffn = (int) Math.max(HEAD_DIM, Math.min(Integer.MAX_VALUE / 2, (steps + 1) * HEAD_DIM));
        return spec(h, layers, ffn);
    }

    private static ModelSpec spec(int h, int layers, int ffn) {
        int heads = h / HEAD_DIM;
        int kv = heads >= 16 ? KV_HEADS : heads;
        return ModelSpec.builder()
                .id("params-only")
                .name("Llama-style decoder")
                .hiddenSize(h)
                .layers(layers)
                .heads(heads)
                .kvHeads(kv)
                .headDim(HEAD_DIM)
                .ffnSize(ffn)
                .vocabSize(VOCAB)
                // A parameter count says nothing about the trained context: 0 leaves the length unlimited.
                .maxPositions(0)
                .build();
    }
}
