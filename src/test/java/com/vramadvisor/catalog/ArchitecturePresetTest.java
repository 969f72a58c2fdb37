package com.vramadvisor.catalog;

import com.vramadvisor.engine.llm.Component;
import com.vramadvisor.engine.llm.DataType;
import com.vramadvisor.engine.llm.Estimate;
import com.vramadvisor.engine.llm.MemoryEstimator;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Parallelism;
import com.vramadvisor.engine.llm.ParameterCount;
import com.vramadvisor.engine.llm.ParameterCounter;
import com.vramadvisor.engine.llm.Precision;
import com.vramadvisor.engine.llm.RuntimeOverhead;
import com.vramadvisor.engine.llm.Workload;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Today's architectures as shipped presets: active parameter counts against the vendors' figures, multi-token
 * prediction, Gemma 3's parameter table, and KV caches of latent attention and of local/global layer patterns
 * against the formulas of the papers and configurations.
 */
class ArchitecturePresetTest {

    private static final Catalog CATALOG = CatalogLoader.shippedOnly().load();
    private static final MemoryEstimator ESTIMATOR = new MemoryEstimator();
    private static final double GIB = 1L << 30;

    private static ModelSpec model(String id) {
        return CATALOG.model(id).orElseThrow();
    }

    private static ParameterCount count(String id) {
        return ParameterCounter.count(model(id));
    }

    private static Workload serving(int batch, int context, DataType kv) {
        return Workload.builder().mode(Mode.INFER).batch(batch).sequenceLength(1).context(context)
                .precision(Precision.BF16).weightType(DataType.BF16).kvCacheType(kv)
                .overhead(RuntimeOverhead.OFF).build();
    }

    /**
     * Vendors count active parameters differently: DeepSeek and OpenAI leave the input embedding out (a lookup, no
     * matmul), Qwen and Meta keep it in. Sources: DeepSeek-V3 README_WEIGHTS.md, main model 36.6B activated
     * "including 0.9B for the output Head" (the report's abstract rounds it to 37B); DeepSeek-R1 model card, 37B; gpt-oss model card (arXiv:2508.10925) Table 1, 3.61B and 5.13B; Qwen3 model cards,
     * 3.3B and 22B (Qwen truncates: 3.35B is written 3.3B); Llama 4 model cards, 17B activated (text model).
     */
    @ParameterizedTest(name = "{0}: {1} active")
    @CsvSource({
        "deepseek-v3, 36.6e9, 1e8, false, false",
        "deepseek-r1, 37e9, 1e9, false, false",
        "gpt-oss-20b, 3.61e9, 1e7, false, false",
        "gpt-oss-120b, 5.13e9, 1e7, false, false",
        "qwen3-30b-a3b, 3.3e9, 1e8, true, true",
        "qwen3-235b-a22b, 22e9, 1e9, true, true",
        "llama-4-scout, 17e9, 1e9, true, false",
        "llama-4-maverick, 17e9, 1e9, true, false",
    })
    void activeParametersMatchThePublishedFigureAsEachVendorCountsThem(String id, double published, double unit,
                                                                        boolean embeddingCounted, boolean truncated) {
        ParameterCount c = count(id);
        double active = embeddingCounted ? c.active() : c.active() - c.embedding();
        if (truncated) {
            assertThat(Math.floor(active / unit) * unit).as(id).isCloseTo(published, within(unit / 1000));
        } else {
            assertThat(active).as(id).isCloseTo(published, within(unit / 2));
        }
    }

    @Test
    void deepSeekV3ShipsItsMultiTokenPredictionModuleBesideThe671BMainModel() {
        // DeepSeek-V3 README: 685B on the hub = 671B main model + 14B MTP module; README_WEIGHTS.md: the module has
        // 11.5B unique parameters besides its copies of the 0.9B embedding and 0.9B output head.
        ModelSpec v3 = model("deepseek-v3");
        ParameterCount c = ParameterCounter.count(v3);
        assertThat((double) c.total()).isCloseTo(671e9, within(0.5e9));
        assertThat((double) c.totalWithMtp()).isCloseTo(685e9, within(685e9 * 0.001));
        double copies = 2.0 * v3.vocabSize() * v3.hiddenSize();
        assertThat(copies).isCloseTo(1.8e9, within(0.1e9));
        assertThat(c.mtp() - copies).isCloseTo(11.5e9, within(11.5e9 * 0.01));
        // Weights in memory leave the module out, as Transformers and vLLM without speculative decoding load them.
        Estimate e = ESTIMATOR.estimate(v3, serving(1, 1, DataType.BF16));
        assertThat((double) e.component(Component.WEIGHTS)).isCloseTo(2.0 * c.total(), within(2.0 * c.total() * 1e-6));
    }

    @Test
    void deepSeekV3CachesTheCompressedLatentOf70272BytesPerTokenInBf16() {
        // (kv_lora_rank 512 + qk_rope_head_dim 64) x 61 layers x 2 bytes = 70,272 bytes (DeepSeek-V2 paper,
        // arXiv:2405.04434, Table 1: (d_c + d_h^R) x l elements per token).
        ModelSpec v3 = model("deepseek-v3");
        assertThat(MemoryEstimator.kvBytesPerToken(v3, serving(1, 1, DataType.BF16))).isEqualTo(70_272.0);
        Estimate e = ESTIMATOR.estimate(v3, serving(16, 8192, DataType.BF16));
        assertThat(e.component(Component.KV_CACHE)).isEqualTo(70_272L * 16 * 8192);
        assertThat(e.component(Component.KV_CACHE) / GIB).isCloseTo(8.58, within(0.01));
        // The latent is not split by heads: two tensor-parallel ranks each hold all of it.
        Workload tp2 = serving(1, 1, DataType.BF16).toBuilder()
                .parallelism(new Parallelism(2, 1, 1, 0, false)).build();
        assertThat(MemoryEstimator.kvBytesPerToken(v3, tp2)).isEqualTo(70_272.0);
    }

    @Test
    void inferenceEstimatesSayHowTheArchitectureIsTreated() {
        assertThat(ESTIMATOR.estimate(model("deepseek-v3"), serving(1, 1, DataType.BF16)).assumptions())
                .anyMatch(a -> a.contains("compressed latent (512 + 64"))
                .anyMatch(a -> a.contains("multi-token-prediction modules shipped with the model (1)"));
        assertThat(ESTIMATOR.estimate(model("gemma-3-27b"), serving(1, 1, DataType.BF16)).assumptions())
                .anyMatch(a -> a.contains("10 of 62 layers attend to the whole context"))
                .anyMatch(a -> a.contains("vision tower"));
        assertThat(ESTIMATOR.estimate(model("gpt-oss-20b"), serving(1, 1, DataType.BF16)).assumptions())
                .anyMatch(a -> a.contains("routed experts stay in mxfp4 (4.25 bits"));
        assertThat(ESTIMATOR.estimate(model("llama-3.3-70b"), serving(1, 1, DataType.BF16)).assumptions())
                .noneMatch(a -> a.contains("latent") || a.contains("whole context"));
    }

    @Test
    void naiveLatentAttentionCachesDecompressedKeysAndValuesPerHead() {
        // 128 heads x (192 key + 128 value) x 61 layers x 2 bytes = 4,997,120 bytes per token.
        ModelSpec v3 = model("deepseek-v3");
        ModelSpec naive = v3.toBuilder().mla(v3.mla().withNaiveCache(true)).build();
        assertThat(MemoryEstimator.kvBytesPerToken(naive, serving(1, 1, DataType.BF16))).isEqualTo(4_997_120.0);
        assertThat(ParameterCounter.count(naive).total()).isEqualTo(ParameterCounter.count(v3).total());
    }

    @Test
    void gemma3KvCacheAt32kHoldsTheWholeContextInTenGlobalLayersAnd1024TokensInTheOther52() {
        // Gemma 3 report (arXiv:2503.19786) section 2: 5 local layers per global layer, local span 1024;
        // config.json: 62 layers, 16 KV heads of 128. Layers 5, 11, ..., 59 are global: 10 of them.
        ModelSpec g = model("gemma-3-27b");
        long perTokenLayer = 2L * 16 * 128 * 2;
        long expected = (10L * 32_768 + 52L * 1024) * perTokenLayer;
        Estimate e = ESTIMATOR.estimate(g, serving(1, 32_768, DataType.BF16));
        assertThat(e.component(Component.KV_CACHE)).isEqualTo(expected);
        assertThat(expected / GIB).isCloseTo(2.906, within(0.001));
        // All-global attention would hold 62 x 32K token-layers; the pattern keeps 19 % of that.
        Estimate global = ESTIMATOR.estimate(g.toBuilder().slidingWindow(0).globalEvery(0).build(),
                serving(1, 32_768, DataType.BF16));
        assertThat((double) e.component(Component.KV_CACHE) / global.component(Component.KV_CACHE))
                .isCloseTo((10.0 * 32_768 + 52 * 1024) / (62.0 * 32_768), within(1e-9));
    }

    @Test
    void gptOssAndLlama4KeepTheirWindowOrChunkInLocalLayersOnly() {
        // gpt-oss-120b: 36 layers alternating sliding (128) and full; 8 KV heads of 64.
        long gptOssPerTokenLayer = 2L * 8 * 64 * 2;
        Estimate oss = ESTIMATOR.estimate(model("gpt-oss-120b"), serving(1, 131_072, DataType.BF16));
        assertThat(oss.component(Component.KV_CACHE)).isEqualTo((18L * 131_072 + 18L * 128) * gptOssPerTokenLayer);
        // Llama 4 Scout: 48 layers, chunks of 8192 in three of every four, every fourth global; 8 KV heads of 128.
        long scoutPerTokenLayer = 2L * 8 * 128 * 2;
        Estimate scout = ESTIMATOR.estimate(model("llama-4-scout"), serving(1, 1_000_000, DataType.BF16));
        assertThat(scout.component(Component.KV_CACHE))
                .isEqualTo((12L * 1_000_000 + 36L * 8192) * scoutPerTokenLayer);
    }

    @Test
    void gptOssWeightsWithMxfp4ExpertsMatchThePublishedCheckpointSizes() {
        // gpt-oss model card Table 1: checkpoint 60.8 GiB (120b) and 12.8 GiB (20b); experts in MXFP4 at 4.25 bits,
        // everything else bf16.
        Estimate big = ESTIMATOR.estimate(model("gpt-oss-120b"), serving(1, 1, DataType.BF16));
        assertThat(big.component(Component.WEIGHTS) / GIB).isCloseTo(60.8, within(0.3));
        Estimate small = ESTIMATOR.estimate(model("gpt-oss-20b"), serving(1, 1, DataType.BF16));
        assertThat(small.component(Component.WEIGHTS) / GIB).isCloseTo(12.8, within(0.1));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"deepseek-v3", "qwen3-8b", "qwen3-30b-a3b",
        "llama-3.2-1b", "llama-4-scout", "llama-4-maverick", "gemma-3-4b", "gemma-3-27b", "gpt-oss-20b",
        "gpt-oss-120b", "mistral-small-24b", "mistral-nemo-12b", "phi-4"})
    void kvCacheGrowsWithContextAndShardingNeverAddsMemoryPerGpu(String id) {
        ModelSpec m = model(id);
        long previous = 0;
        for (int context : new int[] {1024, 4096, 32_768, 131_072}) {
            Estimate e = ESTIMATOR.estimate(m, serving(2, context, DataType.BF16));
            long kv = e.component(Component.KV_CACHE);
            assertThat(kv).as(id + " at " + context).isGreaterThanOrEqualTo(previous);
            previous = kv;
        }
        Workload one = serving(2, 32_768, DataType.BF16);
        for (Parallelism split : new Parallelism[] {
            new Parallelism(2, 1, 1, 0, false),
            new Parallelism(1, 2, 1, 0, false)}) {
            Workload sharded = one.toBuilder().parallelism(split).build();
            assertThat(ESTIMATOR.estimate(m, sharded).peakBytes()).as(id + " " + split)
                    .isLessThanOrEqualTo(ESTIMATOR.estimate(m, one).peakBytes());
        }
    }

    @ParameterizedTest(name = "{0}: {1} non-embedding, {2} embedding")
    @CsvSource({
        "gemma-3-4b, 3209e6, 675e6",
        "gemma-3-12b, 10759e6, 1012e6",
        "gemma-3-27b, 25600e6, 1416e6",
    })
    void gemma3MatchesTheNonEmbeddingCountsOfTheReportsTable1(String id, double nonEmbedding, double embedding) {
        // Gemma 3 report Table 1. Its embedding column counts a table about 0.5 % larger than config.json's
        // vocab_size 262,208 rows (as for Gemma 1 and 2), so only the non-embedding figure is compared exactly.
        ModelSpec m = model(id);
        ParameterCount c = ParameterCounter.count(m);
        assertThat((double) (c.total() - c.embedding() - c.vision())).as(id).isCloseTo(nonEmbedding, within(0.5e6));
        assertThat((double) c.embedding()).as(id).isCloseTo(embedding, within(embedding * 0.01));
        // Vision encoder 417M (SigLIP) plus the projector 1152 x h and its 1152-wide norm.
        long projector = 1152L * m.hiddenSize() + 1152;
        assertThat((double) (c.vision() - projector)).as(id).isCloseTo(417e6, within(0.5e6));
    }
}
