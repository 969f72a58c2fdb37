package com.vramadvisor.engine.ranking;

import com.vramadvisor.engine.llm.Component;
import com.vramadvisor.engine.llm.Estimate;
import com.vramadvisor.engine.hardware.CloudOffer;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.hardware.HardwareList;
import com.vramadvisor.engine.hardware.SystemSpec;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Regenerates the scenario table of the literature (size class -> memory need -> recommended hardware) from the
 * engine and a hardware list instead of typing it in. For each representative workload it computes the memory need
 * on one GPU, runs the decision table, picks the smallest single card, the fewest GPUs and the cheapest purchase
 * that fit (the cheapest within one node: a purchase spanning several nodes of loose cards is not a realistic
 * buy), and compares them with the rule of thumb ({@link RuleOfThumb#standard()}), explaining every
 * difference with a {@link GuideFinding} code and an English sentence. Cloud offers are ranked but not chosen: the
 * guide answers what to buy; the decision table compares renting.
 */
public final class HardwareGuide {

    private final Recommender recommender;

    public HardwareGuide(Recommender recommender) {
        this.recommender = recommender;
    }

    /** The guide for the default scenarios and rules of thumb. */
    public List<GuideRow> build(List<GpuSpec> gpus, List<SystemSpec> systems, List<CloudOffer> cloud,
                                RankingOptions options) {
        return build(GuideScenario.defaults(), RuleOfThumb.standard(), gpus, systems, cloud, options);
    }

    /**
     * @param options speed and price factors; filters, sorting and the top-N cut are ignored (the guide looks at
     *                every option)
     */
    public List<GuideRow> build(List<GuideScenario> scenarios, List<RuleOfThumb> rules, List<GpuSpec> gpus,
                                List<SystemSpec> systems, List<CloudOffer> cloud, RankingOptions options) {
        return build(scenarios, rules, HardwareList.of(gpus, systems, cloud), options);
    }

    /**
     * The guide over a hardware list with its node classes, so that loose cards are priced with their hosts and
     * GPUs sold only on baseboards (SXM, OAM) are bought as boards, never named "the smallest card".
     *
     * @param options speed and price factors; filters, sorting and the top-N cut are ignored (the guide looks at
     *                every option the software runs on)
     */
    public List<GuideRow> build(List<GuideScenario> scenarios, List<RuleOfThumb> rules, HardwareList hardware,
                                RankingOptions options) {
        List<GpuSpec> gpus = hardware.gpus();
        RankingOptions all = options.toBuilder().vendors(Set.of()).formFactors(Set.of()).kinds(Set.of())
                .maxBudgetUsd(0).minMemoryGbPerGpu(0).fitsOnly(false).topN(0).showUnsupported(false).build();
        Map<String, GpuSpec> byId = new HashMap<>();
        for (GpuSpec g : gpus) {
            byId.putIfAbsent(g.id(), g);
        }
        List<GuideRow> rows = new ArrayList<>();
        for (GuideScenario s : scenarios) {
            RuleOfThumb rule = rules.stream().filter(r -> r.sizeClass() == s.sizeClass()).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("no rule of thumb for " + s.sizeClass().id()));
            Recommendation r = recommender.recommend(s.model(), s.workload(), hardware, all);
            rows.add(line(s, rule, r, rule.match(gpus), byId));
        }
        return rows;
    }

    private static GuideRow line(GuideScenario s, RuleOfThumb rule, Recommendation r, Optional<GpuSpec> ruleGpu,
                                 Map<String, GpuSpec> byId) {
        long need = r.singleGpuEstimate().peakBytes();
        Component largest = largestComponent(r.singleGpuEstimate());
        long largestBytes = r.singleGpuEstimate().peakBreakdown().get(largest);
        List<RecommendationRow> purchases = new ArrayList<>();
        for (RecommendationRow row : r.rows()) {
            if (row.fits() && row.kind() != HardwareKind.CLOUD && !row.reasons().contains(Reason.TIGHT_FIT)) {
                purchases.add(row);
            }
        }
        Comparator<RecommendationRow> byPrice = Comparator.comparing(RecommendationRow::purchaseUsd,
                Comparator.nullsLast(Comparator.naturalOrder()));
        RecommendationRow smallest = purchases.stream().filter(x -> x.kind() == HardwareKind.GPU)
                .min(Comparator.comparingDouble((RecommendationRow x) -> nominalGb(x, byId)).thenComparing(byPrice)
                        .thenComparing(RecommendationRow::hardwareId)).orElse(null);
        RecommendationRow fewest = purchases.stream().min(Comparator
                .comparing((RecommendationRow x) -> x.reasons().contains(Reason.MULTI_NODE))
                .thenComparingInt(RecommendationRow::gpusNeeded)
                .thenComparingDouble((RecommendationRow x) -> nominalGb(x, byId)).thenComparing(byPrice)
                .thenComparing(RecommendationRow::hardwareId)).orElse(null);
        RecommendationRow cheapest = purchases.stream()
                .filter(x -> x.purchaseUsd() != null && !x.reasons().contains(Reason.MULTI_NODE))
                .min(byPrice.thenComparingInt(RecommendationRow::gpusNeeded)
                        .thenComparing(RecommendationRow::hardwareId)).orElse(null);
        RecommendationRow ruleOption = ruleGpu.map(g -> ruleOption(r, g.id())).orElse(null);

        GuideFindings found = new GuideFindings();
        if (ruleGpu.isEmpty()) {
            found.ruleGpuNotListed(rule);
        } else if (ruleOption != null && ruleOption.fits() && (ruleOption.kind() == HardwareKind.GPU
                || ruleOption.layout() != null && ruleOption.layout().gpus() == 1)) {
            // One of the rule's GPUs holds a copy: alone, or one copy per GPU of a board it is sold on.
            found.ruleGpuFits(need, ruleOption.hardwareName(), ruleOption.capacityBytes(),
                    ruleOption.headroomFraction());
        } else {
            GpuSpec g = ruleGpu.get();
            String how = ruleOption != null && ruleOption.fits()
                    ? String.format(Locale.ROOT, "it takes %d of them (%s)", ruleOption.gpusNeeded(),
                    ruleOption.sharding())
                    : "not even the largest number of them searched holds it";
            found.ruleGpuTooSmall(need, largest.label(), largestBytes, capacity(r, g), g.name(), how, smallest);
        }
        if (smallest != null && ruleGpu.isPresent()
                && nominalGb(smallest, byId) < ruleGpu.get().memoryGbNominal()) {
            found.smallerGpuFits(rule, smallest.hardwareName(), nominalGb(smallest, byId),
                    smallest.headroomFraction());
        }
        if (smallest == null && fewest != null) {
            found.add(GuideFinding.NEEDS_SEVERAL_GPUS, String.format(Locale.ROOT,
                    "No single card in the list holds it; the fewest GPUs that do are %s (%s).",
                    fewest.hardwareName(), fewest.sharding()));
        }
        if (cheapest != null && (ruleOption == null || !ruleOption.fits() || ruleOption.purchaseUsd() == null
                || cheapest.purchaseUsd() < ruleOption.purchaseUsd())
                && (ruleOption == null || !sameOption(cheapest, ruleOption))) {
            String caveat = cheapest.reasons().contains(Reason.PCIE_ONLY) ? ", its GPUs linked by PCIe only" : "";
            String time = cheapest.hours() == null ? "" : String.format(Locale.ROOT,
                    ", about %,.0f hours for the token budget", cheapest.hours());
            found.add(GuideFinding.CHEAPER_OPTION_FITS, String.format(Locale.ROOT,
                    "The cheapest purchase with a known price that holds it is %s at %,.0f USD%s%s.",
                    cheapest.hardwareName(), cheapest.purchaseUsd(), time, caveat));
        }
        if (fewest == null) {
            found.add(GuideFinding.NOTHING_FITS, String.format(Locale.ROOT,
                    "Nothing in the list holds %s per GPU within the GPU limit.", GuideFindings.gb(need)));
        }
        return new GuideRow(s, rule, need, largest, largestBytes, ruleOption, smallest, fewest, cheapest,
                found.codes(), found.text());
    }

    /** The component with the most bytes at the peak phase. */
    static Component largestComponent(Estimate e) {
        Component largest = Component.WEIGHTS;
        for (Component c : Component.values()) {
            if (e.peakBreakdown().get(c) > e.peakBreakdown().get(largest)) {
                largest = c;
            }
        }
        return largest;
    }

    private static RecommendationRow ruleOption(Recommendation r, String gpuId) {
        RecommendationRow single = null;
        RecommendationRow multi = null;
        for (RecommendationRow row : r.rows()) {
            if (row.hardwareId().equals(gpuId) && row.kind() == HardwareKind.GPU) {
                single = row;
            } else if (row.hardwareId().equals(gpuId) && row.kind() == HardwareKind.MULTI_GPU) {
                multi = row;
            }
        }
        return single != null && single.fits() ? single : multi;
    }

    private static long capacity(Recommendation r, GpuSpec g) {
        for (RecommendationRow row : r.rows()) {
            if (row.hardwareId().equals(g.id()) && row.kind() == HardwareKind.GPU) {
                return row.capacityBytes();
            }
        }
        return g.memoryBytesUsable();
    }

    private static boolean sameOption(RecommendationRow a, RecommendationRow b) {
        return a.hardwareId().equals(b.hardwareId()) && a.kind() == b.kind();
    }

    private static double nominalGb(RecommendationRow row, Map<String, GpuSpec> byId) {
        GpuSpec g = byId.get(row.gpuId());
        return g == null ? Double.MAX_VALUE : g.memoryGbNominal();
    }
}
