package com.vramadvisor.engine.ranking;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.catalog.Catalog;
import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.engine.core.JobSize;
import com.vramadvisor.engine.diffusion.DiffusionMode;
import com.vramadvisor.engine.diffusion.DiffusionPresets;
import com.vramadvisor.engine.diffusion.DiffusionWorkload;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The decision table of a workload that runs copies (diffusion): memory per GPU, time over every GPU bought. */
class DiffusionRankingTest {

    private static final Catalog CATALOG = CatalogLoader.shippedOnly().load();

    private static RecommendationRow row(List<RecommendationRow> rows, String id, HardwareKind kind) {
        return rows.stream().filter(r -> r.hardwareId().equals(id) && r.kind() == kind).findFirst().orElseThrow();
    }

    @Test
    void aCardThatMissesTheDeadlineGetsASeveralCardRowOfCopiesThatMeetsIt() {
        DiffusionWorkload sdxl = DiffusionWorkload.of(DiffusionPresets.SDXL, DiffusionMode.INFER);
        // A million images within a day: one RTX 4090 takes weeks, so several cards run copies side by side.
        Recommendation rec = new Recommender().recommend(sdxl, CATALOG.hardware(),
                RankingOptions.builder().deadlineDays(1).maxGpus(512).build(), sdxl.imagesJob(1_000_000));
        assertThat(rec.spreads()).isFalse();
        assertThat(rec.copies()).isTrue();
        RecommendationRow one = row(rec.rows(), "rtx-4090", HardwareKind.GPU);
        RecommendationRow several = row(rec.rows(), "rtx-4090", HardwareKind.MULTI_GPU);
        assertThat(one.reasons()).contains(Reason.PAST_DEADLINE);
        assertThat(several.gpusBought()).isGreaterThan(1);
        assertThat(several.reasons()).doesNotContain(Reason.PAST_DEADLINE, Reason.DOES_NOT_SPREAD);
        assertThat(several.hours()).isLessThanOrEqualTo(24.0);
        // Memory does not spread: each card holds the whole pipeline.
        assertThat(several.perGpuBytes()).isEqualTo(one.perGpuBytes());
        assertThat(several.itemsPerSecond() / one.itemsPerSecond()).isEqualTo((double) several.gpusBought(),
                org.assertj.core.api.Assertions.within(1e-9 * several.gpusBought()));
    }

    @Test
    void aPipelineOneGpuCannotHoldDoesNotSpreadAndIsNotSearchedToTheGpuLimit() {
        DiffusionWorkload flux = DiffusionWorkload.of(DiffusionPresets.FLUX_1_DEV, DiffusionMode.INFER);
        JobSize job = flux.defaultJob().orElseThrow();
        Recommendation rec = new Recommender().recommend(flux, CATALOG.hardware(), RankingOptions.defaults(), job);
        RecommendationRow small = row(rec.rows(), "rtx-3060-12gb", HardwareKind.GPU);
        assertThat(small.fits()).isFalse();
        assertThat(small.reasons()).contains(Reason.DOES_NOT_FIT, Reason.DOES_NOT_SPREAD)
                .doesNotContain(Reason.EXCEEDS_MAX_GPUS);
        assertThat(rec.rows()).noneMatch(r -> r.hardwareId().equals("rtx-3060-12gb")
                && r.kind() == HardwareKind.MULTI_GPU);
    }
}
