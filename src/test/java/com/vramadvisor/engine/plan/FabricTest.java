package com.vramadvisor.engine.plan;

import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.hardware.NodeSpec;
import com.vramadvisor.engine.ranking.TestHardware;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Ring bandwidths and collective times worked out by hand from the link figures: NVLink 4 on an H100 SXM board,
 * 900 GB/s both directions (450 each way); an 8 x 400 Gb/s network per HGX server (400 GB/s); an RTX 3090's NVLink
 * bridge, 112.5 GB/s both directions, between two cards; PCIe 4.0 at 1.969 GB/s per lane and direction.
 */
class FabricTest {

    private static final NodeSpec HGX = new NodeSpec("hgx", "HGX H100", 8, true, 16, "InfiniBand 8 x 400 Gb/s", 3200,
            50_000, "2024", 3000, "test");
    private static final NodeSpec TOWER = new NodeSpec("tower", "Tower", 4, false, 8, "10 GbE", 10, 3000, "2025", 250,
            "test");

    private static GpuSpec rtx3090() {
        GpuSpec g = TestHardware.rtx4090();
        return new GpuSpec("rtx-3090", "RTX 3090", "NVIDIA", "consumer", "PCIe", 24, "GDDR6X", g.memoryBytesTotal(),
                g.memoryBytesUsable(), 936, 35.6, 35.6, 71, 0, 284, 350, "NVLink 3 bridge", 112.5, 4, 2020, 1499,
                "2020-09", "test");
    }

    @Test
    void aRingInsideAnHgxBoardRunsAtNvlinkAndAcrossBoardsAtItsShareOfTheNetwork() {
        Fabric f = Fabric.of(TestHardware.h100Sxm(), HGX, 128);
        assertThat(f.nodes()).isEqualTo(16);
        assertThat(f.ringGBps(8, 1)).isEqualTo(450.0);
        // One member per server in each of the 8 data-parallel groups of a TP-8 layout: one 50 GB/s NIC each.
        assertThat(f.ringGBps(16, 8)).isEqualTo(50.0);
        // All 8 GPUs of every server in one group: the whole 400 GB/s of the server's NICs.
        assertThat(f.ringGBps(128, 1)).isEqualTo(400.0);
        // 1 GB all-reduced over 8: 10 us + 2 x 7/8 x 1e9 / (450e9 x 0.8) = 4.871 ms
        assertThat(f.allReduceSeconds(1e9, 8, 1)).isCloseTo(10e-6 + 1.75e9 / 360e9, within(1e-12));
        assertThat(f.gatherSeconds(1e9, 16, 8)).isCloseTo(20e-6 + 15.0 / 16 * 1e9 / 40e9, within(1e-12));
        assertThat(f.slowGroup(8, 1)).isFalse();
    }

    @Test
    void nvlinkBridgesJoinPairsOnlyAndTheRestGoesOverPcie() {
        Fabric f = Fabric.of(rtx3090(), TOWER, 8);
        assertThat(f.gpusPerNode()).isEqualTo(4);
        assertThat(f.nodes()).isEqualTo(2);
        assertThat(f.ringGBps(2, 1)).isEqualTo(56.25);
        // Four cards in a tower: PCIe 4.0 x8, 8 x 1.969 GB/s.
        assertThat(f.ringGBps(4, 1)).isCloseTo(15.752, within(1e-9));
        assertThat(f.slowGroup(4, 1)).isTrue();
        // Eight cards in two towers: 10 GbE, 1.25 GB/s for the node, all four of its GPUs in the group.
        assertThat(f.ringGBps(8, 1)).isCloseTo(1.25, within(1e-12));
        assertThat(f.withinNode(8, 1)).isFalse();
        assertThat(f.latencySeconds(2, 1)).isEqualTo(10e-6);
        assertThat(f.latencySeconds(4, 1)).isEqualTo(15e-6);
        assertThat(f.latencySeconds(8, 1)).isEqualTo(20e-6);
    }

    @Test
    void aPipelineSendCrossesTheNetworkOnlyWhenTheNextStageIsInAnotherMachine() {
        Fabric f = Fabric.of(TestHardware.h100Sxm(), HGX, 16);
        // Inside a board: 10 us + 1e9 / (450e9 x 0.8); to the next board: 20 us + 1e9 / (50e9 x 0.8).
        assertThat(f.sendSeconds(1e9, 4)).isCloseTo(10e-6 + 1e9 / 360e9, within(1e-12));
        assertThat(f.sendSeconds(1e9, 8)).isCloseTo(20e-6 + 1e9 / 40e9, within(1e-12));
    }
}
