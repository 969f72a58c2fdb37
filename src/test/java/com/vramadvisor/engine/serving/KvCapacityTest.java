package com.vramadvisor.engine.serving;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.engine.llm.InverseSolver;
import com.vramadvisor.engine.llm.MemoryEstimator;
import com.vramadvisor.engine.llm.Workload;
import org.junit.jupiter.api.Test;

class KvCapacityTest {

    private static final long GIB = 1L << 30;

    @Test
    void theBlocksLeftAfterWeightsAndTheActivationPeakGiveTheConcurrency() {
        // Llama 3 8B in bf16 under vLLM, a 2,048-token context, 40 GiB and no runtime overhead, worked by hand from
        // vLLM's accounting (Worker.determine_available_memory: KV = budget - weights - the profiling run's peak):
        //   weights        2 * 8,030,261,248                                  = 16,060,522,496 bytes
        //   profiling run  one pass over a full max_num_batched_tokens chunk of 8,192 tokens whatever the prompt
        //                  (GPUModelRunner.profile_run -> _dummy_run(max_num_tokens)); the gated feed-forward
        //                  holds 2 * 8192 * (2 * 4096 + 3 * 14336)            =    838,860,800 bytes
        //   logits         the 256 dummy requests its sampler run takes (min(max_num_seqs 256, 8192)), each
        //                  128,256 * (2 + 4) for the last position: 256 * 769,536 = 197,001,216 bytes
        //   CUDA graphs    (51 piecewise + 35 full) * 32 layers * 180,344      =    496,306,688 bytes
        //                  (max_num_seqs 256 below 70 GiB, VllmCudaGraphs)
        //   left           42,949,672,960 - the four                          = 25,356,981,760 bytes
        //   one block      16 tokens * 131,072 bytes                          =      2,097,152 bytes
        //   blocks         floor(25,356,981,760 / 2,097,152)                  =         12,091
        //   per request    2048 / 16                                          =            128 blocks
        //   concurrency    12,091 / 128                                       =         94.46x
        // (Profiled at the 2,048-token prompt instead of the chunk it would be 12,391 blocks, 96.80x: 300 blocks
        // that vLLM does not give.)
        Workload w = ServingEngine.VLLM.configure(ServingEngineTest.infer(1, 2048, 2048), 0);
        KvCapacity c = KvCapacity.of(ServingEngineTest.LLAMA_3_8B, w, 40 * GIB);
        assertThat(c.blockTokens()).isEqualTo(16);
        assertThat(c.blockBytes()).isEqualTo(2_097_152.0);
        assertThat(c.blocks()).isEqualTo(12_091);
        assertThat(c.tokens()).isEqualTo(12_091L * 16);
        assertThat(c.blocksPerRequest()).isEqualTo(128);
        assertThat(c.maxConcurrency()).isCloseTo(94.46, org.assertj.core.data.Offset.offset(0.01));
        assertThat(c.wholeSequences()).isEqualTo(94);
        // Hugging Face generate has no graphs and no profiling run: 26,678,665,728 bytes hold 203,541 one-token
        // slots of 131,072 bytes, 99.38 sequences.
        KvCapacity hf = KvCapacity.of(ServingEngineTest.LLAMA_3_8B,
                ServingEngine.HF_GENERATE.configure(ServingEngineTest.infer(1, 2048, 2048), 0), 40 * GIB);
        assertThat(hf.blocks()).isEqualTo(26_678_665_728L / 131_072);
    }

    @Test
    void aFullContextNeedsItsBlocksRoundedUp() {
        // 2,049 tokens take 129 blocks of 16, so the same budget holds 12,091 / 129 = 93.7 such requests.
        Workload w = ServingEngine.VLLM.configure(ServingEngineTest.infer(1, 2048, 2049), 0);
        KvCapacity c = KvCapacity.of(ServingEngineTest.LLAMA_3_8B, w, 40 * GIB);
        assertThat(c.blocksPerRequest()).isEqualTo(129);
        assertThat(c.blocks()).isEqualTo(12_091);
    }

    @Test
    void theConcurrencyAgreesWithTheLargestBatchThatFitsWhenTheCacheSetsTheLimit() {
        Workload w = ServingEngine.VLLM.configure(ServingEngineTest.infer(1, 2048, 2048), 0);
        Workload withOverhead = w.toBuilder().overhead(com.vramadvisor.engine.llm.RuntimeOverhead.DEFAULT).build();
        long budget = 72 * GIB;
        KvCapacity c = KvCapacity.of(ServingEngineTest.LLAMA_3_8B, withOverhead, budget);
        int batch = InverseSolver.maxBatch(ServingEngineTest.LLAMA_3_8B, withOverhead, budget);
        // The estimate counts neither vLLM's CUDA graphs nor its profiling run's logits (about 0.7 GiB here, 1 %
        // of the cache), so its largest batch is a little above what the blocks hold; and the blocks always fit.
        assertThat((double) batch).isBetween(0.97 * c.maxConcurrency(), 1.03 * c.maxConcurrency());
        assertThat(new MemoryEstimator().peakBytes(ServingEngineTest.LLAMA_3_8B,
                withOverhead.toBuilder().batch((int) c.wholeSequences()).build())).isLessThanOrEqualTo(budget);
    }

    @Test
    void vllmSizesItsPoolAfterAFullChunkHoweverShortThePrompts() {
        // vLLM profiles one pass over max_num_batched_tokens (2,048 on an L4) before it sizes the pool, whatever the
        // prompts it will serve (GPUModelRunner.profile_run -> _dummy_run(max_num_tokens)); so 1,000-token prompts
        // leave the same blocks as 2,048-token ones at the same 4,096-token context. Sized from the workload's own
        // 1,000-token pass the pool would be 2 * 1048 * (2 * 4096 + 3 * 14336) = 107 MB larger than vLLM's.
        long l4Usable = 22_478L << 20;
        Workload shortPrompts = ServingEngine.VLLM.configure(ServingEngineTest.infer(1, 1000, 4096), 2048);
        Workload chunkPrompts = ServingEngine.VLLM.configure(ServingEngineTest.infer(1, 2048, 4096), 2048);
        long budget = (long) Math.ceil(l4Usable * 0.9);
        KvCapacity a = KvCapacity.of(ServingEngineTest.LLAMA_3_8B, shortPrompts, budget, l4Usable, 23_034L << 20,
                "NVIDIA L4");
        KvCapacity b = KvCapacity.of(ServingEngineTest.LLAMA_3_8B, chunkPrompts, budget, l4Usable, 23_034L << 20,
                "NVIDIA L4");
        assertThat(a.blocks()).isEqualTo(b.blocks());
        Workload profiled = KvCapacity.profileRun(shortPrompts, 23_034L << 20, "NVIDIA L4");
        assertThat((long) profiled.batch() * profiled.sequenceLength()).isGreaterThanOrEqualTo(2048);
        // Whatever the pool holds also fits the budget by the estimate.
        assertThat(new MemoryEstimator().peakBytes(ServingEngineTest.LLAMA_3_8B,
                shortPrompts.toBuilder().batch((int) a.wholeSequences()).build())).isLessThanOrEqualTo(budget);
    }
}
