package com.vramadvisor.engine.ranking;

import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.Workload;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class LayoutSearchTest {

    /**
     * With {@link HandMemory} and no ZeRO, m GPUs per copy under tensor parallelism t and pipeline stages m / t need
     * {@code ceil(2P / m) + A / t}; the fewest GPUs is the first of 1, 2, 4, 8, 16, 24, ... where that fits. The
     * search, with its pruning and bisection, must find exactly that count for every capacity.
     */
    @Test
    void fewestMatchesABruteForceWalkOverTheLadder() {
        long p = 7_000_000_000L;
        long a = 3_000_000_000L;
        HandMemory memory = new HandMemory(p, 2, a);
        Workload serve = Workload.builder().mode(Mode.INFER).build();
        for (long capacity = 1_000_000_000L; capacity <= 20_000_000_000L; capacity += 300_000_000L) {
            LayoutSearch search = new LayoutSearch(memory, ReferenceModels.llama2_7b(), serve);
            LayoutSearch.Layout found = search.fewest(capacity, 8, 256);
            int expected = -1;
            for (int n = 1; n <= 256 && expected < 0; n = n < 8 ? n * 2 : n + 8) {
                int t = 1;
                while (t * 2 <= Math.min(n, 8) && n % (t * 2) == 0 && 32 % (t * 2) == 0) {
                    t *= 2;
                }
                if (n / t > 32) {
                    break;
                }
                if ((long) Math.ceil(2.0 * p / n) + a / t <= capacity) {
                    expected = n;
                }
            }
            if (expected < 0) {
                assertThat(found.fits()).as("capacity %d", capacity).isFalse();
            } else {
                assertThat(found.fits()).as("capacity %d", capacity).isTrue();
                assertThat(found.gpus()).as("capacity %d", capacity).isEqualTo(expected);
            }
        }
    }

    @Test
    void inferenceNeverUsesMorePipelineStagesThanBlocks() {
        HandMemory huge = new HandMemory(70_000_000_000L, 2, 0);
        Workload serve = Workload.builder().mode(Mode.INFER).build();
        LayoutSearch search = new LayoutSearch(huge, ReferenceModels.llama2_7b(), serve);
        LayoutSearch.Layout l = search.fewest(1_000_000, 8, 4096);
        assertThat(l.fits()).isFalse();
        assertThat(l.parallelism().pipelineParallel()).isLessThanOrEqualTo(32);
    }
}
