package com.vramadvisor.catalog.model;

import com.vramadvisor.engine.llm.MlaSpec;
import com.vramadvisor.engine.llm.ModelSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** GGUF headers of latent-attention, query/key-norm, sink and local/global models (llama.cpp key and tensor names). */
class GgufAttentionDetailsTest {

    private static final long F32 = 0;

    @TempDir
    Path dir;

    @Test
    void aDeepSeek2HeaderDescribesLatentAttention() throws Exception {
        // Key names of llama.cpp's deepseek2 architecture (gguf-py constants): kv_lora_rank, q_lora_rank, key_length,
        // value_length, rope.dimension_count; a DeepSeek-V3-shaped block with small widths.
        TinyGguf g = new TinyGguf().string("general.architecture", "deepseek2")
                .u32("deepseek2.embedding_length", 64).u32("deepseek2.block_count", 2)
                .u32("deepseek2.attention.head_count", 4).u32("deepseek2.attention.head_count_kv", 4)
                .u32("deepseek2.feed_forward_length", 128).u32("deepseek2.attention.q_lora_rank", 32)
                .u32("deepseek2.attention.kv_lora_rank", 16).u32("deepseek2.attention.key_length", 24)
                .u32("deepseek2.attention.value_length", 16).u32("deepseek2.rope.dimension_count", 8)
                .u32("deepseek2.expert_count", 4).u32("deepseek2.expert_used_count", 2)
                .u32("deepseek2.expert_feed_forward_length", 32).u32("deepseek2.leading_dense_block_count", 1)
                .tensor("token_embd.weight", F32, 4 * 64 * 10, 64, 10)
                .tensor("blk.1.ffn_gate_inp.weight", F32, 4 * 64 * 4, 64, 4)
                .tensor("blk.1.exp_probs_b.bias", F32, 16, 4);
        ModelSpec m = ModelImporter.importPath(g.write(dir.resolve("ds.gguf"))).spec().orElseThrow();
        assertThat(m.mla()).isEqualTo(new MlaSpec(32, 16, 16, 8, 16, false));
        assertThat(m.headDim()).isEqualTo(24);
        assertThat(m.kvHeads()).isEqualTo(4);
        assertThat(m.moe().routerBias()).isTrue();
        assertThat(m.moe().denseLayers()).isEqualTo(1);
    }

    @Test
    void gemma3AndGptOssHeadersKeepTheirWindowInTheLocalLayersOnly() throws Exception {
        TinyGguf gemma = new TinyGguf().string("general.architecture", "gemma3")
                .u32("gemma3.embedding_length", 64).u32("gemma3.block_count", 12)
                .u32("gemma3.attention.head_count", 4).u32("gemma3.attention.head_count_kv", 2)
                .u32("gemma3.attention.key_length", 16).u32("gemma3.feed_forward_length", 128)
                .u32("gemma3.attention.sliding_window", 1024)
                .tensor("token_embd.weight", F32, 4 * 64 * 10, 64, 10)
                .tensor("blk.0.attn_q_norm.weight", F32, 4 * 16, 16);
        ModelSpec g3 = ModelImporter.importPath(gemma.write(dir.resolve("g3.gguf"))).spec().orElseThrow();
        assertThat(g3.slidingWindow()).isEqualTo(1024);
        assertThat(g3.globalEvery()).isEqualTo(6);
        assertThat(g3.globalLayers()).isEqualTo(2);
        assertThat(g3.qkNorm()).isTrue();
        TinyGguf oss = new TinyGguf().string("general.architecture", "gpt-oss")
                .u32("gpt-oss.embedding_length", 64).u32("gpt-oss.block_count", 4)
                .u32("gpt-oss.attention.head_count", 4).u32("gpt-oss.attention.head_count_kv", 2)
                .u32("gpt-oss.feed_forward_length", 64).u32("gpt-oss.attention.sliding_window", 128)
                .tensor("token_embd.weight", F32, 4 * 64 * 10, 64, 10)
                .tensor("blk.0.attn_sinks.weight", F32, 4 * 4, 4);
        ImportedModel imported = ModelImporter.importPath(oss.write(dir.resolve("oss.gguf")));
        ModelSpec m = imported.spec().orElseThrow();
        assertThat(m.attentionSinks()).isTrue();
        assertThat(m.globalEvery()).isEqualTo(2);
        assertThat(imported.warnings()).noneMatch(w -> w.contains("sliding_window is not applied"));
    }
}
