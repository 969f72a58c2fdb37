package com.vramadvisor.engine.llm;

/**
 * Architectures of public models, built from the values in their official Hugging Face {@code config.json} files
 * (repository named on each method; the keys are given where they are not obvious).
 */
final class PublicModels {

    private PublicModels() {
    }

    /** openai-community/gpt2: n_embd 768, n_layer 12, n_head 12, n_positions 1024, vocab_size 50257, n_inner null. */
    static ModelSpec gpt2() {
        return ModelSpec.builder().id("gpt2").hiddenSize(768).layers(12).heads(12).ffnSize(4 * 768)
                .mlp(MlpKind.GELU).norm(NormKind.LAYERNORM).biases(true).position(PositionKind.LEARNED)
                .maxPositions(1024).vocabSize(50257).tiedEmbeddings(true).build();
    }

    /**
     * google-bert/bert-base-uncased as {@code BertModel}: hidden_size 768, num_hidden_layers 12,
     * num_attention_heads 12, intermediate_size 3072, max_position_embeddings 512, type_vocab_size 2,
     * vocab_size 30522; post-LN with an embedding LayerNorm, no final norm, with pooler, no head.
     */
    static ModelSpec bertBase() {
        return ModelSpec.builder().id("bert-base").arch(ArchitectureKind.ENCODER).hiddenSize(768).layers(12)
                .heads(12).ffnSize(3072).mlp(MlpKind.GELU).norm(NormKind.LAYERNORM).biases(true)
                .position(PositionKind.LEARNED).maxPositions(512).tokenTypes(2).vocabSize(30522)
                .tiedEmbeddings(true).embeddingNorm(true).finalNorm(false).pooler(true).head(HeadKind.NONE).build();
    }

    /** meta-llama/Llama-2-7b-hf: hidden 4096, intermediate 11008, 32 heads, 32 kv heads, 32 layers, vocab 32000. */
    static ModelSpec llama2_7b() {
        return llama("llama-2-7b", 4096, 11008, 32, 32, 32, 32000, 4096);
    }

    /** meta-llama/Llama-2-13b-hf: hidden 5120, intermediate 13824, 40 heads, 40 layers, vocab 32000. */
    static ModelSpec llama2_13b() {
        return llama("llama-2-13b", 5120, 13824, 40, 40, 40, 32000, 4096);
    }

    /** meta-llama/Llama-2-70b-hf: hidden 8192, intermediate 28672, 64 heads, 8 kv heads, 80 layers, vocab 32000. */
    static ModelSpec llama2_70b() {
        return llama("llama-2-70b", 8192, 28672, 64, 8, 80, 32000, 4096);
    }

    /** huggyllama/llama-65b (LLaMA 65B): hidden 8192, intermediate 22016, 64 heads, 80 layers, vocab 32000. */
    static ModelSpec llama65b() {
        return llama("llama-65b", 8192, 22016, 64, 64, 80, 32000, 2048);
    }

    /**
     * meta-llama/Meta-Llama-3-8B: hidden 4096, intermediate 14336, 32 heads, 8 kv heads, 32 layers,
     * vocab 128256, max_position_embeddings 8192.
     */
    static ModelSpec llama3_8b() {
        return llama("llama-3-8b", 4096, 14336, 32, 8, 32, 128256, 8192);
    }

    /** mistralai/Mistral-7B-v0.1: as Llama with vocab 32000, 8 kv heads, intermediate 14336, sliding_window 4096. */
    static ModelSpec mistral7b() {
        return llama("mistral-7b", 4096, 14336, 32, 8, 32, 32000, 32768).toBuilder().slidingWindow(4096).build();
    }

    /** mistralai/Mixtral-8x7B-v0.1: num_local_experts 8, num_experts_per_tok 2, intermediate 14336. */
    static ModelSpec mixtral8x7b() {
        return llama("mixtral-8x7b", 4096, 14336, 32, 8, 32, 32000, 32768).toBuilder()
                .moe(MoeSpec.topK(8, 2, 14336)).build();
    }

    /**
     * google/gemma-7b: hidden 3072, intermediate 24576, 16 heads, 16 kv heads, head_dim 256, 28 layers,
     * vocab 256000, tied embeddings, GeGLU.
     */
    static ModelSpec gemma7b() {
        return ModelSpec.builder().id("gemma-7b").hiddenSize(3072).layers(28).heads(16).kvHeads(16).headDim(256)
                .ffnSize(24576).vocabSize(256000).tiedEmbeddings(true).maxPositions(8192).build();
    }

    /**
     * tiiuae/falcon-7b: hidden_size 4544, n_head 71, n_layer 32, multi_query true, parallel_attn true, bias false,
     * vocab 65024, one input LayerNorm per block (new_decoder_architecture false), FFN 4h, tied head.
     */
    static ModelSpec falcon7b() {
        return ModelSpec.builder().id("falcon-7b").hiddenSize(4544).layers(32).heads(71).kvHeads(1).headDim(64)
                .ffnSize(4 * 4544).mlp(MlpKind.GELU).norm(NormKind.LAYERNORM).normsPerLayer(1)
                .parallelBlock(true).vocabSize(65024).tiedEmbeddings(true).maxPositions(2048).build();
    }

    /**
     * Qwen/Qwen2.5-7B: hidden 3584, intermediate 18944, 28 heads, 4 kv heads, 28 layers, vocab 152064, untied,
     * q/k/v biases and no output bias (modeling_qwen2.py).
     */
    static ModelSpec qwen25_7b() {
        return llama("qwen2.5-7b", 3584, 18944, 28, 4, 28, 152064, 131072).toBuilder().qkvBias(true).build();
    }

    /** microsoft/Phi-3-mini-4k-instruct: hidden 3072, intermediate 8192, 32 heads, 32 layers, vocab 32064. */
    static ModelSpec phi3mini() {
        return llama("phi-3-mini", 3072, 8192, 32, 32, 32, 32064, 4096);
    }

    /**
     * facebook/opt-1.3b: hidden 2048, ffn_dim 8192, 32 heads, 24 layers, vocab 50272, max_position_embeddings
     * 2048 (the learned table has 2 extra rows: OPTLearnedPositionalEmbedding offset 2), ReLU, tied, pre-LN.
     */
    static ModelSpec opt1_3b() {
        return ModelSpec.builder().id("opt-1.3b").hiddenSize(2048).layers(24).heads(32).ffnSize(8192)
                .mlp(MlpKind.GELU).norm(NormKind.LAYERNORM).biases(true).position(PositionKind.LEARNED)
                .maxPositions(2048).positionTableSize(2050).vocabSize(50272).tiedEmbeddings(true).build();
    }

    /**
     * EleutherAI/pythia (GPT-NeoX): vocab 50304, untied embed_out, parallel residual with two LayerNorms, biases,
     * rotary, intermediate 4h.
     */
    static ModelSpec pythia(int hidden, int layers, int heads) {
        return ModelSpec.builder().id("pythia").hiddenSize(hidden).layers(layers).heads(heads).ffnSize(4 * hidden)
                .mlp(MlpKind.GELU).norm(NormKind.LAYERNORM).biases(true).parallelBlock(true).vocabSize(50304)
                .maxPositions(2048).build();
    }

    /**
     * deepseek-ai/deepseek-moe-16b-base: hidden 2048, intermediate 10944 (the dense first layer),
     * moe_intermediate_size 1408, 16 heads, 28 layers, n_routed_experts 64, n_shared_experts 2,
     * num_experts_per_tok 6, first_k_dense_replace 1, vocab 102400, untied.
     */
    static ModelSpec deepseekMoe16b() {
        return llama("deepseek-moe-16b", 2048, 10944, 16, 16, 28, 102400, 4096).toBuilder()
                .moe(new MoeSpec(64, 6, 1408, 2 * 1408, false, 1)).build();
    }

    static ModelSpec llama(String id, int hidden, int ffn, int heads, int kvHeads, int layers, int vocab,
                           int maxPositions) {
        return ModelSpec.builder().id(id).hiddenSize(hidden).ffnSize(ffn).heads(heads).kvHeads(kvHeads)
                .layers(layers).vocabSize(vocab).maxPositions(maxPositions).build();
    }

    /**
     * A GPT-style model in Korthikanti et al. 2022's setting: LayerNorm, GELU with f = 4h, multi-head attention,
     * learned positions, biases. Width, depth and heads as given.
     */
    static ModelSpec gptStyle(int hidden, int layers, int heads, int vocab) {
        return ModelSpec.builder().id("gpt").hiddenSize(hidden).layers(layers).heads(heads).ffnSize(4 * hidden)
                .mlp(MlpKind.GELU).norm(NormKind.LAYERNORM).biases(true).position(PositionKind.LEARNED)
                .maxPositions(2048).vocabSize(vocab).tiedEmbeddings(true).build();
    }
}
