package com.vramadvisor.engine.ranking;

import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Parallelism;
import com.vramadvisor.engine.llm.Recompute;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.hardware.HardwareList;
import com.vramadvisor.engine.hardware.SystemSpec;
import com.vramadvisor.engine.plan.PlanLayout;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.withinPercentage;

/**
 * Search, nodes, cost, deadline, filters and sorting, on a memory model simple enough to follow by hand: 16 bytes of
 * model state per parameter (mixed-precision AdamW, Rajbhandari et al. 2020: 2 + 2 + 12 bytes) for 7e9 parameters,
 * sharded by tensor x pipeline (x data-parallel under ZeRO-3), plus 2e9 bytes of activations divided by the tensor
 * size. Usable memory per the catalog rule: A100 80GB 85,312,143,360 bytes; A100 40GB 42,362,470,400 bytes; RTX 3060
 * 12,297,699,328 bytes. Consumer cards sit in 4-card towers (host 3,000 USD, 250 W, 10 GbE), data-centre GPUs on
 * 8-GPU boards (host 50,000 USD, 3,000 W); see {@link TestHardware}.
 */
class RecommenderLogicTest {

    private static final ModelSpec MODEL = ReferenceModels.llama2_7b();
    private static final HandMemory MEMORY = new HandMemory(7_000_000_000L, 16, 2_000_000_000L);
    private static final Workload TRAIN = Workload.builder().sequenceLength(2048).build();
    /** A deadline no row misses, for tests about memory and cost alone. */
    private static final RankingOptions NO_DEADLINE = RankingOptions.builder().deadlineDays(36_500).build();

    private static Recommendation recommend(Workload w, RankingOptions o) {
        return new Recommender(MEMORY).recommend(MODEL, w,
                TestHardware.list(List.of(TestHardware.dgxA100()), List.of(TestHardware.p4d())), o);
    }

    private static RecommendationRow row(Recommendation r, String id, HardwareKind kind) {
        return r.rows().stream().filter(x -> x.hardwareId().equals(id) && x.kind() == kind).findFirst()
                .orElseThrow(() -> new AssertionError("no " + kind + " row for " + id));
    }

    @Test
    void consumerCardsFillTowersOfFourAndSayWhichNetworkJoinsThem() {
        RecommendationRow many = row(recommend(TRAIN, NO_DEADLINE), "rtx-3060-12gb", HardwareKind.MULTI_GPU);
        // 112e9 / n + 2e9 / t <= 12.3e9: four cards give 28e9 + 2e9 at best, eight (two towers) 14e9 + 0.5e9; twelve
        // (three towers) 9.33e9 + at most 2e9 fits. Counts past one tower are whole towers.
        assertThat(many.fits()).isTrue();
        assertThat(many.gpusNeeded()).isEqualTo(12);
        assertThat(many.nodes()).isEqualTo(3);
        assertThat(many.gpusPerNode()).isEqualTo(4);
        assertThat(many.network()).isEqualTo("10 GbE");
        assertThat(many.reasons()).contains(Reason.MULTI_NODE);
        assertThat(many.layout().tp()).isLessThanOrEqualTo(4);
    }

    @Test
    void gpusSoldOnBaseboardsAreBoughtAsWholeBoardsWithTheirHost() {
        Recommendation r = recommend(TRAIN, NO_DEADLINE);
        assertThat(r.rows()).noneMatch(x -> x.hardwareId().equals("a100-sxm-80gb") && x.kind() == HardwareKind.GPU);
        RecommendationRow board = row(r, "a100-sxm-80gb", HardwareKind.MULTI_GPU);
        assertThat(board.gpusNeeded()).isEqualTo(8);
        assertThat(board.units()).isEqualTo(1);
        assertThat(board.reasons()).contains(Reason.WHOLE_BOARDS);
        assertThat(board.acquisition()).isEqualTo(Acquisition.PURCHASE);
        // 8 x 15,000 USD + one 50,000 USD host; 8 x 400 W + 3,000 W
        assertThat(board.cardsUsd()).isEqualTo(120_000.0);
        assertThat(board.purchaseUsd()).isEqualTo(170_000.0);
        assertThat(board.rentalUsdPerHour()).isNull();
        // Bought for this job alone (TestHardware.money()): it resells at 1 - 0.8 x months / 60 of its price less a
        // 10 % fee, pays $200 per kW-month of colocation for 6.2 kW, and its energy at PUE 1.5 and $0.124/kWh.
        double hours = board.hours();
        double months = hours / 730;
        double energy = 6.2 * hours * 1.5;
        assertThat(board.energyKWh()).isCloseTo(energy, withinPercentage(1e-9));
        double resale = 170_000.0 * (1 - 0.8 * months / 60) * 0.9;
        assertThat(board.money().resaleUsd()).isCloseTo(resale, withinPercentage(1e-9));
        assertThat(board.money().hostingUsd()).isCloseTo(200 * 6.2 * months, withinPercentage(1e-9));
        assertThat(board.jobCostUsd()).isCloseTo(170_000.0 - resale + 200 * 6.2 * months + energy * 0.124,
                withinPercentage(1e-9));
        assertThat(board.gpuHours()).isCloseTo(8 * hours, withinPercentage(1e-9));
        assertThat(board.mfu()).isBetween(0.3, 0.6);
    }

    @Test
    void unpricedGpusHaveNoJobCostAndSaySo() {
        // The A100 40GB has no price in the test list: its boards are unpriced, the rented p4d is not.
        Recommendation r = recommend(TRAIN, NO_DEADLINE);
        RecommendationRow board = row(r, "a100-sxm-40gb", HardwareKind.MULTI_GPU);
        assertThat(board.purchaseUsd()).isNull();
        assertThat(board.jobCostUsd()).isNull();
        assertThat(board.reasons()).contains(Reason.NO_PRICE);
    }

    @Test
    void rentedOptionsCostHoursTimesTheHourlyRateAndHaveNoCapital() {
        RecommendationRow p4d = row(recommend(TRAIN, NO_DEADLINE), "aws-p4d.24xlarge", HardwareKind.CLOUD);
        assertThat(p4d.acquisition()).isEqualTo(Acquisition.RENTAL);
        assertThat(p4d.units()).isEqualTo(1);
        assertThat(p4d.rentalUsdPerHour()).isEqualTo(32.7726);
        assertThat(p4d.jobCostUsd()).isCloseTo(p4d.hours() * 32.7726, withinPercentage(1e-9));
        assertThat(p4d.purchaseUsd()).isNull();
        assertThat(p4d.cardsUsd()).isNull();
        assertThat(p4d.energyCostUsd()).isNull();

        // 100e9 parameters hold 1.6e12 bytes of state. Four instances (32 GPUs): 50e9 per GPU at best, too much;
        // five (40 GPUs) with TP8: 40e9 + 0.25e9 fits 42.4e9 but inside the 10 % safety margin (2.2e9 free); six
        // (48 GPUs): 33.3e9 + 0.25e9, 8.8e9 (21 %) free.
        HandMemory huge = new HandMemory(100_000_000_000L, 16, 2_000_000_000L);
        Recommendation big = new Recommender(huge).recommend(MODEL, TRAIN,
                TestHardware.list(List.of(), List.of(TestHardware.p4d())), NO_DEADLINE);
        RecommendationRow six = row(big, "aws-p4d.24xlarge", HardwareKind.CLOUD);
        assertThat(six.units()).isEqualTo(6);
        assertThat(six.gpusNeeded()).isEqualTo(48);
        assertThat(six.nodes()).isEqualTo(6);
        assertThat(six.rentalUsdPerHour()).isCloseTo(6 * 32.7726, withinPercentage(1e-9));
        assertThat(six.jobCostUsd()).isCloseTo(six.hours() * 32.7726 * 6, withinPercentage(1e-9));
        // The offer gives no network of its own: its GPU's node class stands in.
        assertThat(six.network()).isEqualTo("InfiniBand, 8 x 400 Gb/s");
        assertThat(six.reasons()).contains(Reason.MULTI_NODE);
    }

    @Test
    void trainingUsesTheFewestSystemsThatFinishWithinTheDeadline() {
        long tokens = 200_000_000_000L;
        RankingOptions month = RankingOptions.builder().tokenBudget(tokens).deadlineDays(30).build();
        RecommendationRow dgx = row(recommend(TRAIN, month), "dgx-a100-320gb", HardwareKind.SYSTEM);
        assertThat(dgx.units()).isGreaterThan(1);
        assertThat(dgx.hours()).isLessThanOrEqualTo(30 * 24.0);
        assertThat(dgx.reasons()).doesNotContain(Reason.PAST_DEADLINE);
        // One system fewer misses the deadline.
        RankingOptions fewer = month.toBuilder().maxGpus(8 * (dgx.units() - 1)).build();
        RecommendationRow short1 = row(recommend(TRAIN, fewer), "dgx-a100-320gb", HardwareKind.SYSTEM);
        assertThat(short1.hours()).isGreaterThan(30 * 24.0);
        assertThat(short1.reasons()).contains(Reason.PAST_DEADLINE);
        // The system's own price and power (at the test facts' PUE of 1.5).
        assertThat(dgx.purchaseUsd()).isEqualTo(199_000.0 * dgx.units());
        assertThat(dgx.energyKWh()).isCloseTo(6.5 * dgx.units() * dgx.hours() * 1.5,
                withinPercentage(1e-9));
    }

    @Test
    void rowsPastTheDeadlineRankAfterThoseWithinIt() {
        RankingOptions tight = RankingOptions.builder().tokenBudget(50_000_000_000L).deadlineDays(7).maxGpus(16)
                .build();
        List<RecommendationRow> rows = recommend(TRAIN, tight).rows();
        assertThat(rows).anyMatch(x -> x.fits() && x.reasons().contains(Reason.PAST_DEADLINE));
        assertThat(rows).anyMatch(x -> x.fits() && !x.reasons().contains(Reason.PAST_DEADLINE));
        boolean late = false;
        for (RecommendationRow r : rows) {
            if (!r.fits()) {
                break;
            }
            boolean past = r.reasons().contains(Reason.PAST_DEADLINE);
            assertThat(late && !past).as(r.hardwareName()).isFalse();
            late |= past;
        }
    }

    @Test
    void rowsWithoutThroughputFiguresDoNotRankAboveRowsKnownToMissTheDeadline() {
        // An A100 80GB with its compute rates left out, as a catalog entry without tensor figures reads: it fits, but
        // no one can say whether it finishes 50e9 tokens in 7 days, so it may not head a table whose other rows are
        // known to miss the deadline (as 96 Apple M1 Max over 10 GbE headed "Llama 3 70B, 2T tokens, 7 days").
        GpuSpec a = TestHardware.a100Sxm80();
        GpuSpec unrated = new GpuSpec("a100-unrated", "A100 without rates", a.vendor(), a.segment(), a.formFactor(),
                a.memoryGbNominal(), a.memoryType(), a.memoryBytesTotal(), a.memoryBytesUsable(),
                a.memoryBandwidthGBps(), 0, 0, 0, 0, 0, a.tdpWatts(), a.interconnect(), a.interconnectGBps(), a.pcieGen(), a.launchYear(), 15_000, "2024",
                "test");
        HardwareList list = new HardwareList(List.of(TestHardware.a100Sxm40(), unrated), List.of(), List.of(),
                Map.of("board", TestHardware.board()), Map.of("a100-sxm-40gb", "board", "a100-unrated", "board"));
        RankingOptions tight = RankingOptions.builder().tokenBudget(50_000_000_000L).deadlineDays(7).maxGpus(8)
                .build();
        List<RecommendationRow> rows = new Recommender(MEMORY).recommend(MODEL, TRAIN, list, tight).rows();
        assertThat(rows).anyMatch(x -> x.fits() && x.reasons().contains(Reason.PAST_DEADLINE));
        assertThat(rows).anyMatch(x -> x.fits() && x.hours() == null);
        boolean unknownSeen = false;
        for (RecommendationRow r : rows) {
            if (!r.fits()) {
                break;
            }
            assertThat(unknownSeen && r.hours() != null).as(r.hardwareName() + " " + r.kind()).isFalse();
            unknownSeen |= r.hours() == null;
        }
    }

    @Test
    void rowsNeverClaimToFitWhenTheNeedExceedsUsableMemory() {
        for (long params : new long[] {100_000_000L, 7_000_000_000L, 70_000_000_000L, 400_000_000_000L}) {
            Recommendation r = new Recommender(new HandMemory(params, 16, 1_000_000_000L)).recommend(MODEL, TRAIN,
                    TestHardware.list(List.of(TestHardware.dgxA100()), List.of(TestHardware.p4d())),
                    RankingOptions.builder().maxGpus(64).build());
            for (RecommendationRow row : r.rows()) {
                assertThat(row.fits()).as(row.hardwareName()).isEqualTo(row.perGpuBytes() <= row.usableBytes());
            }
        }
        assertThatThrownBy(() -> new RecommendationRow("x", "x", HardwareKind.GPU, Acquisition.PURCHASE, "", "", "",
                "", true, 1, 1, 1, 1, 1, "", "", 1, new PlanLayout(Parallelism.SINGLE_GPU, Recompute.NONE, 1), null, 101,
                100, 100, -1, -0.01, null, "", null, null, null, null, null, null, null, null, "", "", "", RowMoney.UNKNOWN,
                null,
                List.of(), RowRanges.NONE)).isInstanceOf(IllegalArgumentException.class);
        RowMoney capital = new RowMoney(10.0, null, null, null, null, null, null, null, null, null, null, null);
        assertThatThrownBy(() -> new RecommendationRow("x", "x", HardwareKind.CLOUD, Acquisition.RENTAL, "", "", "",
                "", true, 1, 1, 1, 1, 1, "", "", 1, new PlanLayout(Parallelism.SINGLE_GPU, Recompute.NONE, 1), null, 99,
                100, 100, 1, 0.01, null, "", null, null, null, null, null, null, null, null, "", "", "", capital, null,
                List.of(), RowRanges.NONE)).hasMessageContaining("rented option has no purchase price");
    }

    @Test
    void searchStopsAtTheGpuLimitAndSaysSo() {
        Recommendation r = recommend(TRAIN, NO_DEADLINE.toBuilder().maxGpus(8).build());
        RecommendationRow capped = row(r, "rtx-3060-12gb", HardwareKind.MULTI_GPU);
        // Eight cards (two towers) need 14e9 + 0.5e9 at least: no fit within the limit.
        assertThat(capped.fits()).isFalse();
        assertThat(capped.gpusNeeded()).isEqualTo(8);
        assertThat(capped.reasons()).contains(Reason.DOES_NOT_FIT, Reason.EXCEEDS_MAX_GPUS);
        assertThat(capped.tokensPerSecond()).isNull();
        assertThat(capped.jobCostUsd()).isNull();
    }

    @Test
    void theGpuLimitLeavesOutUnitsLargerThanIt() {
        Recommendation capped = recommend(TRAIN, NO_DEADLINE.toBuilder().maxGpus(4).build());
        // Boards, the DGX and the p4d have 8 GPUs each: nothing within 4, so they are left out.
        assertThat(capped.rows()).isNotEmpty().allMatch(x -> x.gpusNeeded() <= 4)
                .allMatch(x -> x.kind() == HardwareKind.GPU || x.kind() == HardwareKind.MULTI_GPU)
                .allMatch(x -> x.gpuId().startsWith("rtx-"));
    }

    @Test
    void aLimitOfOneGpuLeavesSingleCardsThatSayTheyExceedIt() {
        Recommendation r = recommend(TRAIN, NO_DEADLINE.toBuilder().maxGpus(1).build());
        assertThat(r.rows()).isNotEmpty().allMatch(x -> x.gpusNeeded() == 1 && x.kind() == HardwareKind.GPU);
        // One RTX 4090: 114e9 > 25.4e9, and the limit allows no second card.
        assertThat(row(r, "rtx-4090", HardwareKind.GPU).reasons())
                .contains(Reason.DOES_NOT_FIT, Reason.EXCEEDS_MAX_GPUS);
        assertThat(row(recommend(TRAIN, NO_DEADLINE), "rtx-4090", HardwareKind.GPU).reasons())
                .doesNotContain(Reason.EXCEEDS_MAX_GPUS);
    }

    @Test
    void filtersKeepOnlyWhatWasAskedFor() {
        assertThat(recommend(TRAIN, NO_DEADLINE.toBuilder().vendors(Set.of("AMD")).build()).rows())
                .extracting(RecommendationRow::vendor).containsOnly("AMD");
        assertThat(recommend(TRAIN, NO_DEADLINE.toBuilder().kinds(Set.of(HardwareKind.CLOUD)).build()).rows())
                .extracting(RecommendationRow::kind).containsOnly(HardwareKind.CLOUD);
        assertThat(recommend(TRAIN, NO_DEADLINE.toBuilder().acquisitions(Set.of(Acquisition.RENTAL)).build())
                .rows()).isNotEmpty().extracting(RecommendationRow::acquisition).containsOnly(Acquisition.RENTAL);
        assertThat(recommend(TRAIN, NO_DEADLINE.toBuilder().acquisitions(Set.of(Acquisition.PURCHASE)).build())
                .rows()).isNotEmpty().extracting(RecommendationRow::acquisition).containsOnly(Acquisition.PURCHASE);
        assertThat(recommend(TRAIN, NO_DEADLINE.toBuilder().formFactors(Set.of("pcie")).build()).rows())
                .extracting(RecommendationRow::formFactor).containsOnly("PCIe");
        assertThat(recommend(TRAIN, NO_DEADLINE.toBuilder().fitsOnly(true).build()).rows())
                .isNotEmpty().allMatch(RecommendationRow::fits);
        List<RecommendationRow> all = recommend(TRAIN, NO_DEADLINE).rows();
        double budget = all.stream().filter(x -> x.jobCostUsd() != null).mapToDouble(RecommendationRow::jobCostUsd)
                .min().orElseThrow() * 1.0001;
        assertThat(recommend(TRAIN, NO_DEADLINE.toBuilder().maxBudgetUsd(budget).build()).rows())
                .hasSize(1).allMatch(x -> x.jobCostUsd() <= budget);
    }

    @Test
    void sortingOrdersByTheChosenGoalWithUnknownValuesLast() {
        RankingOptions bySpeed = NO_DEADLINE.toBuilder().sortKey(SortKey.TOKENS_PER_SECOND).descending(true)
                .fitsFirst(false).build();
        List<Double> speeds = new ArrayList<>();
        for (RecommendationRow row : recommend(TRAIN, bySpeed).rows()) {
            speeds.add(row.tokensPerSecond());
        }
        int firstNull = speeds.indexOf(null);
        assertThat(firstNull).isPositive();
        assertThat(speeds.subList(firstNull, speeds.size())).containsOnlyNulls();
        assertThat(speeds.subList(0, firstNull)).isSortedAccordingTo(Comparator.reverseOrder());

        List<RecommendationRow> byCapital = recommend(TRAIN, NO_DEADLINE.toBuilder().sortKey(SortKey.PURCHASE_USD)
                .fitsFirst(false).build()).rows();
        int firstRental = 0;
        while (byCapital.get(firstRental).purchaseUsd() != null) {
            firstRental++;
        }
        assertThat(byCapital.subList(0, firstRental)).extracting(RecommendationRow::purchaseUsd).isSorted();
        assertThat(byCapital.subList(firstRental, byCapital.size())).allMatch(x -> x.purchaseUsd() == null);

        List<RecommendationRow> byTime = recommend(TRAIN, NO_DEADLINE.toBuilder().sortKey(SortKey.HOURS)
                .fitsOnly(true).build()).rows();
        assertThat(byTime).extracting(RecommendationRow::hours).isSorted();

        Recommendation three = recommend(TRAIN, NO_DEADLINE.toBuilder().topN(3).build());
        assertThat(three.rows()).hasSize(3);
        // The best of each way survives the cut, whatever the first three rows are.
        Recommendation all = recommend(TRAIN, NO_DEADLINE);
        assertThat(three.best(Acquisition.RENTAL)).isEqualTo(all.best(Acquisition.RENTAL)).isNotNull();
        assertThat(three.best(Acquisition.PURCHASE)).isEqualTo(all.rows().stream()
                .filter(r -> r.fits() && r.acquisition() == Acquisition.PURCHASE).findFirst().orElseThrow());
        assertThat(SortKey.parse("tokens-per-second")).isEqualTo(SortKey.TOKENS_PER_SECOND);
        assertThat(SortKey.parse("time")).isEqualTo(SortKey.HOURS);
        assertThat(SortKey.parse("cost")).isEqualTo(SortKey.JOB_COST_USD);
        assertThat(SortKey.parse("capital")).isEqualTo(SortKey.PURCHASE_USD);
        assertThat(RankingOptions.defaults().sortKey()).isEqualTo(SortKey.JOB_COST_USD);
        assertThatThrownBy(() -> SortKey.parse("speed")).hasMessageContaining("tokens-per-second");
    }

    @Test
    void theWorkloadsOwnParallelismIsUsedWhenItAsksForSeveralGpus() {
        Workload zero3x4 = TRAIN.toBuilder().parallelism(new Parallelism(1, 1, 4, 3, false)).build();
        Recommendation r = recommend(zero3x4, NO_DEADLINE);
        // 112e9 / 4 + 2e9 = 30e9: too much for a 4090, fits an A100 40GB, whose board of 8 leaves four idle.
        RecommendationRow towers = row(r, "rtx-4090", HardwareKind.MULTI_GPU);
        assertThat(towers.gpusNeeded()).isEqualTo(4);
        assertThat(towers.nodes()).isEqualTo(1);
        assertThat(towers.perGpuBytes()).isEqualTo(30_000_000_000L);
        assertThat(row(r, "rtx-4090", HardwareKind.GPU).reasons()).contains(Reason.PARALLELISM_NEEDS_MORE_GPUS);
        RecommendationRow board = row(r, "a100-sxm-40gb", HardwareKind.MULTI_GPU);
        assertThat(board.fits()).isTrue();
        assertThat(board.reasons()).contains(Reason.WHOLE_BOARDS, Reason.IDLE_GPUS);
        assertThat(row(r, "dgx-a100-320gb", HardwareKind.SYSTEM).reasons()).contains(Reason.IDLE_GPUS);
    }

    @Test
    void inferenceOnASystemPlacesOneCopyPerFittingGroup() {
        // 2 bytes per parameter for 7e9 parameters: 14e9 fits one A100 40GB, so a DGX A100 serves 8 copies.
        HandMemory fp16 = new HandMemory(7_000_000_000L, 2, 0);
        Workload serve = Workload.builder().mode(Mode.INFER).batch(1).sequenceLength(512).context(1024).build();
        Recommendation r = new Recommender(fp16).recommend(MODEL, serve,
                TestHardware.list(List.of(TestHardware.dgxA100()), List.of()), RankingOptions.defaults());
        RecommendationRow dgx = row(r, "dgx-a100-320gb", HardwareKind.SYSTEM);
        RecommendationRow board = row(r, "a100-sxm-40gb", HardwareKind.MULTI_GPU);
        RecommendationRow one = row(r, "rtx-4090", HardwareKind.GPU);
        assertThat(dgx.replicas()).isEqualTo(8);
        assertThat(dgx.gpusNeeded()).isEqualTo(8);
        assertThat(board.replicas()).isEqualTo(8);
        assertThat(dgx.tokensPerSecond()).isCloseTo(board.tokensPerSecond(), withinPercentage(1e-9));
        assertThat(one.replicas()).isEqualTo(1);
        assertThat(dgx.boundBy()).isNotNull();
    }

    @Test
    void severalSystemsOnChipAreSeveralMachines() {
        // Apple M2 Ultra: 192 GB unified memory at 800 GB/s (Apple, June 2023); usable is the GPU's default wired
        // limit, 3/4 of 192 GiB = 154,618,822,656 bytes (catalog rule). 20e9 parameters x 16 bytes + 2e9 = 322e9
        // needs ZeRO-3 over 3: 106.7e9 + 2e9.
        long total = 192L << 30;
        GpuSpec m2 = new GpuSpec("m2-ultra", "Apple M2 Ultra", "Apple", "workstation", "SoC", 192, "LPDDR5", total,
                total / 4 * 3, 800, 27.2, 0, 27.2, 0, 0, 295, "none", 0, 0, 2023, 0, "", "Apple newsroom");
        Recommendation r = new Recommender(new HandMemory(20_000_000_000L, 16, 2_000_000_000L)).recommend(MODEL,
                TRAIN, List.of(m2), List.of(), List.of(), NO_DEADLINE);
        RecommendationRow three = row(r, "m2-ultra", HardwareKind.MULTI_GPU);
        assertThat(three.gpusNeeded()).isEqualTo(3);
        assertThat(three.nodes()).isEqualTo(3);
        assertThat(three.gpusPerNode()).isEqualTo(1);
        assertThat(three.reasons()).contains(Reason.MULTI_NODE, Reason.UNIFIED_MEMORY);
    }

    @Test
    void aSystemNamingAnUnknownGpuIsReportedNotDropped() {
        SystemSpec odd = new SystemSpec("odd", "Odd box", "no-such-gpu", 4, "PCIe", 10_000, "2024-01", 0, "test");
        Recommendation r = new Recommender(MEMORY).recommend(MODEL, TRAIN, TestHardware.gpus(), List.of(odd),
                List.of(), RankingOptions.defaults());
        RecommendationRow row = row(r, "odd", HardwareKind.SYSTEM);
        assertThat(row.fits()).isFalse();
        assertThat(row.reasonCodes()).containsExactly("unknown-gpu");
    }

    @Test
    void badOptionsAreRejectedWithAClearMessage() {
        assertThatThrownBy(() -> RankingOptions.builder().computeEfficiency(1.5).build())
                .hasMessage("compute efficiency must be in (0, 1], got 1.5");
        assertThatThrownBy(() -> RankingOptions.builder().tokenBudget(0).build())
                .hasMessageContaining("token budget");
        assertThatThrownBy(() -> RankingOptions.builder().topN(-1).build()).hasMessageContaining("top N");
        assertThatThrownBy(() -> RankingOptions.builder().deadlineDays(0).build()).hasMessageContaining("deadline");
        assertThatThrownBy(() -> RankingOptions.builder().pue(0.9).build()).hasMessageContaining("PUE");
        assertThatThrownBy(() -> RankingOptions.builder().maxPowerKw(-1).build())
                .hasMessageContaining("power limit");
        assertThatThrownBy(() -> RankingOptions.builder().priceAsOf("2026-13").build())
                .hasMessageContaining("YYYY-MM");
    }
}
