package com.vramadvisor.engine.plan;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class BisectionTest {

    @Test
    void smallestFindsTheFirstPassingValueOrNone() {
        assertThat(Bisection.smallest(2, 128, k -> k >= 37)).isEqualTo(37);
        assertThat(Bisection.smallest(2, 128, k -> k >= 2)).isEqualTo(2);
        assertThat(Bisection.smallest(2, 128, k -> k >= 128)).isEqualTo(128);
        assertThat(Bisection.smallest(2, 128, k -> false)).isEqualTo(-1);
        assertThat(Bisection.smallest(5, 4, k -> true)).isEqualTo(-1);
        assertThat(Bisection.smallest(7, 7, k -> true)).isEqualTo(7);
    }
}
