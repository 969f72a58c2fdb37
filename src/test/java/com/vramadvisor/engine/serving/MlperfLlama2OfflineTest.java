package com.vramadvisor.engine.serving;

import com.vramadvisor.engine.speed.Efficiency;
import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.catalog.Catalog;
import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.engine.llm.DataType;
import com.vramadvisor.engine.llm.MemoryEstimator;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Parallelism;
import com.vramadvisor.engine.llm.Precision;
import com.vramadvisor.engine.llm.RuntimeOverhead;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.plan.Fabric;
import org.junit.jupiter.api.Test;

/**
 * The memory and pipelining of NVIDIA's MLPerf Inference v5.0 Offline submission of llama2-70b-99 on a DGX H100
 * (8 x H100 SXM 80GB, TensorRT-LLM; {@code closed/NVIDIA/results/DGX-H100_H100-SXM-80GBx8_TRT/llama2-70b-99/}, read
 * in ntuhpc/mlperf_inference_results_v5.0 at commit cf354115). Its published throughput is a speed figure: the
 * benchmark corpus gate checks such figures on measurements the fit has not seen; these tests check how the layout
 * behaves.
 *
 * <p><b>Layout</b> ({@code closed/NVIDIA/configs/llama2-70b/Offline/__init__.py}, classes
 * {@code HopperOfflineGPUBaseConfig}, {@code H100_SXM_80GB_PP2x1} and {@code H100_SXM_80GB_PP2x4}): fp8 weights and
 * an fp8 KV cache ({@code precision = "fp8"}, {@code kv_cache_dtype: 'fp8'}), tensor parallelism 1 and pipeline
 * parallelism 2, so four model copies of two GPUs on the 8-GPU system; {@code max_num_tokens: 1024} tokens per
 * forward pass and {@code gpu_batch_size 1024}.
 *
 * <p><b>Dataset</b>: 24,576 OpenOrca samples with inputs and outputs under 1,024 tokens (mlcommons/inference,
 * {@code language/llama2-70b/processorca.py}, {@code --seqlen_limit=1024}); the reference run generates 294.45 tokens
 * per sample ({@code language/llama2-70b/README.md}, "Accuracy Target"). No source read states the mean <i>input</i>
 * length; these checks take it equal to the mean output, 294 tokens, and how the estimate moves with it.
 *
 * <p><b>How TensorRT-LLM runs the pipeline</b>: with pipeline parallelism its in-flight batcher keeps one micro-batch
 * per stage in flight ({@code TrtGptModelInflightBatching}: {@code mNumMicroBatches =
 * mWorldConfig.getPipelineParallelism()}), each scheduled within {@code max_num_tokens}. So while one micro-batch
 * passes stage 1 the other passes stage 2, and a copy delivers {@code pp} micro-batches' tokens per serial pass.
 * {@link ServingLatency} runs TensorRT-LLM's pipeline so ({@link ServingEngine#pipelinesMicroBatches}): the TPOT of
 * {@code pp x c} sequences is that of a micro-batch of {@code c} through both stages.
 * In steady state each step of a micro-batch carries its {@code c} decode tokens and the prompts of the sequences
 * that replace finished ones, {@code (c - 1) P / O} tokens ({@link ServingLoad}), and the two fill the 1,024-token
 * pass: {@code c = floor(1024 O / (P + O)) = 512}. Then
 * <pre>
 *   tokens/s = copies x (pp x c) / TPOT(micro-batch of c)
 * </pre>
 */
class MlperfLlama2OfflineTest {

    private static final Catalog CATALOG = CatalogLoader.shippedOnly().load();
    private static final int PASS_TOKENS = 1024;
    private static final int OUTPUT = 294;
    private static final int COPIES = 4;
    private static final int PP = 2;

    private static Workload microBatch(int prompt, int sequences, int context) {
        Workload w = Workload.builder().mode(Mode.INFER).precision(Precision.BF16).weightType(DataType.FP8)
                .kvCacheType(DataType.FP8).batch(sequences).sequenceLength(prompt).context(context)
                .overhead(RuntimeOverhead.OFF).parallelism(new Parallelism(1, PP, 1, 0, false)).build();
        return ServingEngine.TRTLLM.configure(w, PASS_TOKENS);
    }

    /** Output tokens per second of the 8-GPU system at mean input {@code prompt}, as the class comment derives. */
    private static double offlineTokensPerSecond(int prompt) {
        ModelSpec model = CATALOG.model("llama-2-70b").orElseThrow();
        GpuSpec h100 = CATALOG.gpu("h100-sxm-80gb").orElseThrow();
        Fabric fabric = Fabric.of(h100, CATALOG.hardware().nodeFor(h100), PP);
        int sequences = PASS_TOKENS * OUTPUT / (prompt + OUTPUT);
        Workload w = microBatch(prompt, sequences, prompt + OUTPUT);
        assertThat(w.batch() + ServingLoad.arrivingPromptTokensPerStep(w)).isLessThanOrEqualTo(PASS_TOKENS);
        Workload copy = microBatch(prompt, PP * sequences, prompt + OUTPUT);
        ServingLatency.Latency pipelined = ServingLatency.of(model, copy, h100, fabric, Efficiency.UNFITTED)
                .orElseThrow();
        return COPIES * pipelined.tokensPerSecond();
    }

    @Test
    void theTwoMicroBatchesInFlightFitTheGpusAtTheirMeanLength() {
        // 2 x 512 sequences per stage, each holding on average its prompt and half its output (TensorRT-LLM's
        // paged cache takes blocks as a sequence grows), next to the stage's 35 GB of fp8 weights.
        ModelSpec model = CATALOG.model("llama-2-70b").orElseThrow();
        GpuSpec h100 = CATALOG.gpu("h100-sxm-80gb").orElseThrow();
        Workload inFlight = microBatch(294, PP * 512, 294 + OUTPUT / 2);
        assertThat(new MemoryEstimator().estimate(model, inFlight).peakBytes())
                .isLessThanOrEqualTo(ServingEngine.capacityBytes(h100, inFlight));
    }

    @Test
    void aLongerMeanPromptLowersTheEstimateBecauseThePassesAreComputeBound() {
        // Each prompt token costs a pass slot that a decode token would otherwise take.
        assertThat(offlineTokensPerSecond(200)).isGreaterThan(offlineTokensPerSecond(294));
        assertThat(offlineTokensPerSecond(400)).isLessThan(offlineTokensPerSecond(294));
    }
}
