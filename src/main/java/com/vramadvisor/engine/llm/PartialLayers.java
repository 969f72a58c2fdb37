package com.vramadvisor.engine.llm;

/**
 * llama.cpp's split of a model between the GPU and host memory under {@code -ngl N} ({@code --n-gpu-layers}), as
 * {@code llama_model::load_tensors} places it (llama.cpp {@code src/llama-model.cpp}): with {@code L} blocks,
 * blocks {@code i >= max(L - N, 0)} go to the GPU, the output layer (final norm and output matrix) goes to the GPU
 * only when {@code N > L}, and the token table always stays in host memory ("input layer"). The log line
 * "offloaded N/(L+1) layers to GPU" counts the output layer as one. Each block's KV cache lives on its block's device
 * ({@code offload_kqv}, the default), so the GPU holds {@code N/L} of the cache.
 *
 * <p>Weights per block: for llama.cpp's file types each block's matrices at the types {@code llama-quantize} gives
 * them ({@link LlamaCppMix#layerBytes}); other types spread the block bytes evenly. Norms are fp32 in GGUF. A tied
 * output matrix is the token table duplicated onto the output layer's device.
 *
 * <p>Checked against a published log (Tel-Zur, "A GPU-Accelerated RAG-Based Telegram Assistant for Supporting
 * Parallel Processing Students", EduHPC '25, appendix B): Mistral-7B-Instruct-v0.1 Q4_K_M with {@code -ngl 20},
 * {@code n_ctx} 768: "CUDA0 model buffer size = 2495.31 MiB", "CUDA0 KV buffer size = 60.00 MiB", "CPU KV buffer
 * size = 36.00 MiB". The compute buffer (activations of one micro-batch and the logits) stays on the GPU, where
 * llama.cpp also runs large batches of host-resident blocks.
 */
final class PartialLayers {

    private PartialLayers() {
    }

    /**
     * {GPU weight bytes, host weight bytes, fraction of the KV cache on the GPU} for {@code w.offload().gpuLayers()}
     * blocks on the GPU (one GPU: no tensor or pipeline split).
     */
    static double[] split(ModelSpec m, Workload w, StageParams sp) {
        DataType type = w.effectiveWeightType();
        int layers = m.layers();
        int n = w.offload().gpuLayers();
        int gpuBlocks = Math.min(n, layers);
        boolean outputOnGpu = n > layers;
        double table = (double) m.vocabSize() * m.hiddenSize();
        double tokenBytes = table * tokenType(m, type);
        double outputBytes = table * outputType(m, type);
        double vectorBytes = type.isGguf() ? 4 : Bytes.quantized(type) ? 2 : type.bytesPerElement();
        double otherBytes = sp.other * vectorBytes;
        double vocabBytes = m.tiedEmbeddings() ? outputBytes : tokenBytes + outputBytes;
        double blockTotal = Math.max(0, sp.inferenceBytesAs(type) - vocabBytes - otherBytes);
        double[] perBlock = new double[layers];
        if (LlamaCppMix.isFileType(type)) {
            double[] matrices = LlamaCppMix.layerBytes(m, type);
            double sum = 0;
            for (double b : matrices) {
                sum += b;
            }
            double vectorsPerBlock = Math.max(0, blockTotal - sum) / layers;
            for (int i = 0; i < layers; i++) {
                perBlock[i] = matrices[i] + vectorsPerBlock;
            }
        } else {
            java.util.Arrays.fill(perBlock, blockTotal / layers);
        }
        double gpu = 0;
        double host = tokenBytes;
        for (int i = 0; i < layers; i++) {
            if (i >= layers - gpuBlocks) {
                gpu += perBlock[i];
            } else {
                host += perBlock[i];
            }
        }
        double output = outputBytes + otherBytes;
        if (outputOnGpu) {
            gpu += output;
        } else if (!m.tiedEmbeddings()) {
            host += output;
        } else {
            host += otherBytes;
        }
        return new double[] {gpu, host, (double) gpuBlocks / layers};
    }

    /** Bytes per element of the token table stored as {@code type}. */
    private static double tokenType(ModelSpec m, DataType type) {
        if (LlamaCppMix.isFileType(type)) {
            return (m.tiedEmbeddings() ? LlamaCppMix.outputType(m) : LlamaCppMix.tokenType(m, type))
                    .bytesPerElement();
        }
        return vocabBytes(type);
    }

    /** Bytes per element of the output matrix stored as {@code type}. */
    private static double outputType(ModelSpec m, DataType type) {
        return LlamaCppMix.isFileType(type) ? LlamaCppMix.outputType(m).bytesPerElement() : vocabBytes(type);
    }

    private static double vocabBytes(DataType type) {
        return type.isGguf() || !Bytes.quantized(type) ? type.bytesPerElement() : 2;
    }
}
