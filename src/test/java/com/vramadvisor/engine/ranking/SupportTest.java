package com.vramadvisor.engine.ranking;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.engine.llm.Parallelism;
import com.vramadvisor.engine.core.GpuFeature;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.hardware.HardwareList;
import com.vramadvisor.engine.hardware.NodeSpec;
import com.vramadvisor.engine.plan.Rig;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The rules of what runs where, against vendor facts: NVIDIA's H100 and AMD's MI300X ship no graphics driver (compute
 * only, no display outputs), GeForce cards run Vulkan and DirectX 12, Apple GPUs run Metal and MLX (no NCCL, RCCL,
 * HCCL or oneCCL; DeepSpeed's MPS accelerator has no communication back-end), Gaudi runs only its own stack.
 */
class SupportTest {

    private static final HardwareList HW = CatalogLoader.shippedOnly().load().hardware();

    private static GpuSpec gpu(String idPart) {
        return HW.gpus().stream().filter(g -> g.id().contains(idPart)).findFirst()
                .orElseThrow(() -> new AssertionError("no GPU " + idPart));
    }

    @Test
    void realTimeRenderingNeedsAGraphicsApiThatComputeOnlyAcceleratorsLack() {
        Set<GpuFeature> game = Set.of(GpuFeature.GRAPHICS_API);
        assertThat(Support.sizable(game, gpu("h100"))).containsExactly(Reason.NO_GRAPHICS_API);
        assertThat(Support.sizable(game, gpu("mi300x"))).containsExactly(Reason.NO_GRAPHICS_API);
        assertThat(Support.sizable(game, gpu("gaudi3"))).containsExactly(Reason.NO_GRAPHICS_API);
        assertThat(Support.sizable(game, gpu("rtx-4090"))).isEmpty();
        assertThat(Support.sizable(game, gpu("m3-ultra"))).isEmpty();
    }

    @Test
    void aStreamedOmniverseReviewNeedsAnNvidiaGpuWithAGraphicsDriver() {
        Set<GpuFeature> review = Set.of(GpuFeature.GRAPHICS_API, GpuFeature.RTX_STREAMING);
        assertThat(Support.sizable(review, gpu("rtx-6000-ada"))).isEmpty();
        assertThat(Support.sizable(review, gpu("7900-xtx"))).containsExactly(Reason.NO_RTX_RENDERER);
        assertThat(Support.sizable(review, gpu("h100"))).contains(Reason.NO_RTX_RENDERER);
    }

    @Test
    void pathTracingRunsWhereACyclesBackEndDoesButNotOnGaudi() {
        Set<GpuFeature> film = Set.of(GpuFeature.PATH_TRACING);
        assertThat(Support.sizable(film, gpu("h100"))).isEmpty();
        assertThat(Support.sizable(film, gpu("m3-ultra"))).isEmpty();
        assertThat(Support.sizable(film, gpu("gaudi3"))).containsExactly(Reason.NO_RENDER_BACKEND);
    }

    @Test
    void multiGpuTrainingNeedsACollectiveLibraryThatMacsDoNotHave() {
        GpuSpec mac = gpu("m3-ultra");
        Rig macs = Rig.of(mac, NodeSpec.fallbackFor(mac), mac.memoryBytesUsable());
        Parallelism zero3 = new Parallelism(1, 1, 8, 3, false);
        assertThat(Support.llm(true, zero3, macs, 8, 7_000_000_000L)).contains(Reason.NO_COLLECTIVES);
        assertThat(Support.llm(true, Parallelism.SINGLE_GPU, macs, 1, 70_000_000_000L)).isEmpty();
        GpuSpec h100 = gpu("h100");
        Rig hgx = Rig.of(h100, NodeSpec.fallbackFor(h100), h100.memoryBytesUsable());
        assertThat(Support.llm(true, zero3, hgx, 1, 70_000_000_000L)).isEmpty();
    }

    @Test
    void zero3OfA70bModelAndTensorParallelismDoNotCrossTenGigabitEthernet() {
        GpuSpec card = gpu("rtx-4090");
        NodeSpec tower = NodeSpec.fallbackFor(card);
        assertThat(tower.networkGbps()).isLessThan(Support.FABRIC_GBPS);
        Rig towers = Rig.of(card, tower, card.memoryBytesUsable());
        Parallelism zero3 = new Parallelism(1, 1, 16, 3, false);
        assertThat(Support.llm(true, zero3, towers, 4, 70_000_000_000L)).containsExactly(Reason.SLOW_NETWORK_LAYOUT);
        assertThat(Support.llm(true, zero3, towers, 4, 1_000_000_000L)).isEmpty();
        Parallelism tp8 = new Parallelism(8, 1, 1, 0, false);
        assertThat(Support.llm(false, tp8, towers, 2, 8_000_000_000L)).containsExactly(Reason.SLOW_NETWORK_LAYOUT);
        Parallelism tp4pp2 = new Parallelism(4, 2, 1, 0, false);
        assertThat(Support.llm(false, tp4pp2, towers, 2, 8_000_000_000L)).isEmpty();
    }
}
