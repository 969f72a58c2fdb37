package com.vramadvisor.engine.core;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class LargestFitTest {

    /** 1,000 bytes fixed plus 10 bytes per item; spreads items evenly over GPUs when {@code spreads}. */
    private record Items(long items, boolean spreads) implements Sizable {
        @Override
        public SizedEstimate estimate() {
            return of(items);
        }

        private SizedEstimate of(long n) {
            return new SizedEstimate(WorkloadKind.MD, Sentence.plain(n + " items"), OptionalLong.empty(),
                    List.of(new MemoryPart("fixed", "fixed", 1_000, "1,000 bytes"),
                            new MemoryPart("items", "items", 10 * n, n + " x 10 bytes")),
                    "steady state", List.of(), List.of());
        }

        @Override
        public SizingAxis axis() {
            return new SizingAxis("maxItems", "items", 1, 1L << 40);
        }

        @Override
        public long axisValue() {
            return items;
        }

        @Override
        public Sizable withAxisValue(long value) {
            return new Items(value, spreads);
        }

        @Override
        public Optional<SizedEstimate> perGpu(int gpus) {
            return spreads ? Optional.of(of((items + gpus - 1) / gpus)) : Sizable.super.perGpu(gpus);
        }
    }

    @Test
    void theLargestValueIsTheLastThatFitsExactly() {
        assertThat(LargestFit.largest(new Items(1, false), 1_000 + 10 * 12_345)).isEqualTo(12_345);
        assertThat(LargestFit.largest(new Items(1, false), 1_000 + 10 * 12_345 + 9)).isEqualTo(12_345);
        assertThat(LargestFit.largest(new Items(1, false), 1_009)).isZero();
        assertThat(LargestFit.largest(new Items(1, false), Long.MAX_VALUE)).isEqualTo(1L << 40);
    }

    @Test
    void gpusAreCountedOnlyForWorkloadsThatSpread() {
        long budget = 1_000 + 10 * 1_000;
        assertThat(LargestFit.fewestGpus(new Items(2_500, true), budget, 64)).isEqualTo(3);
        assertThat(LargestFit.fewestGpus(new Items(20_000, true), budget, 64)).isEqualTo(32);
        assertThat(LargestFit.fewestGpus(new Items(2_500, false), budget, 64)).isZero();
        assertThat(LargestFit.fewestGpus(new Items(500, false), budget, 64)).isEqualTo(1);
        assertThat(LargestFit.fewestGpus(new Items(1_000_000, true), budget, 64)).isZero();
    }

    @Test
    void partsSumToThePeakAndSaturate() {
        var e = new SizedEstimate(WorkloadKind.RENDER, Sentence.plain("s"), OptionalLong.empty(),
                List.of(new MemoryPart("a", "a", Long.MAX_VALUE - 1, ""), new MemoryPart("b", "b", 5, "")),
                "frame", List.of(), List.of());
        assertThat(e.peakBytes()).isEqualTo(Long.MAX_VALUE);
        assertThat(e.part("b")).isEqualTo(5);
        assertThat(e.part("c")).isZero();
        assertThatThrownBy(() -> new MemoryPart("x", "x", -1, "")).isInstanceOf(IllegalArgumentException.class);
        assertThat(WorkloadKind.parse(" MD ")).isEqualTo(WorkloadKind.MD);
        assertThatThrownBy(() -> WorkloadKind.parse("cfd")).hasMessageContaining("expected llm, vision");
    }
}
