package com.vramadvisor.engine.ranking;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.engine.core.JobSize;
import com.vramadvisor.engine.hardware.HardwareList;
import com.vramadvisor.engine.hpc.MdSystem;
import com.vramadvisor.engine.hpc.Potential;
import com.vramadvisor.engine.hpc.SimPrecision;
import com.vramadvisor.engine.render.RenderWorkload;
import com.vramadvisor.engine.vision.VisionModel;
import com.vramadvisor.engine.vision.VisionOptimizer;
import com.vramadvisor.engine.vision.VisionPrecision;
import com.vramadvisor.engine.vision.VisionWorkload;
import com.vramadvisor.scene.ScenePresets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The domain decision table with speed, time and job cost, over the shipped catalog. */
class DomainSpeedRankingTest {

    private static final HardwareList HW = CatalogLoader.shippedOnly().load().hardware();

    private static final VisionWorkload VIT_L_512 = new VisionWorkload(VisionModel.VIT_L_16, true, 512, 224, 224,
            VisionPrecision.BF16_MIXED, VisionOptimizer.ADAMW, false, true, false);

    private static RecommendationRow row(Recommendation rec, String id, HardwareKind kind) {
        return rec.rows().stream().filter(r -> r.hardwareId().equals(id) && r.kind() == kind).findFirst()
                .orElseThrow(() -> new AssertionError("no " + kind + " row for " + id));
    }

    @Test
    void vitLargeTrainingIsNotLedByTwelveConsumerCardsOverTenGigabitEthernet() {
        Recommendation rec = new Recommender().recommend(VIT_L_512, HW, RankingOptions.defaults());
        assertThat(rec.hasSpeed()).isTrue();
        assertThat(rec.itemUnit()).isEqualTo("images");
        RecommendationRow first = rec.rows().get(0);
        assertThat(first.fits()).isTrue();
        assertThat(first.reasons()).doesNotContain(Reason.MULTI_NODE, Reason.PAST_DEADLINE);
        assertThat(first.nodes()).isEqualTo(1);

        // The rig that led the table by capital: 12 Arc A770s in three towers over 10 GbE.
        RecommendationRow arc = row(rec, "arc-a770-16gb", HardwareKind.MULTI_GPU);
        assertThat(arc.fits()).isTrue();
        assertThat(arc.nodes()).isGreaterThan(1);
        assertThat(arc.network()).startsWith("10 GbE");
        RecommendationRow board = row(rec, "h100-sxm-80gb", HardwareKind.MULTI_GPU);
        assertThat(board.hours()).isLessThan(arc.hours() / 10);
        assertThat(rec.rows().indexOf(first)).isLessThan(rec.rows().indexOf(arc));
        // Kept busy for three years, the board costs a job of this size less than the slow rig does.
        Recommendation busy = new Recommender().recommend(VIT_L_512, HW,
                RankingOptions.builder().usage(com.vramadvisor.engine.money.Usage.of(1, 3)).build());
        assertThat(row(busy, "h100-sxm-80gb", HardwareKind.MULTI_GPU).jobCostUsd())
                .isLessThan(row(busy, "arc-a770-16gb", HardwareKind.MULTI_GPU).jobCostUsd());
    }

    @Test
    void hoursAndJobCostFollowFromTheSpeedTheJobAndThePrice() {
        Recommendation rec = new Recommender().recommend(VIT_L_512, HW, RankingOptions.defaults());
        assertThat(rec.job().items()).isEqualTo(90.0 * 1_281_167);
        for (RecommendationRow r : rec.rows()) {
            if (r.hasSpeed()) {
                assertThat(r.hours()).isCloseTo(rec.job().items() / r.itemsPerSecond() / 3600,
                        within(1e-9 * r.hours()));
                assertThat(r.stepSeconds()).isCloseTo(512 / r.itemsPerSecond(), within(1e-12));
                if (r.acquisition() == Acquisition.RENTAL && r.rentalUsdPerHour() != null) {
                    // A commitment bills its whole term (1 or 3 years) to a job that needs less.
                    double term = r.market().equals("commit-1y") ? 8_760 : r.market().equals("commit-3y") ? 26_280 : 0;
                    assertThat(r.jobCostUsd()).isCloseTo(Math.max(term, r.hours()) * r.rentalUsdPerHour(),
                            within(1e-6 * r.jobCostUsd()));
                }
            } else {
                assertThat(r.hours()).isNull();
                assertThat(r.jobCostUsd()).isNull();
            }
        }
    }

    @Test
    void aShortDeadlineTakesMoreGpusOrMarksTheRowPastIt() {
        JobSize job = JobSize.epochsOfImages(90, 1_281_167);
        RankingOptions relaxed = RankingOptions.defaults();
        RankingOptions tight = RankingOptions.builder().deadlineDays(0.5).build();
        RecommendationRow slow = row(new Recommender().recommend(VIT_L_512, HW, relaxed, job), "rtx-6000-ada", HardwareKind.MULTI_GPU);
        RecommendationRow fast = row(new Recommender().recommend(VIT_L_512, HW, tight, job), "rtx-6000-ada", HardwareKind.MULTI_GPU);
        assertThat(fast.gpusNeeded()).isGreaterThan(slow.gpusNeeded());
        assertThat(fast.hours() <= 12 || fast.reasons().contains(Reason.PAST_DEADLINE)).isTrue();
        assertThat(slow.reasons()).doesNotContain(Reason.PAST_DEADLINE);
    }

    @Test
    void rowsWithoutATimeDoNotLeadATableWhoseTimedRowsAllMissTheDeadline() {
        // A job no option finishes within 90 days: every timed row is past the deadline. Rows without throughput
        // figures (Apple silicon, Gaudi 2 in the shipped catalog) are not known to meet it either, so they may not
        // head the table (they did: "Best to buy: Apple M3 Ultra (-)" for 10^15 SDXL images).
        JobSize huge = JobSize.images(1_000_000_000_000_000L);
        List<RecommendationRow> rows = new Recommender().recommend(VIT_L_512, HW, RankingOptions.defaults(), huge).rows();
        assertThat(rows).anyMatch(r -> r.fits() && r.hours() == null);
        assertThat(rows).anyMatch(r -> r.fits() && r.reasons().contains(Reason.PAST_DEADLINE));
        RecommendationRow first = rows.get(0);
        assertThat(first.hours()).as(first.hardwareName()).isNotNull();
        // Bought and rented are never ranked against each other: within each, no row with a time and a job cost
        // after one without a time (rows with a time but no price and rows without a time both have no cost).
        for (Acquisition way : Acquisition.values()) {
            boolean unknownSeen = false;
            for (RecommendationRow r : rows) {
                if (!r.fits()) {
                    break;
                }
                if (r.acquisition() == way) {
                    assertThat(unknownSeen && r.jobCostUsd() != null).as(r.hardwareName() + " " + r.kind())
                            .isFalse();
                    unknownSeen |= r.hours() == null;
                }
            }
        }
    }

    @Test
    void aBudgetBoundsTheJobCostWhenThereIsASpeed() {
        RankingOptions budget = RankingOptions.builder().maxBudgetUsd(300).build();
        Recommendation rec = new Recommender().recommend(VIT_L_512, HW, budget);
        assertThat(rec.rows()).isNotEmpty().allMatch(r -> r.jobCostUsd() != null && r.jobCostUsd() <= 300);
        // Rented options stay in when their bill is within the budget (the capital-only rule dropped them all).
        assertThat(rec.rows()).anyMatch(r -> r.acquisition() == Acquisition.RENTAL);
        assertThat(new Recommender().recommend(VIT_L_512, HW, RankingOptions.defaults()).rows())
                .anyMatch(r -> r.jobCostUsd() != null && r.jobCostUsd() > 300);
    }

    @Test
    void timeIsASortKeyForTimedWorkloadsButMfuNever() {
        RankingOptions byTime = RankingOptions.builder().sortKey(SortKey.HOURS).build();
        List<RecommendationRow> rows = new Recommender().recommend(VIT_L_512, HW, byTime).rows();
        List<RecommendationRow> timed = rows.stream().filter(RecommendationRow::hasSpeed)
                .filter(r -> !r.reasons().contains(Reason.PAST_DEADLINE)).toList();
        for (int i = 1; i < timed.size(); i++) {
            assertThat(timed.get(i).hours()).isGreaterThanOrEqualTo(timed.get(i - 1).hours());
        }
        RankingOptions byMfu = RankingOptions.builder().sortKey(SortKey.MFU).build();
        assertThatThrownBy(() -> new Recommender().recommend(VIT_L_512, HW, byMfu)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("mfu");
    }

    @Test
    void renderingStaysWithoutSpeedBecauseFramesAreNotAThroughputJob() {
        Recommendation rec = new Recommender().recommend(new RenderWorkload(ScenePresets.load("game-4k")), HW,
                RankingOptions.defaults());
        assertThat(rec.hasSpeed()).isFalse();
        assertThat(rec.job()).isNull();
        assertThat(rec.rows()).allMatch(r -> r.itemsPerSecond() == null && r.jobCostUsd() == null);
        RankingOptions byTime = RankingOptions.builder().sortKey(SortKey.HOURS).build();
        assertThatThrownBy(() -> new Recommender().recommend(new RenderWorkload(ScenePresets.load("game-4k")), HW, byTime))
                .hasMessageContaining("no speed estimate");
    }

    @Test
    void manyBodyPotentialsHaveNoSpeedButLennardJonesDoes() {
        assertThat(new Recommender().recommend(MdSystem.of(1_000_000, Potential.EAM, SimPrecision.MIXED), HW,
                RankingOptions.defaults()).hasSpeed()).isFalse();
        Recommendation lj = new Recommender().recommend(MdSystem.of(1_000_000, Potential.LJ, SimPrecision.MIXED), HW,
                RankingOptions.defaults());
        assertThat(lj.hasSpeed()).isTrue();
        assertThat(lj.itemUnit()).isEqualTo("time steps");
        // Bandwidth-bound: an H100 SXM (3,350 GB/s) steps faster than an A100 80GB SXM (2,039 GB/s).
        assertThat(row(lj, "h100-sxm-80gb", HardwareKind.MULTI_GPU).stepSeconds())
                .isLessThan(row(lj, "a100-sxm-80gb", HardwareKind.MULTI_GPU).stepSeconds());
    }
}
