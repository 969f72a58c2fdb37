package com.vramadvisor.engine.ranking;

import com.vramadvisor.engine.llm.ModelSpec;

/**
 * The models behind the hardware guide's representative workloads, from their official Hugging Face
 * {@code config.json} files. The catalog may hold the same models as presets; the guide keeps its own so that the
 * engine stays free of file reading.
 */
public final class ReferenceModels {

    private ReferenceModels() {
    }

    /**
     * Qwen2.5-0.5B ({@code Qwen/Qwen2.5-0.5B}): hidden 896, 24 layers, 14 query and 2 key/value heads, FFN 4864,
     * vocabulary 151,936, tied embeddings, biases on q/k/v only; 494,032,768 parameters.
     */
    public static ModelSpec qwen25HalfB() {
        return ModelSpec.builder().id("qwen2.5-0.5b").name("Qwen2.5-0.5B").hiddenSize(896).layers(24).heads(14)
                .kvHeads(2).ffnSize(4864).vocabSize(151_936).tiedEmbeddings(true).qkvBias(true).maxPositions(32_768)
                .build();
    }

    /**
     * Llama-2-7B ({@code meta-llama/Llama-2-7b-hf}): hidden 4096, 32 layers, 32 heads (MHA), FFN 11008, vocabulary
     * 32,000, untied; 6,738,415,616 parameters.
     */
    public static ModelSpec llama2_7b() {
        return ModelSpec.builder().id("llama-2-7b").name("Llama-2-7B").hiddenSize(4096).layers(32).heads(32)
                .kvHeads(32).ffnSize(11_008).vocabSize(32_000).maxPositions(4096).build();
    }

    /**
     * Llama-3-8B ({@code meta-llama/Meta-Llama-3-8B}): hidden 4096, 32 layers, 32 query and 8 key/value heads, FFN
     * 14336, vocabulary 128,256, untied; 8,030,261,248 parameters.
     */
    public static ModelSpec llama3_8b() {
        return ModelSpec.builder().id("llama-3-8b").name("Llama-3-8B").hiddenSize(4096).layers(32).heads(32)
                .kvHeads(8).ffnSize(14_336).vocabSize(128_256).maxPositions(8192).build();
    }

    /**
     * Llama-2-70B ({@code meta-llama/Llama-2-70b-hf}): hidden 8192, 80 layers, 64 query and 8 key/value heads, FFN
     * 28672, vocabulary 32,000, untied; 68,976,648,192 parameters.
     */
    public static ModelSpec llama2_70b() {
        return ModelSpec.builder().id("llama-2-70b").name("Llama-2-70B").hiddenSize(8192).layers(80).heads(64)
                .kvHeads(8).ffnSize(28_672).vocabSize(32_000).maxPositions(4096).build();
    }
}
