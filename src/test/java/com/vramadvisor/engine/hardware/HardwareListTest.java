package com.vramadvisor.engine.hardware;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The node classes a GPU can be bought in, smallest first, and the one class the ranking uses today. */
class HardwareListTest {

    private static GpuSpec card(String id, String segment) {
        return new GpuSpec(id, id, "NVIDIA", segment, "PCIe", 24, "GDDR6", 24L << 30, 23L << 30, 600, 30, 0, 60, 0, 0,
                300, "PCIe only", 0, 4, 2024, 0, "", "test", 0, -1);
    }

    private static NodeSpec node(String id, int maxGpus) {
        return new NodeSpec(id, id, maxGpus, false, 16, "10 GbE", 10, 1000, "2025", 300, "test");
    }

    private final GpuSpec listed = card("listed", "datacenter");
    private final GpuSpec unlisted = card("unlisted", "datacenter");
    private final HardwareList hardware = new HardwareList(List.of(listed, unlisted), List.of(), List.of(),
            Map.of("one-to-four", node("one-to-four", 4), "eight", node("eight", 8)),
            Map.of("listed", "eight", "unlisted", "eight"),
            Map.of("listed", List.of("one-to-four", "no-such-class", "eight")));

    @Test
    void nodesForListsTheKnownClassesSmallestFirstAndNodeForStaysTheDefault() {
        assertThat(hardware.nodesFor(listed)).extracting(NodeSpec::id).containsExactly("one-to-four", "eight");
        assertThat(hardware.nodeFor(listed).id()).isEqualTo("eight");
    }

    @Test
    void aGpuWithoutAListIsBoughtInItsOneClass() {
        assertThat(hardware.nodesFor(unlisted)).extracting(NodeSpec::id).containsExactly("eight");
        HardwareList bare = HardwareList.of(List.of(unlisted), List.of(), List.of());
        assertThat(bare.nodesFor(unlisted)).containsExactly(NodeSpec.fallbackFor(unlisted));
    }

    @Test
    void capabilitiesKeepUnknownApartFromNone() {
        assertThat(unlisted.capabilities().graphicsApisKnown()).isFalse();
        assertThat(unlisted.capabilities().supportsGraphicsApi("vulkan")).isFalse();
        GpuCapabilities none = new GpuCapabilities(0, false, List.of(), 0, 0, List.of("cuda"), "");
        assertThat(none.graphicsApisKnown()).isTrue();
        assertThat(none.runs("CUDA")).isTrue();
        assertThatThrownBy(() -> new GpuCapabilities(0, false, List.of("glide"), 0, 0, List.of(), ""))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
