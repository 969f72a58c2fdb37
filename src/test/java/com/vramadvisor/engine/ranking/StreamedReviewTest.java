package com.vramadvisor.engine.ranking;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.engine.hardware.HardwareList;
import com.vramadvisor.engine.render.RenderWorkload;
import com.vramadvisor.scene.ScenePresets;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A streamed review is sized per stream: NVIDIA's Omniverse Renderer microservice supports a single stream per
 * instance and needs at least 8 GB of GPU memory (NVIDIA ACE documentation), so a GPU holds at most
 * {@code usable / 8 GB} reviewers, whatever the scene's per-view buffers would suggest.
 */
class StreamedReviewTest {

    private static final HardwareList HW = CatalogLoader.shippedOnly().load().hardware();

    @Test
    void oneHundredFiftySixReviewersNeedAtLeastOneGpuPerEightGbOfStreams() {
        RenderWorkload review = new RenderWorkload(ScenePresets.load("usd-review").withViewers(156));
        Recommendation rec = new Recommender().recommend(review, HW, RankingOptions.builder()
                .kinds(Set.of(HardwareKind.GPU, HardwareKind.MULTI_GPU)).build());
        RecommendationRow ada = rec.rows().stream()
                .filter(r -> r.gpuId().equals("rtx-6000-ada") && r.fits()).findFirst().orElseThrow();
        long streamsPerGpu = ada.usableBytes() / StreamedInstances.MIN_STREAM_BYTES;
        assertThat(ada.gpusNeeded()).isGreaterThanOrEqualTo((int) ((156 + streamsPerGpu - 1) / streamsPerGpu));
        assertThat(ada.gpusNeeded()).isGreaterThan(1);
        assertThat(rec.rows()).filteredOn(RecommendationRow::fits)
                .allSatisfy(r -> assertThat(r.vendor()).isEqualTo("NVIDIA"));
    }

    @Test
    void aReviewOfOneViewerIsSizedAsTheSceneItself() {
        RenderWorkload one = new RenderWorkload(ScenePresets.load("usd-review").withViewers(1));
        assertThat(StreamedInstances.of(one)).isSameAs(one);
        RenderWorkload four = new RenderWorkload(ScenePresets.load("usd-review"));
        assertThat(StreamedInstances.of(four).estimate().peakBytes())
                .isGreaterThanOrEqualTo(4 * StreamedInstances.MIN_STREAM_BYTES);
    }
}
