package com.vramadvisor.engine.llm;

/**
 * Bytes of a model quantised to one of llama.cpp's file types, tensor by tensor as {@code llama-quantize} assigns the
 * types ({@code llama_tensor_get_type_impl} and {@code tensor_type_fallback} in llama.cpp {@code src/llama-quant.cpp},
 * commit 007dbbf3fd17eefe9b47fee45f48f7ba5e62b714). With {@code use_more_bits(i, n) = i < n/8 || i >= 7n/8 ||
 * (i - n/8) % 3 == 2}:
 * <ul>
 *   <li>output head (and a tied token table): Q6_K; Q8_0 when its rows do not split into 256-element blocks.</li>
 *   <li>untied token table, attn_q, attn_k, ffn_gate, ffn_up and the expert and shared-expert matrices: the main
 *       type.</li>
 *   <li>attn_v (latent attention: attn_kv_b): Q4_K_M and Q5_K_M Q6_K where {@code use_more_bits(layer, L)};
 *       Q3_K_M Q5_K in the first two layers, else Q4_K; IQ4_XS Q5_K with four or more query heads per key/value
 *       head; raised to Q5_K from Q3_K/Q4_K in 80-layer (70B) models; Q8_0 in 8-expert models.</li>
 *   <li>attn_k: Q8_0 in 8-expert models.</li>
 *   <li>ffn_down: Q4_K_M and Q5_K_M Q6_K where {@code use_more_bits}; Q3_K_M Q5_K in the first {@code n/16} layers,
 *       else Q4_K; IQ4_XS Q5_K in the first {@code n/8} layers (no importance matrix). {@code n} counts the ffn_down
 *       tensors (an expert layer with a shared expert has two).</li>
 *   <li>attn_output: Q3_K_M Q4_K; Q5_K in 8-expert models for Q3_K_M, Q4_K_M and IQ4_XS.</li>
 *   <li>A tensor whose row length (its input width) is not a multiple of the block size falls back: IQ4_XS to
 *       IQ4_NL, Q3_K to Q4_0, Q4_K to Q5_0, Q5_K to Q5_1, Q6_K to Q8_0, and to F16 when 32 does not divide it
 *       either.</li>
 *   <li>Norms and biases stay F32; the router ({@code ffn_gate_inp}) is not quantised (counted at 16 bits).</li>
 * </ul>
 * Layers are taken as separate q/k/v projections (a fused attn_qkv, as in converted Phi-3, has rules of its own).
 * Llama-3.1-8B comes to 4.91 GB in Q4_K_M, 5.73 GB in Q5_K_M, 6.59 GB in Q6_K, 4.01 GB in Q3_K_M and 4.48 GB in
 * IQ4_XS, against published files of 4.92, 5.73, 6.60, 4.02 and 4.45 GB (the files add their metadata; IQ4_XS files
 * are usually made with an importance matrix, which keeps ffn_down at IQ4_XS).
 */
final class LlamaCppMix {

    private LlamaCppMix() {
    }

    /** Whether {@code type} is a llama.cpp file type sized tensor by tensor here. */
    static boolean isFileType(DataType type) {
        return switch (type) {
            case GGUF_Q3_K_M, GGUF_Q4_K_M, GGUF_Q5_K_M, GGUF_Q6_K, GGUF_IQ4_XS -> true;
            default -> false;
        };
    }

    /** The file type's main tensor type. */
    static DataType mainType(DataType fileType) {
        return switch (fileType) {
            case GGUF_Q3_K_M -> DataType.GGUF_Q3_K;
            case GGUF_Q4_K_M -> DataType.GGUF_Q4_K;
            case GGUF_Q5_K_M -> DataType.GGUF_Q5_K;
            default -> fileType;
        };
    }

    /** Type of the output head (and of a tied token table). */
    static DataType outputType(ModelSpec m) {
        return fallback(DataType.GGUF_Q6_K, m.hiddenSize(), true);
    }

    /** Type of an untied token table. */
    static DataType tokenType(ModelSpec m, DataType fileType) {
        return fallback(mainType(fileType), m.hiddenSize(), false);
    }

    /**
     * Bytes per block-matrix element of the whole model in {@code fileType}: the sum over every block's matrices of
     * elements times their type's bytes, divided by the elements (the same matrices {@link StageParams} counts as
     * block matrices, router included).
     */
    static double blockBytesPerElement(ModelSpec m, DataType fileType) {
        double[][] layers = layers(m, fileType);
        double bytes = 0;
        double elements = 0;
        for (double[] layer : layers) {
            bytes += layer[0];
            elements += layer[1];
        }
        return elements == 0 ? mainType(fileType).bytesPerElement() : bytes / elements;
    }

    /**
     * Bytes of each block's matrices in {@code fileType}, block 0 first (router included, norms not): what
     * llama.cpp's {@code -ngl} moves to the GPU block by block ({@link PartialLayers}).
     */
    static double[] layerBytes(ModelSpec m, DataType fileType) {
        double[][] layers = layers(m, fileType);
        double[] bytes = new double[layers.length];
        for (int i = 0; i < layers.length; i++) {
            bytes[i] = layers[i][0];
        }
        return bytes;
    }

    /** {bytes, elements} of each block's matrices. */
    private static double[][] layers(ModelSpec m, DataType fileType) {
        int layers = m.layers();
        double[][] out = new double[layers][];
        int dense = m.isMoe() ? m.moe().denseLayers() : layers;
        int experts = m.isMoe() ? m.moe().experts() : 0;
        int downTensors = dense + (layers - dense) * (m.isMoe() && m.moe().sharedExpertFfnSize() > 0 ? 2 : 1);
        int downIndex = 0;
        for (int i = 0; i < layers; i++) {
            double[] acc = new double[2];
            out[i] = acc;
            attention(acc, m, fileType, i, experts);
            boolean moeLayer = i >= dense;
            if (!moeLayer) {
                ffn(acc, m, fileType, 1, m.ffnSize(), experts > 1 ? i : downIndex, experts > 1 ? downTensors : layers);
                downIndex++;
                continue;
            }
            MoeSpec moe = m.moe();
            ffn(acc, m, fileType, moe.experts(), moe.expertFfnSize(), i, downTensors);
            if (moe.sharedExpertFfnSize() > 0) {
                ffn(acc, m, fileType, 1, moe.sharedExpertFfnSize(), i, downTensors);
            }
            double router = (double) m.hiddenSize() * moe.experts() + (moe.sharedExpertGate() ? m.hiddenSize() : 0);
            acc[0] += router * 2;
            acc[1] += router;
        }
        return out;
    }

    private static void attention(double[] acc, ModelSpec m, DataType ft, int layer, int experts) {
        DataType main = mainType(ft);
        long h = m.hiddenSize();
        DataType v = valueType(m, ft, layer, experts);
        DataType out = main;
        if (ft == DataType.GGUF_Q3_K_M) {
            out = DataType.GGUF_Q4_K;
        }
        if (experts == 8 && (ft == DataType.GGUF_Q3_K_M || ft == DataType.GGUF_Q4_K_M || ft == DataType.GGUF_IQ4_XS)) {
            out = DataType.GGUF_Q5_K;
        }
        if (m.isMla()) {
            MlaSpec a = m.mla();
            long n = m.heads();
            if (a.qLoraRank() > 0) {
                add(acc, h * a.qLoraRank(), main, h);
                add(acc, (long) a.qLoraRank() * n * a.qkHeadDim(), main, a.qLoraRank());
            } else {
                add(acc, h * n * a.qkHeadDim(), main, h);
            }
            add(acc, h * (a.kvLoraRank() + a.qkRopeHeadDim()), main, h);
            add(acc, (long) a.kvLoraRank() * n * (a.qkNopeHeadDim() + a.vHeadDim()), v, a.kvLoraRank());
            add(acc, n * a.vHeadDim() * h, out, n * a.vHeadDim());
            return;
        }
        DataType k = experts == 8 ? DataType.GGUF_Q8_0 : main;
        add(acc, h * m.queryWidth(), main, h);
        add(acc, h * m.kvWidth(), k, h);
        add(acc, h * m.kvWidth(), v, h);
        add(acc, m.queryWidth() * h, out, m.queryWidth());
    }

    private static DataType valueType(ModelSpec m, DataType ft, int layer, int experts) {
        DataType t = mainType(ft);
        int layers = m.layers();
        if (ft == DataType.GGUF_Q3_K_M) {
            t = layer < 2 ? DataType.GGUF_Q5_K : DataType.GGUF_Q4_K;
        } else if (ft == DataType.GGUF_IQ4_XS && m.heads() / m.kvHeads() >= 4) {
            t = DataType.GGUF_Q5_K;
        } else if ((ft == DataType.GGUF_Q4_K_M || ft == DataType.GGUF_Q5_K_M) && moreBits(layer, layers)) {
            t = DataType.GGUF_Q6_K;
        }
        if (layers == 80 && (t == DataType.GGUF_Q3_K || t == DataType.GGUF_Q4_K)) {
            t = DataType.GGUF_Q5_K;
        }
        return experts == 8 ? DataType.GGUF_Q8_0 : t;
    }

    /** Gate (when gated), up and down of {@code copies} feed-forward blocks of width {@code ffn}. */
    private static void ffn(double[] acc, ModelSpec m, DataType ft, int copies, long ffn, int downIndex,
                            int downCount) {
        DataType main = mainType(ft);
        long h = m.hiddenSize();
        int inputs = m.mlp() == MlpKind.GATED ? 2 : 1;
        add(acc, (long) copies * inputs * h * ffn, main, h);
        DataType down = main;
        if (ft == DataType.GGUF_Q3_K_M) {
            down = downIndex < downCount / 16 ? DataType.GGUF_Q5_K : DataType.GGUF_Q4_K;
        } else if ((ft == DataType.GGUF_Q4_K_M || ft == DataType.GGUF_Q5_K_M) && moreBits(downIndex, downCount)) {
            down = DataType.GGUF_Q6_K;
        } else if (ft == DataType.GGUF_IQ4_XS && downIndex < downCount / 8) {
            down = DataType.GGUF_Q5_K;
        }
        add(acc, (long) copies * ffn * h, down, ffn);
    }

    /** llama.cpp's {@code use_more_bits}. */
    static boolean moreBits(int i, int n) {
        return i < n / 8 || i >= 7 * n / 8 || (i - n / 8) % 3 == 2;
    }

    private static void add(double[] acc, double elements, DataType type, long rowLength) {
        acc[0] += elements * fallback(type, rowLength, false).bytesPerElement();
        acc[1] += elements;
    }

    /** {@code tensor_type_fallback}: the type a row of {@code rowLength} elements can be stored in. */
    static DataType fallback(DataType type, long rowLength, boolean output) {
        int block = blockSize(type);
        if (rowLength % block == 0) {
            return type;
        }
        if (output) {
            return rowLength % 32 == 0 ? DataType.GGUF_Q8_0 : DataType.FP16;
        }
        DataType next = switch (type) {
            case GGUF_IQ4_XS -> DataType.GGUF_IQ4_NL;
            case GGUF_Q3_K -> DataType.GGUF_Q4_0;
            case GGUF_Q4_K -> DataType.GGUF_Q5_0;
            case GGUF_Q5_K -> DataType.GGUF_Q5_1;
            case GGUF_Q6_K -> DataType.GGUF_Q8_0;
            default -> type;
        };
        return rowLength % blockSize(next) == 0 ? next : DataType.FP16;
    }

    private static int blockSize(DataType type) {
        return switch (type) {
            case GGUF_Q2_K, GGUF_Q3_K, GGUF_Q4_K, GGUF_Q5_K, GGUF_Q6_K, GGUF_IQ4_XS -> 256;
            case FP16, BF16, FP32 -> 1;
            default -> 32;
        };
    }
}
