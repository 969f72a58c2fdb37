package com.vramadvisor.engine.serving;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.vramadvisor.engine.llm.Component;
import com.vramadvisor.engine.llm.DataType;
import com.vramadvisor.engine.llm.Estimate;
import com.vramadvisor.engine.llm.MemoryEstimator;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Phase;
import com.vramadvisor.engine.llm.Precision;
import com.vramadvisor.engine.llm.RuntimeOverhead;
import com.vramadvisor.engine.llm.Workload;
import org.junit.jupiter.api.Test;

class ServingEngineTest {

    /**
     * meta-llama/Meta-Llama-3-8B: hidden 4096, intermediate 14336, 32 heads, 8 kv heads, 32 layers, vocab 128256,
     * max_position_embeddings 8192. KV cache in fp16: 2 * 32 * 8 * 128 * 2 = 131,072 bytes per token.
     */
    static final ModelSpec LLAMA_3_8B = ModelSpec.builder().id("llama-3-8b").hiddenSize(4096).ffnSize(14336)
            .heads(32).kvHeads(8).layers(32).vocabSize(128_256).maxPositions(8192).build();

    private final MemoryEstimator estimator = new MemoryEstimator();

    static Workload infer(int batch, int prompt, int context) {
        return Workload.builder().mode(Mode.INFER).precision(Precision.BF16).weightType(DataType.BF16)
                .batch(batch).sequenceLength(prompt).context(context).overhead(RuntimeOverhead.OFF).build();
    }

    private long component(Workload w, Phase phase, Component c) {
        Estimate e = estimator.estimate(LLAMA_3_8B, w);
        return e.phases().stream().filter(p -> p.phase() == phase).findFirst().orElseThrow().get(c);
    }

    /**
     * vLLM {@code EngineArgs.get_batch_defaults} ({@code vllm/engine/arg_utils.py}): {@code max_num_batched_tokens}
     * 8192 for {@code vllm serve} when the device has at least 70 GiB and its name lacks "a100", 2048 otherwise.
     * SGLang {@code _handle_gpu_memory_settings}: 2048 below 35 GiB, 4096 below 60, 8192 below 160, 16384 above.
     */
    @Test
    void theDefaultPrefillChunkFollowsTheGpuAsVllmAndSglangPickIt() {
        long gib = 1L << 30;
        assertThat(ServingEngine.VLLM.defaultBatchedTokens(81_559L << 20, "NVIDIA H100 80GB HBM3")).isEqualTo(8192);
        assertThat(ServingEngine.VLLM.defaultBatchedTokens(81_920L << 20, "NVIDIA A100-SXM4-80GB")).isEqualTo(2048);
        assertThat(ServingEngine.VLLM.defaultBatchedTokens(48 * gib, "NVIDIA L40S")).isEqualTo(2048);
        assertThat(ServingEngine.VLLM.defaultBatchedTokens(69 * gib, "NVIDIA H100 NVL")).isEqualTo(2048);
        assertThat(ServingEngine.SGLANG.defaultBatchedTokens(24 * gib, "NVIDIA L4")).isEqualTo(2048);
        assertThat(ServingEngine.SGLANG.defaultBatchedTokens(141 * gib, "NVIDIA H200")).isEqualTo(8192);
        assertThat(ServingEngine.SGLANG.defaultBatchedTokens(180 * gib, "NVIDIA B200")).isEqualTo(16384);
        assertThat(ServingEngine.TRTLLM.defaultBatchedTokens(24 * gib, "NVIDIA L4")).isEqualTo(8192);
        Workload onA100 = ServingEngine.VLLM.onGpu(ServingEngine.VLLM.configure(infer(1, 1024, 2048), 0),
                80 * gib, "NVIDIA A100 80GB SXM");
        assertThat(onA100.prefillChunkTokens()).isEqualTo(2048);
        assertThat(onA100.kvBlockTokens()).isEqualTo(16);
        Workload hf = ServingEngine.HF_GENERATE.configure(infer(1, 1024, 2048), 0);
        assertThat(ServingEngine.HF_GENERATE.onGpu(hf, 80 * gib, "NVIDIA A100 80GB SXM")).isEqualTo(hf);
    }

    @Test
    void vllmPagesTheCacheInBlocksOf16TokensAndTheOtherEnginesAllocateTheContextExactly() {
        Workload w = infer(1, 1024, 2049);
        // 2049 tokens need 129 blocks of 16, that is 2064 slots of 131,072 bytes.
        assertThat(component(ServingEngine.VLLM.configure(w, 0), Phase.DECODE, Component.KV_CACHE))
                .isEqualTo(2064L * 131_072);
        assertThat(component(ServingEngine.HF_GENERATE.configure(w, 0), Phase.DECODE, Component.KV_CACHE))
                .isEqualTo(2049L * 131_072);
        assertThat(component(ServingEngine.LLAMA_CPP.configure(w, 0), Phase.DECODE, Component.KV_CACHE))
                .isEqualTo(2049L * 131_072);
    }

    @Test
    void chunkedPrefillHoldsOneChunksBuffersWhereOnePassHoldsTheWholeBatchs() {
        Workload w = infer(16, 2048, 2048);
        // The gated feed-forward keeps the residual, the norm output and three intermediates per token in bf16:
        // 2 * n * (2 * 4096 + 3 * 14336) = 102,400 * n bytes. vLLM's chunk is 8192 tokens, Hugging Face generate
        // runs all 16 * 2048 = 32,768 prompt tokens at once, llama.cpp 512 at a time.
        assertThat(component(ServingEngine.VLLM.configure(w, 0), Phase.PREFILL, Component.ACTIVATIONS))
                .isEqualTo(102_400L * 8192);
        assertThat(component(ServingEngine.HF_GENERATE.configure(w, 0), Phase.PREFILL, Component.ACTIVATIONS))
                .isEqualTo(102_400L * 32_768);
        assertThat(component(ServingEngine.LLAMA_CPP.configure(w, 0), Phase.PREFILL, Component.ACTIVATIONS))
                .isEqualTo(102_400L * 512);
        assertThat(component(ServingEngine.VLLM.configure(w, 2048), Phase.PREFILL, Component.ACTIVATIONS))
                .isEqualTo(102_400L * 2048);
        // A batch smaller than the chunk is prefilled whole: 1 * 2048 tokens.
        assertThat(component(ServingEngine.VLLM.configure(infer(1, 2048, 2048), 0), Phase.PREFILL,
                Component.ACTIVATIONS)).isEqualTo(102_400L * 2048);
    }

    @Test
    void theEnginesDefaultsAreTheirDocumentedOnes() {
        assertThat(ServingEngine.VLLM.kvBlockTokens()).isEqualTo(16);
        assertThat(ServingEngine.VLLM.defaultBatchedTokens()).isEqualTo(8192);
        assertThat(ServingEngine.LLAMA_CPP.defaultBatchedTokens()).isEqualTo(512);
        assertThat(ServingEngine.HF_GENERATE.chunksPrefill()).isFalse();
        assertThat(ServingEngine.parse("llama.cpp")).isEqualTo(ServingEngine.LLAMA_CPP);
        assertThat(ServingEngine.parse(" HF ")).isEqualTo(ServingEngine.HF_GENERATE);
    }

    @Test
    void trainingAndABatchedTokenLimitForOnePassPrefillAreRejected() {
        assertThatThrownBy(() -> ServingEngine.VLLM.configure(Workload.builder().build(), 0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ServingEngine.HF_GENERATE.configure(infer(1, 16, 16), 512))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> ServingEngine.parse("tgi"))
                .hasMessageContaining("vllm, sglang, trtllm, hf or llama.cpp");
        Workload int4 = infer(1, 16, 16).toBuilder().weightType(DataType.INT4).build();
        assertThatThrownBy(() -> ServingEngine.LLAMA_CPP.configure(int4, 0)).hasMessageContaining("GGUF");
        Workload q4k = infer(1, 16, 16).toBuilder().weightType(DataType.GGUF_Q4_K).build();
        assertThat(ServingEngine.LLAMA_CPP.configure(q4k, 0).prefillChunkTokens()).isEqualTo(512);
    }

    @Test
    void thePeakIsMonotoneInBatchPromptAndContextUnderChunkedPrefill() {
        long last = 0;
        for (int batch = 1; batch <= 64; batch *= 2) {
            for (int prompt = 256; prompt <= 8192; prompt *= 2) {
                long peak = estimator.peakBytes(LLAMA_3_8B, ServingEngine.VLLM.configure(infer(batch, prompt, 8192), 0));
                assertThat(peak).isGreaterThanOrEqualTo(
                        estimator.peakBytes(LLAMA_3_8B, ServingEngine.VLLM.configure(infer(batch, prompt / 2, 8192), 0)));
                if (prompt == 8192) {
                    assertThat(peak).isGreaterThanOrEqualTo(last);
                    last = peak;
                }
            }
        }
    }
}
