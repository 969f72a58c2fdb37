package com.vramadvisor.engine.ranking;

import com.vramadvisor.engine.Mode;
import com.vramadvisor.engine.Workload;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class LayoutSearchTest {

    @Test
    void smallestFindsTheFirstPassingValueOrNone() {
        assertThat(LayoutSearch.smallest(2, 128, k -> k >= 37)).isEqualTo(37);
        assertThat(LayoutSearch.smallest(2, 128, k -> k >= 2)).isEqualTo(2);
        assertThat(LayoutSearch.smallest(2, 128, k -> k >= 128)).isEqualTo(128);
        assertThat(LayoutSearch.smallest(2, 128, k -> false)).isEqualTo(-1);
        assertThat(LayoutSearch.smallest(5, 4, k -> true)).isEqualTo(-1);
        assertThat(LayoutSearch.smallest(7, 7, k -> true)).isEqualTo(7);
    }

    /**
     * With {@link HandMemory}, n GPUs under ZeRO-3 need {@code ceil(16P / n) + A} and under tensor parallelism t
     * (largest power of two up to 8 dividing n and the 32 heads) {@code ceil(16P / n) + A / t}; the fewest GPUs is
     * the first count of the ladder 1..8, 16, 24, ... where either fits. The search, with its pruning and bisection,
     * must find exactly that count for every capacity.
     */
    @Test
    void fewestMatchesABruteForceWalkOverTheLadder() {
        long p = 7_000_000_000L;
        long a = 3_000_000_000L;
        HandMemory memory = new HandMemory(p, 16, a);
        Workload train = Workload.builder().build();
        for (long capacity = 4_000_000_000L; capacity <= 130_000_000_000L; capacity += 1_700_000_000L) {
            LayoutSearch search = new LayoutSearch(memory, ReferenceModels.llama2_7b(), train, 8);
            LayoutSearch.Layout found = search.fewest(capacity, 8, 1024);
            int expected = -1;
            for (int n = 1; n <= 1024 && expected < 0; n = n < 8 ? n + 1 : n + 8) {
                long states = (long) Math.ceil(16.0 * p / n);
                int t = 1;
                while (t * 2 <= Math.min(n, 8) && n % (t * 2) == 0 && 32 % (t * 2) == 0) {
                    t *= 2;
                }
                long best = n == 1 ? 16 * p + a : Math.min(states + a, (long) Math.ceil(16.0 * p / n) + a / t);
                if (best <= capacity) {
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
        LayoutSearch search = new LayoutSearch(huge, ReferenceModels.llama2_7b(), serve, 8);
        LayoutSearch.Layout l = search.fewest(1_000_000, 8, 4096);
        assertThat(l.fits()).isFalse();
        assertThat(l.parallelism().pipelineParallel()).isLessThanOrEqualTo(32);
    }
}
