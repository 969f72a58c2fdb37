package com.vramadvisor.engine.serving;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.engine.InverseSolver;
import com.vramadvisor.engine.MemoryEstimator;
import com.vramadvisor.engine.Workload;
import org.junit.jupiter.api.Test;

class KvCapacityTest {

    private static final long GIB = 1L << 30;

    @Test
    void theBlocksLeftAfterWeightsAndTheActivationPeakGiveTheConcurrency() {
        // Llama 3 8B in bf16 under vLLM, a 2,048-token context, 40 GiB and no runtime overhead, worked by hand:
        //   weights        2 * 8,030,261,248                                  = 16,060,522,496 bytes
        //   prefill        one sequence of 2,048 tokens (under the 8,192-token chunk); the gated feed-forward
        //                  holds 2 * 2048 * (2 * 4096 + 3 * 14336)            =    209,715,200 bytes
        //   logits         128,256 * (2 + 4) for the last position            =        769,536 bytes
        //   left           42,949,672,960 - the three                         = 26,678,665,728 bytes
        //   one block      16 tokens * 131,072 bytes                          =      2,097,152 bytes
        //   blocks         floor(26,678,665,728 / 2,097,152)                  =         12,721
        //   per request    2048 / 16                                          =            128 blocks
        //   concurrency    12,721 / 128                                       =         99.38x
        Workload w = ServingEngine.VLLM.configure(ServingEngineTest.infer(1, 2048, 2048), 0);
        KvCapacity c = KvCapacity.of(ServingEngineTest.LLAMA_3_8B, w, 40 * GIB);
        assertThat(c.blockTokens()).isEqualTo(16);
        assertThat(c.blockBytes()).isEqualTo(2_097_152.0);
        assertThat(c.blocks()).isEqualTo(12_721);
        assertThat(c.tokens()).isEqualTo(12_721L * 16);
        assertThat(c.blocksPerRequest()).isEqualTo(128);
        assertThat(c.maxConcurrency()).isCloseTo(99.38, org.assertj.core.data.Offset.offset(0.01));
        assertThat(c.wholeSequences()).isEqualTo(99);
    }

    @Test
    void aFullContextNeedsItsBlocksRoundedUp() {
        // 2,049 tokens take 129 blocks of 16, so the same budget holds 12,721 / 129 = 98.6 such requests.
        Workload w = ServingEngine.VLLM.configure(ServingEngineTest.infer(1, 2048, 2049), 0);
        KvCapacity c = KvCapacity.of(ServingEngineTest.LLAMA_3_8B, w, 40 * GIB);
        assertThat(c.blocksPerRequest()).isEqualTo(129);
        assertThat(c.blocks()).isEqualTo(12_721);
    }

    @Test
    void theConcurrencyAgreesWithTheLargestBatchThatFitsWhenTheCacheSetsTheLimit() {
        Workload w = ServingEngine.VLLM.configure(ServingEngineTest.infer(1, 2048, 2048), 0);
        Workload withOverhead = w.toBuilder().overhead(com.vramadvisor.engine.RuntimeOverhead.DEFAULT).build();
        long budget = 72 * GIB;
        KvCapacity c = KvCapacity.of(ServingEngineTest.LLAMA_3_8B, withOverhead, budget);
        int batch = InverseSolver.maxBatch(ServingEngineTest.LLAMA_3_8B, withOverhead, budget);
        // Decode and prefill of more sequences add a little beyond one sequence's activations and logits.
        assertThat((long) batch).isLessThanOrEqualTo(c.wholeSequences()).isGreaterThan((int) (0.97 * c.maxConcurrency()));
        assertThat(new MemoryEstimator().peakBytes(ServingEngineTest.LLAMA_3_8B,
                withOverhead.toBuilder().batch((int) c.wholeSequences() + 1).build())).isGreaterThan(budget);
    }
}
