package com.vramadvisor.engine.ranking;

import com.vramadvisor.engine.Mode;
import com.vramadvisor.engine.ModelSpec;
import com.vramadvisor.engine.Parallelism;
import com.vramadvisor.engine.Workload;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.hardware.SystemSpec;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.withinPercentage;

/**
 * Search, cost, filters and sorting, on a memory model simple enough to follow by hand: 16 bytes of model state per
 * parameter (mixed-precision AdamW, Rajbhandari et al. 2020: 2 + 2 + 12 bytes) for 7e9 parameters plus 2e9 bytes
 * of activations. Usable memory per the catalog rule: A100 80GB 81,360 MiB = 85,312,143,360 bytes; A100 40GB
 * 40,400 MiB = 42,362,470,400 bytes; RTX 3060 11,728 MiB = 12,297,699,328 bytes.
 */
class RecommenderLogicTest {

    private static final ModelSpec MODEL = ReferenceModels.llama2_7b();
    private static final HandMemory MEMORY = new HandMemory(7_000_000_000L, 16, 2_000_000_000L);
    private static final Workload TRAIN = Workload.builder().sequenceLength(2048).build();

    private static Recommendation recommend(Workload w, RankingOptions o) {
        return new Recommender(MEMORY).recommend(MODEL, w, TestHardware.gpus(), List.of(TestHardware.dgxA100()),
                List.of(TestHardware.p4d()), o);
    }

    private static RecommendationRow row(Recommendation r, String id, HardwareKind kind) {
        return r.rows().stream().filter(x -> x.hardwareId().equals(id) && x.kind() == kind).findFirst()
                .orElseThrow(() -> new AssertionError("no " + kind + " row for " + id));
    }

    @Test
    void fewestGpusUseZero3WhenOneCardIsTooSmall() {
        Recommendation r = recommend(TRAIN, RankingOptions.defaults());
        // One A100 80GB: 112e9 + 2e9 = 114e9 > 85.3e9. Two with ZeRO-3: 56e9 + 2e9 = 58e9 fits.
        assertThat(row(r, "a100-sxm-80gb", HardwareKind.GPU).fits()).isFalse();
        RecommendationRow two = row(r, "a100-sxm-80gb", HardwareKind.MULTI_GPU);
        assertThat(two.fits()).isTrue();
        assertThat(two.gpusNeeded()).isEqualTo(2);
        assertThat(two.sharding()).isEqualTo("zero3-dp2");
        assertThat(two.perGpuBytes()).isEqualTo(58_000_000_000L);
        assertThat(two.reasons()).contains(Reason.ZERO3_SHARDING);
        // A100 40GB: two give 58e9 > 42.4e9; three give 37.3e9 + 2e9 = 39.3e9, which fits.
        assertThat(row(r, "a100-sxm-40gb", HardwareKind.MULTI_GPU).gpusNeeded()).isEqualTo(3);
        // RTX 3060: 112e9 / n + 2e9 <= 12.3e9 needs n >= 11, past one node of 8, so two nodes: 16.
        RecommendationRow many = row(r, "rtx-3060-12gb", HardwareKind.MULTI_GPU);
        assertThat(many.gpusNeeded()).isEqualTo(16);
        assertThat(many.reasons()).contains(Reason.MULTI_NODE, Reason.PCIE_ONLY);
    }

    @Test
    void cardsThatHoldTheJobAloneGetNoMultiGpuRow() {
        Recommendation r = recommend(TRAIN, RankingOptions.defaults());
        // MI300X: 192 x 1024 - 560 MiB usable = 205.6e9 bytes > 114e9.
        assertThat(row(r, "mi300x", HardwareKind.GPU).fits()).isTrue();
        assertThat(r.rows()).noneMatch(x -> x.hardwareId().equals("mi300x") && x.kind() == HardwareKind.MULTI_GPU);
    }

    @Test
    void trainingSpeedIsGpusTimesPeakTimesMfuOverFlopsPerToken() {
        RecommendationRow dgx = row(recommend(TRAIN, RankingOptions.defaults()), "dgx-a100-320gb",
                HardwareKind.SYSTEM);
        // 8 GPUs, ZeRO-3: 14e9 + 2e9 = 16e9 fits 42.4e9. FLOPs per token: 6 x 7e9 + 12 x 32 x 4096 x 2048 =
        // 45,221,225,472. Rate: 8 x 312e12 x 0.40 x 0.97^3 (0.912673) / 45,221,225,472 = 20,150 tokens/s.
        assertThat(dgx.gpusNeeded()).isEqualTo(8);
        assertThat(dgx.tokensPerSecond()).isCloseTo(8 * 312e12 * 0.40 * 0.912673 / 45_221_225_472.0,
                withinPercentage(0.001));
        assertThat(dgx.hours()).isCloseTo(1e9 / 20_150.0 / 3600, withinPercentage(0.05));
        assertThat(dgx.costUsd()).isEqualTo(199_000.0);
        // Energy at 6.5 kW for 13.79 h: 89.6 kWh; at 0.124 USD/kWh 11.1 USD.
        assertThat(dgx.energyKWh()).isCloseTo(6.5 * dgx.hours(), withinPercentage(1e-9));
        assertThat(dgx.energyCostUsd()).isCloseTo(dgx.energyKWh() * 0.124, withinPercentage(1e-9));
    }

    @Test
    void cloudCostIsHoursTimesPricePerHourTimesInstances() {
        Recommendation r = recommend(TRAIN, RankingOptions.defaults());
        RecommendationRow p4d = row(r, "aws-p4d.24xlarge", HardwareKind.CLOUD);
        assertThat(p4d.units()).isEqualTo(1);
        assertThat(p4d.costUsd()).isCloseTo(p4d.hours() * 32.7726, withinPercentage(1e-9));
        assertThat(p4d.energyCostUsd()).isNull();

        // 100e9 parameters hold 1.6e12 bytes of state. Four instances (32 GPUs, ZeRO-3): 50e9 + 2e9 > 42.4e9, and
        // with TP8 x ZeRO-3 over 4: 50e9 + 0.25e9, still too much. Five (40 GPUs): 40e9 + 2e9 = 42e9 fits.
        HandMemory huge = new HandMemory(100_000_000_000L, 16, 2_000_000_000L);
        Recommendation big = new Recommender(huge).recommend(MODEL, TRAIN, TestHardware.gpus(), List.of(),
                List.of(TestHardware.p4d()), RankingOptions.defaults());
        RecommendationRow five = row(big, "aws-p4d.24xlarge", HardwareKind.CLOUD);
        assertThat(five.units()).isEqualTo(5);
        assertThat(five.gpusNeeded()).isEqualTo(40);
        assertThat(five.sharding()).isEqualTo("zero3-dp40");
        assertThat(five.costUsd()).isCloseTo(five.hours() * 32.7726 * 5, withinPercentage(1e-9));
        assertThat(five.reasons()).contains(Reason.MULTI_NODE);
    }

    @Test
    void amortisationChargesTheShareOfTheLifetimeTheRunUses() {
        RankingOptions o = RankingOptions.builder().amortizationYears(3).build();
        RecommendationRow dgx = row(recommend(TRAIN, o), "dgx-a100-320gb", HardwareKind.SYSTEM);
        assertThat(dgx.costUsd()).isCloseTo(199_000.0 * dgx.hours() / (3 * 8760), withinPercentage(1e-9));
    }

    @Test
    void rowsNeverClaimToFitWhenTheNeedExceedsUsableMemory() {
        for (long params : new long[] {100_000_000L, 7_000_000_000L, 70_000_000_000L, 400_000_000_000L}) {
            Recommendation r = new Recommender(new HandMemory(params, 16, 1_000_000_000L)).recommend(MODEL, TRAIN,
                    TestHardware.gpus(), List.of(TestHardware.dgxA100()), List.of(TestHardware.p4d()),
                    RankingOptions.builder().maxGpus(64).build());
            for (RecommendationRow row : r.rows()) {
                assertThat(row.fits()).as(row.hardwareName()).isEqualTo(row.perGpuBytes() <= row.usableBytes());
            }
        }
        assertThatThrownBy(() -> new RecommendationRow("x", "x", HardwareKind.GPU, "", "", "", "", true, 1, 1, 1,
                Parallelism.SINGLE_GPU, null, 101, 100, 100, -1, -0.01, null, null, null, null, null, null, null,
                null, List.of())).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void searchStopsAtTheGpuLimitAndSaysSo() {
        Recommendation r = recommend(TRAIN, RankingOptions.builder().maxGpus(8).build());
        RecommendationRow capped = row(r, "rtx-3060-12gb", HardwareKind.MULTI_GPU);
        assertThat(capped.fits()).isFalse();
        assertThat(capped.gpusNeeded()).isEqualTo(8);
        assertThat(capped.reasons()).contains(Reason.DOES_NOT_FIT, Reason.EXCEEDS_MAX_GPUS);
        assertThat(capped.tokensPerSecond()).isNull();
        assertThat(capped.costUsd()).isNull();
    }

    @Test
    void theGpuLimitLaysOptionsOutWithinItAndLeavesOutUnitsLargerThanIt() {
        Recommendation capped = recommend(TRAIN, RankingOptions.builder().maxGpus(4).build());
        // RTX 3060 needs 16 without a limit. Within 4: TP4 gives 112e9 / 4 + 2e9 / 4 = 28.5e9 > 12.3e9, the least
        // memory of the layouts tried, so the row stays, on 4 cards, not fitting and saying why.
        RecommendationRow rtx = row(capped, "rtx-3060-12gb", HardwareKind.MULTI_GPU);
        assertThat(rtx.gpusNeeded()).isEqualTo(4);
        assertThat(rtx.sharding()).isEqualTo("tp4");
        assertThat(rtx.fits()).isFalse();
        assertThat(rtx.reasons()).contains(Reason.DOES_NOT_FIT, Reason.EXCEEDS_MAX_GPUS);
        // A100 40GB needs 3 (see above), within the limit: unchanged.
        assertThat(row(capped, "a100-sxm-40gb", HardwareKind.MULTI_GPU).gpusNeeded()).isEqualTo(3);
        assertThat(row(capped, "a100-sxm-40gb", HardwareKind.MULTI_GPU).fits()).isTrue();
        // The DGX A100 and one p4d.24xlarge have 8 GPUs each: no layout within 4, so they are left out, yet counted.
        assertThat(capped.rows()).isNotEmpty().allMatch(x -> x.gpusNeeded() <= 4)
                .noneMatch(x -> x.kind() == HardwareKind.SYSTEM || x.kind() == HardwareKind.CLOUD);
        Recommendation free = recommend(TRAIN, RankingOptions.defaults());
        assertThat(free.rows()).anyMatch(x -> x.hardwareId().equals("dgx-a100-320gb"));
        assertThat(capped.optionsConsidered()).isEqualTo(free.optionsConsidered());
        assertThat(capped.rows()).hasSize(free.rows().size() - 2);
    }

    @Test
    void inferenceUnderALimitThatIsNotAPowerOfTwoStillShowsTheSeveralCardRow() {
        // 2 bytes x 70e9 parameters = 140e9 bytes: an RTX 4090 (24 GB) needs 8 cards, but copies are split over
        // powers of two, so a limit of 6 tries 1, 2 and 4 cards: 140e9 / 4 = 35e9 does not fit, and says why.
        HandMemory fp16 = new HandMemory(70_000_000_000L, 2, 0);
        Workload serve = Workload.builder().mode(Mode.INFER).batch(1).sequenceLength(512).context(1024).build();
        Recommendation r = new Recommender(fp16).recommend(MODEL, serve, TestHardware.gpus(), List.of(), List.of(),
                RankingOptions.builder().maxGpus(6).build());
        RecommendationRow four = row(r, "rtx-4090", HardwareKind.MULTI_GPU);
        assertThat(four.gpusNeeded()).isEqualTo(4);
        assertThat(four.perGpuBytes()).isEqualTo(35_000_000_000L);
        assertThat(four.reasons()).contains(Reason.DOES_NOT_FIT, Reason.EXCEEDS_MAX_GPUS);
        // Two A100 80GB hold 70e9 each (usable 85.3e9): within the limit, unchanged.
        assertThat(row(r, "a100-sxm-80gb", HardwareKind.MULTI_GPU).gpusNeeded()).isEqualTo(2);
        assertThat(row(r, "a100-sxm-80gb", HardwareKind.MULTI_GPU).fits()).isTrue();
    }

    @Test
    void aLimitOfOneGpuLeavesSingleCardsThatSayTheyExceedIt() {
        Recommendation r = recommend(TRAIN, RankingOptions.builder().maxGpus(1).build());
        assertThat(r.rows()).isNotEmpty().allMatch(x -> x.gpusNeeded() == 1 && x.kind() == HardwareKind.GPU);
        // One A100 80GB: 114e9 > 85.3e9, and the limit allows no second card.
        assertThat(row(r, "a100-sxm-80gb", HardwareKind.GPU).reasons())
                .contains(Reason.DOES_NOT_FIT, Reason.EXCEEDS_MAX_GPUS);
        // MI300X holds it alone: no limit was reached.
        assertThat(row(r, "mi300x", HardwareKind.GPU).reasons()).doesNotContain(Reason.EXCEEDS_MAX_GPUS);
        // Without the limit the single card leaves the search to its several-card row and does not say so.
        assertThat(row(recommend(TRAIN, RankingOptions.defaults()), "a100-sxm-80gb", HardwareKind.GPU).reasons())
                .doesNotContain(Reason.EXCEEDS_MAX_GPUS);
    }

    @Test
    void filtersKeepOnlyWhatWasAskedFor() {
        assertThat(recommend(TRAIN, RankingOptions.builder().vendors(Set.of("AMD")).build()).rows())
                .extracting(RecommendationRow::vendor).containsOnly("AMD");
        assertThat(recommend(TRAIN, RankingOptions.builder().kinds(Set.of(HardwareKind.CLOUD)).build()).rows())
                .extracting(RecommendationRow::kind).containsOnly(HardwareKind.CLOUD);
        assertThat(recommend(TRAIN, RankingOptions.builder().formFactors(Set.of("pcie")).build()).rows())
                .extracting(RecommendationRow::formFactor).containsOnly("PCIe");
        assertThat(recommend(TRAIN, RankingOptions.builder().minMemoryGbPerGpu(80).build()).rows())
                .extracting(RecommendationRow::gpuId).containsOnly("a100-sxm-80gb", "h100-sxm-80gb", "mi300x");
        assertThat(recommend(TRAIN, RankingOptions.builder().fitsOnly(true).build()).rows())
                .isNotEmpty().allMatch(RecommendationRow::fits);
        // Budget 1,000 USD: the p4d run costs about 452 USD; the DGX 199,000 USD; the RTX 3060 (329 USD) does not
        // fit, so its run has no cost; 16 of them cost 5,264 USD.
        List<RecommendationRow> cheap = recommend(TRAIN, RankingOptions.builder().maxBudgetUsd(1000).build()).rows();
        assertThat(cheap).extracting(RecommendationRow::hardwareId).containsExactly("aws-p4d.24xlarge");
    }

    @Test
    void sortingOrdersByTheChosenColumnWithUnknownValuesLast() {
        RankingOptions bySpeed = RankingOptions.builder().sortKey(SortKey.TOKENS_PER_SECOND).descending(true)
                .fitsFirst(false).build();
        List<RecommendationRow> rows = recommend(TRAIN, bySpeed).rows();
        List<Double> speeds = new ArrayList<>();
        for (RecommendationRow row : rows) {
            speeds.add(row.tokensPerSecond());
        }
        int firstNull = speeds.indexOf(null);
        assertThat(firstNull).isPositive();
        assertThat(speeds.subList(firstNull, speeds.size())).containsOnlyNulls();
        assertThat(speeds.subList(0, firstNull)).isSortedAccordingTo(Comparator.reverseOrder());

        List<RecommendationRow> byNeed = recommend(TRAIN, RankingOptions.builder().sortKey(SortKey.PER_GPU_BYTES)
                .fitsFirst(false).build()).rows();
        assertThat(byNeed).extracting(RecommendationRow::perGpuBytes).isSorted();

        List<RecommendationRow> fitsFirstByCost = recommend(TRAIN, RankingOptions.defaults()).rows();
        int firstMiss = 0;
        while (firstMiss < fitsFirstByCost.size() && fitsFirstByCost.get(firstMiss).fits()) {
            firstMiss++;
        }
        assertThat(fitsFirstByCost.subList(firstMiss, fitsFirstByCost.size())).noneMatch(RecommendationRow::fits);

        assertThat(recommend(TRAIN, RankingOptions.builder().topN(3).build()).rows()).hasSize(3);
        assertThat(SortKey.parse("tokens-per-second")).isEqualTo(SortKey.TOKENS_PER_SECOND);
        assertThat(SortKey.parse("costUsd")).isEqualTo(SortKey.COST_USD);
        assertThatThrownBy(() -> SortKey.parse("speed")).hasMessageContaining("tokens-per-second");
    }

    @Test
    void theWorkloadsOwnParallelismIsUsedWhenItAsksForSeveralGpus() {
        Workload zero3x4 = TRAIN.toBuilder().parallelism(new Parallelism(1, 1, 4, 3, false)).build();
        Recommendation r = recommend(zero3x4, RankingOptions.defaults());
        RecommendationRow four = row(r, "a100-sxm-40gb", HardwareKind.MULTI_GPU);
        // 112e9 / 4 + 2e9 = 30e9 fits 42.4e9
        assertThat(four.gpusNeeded()).isEqualTo(4);
        assertThat(four.perGpuBytes()).isEqualTo(30_000_000_000L);
        assertThat(row(r, "a100-sxm-40gb", HardwareKind.GPU).reasons())
                .contains(Reason.PARALLELISM_NEEDS_MORE_GPUS);
        assertThat(row(r, "dgx-a100-320gb", HardwareKind.SYSTEM).reasons()).contains(Reason.IDLE_GPUS);
    }

    @Test
    void inferenceOnASystemPlacesOneCopyPerFittingGroup() {
        // 2 bytes per parameter for 7e9 parameters: 14e9 fits one A100 40GB, so a DGX A100 serves 8 copies.
        HandMemory fp16 = new HandMemory(7_000_000_000L, 2, 0);
        Workload serve = Workload.builder().mode(Mode.INFER).batch(1).sequenceLength(512).context(1024).build();
        Recommendation r = new Recommender(fp16).recommend(MODEL, serve, TestHardware.gpus(),
                List.of(TestHardware.dgxA100()), List.of(), RankingOptions.defaults());
        RecommendationRow dgx = row(r, "dgx-a100-320gb", HardwareKind.SYSTEM);
        RecommendationRow one = row(r, "a100-sxm-40gb", HardwareKind.GPU);
        assertThat(dgx.replicas()).isEqualTo(8);
        assertThat(dgx.gpusNeeded()).isEqualTo(8);
        assertThat(dgx.tokensPerSecond()).isCloseTo(8 * one.tokensPerSecond(), withinPercentage(1e-9));
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
                TRAIN, List.of(m2), List.of(), List.of(), RankingOptions.defaults());
        RecommendationRow three = row(r, "m2-ultra", HardwareKind.MULTI_GPU);
        assertThat(three.gpusNeeded()).isEqualTo(3);
        assertThat(three.sharding()).isEqualTo("zero3-dp3");
        assertThat(three.reasons()).contains(Reason.MULTI_NODE, Reason.UNIFIED_MEMORY, Reason.PCIE_ONLY);
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
        assertThatThrownBy(() -> RankingOptions.builder().mfu(1.5).build())
                .hasMessage("model-FLOPs utilisation must be in (0, 1], got 1.5");
        assertThatThrownBy(() -> RankingOptions.builder().tokenBudget(0).build())
                .hasMessageContaining("token budget");
        assertThatThrownBy(() -> RankingOptions.builder().topN(-1).build()).hasMessageContaining("top N");
    }
}
