package com.vramadvisor.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The report's "smallest single GPU that holds it" is one a user can buy: a GPU sold on its own before a smaller one
 * that comes only on a baseboard (SXM, OAM); a baseboard module only where no GPU sold alone holds the need.
 */
class SmallestCardTest {

    private static final long GIB = 1L << 30;

    @Test
    void aCardSoldAloneIsNamedBeforeASmallerBaseboardModule() {
        List<CapacityChoice.Choice> choices = List.of(
                new CapacityChoice.Choice(Gpus.h100Sxm(), Gpus.h100Sxm().memoryBytesUsable()),
                new CapacityChoice.Choice(Gpus.rtxPro6000(), Gpus.rtxPro6000().memoryBytesUsable()),
                new CapacityChoice.Choice(Gpus.mi300x(), Gpus.mi300x().memoryBytesUsable()));
        // 60 GiB: the 80 GB H100 SXM is the smallest that holds it, but it is sold only on HGX boards.
        assertThat(CapacityChoice.smallestHolding(choices, 60 * GIB)).get()
                .extracting(c -> c.gpu().id()).isEqualTo("rtx-pro-6000");
        // 150 GiB: only the MI300X (an OAM module) holds it, so it is named, and known not to be sold alone.
        CapacityChoice.Choice only = CapacityChoice.smallestHolding(choices, 150 * GIB).orElseThrow();
        assertThat(only.gpu().id()).isEqualTo("mi300x");
        assertThat(CapacityChoice.soldAlone(only.gpu())).isFalse();
        assertThat(CapacityChoice.smallestHolding(choices, 500 * GIB)).isEmpty();
    }
}
