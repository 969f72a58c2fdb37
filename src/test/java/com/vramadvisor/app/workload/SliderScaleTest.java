package com.vramadvisor.app.workload;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SliderScaleTest {

    @ParameterizedTest
    @ValueSource(longs = {125_000_000L, 350_000_000L, 1_300_000_000L, 7_000_000_000L, 13_000_000_000L,
        70_000_000_000L, 405_000_000_000L})
    void theParameterSliderSnapsToPublishedModelSizes(long size) {
        // GPT-3 (Brown et al. 2020, table 2.1) and Llama (Touvron et al. 2023) sizes; nudging the thumb a little
        // either side of one still lands on it.
        SliderScale scale = SliderScale.parameters();
        double position = scale.toPosition(size);
        assertThat(scale.fromPosition(position)).isEqualTo(size);
        assertThat(scale.fromPosition(position + 0.01)).isEqualTo(size);
        assertThat(scale.fromPosition(position - 0.01)).isEqualTo(size);
    }

    @Test
    void theParameterSliderSpans100MillionTo2Trillion() {
        SliderScale scale = SliderScale.parameters();
        assertThat(scale.fromPosition(scale.minPosition())).isEqualTo(100_000_000L);
        assertThat(scale.fromPosition(scale.maxPosition())).isEqualTo(2_000_000_000_000L);
        assertThat(scale.fromPosition(-5)).isEqualTo(100_000_000L);
        assertThat(scale.fromPosition(99)).isEqualTo(2_000_000_000_000L);
    }

    @Test
    void snappingIsMonotonicAlongTheSlider() {
        SliderScale scale = SliderScale.parameters();
        long previous = 0;
        for (double p = scale.minPosition(); p <= scale.maxPosition(); p += 0.005) {
            long value = scale.fromPosition(p);
            assertThat(value).isGreaterThanOrEqualTo(previous);
            previous = value;
        }
    }

    @Test
    void batchAndTokenSlidersMoveInPowersOfTwo() {
        SliderScale scale = SliderScale.powersOfTwo(7, 20);
        assertThat(scale.fromPosition(12.2)).isEqualTo(4096);
        assertThat(scale.fromPosition(12.6)).isEqualTo(8192);
        assertThat(scale.toPosition(4096)).isEqualTo(12.0);
        assertThat(scale.fromPosition(0)).isEqualTo(128);
        assertThat(scale.fromPosition(30)).isEqualTo(1 << 20);
        // A typed value between powers of two sits between them on the slider.
        assertThat(scale.toPosition(3000)).isBetween(11.0, 12.0);
    }

    @Test
    void shortLabelsUseTheUsualLetters() {
        assertThat(ParameterScale.shortLabel(125_000_000L)).isEqualTo("125M");
        assertThat(ParameterScale.shortLabel(1_300_000_000L)).isEqualTo("1.3B");
        assertThat(ParameterScale.shortLabel(70_000_000_000L)).isEqualTo("70B");
        assertThat(ParameterScale.shortLabel(405_000_000_000L)).isEqualTo("405B");
        assertThat(ParameterScale.shortLabel(2_000_000_000_000L)).isEqualTo("2T");
    }

    @Test
    void aKeyPressStepsToTheNeighbouringValueOfEveryScale() {
        SliderScale twos = SliderScale.powersOfTwo(0, 12);
        assertThat(twos.step(4, 1)).isEqualTo(8);
        assertThat(twos.step(4, -1)).isEqualTo(2);
        // A typed 3 lies between 2 and 4: its neighbours, not a whole power away from it.
        assertThat(twos.step(3, 1)).isEqualTo(4);
        assertThat(twos.step(3, -1)).isEqualTo(2);
        assertThat(twos.step(4096, 1)).isEqualTo(4096);
        assertThat(twos.step(1, -1)).isEqualTo(1);
        SliderScale atoms = SliderScale.oneTwoFive(3, 11);
        assertThat(atoms.step(1000, 1)).isEqualTo(2000);
        assertThat(atoms.step(3000, 1)).isEqualTo(5000);
        assertThat(atoms.step(3000, -1)).isEqualTo(2000);
        assertThat(SliderScale.steps(32, 1024, 32).step(224, 1)).isEqualTo(256);
    }

    @Test
    void theParameterKeysReachEveryPublishedSizeFromTheSmallestAndBack() {
        // Llama 2 7B and 13B, Llama 3 8B and 70B (Touvron et al. 2023; Meta's model cards), Code Llama 34B
        // (Rozière et al. 2023), Llama 3.1 405B.
        SliderScale scale = SliderScale.parameters();
        List<Long> up = new ArrayList<>();
        for (long v = ParameterScale.MIN_PARAMETERS; v < ParameterScale.MAX_PARAMETERS; v = scale.step(v, 1)) {
            up.add(v);
        }
        assertThat(up).contains(7_000_000_000L, 8_000_000_000L, 13_000_000_000L, 34_000_000_000L,
                70_000_000_000L, 405_000_000_000L).isSorted().doesNotHaveDuplicates();
        // Each step is one of the ladder's sizes, and the slider's drag lands on the same ones.
        for (long v : up) {
            assertThat(scale.fromPosition(scale.toPosition(v))).isEqualTo(v);
        }
        // A count a little off a size (the engine's standard shape for it) stands for that size.
        assertThat(scale.step(7_999_161_344L, 1)).isEqualTo(13_000_000_000L);
        assertThat(scale.step(101_100_000L, -1)).isEqualTo(100_000_000L);
        assertThat(scale.step(69_980_000_000L, -1)).isEqualTo(40_000_000_000L);
        assertThat(scale.step(671_500_000_000L, 1)).isEqualTo(1_000_000_000_000L);
    }
}
