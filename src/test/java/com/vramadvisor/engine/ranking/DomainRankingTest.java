package com.vramadvisor.engine.ranking;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.hardware.HardwareList;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The decision table beyond language models, hand-worked over {@link TestHardware}: an RTX 4090 (24 GB, 1,599 USD) in
 * 4-card towers (host 3,000 USD), A100 and H100 SXM on 8-GPU boards (host 50,000 USD; the A100 80GB at 15,000 USD,
 * the others unpriced), a DGX A100 (199,000 USD) and an AWS p4d.24xlarge (32.7726 USD/h). Usable memory is the
 * catalog rule's "GB" x 1,024 MiB - 560 MiB: 23.45 GiB for the 4090, 39.45 GiB for the A100 40GB, 79.45 GiB for 80GB.
 */
class DomainRankingTest {

    private static final HardwareList HW = TestHardware.list(List.of(TestHardware.dgxA100()),
            List.of(TestHardware.p4d()));

    private static RecommendationRow row(Recommendation rec, String id, HardwareKind kind) {
        return rec.rows().stream().filter(r -> r.hardwareId().equals(id) && r.kind() == kind).findFirst()
                .orElseThrow(() -> new AssertionError("no " + kind + " row for " + id + " in " + rec.rows()));
    }

    @Test
    void aWorkloadThatSpreadsTakesTheFewestCountsOfWholeMachinesThatFit() {
        // 1 GiB on every GPU plus 100 GiB decomposed: n GPUs hold 1 + 100/n GiB.
        Recommendation rec = new Recommender().recommend(TestWorkload.spreading(1, 100), HW, RankingOptions.defaults());

        RecommendationRow one = row(rec, "rtx-4090", HardwareKind.GPU);
        assertThat(one.fits()).isFalse();
        assertThat(one.perGpuBytes()).isEqualTo(101 * TestWorkload.GIB);
        // 1 + 100/5 = 21 GiB fits 23.45 GiB, 1 + 100/4 = 26 does not; a tower holds 4, so 2 whole towers of 4.
        RecommendationRow cards = row(rec, "rtx-4090", HardwareKind.MULTI_GPU);
        assertThat(cards.fits()).isTrue();
        assertThat(cards.gpusNeeded()).isEqualTo(8);
        assertThat(cards.nodes()).isEqualTo(2);
        assertThat(cards.gpusPerNode()).isEqualTo(4);
        assertThat(cards.network()).isEqualTo("10 GbE");
        assertThat(cards.reasons()).contains(Reason.MULTI_NODE);
        assertThat(cards.hardwareName()).isEqualTo("8 x NVIDIA GeForce RTX 4090");
        assertThat(cards.cardsUsd()).isEqualTo(8 * 1_599.0);
        assertThat(cards.purchaseUsd()).isEqualTo(8 * 1_599.0 + 2 * 3_000.0);
        assertThat(cards.perGpuBytes()).isEqualTo(TestWorkload.GIB + (100 * TestWorkload.GIB + 7) / 8);

        // A100 80GB: two GPUs would do, but the board comes with 8.
        RecommendationRow board = row(rec, "a100-sxm-80gb", HardwareKind.MULTI_GPU);
        assertThat(board.gpusNeeded()).isEqualTo(8);
        assertThat(board.purchaseUsd()).isEqualTo(8 * 15_000.0 + 50_000.0);
        assertThat(board.reasons()).contains(Reason.WHOLE_BOARDS).doesNotContain(Reason.MULTI_NODE);
        assertThat(rec.rows()).noneMatch(r -> r.hardwareId().equals("a100-sxm-80gb") && r.kind() == HardwareKind.GPU);

        RecommendationRow dgx = row(rec, "dgx-a100-320gb", HardwareKind.SYSTEM);
        assertThat(dgx.fits()).isTrue();
        assertThat(dgx.units()).isEqualTo(1);
        assertThat(dgx.purchaseUsd()).isEqualTo(199_000.0);
        RecommendationRow p4d = row(rec, "aws-p4d.24xlarge", HardwareKind.CLOUD);
        assertThat(p4d.rentalUsdPerHour()).isEqualTo(32.7726);
        assertThat(p4d.purchaseUsd()).isNull();

        RecommendationRow h100 = row(rec, "h100-sxm-80gb", HardwareKind.MULTI_GPU);
        assertThat(h100.purchaseUsd()).isNull();
        assertThat(h100.reasons()).contains(Reason.NO_PRICE);
        assertThat(rec.spreads()).isTrue();
    }

    @Test
    void aWorkloadThatDoesNotSpreadNeedsOneGpuThatHoldsItAll() {
        // 30 GiB that every GPU must hold whole.
        Recommendation rec = new Recommender().recommend(TestWorkload.whole(10, 20), HW, RankingOptions.defaults());

        RecommendationRow card = row(rec, "rtx-4090", HardwareKind.GPU);
        assertThat(card.fits()).isFalse();
        assertThat(card.gpusNeeded()).isZero();
        assertThat(card.reasons()).contains(Reason.DOES_NOT_FIT, Reason.DOES_NOT_SPREAD)
                .doesNotContain(Reason.EXCEEDS_MAX_GPUS);
        assertThat(rec.rows()).noneMatch(r -> r.hardwareId().equals("rtx-4090") && r.kind() == HardwareKind.MULTI_GPU);

        RecommendationRow board = row(rec, "a100-sxm-40gb", HardwareKind.MULTI_GPU);
        assertThat(board.fits()).isTrue();
        assertThat(board.gpusNeeded()).isEqualTo(1);
        assertThat(board.gpusBought()).isEqualTo(8);
        assertThat(board.perGpuBytes()).isEqualTo(30 * TestWorkload.GIB);
        assertThat(board.headroomBytes()).isEqualTo(TestHardware.usableBytes(40) - 30 * TestWorkload.GIB);
        assertThat(board.reasons()).contains(Reason.DOES_NOT_SPREAD, Reason.WHOLE_BOARDS);
        assertThat(row(rec, "dgx-a100-320gb", HardwareKind.SYSTEM).gpusNeeded()).isEqualTo(1);
        assertThat(rec.spreads()).isFalse();
    }

    @Test
    void theGpuLimitLaysAnOptionOutOnTheMostItAllowsAndDropsMachinesLargerThanIt() {
        RankingOptions four = RankingOptions.builder().maxGpus(4).build();
        Recommendation rec = new Recommender().recommend(TestWorkload.spreading(1, 1_000), HW, four);

        RecommendationRow cards = row(rec, "rtx-4090", HardwareKind.MULTI_GPU);
        assertThat(cards.fits()).isFalse();
        assertThat(cards.gpusNeeded()).isEqualTo(4);
        assertThat(cards.perGpuBytes()).isEqualTo(TestWorkload.GIB + 250 * TestWorkload.GIB);
        assertThat(cards.reasons()).contains(Reason.DOES_NOT_FIT, Reason.EXCEEDS_MAX_GPUS);
        // Boards, the DGX and the p4d come in eights.
        assertThat(rec.rows()).allMatch(r -> r.gpusBought() <= 4);
        assertThat(rec.optionsConsidered()).isGreaterThan(rec.rows().size());
    }

    @Test
    void underALimitOfOneGpuACardThatDoesNotHoldAWorkloadThatSpreadsSaysSo() {
        RankingOptions one = RankingOptions.builder().maxGpus(1).build();
        Recommendation rec = new Recommender().recommend(TestWorkload.spreading(1, 100), HW, one);
        RecommendationRow card = row(rec, "rtx-4090", HardwareKind.GPU);
        assertThat(card.reasons()).contains(Reason.DOES_NOT_FIT, Reason.EXCEEDS_MAX_GPUS);
        assertThat(rec.rows()).allMatch(r -> r.gpusBought() == 1);
        RecommendationRow scene = row(new Recommender().recommend(TestWorkload.whole(10, 20), HW, one), "rtx-4090", HardwareKind.GPU);
        assertThat(scene.reasons()).contains(Reason.DOES_NOT_SPREAD).doesNotContain(Reason.EXCEEDS_MAX_GPUS);
    }

    @Test
    void fittingRowsComeFirstThenBoughtByCapitalThenRentedByTheHourThenUnpriced() {
        Recommendation rec = new Recommender().recommend(TestWorkload.spreading(1, 100), HW, RankingOptions.defaults());
        List<RecommendationRow> rows = rec.rows();
        int firstMisfit = rows.indexOf(rows.stream().filter(r -> !r.fits()).findFirst().orElseThrow());
        assertThat(rows.subList(firstMisfit, rows.size())).noneMatch(RecommendationRow::fits);
        List<RecommendationRow> fitting = rows.subList(0, firstMisfit);
        List<String> order = new ArrayList<>();
        for (RecommendationRow r : fitting) {
            order.add(r.acquisition().id() + ":" + (r.cost() == null ? "-" : String.valueOf(r.cost().longValue())));
        }
        // 3060s: 1 + 100/12 GiB fits 11.45 GiB, so 3 towers of 4 = 12 x 329 + 3 x 3,000 = 12,948; 4090s 18,792;
        // the A100 80GB board 170,000; the DGX 199,000; then the purchases without a price (H100, MI300X, the A100
        // 40GB board); then the p4d by the hour. Bought and rented are never interleaved.
        assertThat(order).containsExactly("purchase:12948", "purchase:18792", "purchase:170000", "purchase:199000",
                "purchase:-", "purchase:-", "purchase:-", "rental:32");
        assertThat(rec.bestPurchase().hardwareId()).isEqualTo("rtx-3060-12gb");
        assertThat(rec.bestRental().hardwareId()).isEqualTo("aws-p4d.24xlarge");
    }

    @Test
    void buyingOrRentingOnlyAndABudgetOnTheCapitalFilterTheTable() {
        RankingOptions rent = RankingOptions.builder().acquisitions(Set.of(Acquisition.RENTAL)).build();
        Recommendation rented = new Recommender().recommend(TestWorkload.spreading(1, 100), HW, rent);
        assertThat(rented.rows()).extracting(RecommendationRow::hardwareId).containsExactly("aws-p4d.24xlarge");
        assertThat(rented.bestPurchase()).isNull();

        RankingOptions budget = RankingOptions.builder().maxBudgetUsd(180_000).build();
        Recommendation cheap = new Recommender().recommend(TestWorkload.spreading(1, 100), HW, budget);
        assertThat(cheap.rows()).isNotEmpty().allMatch(r -> r.acquisition() == Acquisition.PURCHASE
                && r.purchaseUsd() != null && r.purchaseUsd() <= 180_000);
    }

    @Test
    void sortingBySpeedIsRefusedBecauseNoSpeedIsEstimated() {
        RankingOptions byTime = RankingOptions.builder().sortKey(SortKey.HOURS).build();
        assertThatThrownBy(() -> new Recommender().recommend(TestWorkload.whole(1, 1), HW, byTime))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("no speed estimate");
        RankingOptions byHeadroom = RankingOptions.builder().sortKey(SortKey.HEADROOM_BYTES).descending(true)
                .fitsFirst(false).build();
        List<RecommendationRow> rows = new Recommender().recommend(TestWorkload.whole(1, 1), HW, byHeadroom).rows();
        for (int i = 1; i < rows.size(); i++) {
            assertThat(rows.get(i).headroomBytes()).isLessThanOrEqualTo(rows.get(i - 1).headroomBytes());
        }
    }

    @Test
    void aSystemWhoseGpuIsMissingStaysVisible() {
        HardwareList hw = new HardwareList(List.of(TestHardware.rtx4090()), List.of(TestHardware.dgxA100()),
                List.of(), Map.of(), Map.of());
        RecommendationRow dgx = row(new Recommender().recommend(TestWorkload.whole(1, 1), hw, RankingOptions.defaults()),
                "dgx-a100-320gb", HardwareKind.SYSTEM);
        assertThat(dgx.fits()).isFalse();
        assertThat(dgx.reasons()).containsExactly(Reason.UNKNOWN_GPU);
    }

    @Test
    void aCatalogOf150OptionsCostsEachGpuCountOneEstimate() {
        List<GpuSpec> gpus = new ArrayList<>();
        Map<String, String> classes = new java.util.HashMap<>();
        for (int i = 0; i < 150; i++) {
            GpuSpec g = TestHardware.priced(i % 2 == 0 ? TestHardware.rtx4090() : TestHardware.a100Sxm80(), 1_000 + i);
            GpuSpec copy = new GpuSpec(g.id() + "-" + i, g.name(), g.vendor(), g.segment(), g.formFactor(),
                    g.memoryGbNominal(), g.memoryType(), g.memoryBytesTotal(), g.memoryBytesUsable(),
                    g.memoryBandwidthGBps(), g.fp32Tflops(), g.tf32Tflops(), g.fp16Tflops(), g.fp8Tflops(),
                    g.int8Tops(), g.tdpWatts(), g.interconnect(), g.interconnectGBps(), g.pcieGen(), g.launchYear(),
                    g.priceUsd(), g.priceDate(), g.source());
            gpus.add(copy);
            classes.put(copy.id(), i % 2 == 0 ? "desktop-tower" : "board");
        }
        HardwareList hw = new HardwareList(gpus, List.of(), List.of(), Map.of("desktop-tower", TestHardware.tower(),
                "board", TestHardware.board()), classes);
        TestWorkload w = TestWorkload.spreading(1, 5_000);
        Recommendation rec = new Recommender().recommend(w, hw, RankingOptions.defaults());
        assertThat(rec.rows()).hasSize(225);
        // Counts 1-4 and whole towers or boards up to 1,024 GPUs: bisection touches a few dozen counts at most, and
        // every option shares them.
        assertThat(w.estimates().get()).isLessThan(40);
    }
}
