package com.vramadvisor.engine.ranking;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.catalog.Catalog;
import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.money.Usage;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Options whose job costs read the same are ordered by what they cost to have. The hardware prices are the shipped
 * catalog's dated US prices (catalog/gpus.json and nodes.json: 8 x Gaudi 3 at Intel's kit list price plus the
 * analogue server host, $153,858; 8 x MI300X at a 2025 baseboard listing plus the same host, $234,728; each with its
 * source there).
 */
class JobCostOrderTest {

    private static Catalog catalog;

    @BeforeAll
    static void load() {
        catalog = CatalogLoader.shippedOnly().load();
    }

    /** A minimal option: only the money fields matter to the order. */
    private record Option(String id, Acquisition acquisition, Double jobCostUsd, Double purchaseUsd,
                          Double rentalUsdPerHour) {
    }

    private static final Comparator<Option> ORDER = JobCostOrder.comparator(Option::jobCostUsd, Option::acquisition,
            Option::purchaseUsd, Option::rentalUsdPerHour, false);

    private static List<String> sorted(Comparator<Option> order, Option... options) {
        List<Option> list = new ArrayList<>(List.of(options));
        list.sort(order.thenComparing(Option::id));
        return list.stream().map(Option::id).toList();
    }

    @Test
    void theShownPrecisionIsBelowACentCentsThenWholeDollars() {
        assertThat(JobCostOrder.shownUsd(0)).isZero();
        assertThat(JobCostOrder.shownUsd(0.00117)).isEqualTo(JobCostOrder.shownUsd(0.0099));
        assertThat(JobCostOrder.shownUsd(0.0099)).isLessThan(JobCostOrder.shownUsd(0.01));
        assertThat(JobCostOrder.shownUsd(0.0234)).isEqualTo(0.02);
        assertThat(JobCostOrder.shownUsd(9.994)).isEqualTo(9.99);
        assertThat(JobCostOrder.shownUsd(9.996)).isEqualTo(10);
        assertThat(JobCostOrder.shownUsd(51.52)).isEqualTo(JobCostOrder.shownUsd(51.68));
    }

    @Test
    void equalShownCostsGoToTheLowerCapitalOrRateAndARentalBeforeAPurchase() {
        Option gaudi = new Option("gaudi3", Acquisition.PURCHASE, 0.00234, 175_000.0, null);
        Option mi300x = new Option("mi300x", Acquisition.PURCHASE, 0.00255, 150_000.0, null);
        Option costly = new Option("cloud-a", Acquisition.RENTAL, 0.004, null, 98.32);
        Option cheap = new Option("cloud-b", Acquisition.RENTAL, 0.008, null, 12.0);
        Option dearer = new Option("h100", Acquisition.PURCHASE, 0.02, 30_000.0, null);
        Option unknown = new Option("unpriced", Acquisition.PURCHASE, null, null, null);
        assertThat(sorted(ORDER, unknown, dearer, gaudi, mi300x, costly, cheap))
                .containsExactly("cloud-b", "cloud-a", "mi300x", "gaudi3", "h100", "unpriced");
    }

    @Test
    void differentShownCostsStillRankByCostAndDescendingReversesIt() {
        Option a = new Option("a", Acquisition.PURCHASE, 0.02, 500_000.0, null);
        Option b = new Option("b", Acquisition.PURCHASE, 0.03, 1_000.0, null);
        Option none = new Option("none", Acquisition.RENTAL, null, null, null);
        assertThat(sorted(ORDER, b, none, a)).containsExactly("a", "b", "none");
        Comparator<Option> descending = JobCostOrder.comparator(Option::jobCostUsd, Option::acquisition,
                Option::purchaseUsd, Option::rentalUsdPerHour, true);
        assertThat(sorted(descending, a, none, b)).containsExactly("b", "a", "none");
    }

    @Test
    void aShortLanguageModelJobLeadsWithTheCheaperPurchaseWhereCostsReadTheSame() {
        // 10^5 tokens of Llama-3-8B training take seconds on any 8-GPU board: with the hardware busy all the time for
        // three years, every purchase's share for those seconds is below a cent.
        Workload train = Workload.builder().sequenceLength(4096).build();
        Recommendation rec = new Recommender().recommend(catalog.model("llama-3-8b").orElseThrow(), train,
                catalog.hardware(), RankingOptions.builder().tokenBudget(100_000).usage(Usage.of(1, 3))
                        .acquisitions(java.util.Set.of(Acquisition.PURCHASE)).build());
        List<RecommendationRow> fitting = rec.rows().stream().filter(RecommendationRow::fits).toList();
        assertThat(fitting.get(0).jobCostUsd()).isLessThan(JobCostOrder.CENT_USD);
        int mi300x = indexOf(fitting, "mi300x");
        int gaudi3 = indexOf(fitting, "gaudi3");
        assertThat(JobCostOrder.shownUsd(fitting.get(gaudi3).jobCostUsd()))
                .isEqualTo(JobCostOrder.shownUsd(fitting.get(mi300x).jobCostUsd()));
        assertThat(fitting.get(gaudi3).purchaseUsd()).isLessThan(fitting.get(mi300x).purchaseUsd());
        assertThat(gaudi3).isLessThan(mi300x);
        assertCapitalOrderWhereShownCostsTie(fitting);
        assertThat(rec.bestPurchase().purchaseUsd()).isEqualTo(fitting.stream()
                .filter(r -> r.acquisition() == Acquisition.PURCHASE && r.jobCostUsd() != null
                        && r.jobCostUsd() < JobCostOrder.CENT_USD && !r.reasons().contains(Reason.PAST_DEADLINE)
                        && !r.reasons().contains(Reason.TIGHT_FIT))
                .mapToDouble(RecommendationRow::purchaseUsd).min().orElseThrow());
    }

    @Test
    void aMillionTokenJobOrdersEveryGroupOfEqualShownCostsByCapital() {
        Workload train = Workload.builder().sequenceLength(4096).build();
        Recommendation rec = new Recommender().recommend(catalog.model("llama-3-8b").orElseThrow(), train,
                catalog.hardware(), RankingOptions.builder().tokenBudget(1_000_000).build());
        List<RecommendationRow> fitting = rec.rows().stream().filter(RecommendationRow::fits).toList();
        assertCapitalOrderWhereShownCostsTie(fitting);
    }

    private static int indexOf(List<RecommendationRow> rows, String id) {
        for (int i = 0; i < rows.size(); i++) {
            if (rows.get(i).hardwareId().equals(id) && rows.get(i).kind() == HardwareKind.MULTI_GPU) {
                return i;
            }
        }
        throw new AssertionError("no multi-gpu row for " + id);
    }

    private static void assertCapitalOrderWhereShownCostsTie(List<RecommendationRow> rows) {
        int ties = 0;
        for (int i = 1; i < rows.size(); i++) {
            RecommendationRow a = rows.get(i - 1);
            RecommendationRow b = rows.get(i);
            boolean sameGroup = a.jobCostUsd() != null && b.jobCostUsd() != null
                    && JobCostOrder.shownUsd(a.jobCostUsd()) == JobCostOrder.shownUsd(b.jobCostUsd())
                    && a.acquisition() == Acquisition.PURCHASE && b.acquisition() == Acquisition.PURCHASE
                    && a.reasons().contains(Reason.PAST_DEADLINE) == b.reasons().contains(Reason.PAST_DEADLINE);
            if (sameGroup) {
                ties++;
                assertThat(a.purchaseUsd()).as(a.hardwareName() + " before " + b.hardwareName())
                        .isLessThanOrEqualTo(b.purchaseUsd());
            }
        }
        assertThat(ties).as("rows whose job costs read the same").isPositive();
    }
}
