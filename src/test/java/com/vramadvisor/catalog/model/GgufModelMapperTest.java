package com.vramadvisor.catalog.model;

import com.vramadvisor.engine.llm.ArchitectureKind;
import com.vramadvisor.engine.llm.DataType;
import com.vramadvisor.engine.llm.HeadKind;
import com.vramadvisor.engine.llm.MlpKind;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.MoeSpec;
import com.vramadvisor.engine.llm.NormKind;
import com.vramadvisor.engine.llm.PositionKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Model descriptions from GGUF headers written with llama.cpp's key and tensor names ({@code llama-arch.cpp}); the
 * layouts follow real files scaled down (a Q4_0 gemma-2b as ollama lists it: {@code token_embd} Q8_0, block matrices
 * Q4_0, norms F32).
 */
class GgufModelMapperTest {

    private static final long F32 = 0;
    private static final long Q4_0 = 2;
    private static final long Q8_0 = 8;
    private static final long Q4_K = 12;
    private static final long Q6_K = 14;

    @TempDir
    Path dir;

    private TinyGguf llama() {
        return TinyGguf.tinyLlamaQ4km();
    }

    @Test
    void aLlamaHeaderGivesTheArchitectureAndExactQuantizedBytes() throws Exception {
        ImportedModel imported = ModelImporter.importPath(llama().write(dir.resolve("tiny-llama-Q4_K_M.gguf")));
        ModelSpec m = imported.spec().orElseThrow();
        assertThat(imported.kind()).isEqualTo(SourceKind.GGUF);
        assertThat(imported.architecture()).isEqualTo("llama");
        assertThat(m.id()).isEqualTo("tiny-llama");
        assertThat(m.arch()).isEqualTo(ArchitectureKind.DECODER);
        assertThat(m.hiddenSize()).isEqualTo(256);
        assertThat(m.layers()).isEqualTo(2);
        assertThat(m.heads()).isEqualTo(4);
        assertThat(m.kvHeads()).isEqualTo(2);
        assertThat(m.headDim()).isEqualTo(64);
        assertThat(m.ffnSize()).isEqualTo(512);
        assertThat(m.mlp()).isEqualTo(MlpKind.GATED);
        assertThat(m.vocabSize()).as("tokenizer.ggml.tokens length").isEqualTo(100);
        assertThat(m.tiedEmbeddings()).isFalse();
        assertThat(m.norm()).isEqualTo(NormKind.RMSNORM);
        assertThat(m.normsPerLayer()).isEqualTo(2);
        assertThat(m.finalNorm()).isTrue();
        assertThat(m.position()).isEqualTo(PositionKind.ROTARY);
        assertThat(m.maxPositions()).isEqualTo(256);
        assertThat(m.head()).isEqualTo(HeadKind.LM);
        assertThat(m.qkvBias() || m.outBias() || m.mlpBias()).isFalse();

        WeightInventory w = imported.weights().orElseThrow();
        // Per block: Q4_K 36864 + 18432 + 36864 + 73728 + 73728 = 239616 bytes of 65536 + 32768 + 65536 + 131072
        // + 131072 = 425984 elements; Q6_K 26880 + 107520 = 134400 bytes of 32768 + 131072 = 163840 elements.
        assertThat(w.byDtype().get("Q4_K")).isEqualTo(new DtypeTotal("Q4_K", 10, 2 * 425_984, 2 * 239_616));
        assertThat(w.byDtype().get("Q6_K")).isEqualTo(new DtypeTotal("Q6_K", 5, 2 * 163_840 + 25_600,
                2 * 134_400 + 21_000));
        assertThat(w.byDtype().get("Q8_0")).isEqualTo(new DtypeTotal("Q8_0", 1, 25_600, 27_200));
        assertThat(w.byDtype().get("F32")).isEqualTo(new DtypeTotal("F32", 5, 5 * 256, 5 * 1024));
        assertThat(w.bytes()).isEqualTo(2 * 239_616 + 2 * 134_400 + 21_000 + 27_200 + 5 * 1024);
        assertThat(w.parameters()).hasValue(2 * 425_984 + 2 * 163_840 + 25_600 + 25_600 + 5 * 256);
        // general.file_type 15 is llama.cpp's LLAMA_FTYPE_MOSTLY_Q4_K_M: sized tensor by tensor as Q4_K_M.
        assertThat(imported.weightStorageType()).contains(DataType.GGUF_Q4_K_M);
    }

    @Test
    void aMissingOutputTensorMeansTiedEmbeddingsAndKeyLengthSetsTheHeadDim() throws Exception {
        // gemma layout: head_count 8, head_count_kv 1, key_length 256 > embedding_length / head_count, no output.
        Path file = new TinyGguf()
                .string("general.architecture", "gemma")
                .u32("gemma.embedding_length", 64).u32("gemma.block_count", 1).u32("gemma.feed_forward_length", 256)
                .u32("gemma.attention.head_count", 8).u32("gemma.attention.head_count_kv", 1)
                .u32("gemma.attention.key_length", 256).u32("gemma.context_length", 8192)
                .f32("gemma.rope.freq_base", 10000f)
                .tensor("token_embd.weight", Q8_0, 34 * 2 * 40, 64, 40)
                .tensor("blk.0.attn_norm.weight", F32, 256, 64)
                .tensor("blk.0.ffn_gate.weight", Q4_0, 18 * 2 * 256, 64, 256)
                .tensor("blk.0.ffn_norm.weight", F32, 256, 64)
                .tensor("output_norm.weight", F32, 256, 64)
                .write(dir.resolve("gemma.gguf"));
        ModelSpec m = ModelImporter.importPath(file).spec().orElseThrow();
        assertThat(m.tiedEmbeddings()).isTrue();
        assertThat(m.headDim()).isEqualTo(256);
        assertThat(m.queryWidth()).isEqualTo(2048);
        assertThat(m.kvHeads()).isEqualTo(1);
        assertThat(m.vocabSize()).as("token_embd.weight ne[1] without a tokenizer").isEqualTo(40);
        assertThat(m.position()).isEqualTo(PositionKind.ROTARY);
    }

    @Test
    void aGpt2HeaderHasLearnedPositionsLayerNormsAndBiases() throws Exception {
        Path file = new TinyGguf()
                .string("general.architecture", "gpt2")
                .u32("gpt2.embedding_length", 32).u32("gpt2.block_count", 1).u32("gpt2.feed_forward_length", 128)
                .u32("gpt2.attention.head_count", 4).u32("gpt2.context_length", 64)
                .tensor("token_embd.weight", F32, 4 * 32 * 50, 32, 50)
                .tensor("position_embd.weight", F32, 4 * 32 * 64, 32, 64)
                .tensor("blk.0.attn_norm.weight", F32, 128, 32).tensor("blk.0.attn_norm.bias", F32, 128, 32)
                .tensor("blk.0.attn_qkv.weight", F32, 4 * 32 * 96, 32, 96).tensor("blk.0.attn_qkv.bias", F32, 384, 96)
                .tensor("blk.0.attn_output.weight", F32, 4 * 32 * 32, 32, 32)
                .tensor("blk.0.attn_output.bias", F32, 128, 32)
                .tensor("blk.0.ffn_norm.weight", F32, 128, 32).tensor("blk.0.ffn_norm.bias", F32, 128, 32)
                .tensor("blk.0.ffn_up.weight", F32, 4 * 32 * 128, 32, 128).tensor("blk.0.ffn_up.bias", F32, 512, 128)
                .tensor("blk.0.ffn_down.weight", F32, 4 * 128 * 32, 128, 32)
                .tensor("blk.0.ffn_down.bias", F32, 128, 32)
                .tensor("output_norm.weight", F32, 128, 32).tensor("output_norm.bias", F32, 128, 32)
                .write(dir.resolve("gpt2.gguf"));
        ModelSpec m = ModelImporter.importPath(file).spec().orElseThrow();
        assertThat(m.position()).isEqualTo(PositionKind.LEARNED);
        assertThat(m.positionTableSize()).isEqualTo(64);
        assertThat(m.norm()).isEqualTo(NormKind.LAYERNORM);
        assertThat(m.normsPerLayer()).isEqualTo(2);
        assertThat(m.mlp()).isEqualTo(MlpKind.GELU);
        assertThat(m.qkvBias() && m.outBias() && m.mlpBias()).isTrue();
        assertThat(m.tiedEmbeddings()).isTrue();
        assertThat(m.vocabSize()).isEqualTo(50);
    }

    @Test
    void aBertHeaderIsAnEncoderWithoutHeadWithTokenTypesAndAnEmbeddingNorm() throws Exception {
        Path file = new TinyGguf()
                .string("general.architecture", "bert")
                .u32("bert.embedding_length", 32).u32("bert.block_count", 1).u32("bert.feed_forward_length", 64)
                .u32("bert.attention.head_count", 2).u32("bert.context_length", 512)
                .bool("bert.attention.causal", false)
                .tensor("token_embd.weight", F32, 4 * 32 * 30, 32, 30)
                .tensor("token_types.weight", F32, 4 * 32 * 2, 32, 2)
                .tensor("position_embd.weight", F32, 4 * 32 * 512, 32, 512)
                .tensor("token_embd_norm.weight", F32, 128, 32).tensor("token_embd_norm.bias", F32, 128, 32)
                .tensor("blk.0.attn_output_norm.weight", F32, 128, 32)
                .tensor("blk.0.attn_output_norm.bias", F32, 128, 32)
                .tensor("blk.0.layer_output_norm.weight", F32, 128, 32)
                .tensor("blk.0.layer_output_norm.bias", F32, 128, 32)
                .write(dir.resolve("bert.gguf"));
        ModelSpec m = ModelImporter.importPath(file).spec().orElseThrow();
        assertThat(m.arch()).isEqualTo(ArchitectureKind.ENCODER);
        assertThat(m.head()).isEqualTo(HeadKind.NONE);
        assertThat(m.tokenTypes()).isEqualTo(2);
        assertThat(m.embeddingNorm()).isTrue();
        assertThat(m.finalNorm()).isFalse();
        assertThat(m.normsPerLayer()).isEqualTo(2);
        assertThat(m.norm()).isEqualTo(NormKind.LAYERNORM);
    }

    @Test
    void expertKeysAndRouterTensorsGiveTheMixtureOfExperts() throws Exception {
        // Qwen2-MoE-style: 4 experts, top 2, expert width 64, shared expert 128 behind a gate; block 0 is dense.
        TinyGguf g = new TinyGguf()
                .string("general.architecture", "qwen2moe")
                .u32("qwen2moe.embedding_length", 32).u32("qwen2moe.block_count", 2)
                .u32("qwen2moe.feed_forward_length", 96).u32("qwen2moe.attention.head_count", 4)
                .u32("qwen2moe.expert_count", 4).u32("qwen2moe.expert_used_count", 2)
                .u32("qwen2moe.expert_feed_forward_length", 64)
                .u32("qwen2moe.rope.dimension_count", 8)
                .tensor("token_embd.weight", F32, 4 * 32 * 10, 32, 10)
                .tensor("blk.0.ffn_gate.weight", F32, 4 * 32 * 96, 32, 96)
                .tensor("blk.1.ffn_gate_inp.weight", F32, 4 * 32 * 4, 32, 4)
                .tensor("blk.1.ffn_gate_exps.weight", F32, 4 * 32 * 64 * 4, 32, 64, 4)
                .tensor("blk.1.ffn_up_shexp.weight", F32, 4 * 32 * 128, 32, 128)
                .tensor("blk.1.ffn_gate_inp_shexp.weight", F32, 4 * 32, 32);
        ModelSpec m = ModelImporter.importPath(g.write(dir.resolve("moe.gguf"))).spec().orElseThrow();
        assertThat(m.moe()).isEqualTo(new MoeSpec(4, 2, 64, 128, true, 1));
        assertThat(m.ffnSize()).isEqualTo(96);
        assertThat(m.mlp()).isEqualTo(MlpKind.GATED);
    }

    @Test
    void phi3sFusedGateUpTensorMeansAGatedBlock() throws Exception {
        Path file = new TinyGguf()
                .string("general.architecture", "phi3")
                .u32("phi3.embedding_length", 32).u32("phi3.block_count", 1).u32("phi3.feed_forward_length", 64)
                .u32("phi3.attention.head_count", 4).u32("phi3.rope.dimension_count", 8)
                .u32("phi3.attention.sliding_window", 2047)
                .tensor("token_embd.weight", F32, 4 * 32 * 10, 32, 10)
                .tensor("blk.0.ffn_up.weight", F32, 4 * 32 * 128, 32, 128)
                .write(dir.resolve("phi3.gguf"));
        ImportedModel imported = ModelImporter.importPath(file);
        assertThat(imported.spec().orElseThrow().mlp()).isEqualTo(MlpKind.GATED);
        assertThat(imported.warnings()).anyMatch(w -> w.contains("sliding_window is not applied"));
    }

    @Test
    void absurdSizesGiveNoDescriptionButKeepTheWeights() throws Exception {
        Path file = new TinyGguf().string("general.architecture", "llama")
                .u64("llama.embedding_length", 1L << 40).u32("llama.block_count", 2)
                .u32("llama.attention.head_count", 4)
                .tensor("output_norm.weight", F32, 64, 16).write(dir.resolve("absurd.gguf"));
        ImportedModel imported = ModelImporter.importPath(file);
        assertThat(imported.spec()).isEmpty();
        assertThat(imported.weights().orElseThrow().bytes()).isEqualTo(64);
        assertThat(imported.warnings())
                .anyMatch(w -> w.contains("llama.embedding_length 1099511627776 is out of range"));
    }

    @Test
    void withoutTheSizeKeysOnlyTheWeightsAreImported() throws Exception {
        Path file = new TinyGguf().string("general.architecture", "rwkv6")
                .tensor("token_embd.weight", F32, 4 * 8 * 10, 8, 10).write(dir.resolve("rwkv.gguf"));
        ImportedModel imported = ModelImporter.importPath(file);
        assertThat(imported.spec()).isEmpty();
        assertThat(imported.weights().orElseThrow().bytes()).isEqualTo(320);
        assertThat(imported.warnings()).anyMatch(w -> w.contains("rwkv6.embedding_length"));
    }

    /**
     * 10,000 blocks of a mixture-of-experts model, 30,000 tensors: each block is asked about by name (its router
     * decides dense or expert), which once scanned every tensor per block, 3 x 10^8 steps (183 s of CPU for a 39 MB
     * file). Names are now looked up in an index and whole-file questions take one pass each: the tensors visited
     * stay a small multiple of the tensor count.
     */
    @Test
    void mappingVisitsEachTensorAFewTimesNotOncePerBlock() throws Exception {
        int blocks = ModelSpec.MAX_LAYERS;
        TinyGguf file = new TinyGguf().string("general.architecture", "qwen2moe")
                .u32("qwen2moe.embedding_length", 32).u32("qwen2moe.block_count", blocks)
                .u32("qwen2moe.attention.head_count", 4).u32("qwen2moe.feed_forward_length", 64)
                .u32("qwen2moe.expert_count", 4).u32("qwen2moe.expert_used_count", 2)
                .u32("qwen2moe.expert_feed_forward_length", 16).u32("qwen2moe.vocab_size", 100);
        for (int i = 0; i < blocks; i++) {
            file.tensor("blk." + i + ".attn_norm.weight", F32, 4 * 32, 32)
                    .tensor("blk." + i + ".ffn_gate_inp.weight", F32, 4 * 32 * 4, 32, 4)
                    .tensor("extra." + i + ".weight", F32, 4 * 8, 8);
        }
        GgufFile g = GgufReader.read(file.write(dir.resolve("deep-moe.gguf")));
        assertThat(g.tensors()).hasSize(3 * blocks);

        List<String> warnings = new java.util.ArrayList<>();
        ModelSpec spec = GgufModelMapper.map(g, warnings).orElseThrow(() -> new AssertionError(warnings));

        assertThat(spec.layers()).isEqualTo(blocks);
        assertThat(spec.moe().denseLayers()).isZero();
        assertThat(g.tensorsVisited()).isLessThanOrEqualTo(8L * g.tensors().size());
    }

    @Test
    void aBlockCountAboveTheLayerLimitIsACorruptFileNotALoop() {
        for (long blocks : new long[] {Integer.MAX_VALUE, 100_000_000L, ModelSpec.MAX_LAYERS + 1L}) {
            Path file = new TinyGguf().string("general.architecture", "qwen2moe")
                    .u32("qwen2moe.embedding_length", 32).u32("qwen2moe.block_count", blocks)
                    .u32("qwen2moe.attention.head_count", 4).u32("qwen2moe.expert_count", 4)
                    .tensor("output_norm.weight", F32, 128, 32).write(dir.resolve("blocks-" + blocks + ".gguf"));
            assertThatThrownBy(() -> ModelImporter.importPath(file))
                    .isInstanceOf(ModelImportException.class)
                    .hasMessage(file + ": qwen2moe.block_count is " + blocks + ", outside 1 to 10000 layers"
                            + " (corrupt header?)");
        }
    }

    @Test
    void theModelNameFromTheHeaderIsEscapedAndCut() throws Exception {
        Path file = new TinyGguf().string("general.architecture", "llama")
                .string("general.name", "Evil\u001b]0;owned\u0007" + "x".repeat(500))
                .u32("llama.embedding_length", 32).u32("llama.block_count", 1).u32("llama.attention.head_count", 4)
                .u32("llama.feed_forward_length", 64)
                .tensor("token_embd.weight", F32, 4 * 32 * 10, 32, 10).write(dir.resolve("named.gguf"));
        ModelSpec m = ModelImporter.importPath(file).spec().orElseThrow();
        assertThat(m.name()).startsWith("Evil\\u001b]0;owned\\u0007xxx").endsWith("\u2026 (514 characters)")
                .doesNotContain("\u001b").doesNotContain("\u0007");
        assertThat(m.id()).matches("[a-z0-9.-]+");
    }
}
