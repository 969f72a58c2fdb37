package com.vramadvisor.catalog;

import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The usable-memory rule reproduces published driver readings (sources in gpus.json and docs/catalog.md). */
class MemoryRuleTest {

    @Test
    void binaryGigabytesGiveTheTotalNvidiaSmiReportsForHbmAndGddrWithoutEcc() {
        assertThat(MemoryRule.totalMiB(80, false)).isEqualTo(81920); // A100 80GB: 81920 MiB
        assertThat(MemoryRule.totalMiB(40, false)).isEqualTo(40960); // A100 40GB: 40960 MiB
        assertThat(MemoryRule.totalMiB(24, false)).isEqualTo(24576); // RTX 3090: 24576 MiB
    }

    @Test
    void eccOnGddrKeepsOneSixteenthForCheckBits() {
        assertThat(MemoryRule.totalMiB(16, true)).isEqualTo(15360); // T4 with ECC: 15360 MiB
        // A10 (23028 MiB) and L40S (46068 MiB) read 12 MiB below the rule.
        assertThat(MemoryRule.totalMiB(24, true)).isCloseTo(23028, within(12.0));
        assertThat(MemoryRule.totalMiB(48, true)).isCloseTo(46068, within(12.0));
    }

    @Test
    void theDefaultReservationIsTheMedianOfThePublishedReadings() {
        // nvidia-smi -q "Reserved": H100 SXM, H200, A100 SXM 80GB, RTX A6000, L4, a 46068-MiB card, RTX 4090, A100 40GB
        double[] readingsMiB = {551, 700, 763, 569, 556, 450, 354, 620};
        Arrays.sort(readingsMiB);
        double median = (readingsMiB[3] + readingsMiB[4]) / 2;

        assertThat((double) MemoryRule.DEFAULT_RESERVED_MIB).isCloseTo(median, within(5.0));
        assertThat(MemoryRule.usableMiB(81920, false)).isEqualTo(81920 - MemoryRule.DEFAULT_RESERVED_MIB);
    }

    @Test
    void appleWiresTwoThirdsUpTo32GiBAndThreeQuartersAbove() {
        // llama.cpp recommendedMaxWorkingSetSize readings: 16 GiB M1, 32 GiB M1 Max, 96 GiB M2 Max
        assertThat(MemoryRule.usableMiB(16384, true)).isCloseTo(10922.67, within(0.01));
        assertThat(MemoryRule.usableMiB(32768, true)).isCloseTo(21845.34, within(0.01));
        assertThat(MemoryRule.usableMiB(98304, true)).isEqualTo(73728);
    }

    @Test
    void mebibytesConvertToWholeBytes() {
        assertThat(MemoryRule.bytes(1)).isEqualTo(1L << 20);
        assertThat(MemoryRule.bytes(81559)).isEqualTo(85_520_809_984L); // H100: "85520809984 bytes", modal-client#2797
    }
}
