package com.vramadvisor.engine.ranking;

import com.vramadvisor.engine.core.MemoryPart;
import com.vramadvisor.engine.core.SizedEstimate;
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
 * The hardware guide's lines beyond language models (real-time rendering, scientific computing), built as
 * {@link HardwareGuide} builds the language-model lines but over {@link Recommender}: for each representative
 * workload, its memory on one GPU and largest part, the rule's card (alone, or the fewest of it for a workload that
 * spreads), the smallest single card, the fewest GPUs and the cheapest purchase within one machine that hold it, and
 * the findings that compare them with the rule of thumb ({@link RuleOfThumb#beyondLanguageModels()}), each with an
 * English sentence. Every GPU is judged as a card of its own, as the rule speaks of cards. Stateless.
 */
public final class DomainGuide {

    private DomainGuide() {
    }

    /**
     * @param options the GPU limit; filters, sorting and the top-N cut are ignored (the guide looks at every option)
     * @throws IllegalArgumentException when a scenario's line has no rule of thumb
     */
    public static List<DomainGuideRow> build(List<DomainGuideScenario> scenarios, List<RuleOfThumb> rules,
                                             List<GpuSpec> gpus, List<SystemSpec> systems, List<CloudOffer> cloud,
                                             RankingOptions options) {
        return build(scenarios, rules, HardwareList.of(gpus, systems, cloud), options);
    }

    /**
     * The lines over a hardware list with its node classes: loose cards priced with their hosts, baseboard GPUs bought
     * as boards and never named "the smallest card", options that no software runs the workload on left out.
     *
     * @param options the GPU limit; filters, sorting and the top-N cut are ignored
     * @throws IllegalArgumentException when a scenario's line has no rule of thumb
     */
    public static List<DomainGuideRow> build(List<DomainGuideScenario> scenarios, List<RuleOfThumb> rules,
                                             HardwareList hardware, RankingOptions options) {
        List<GpuSpec> gpus = hardware.gpus();
        RankingOptions all = options.toBuilder().vendors(Set.of()).formFactors(Set.of()).kinds(Set.of())
                .acquisitions(Set.of()).maxBudgetUsd(0).minMemoryGbPerGpu(0).fitsOnly(false).topN(0)
                .sortKey(SortKey.JOB_COST_USD).descending(false).fitsFirst(true).showUnsupported(false).build();
        Map<String, GpuSpec> byId = new HashMap<>();
        for (GpuSpec g : gpus) {
            byId.putIfAbsent(g.id(), g);
        }
        List<DomainGuideRow> rows = new ArrayList<>();
        for (DomainGuideScenario s : scenarios) {
            RuleOfThumb rule = rules.stream().filter(r -> r.sizeClass() == s.sizeClass()).findFirst()
                    .orElseThrow(() -> new IllegalArgumentException("no rule of thumb for " + s.sizeClass().id()));
            Recommendation r = new Recommender().recommend(s.workload(), hardware, all);
            rows.add(line(s, rule, r, rule.match(gpus), byId));
        }
        return rows;
    }

    private static DomainGuideRow line(DomainGuideScenario s, RuleOfThumb rule, Recommendation r,
                                       Optional<GpuSpec> ruleGpu, Map<String, GpuSpec> byId) {
        SizedEstimate e = r.estimate();
        long need = e.peakBytes();
        MemoryPart largest = e.parts().stream().max(Comparator.comparingLong(MemoryPart::bytes))
                .orElse(new MemoryPart("none", "nothing", 0, "no parts"));
        List<RecommendationRow> purchases = r.rows().stream()
                .filter(x -> x.fits() && x.acquisition() == Acquisition.PURCHASE
                        && !x.reasons().contains(Reason.TIGHT_FIT)).toList();
        Comparator<RecommendationRow> byPrice = Comparator.comparing(RecommendationRow::purchaseUsd,
                Comparator.nullsLast(Comparator.naturalOrder()));
        RecommendationRow smallest = purchases.stream().filter(x -> x.kind() == HardwareKind.GPU)
                .min(Comparator.comparingDouble((RecommendationRow x) -> nominalGb(x, byId)).thenComparing(byPrice)
                        .thenComparing(RecommendationRow::hardwareId)).orElse(null);
        RecommendationRow fewest = purchases.stream().min(Comparator
                .comparing((RecommendationRow x) -> x.nodes() > 1).thenComparingInt(RecommendationRow::gpusBought)
                .thenComparingDouble((RecommendationRow x) -> nominalGb(x, byId)).thenComparing(byPrice)
                .thenComparing(RecommendationRow::hardwareId)).orElse(null);
        RecommendationRow cheapest = purchases.stream().filter(x -> x.purchaseUsd() != null && x.nodes() == 1)
                .min(byPrice.thenComparingInt(RecommendationRow::gpusBought).thenComparing(RecommendationRow::hardwareId))
                .orElse(null);
        RecommendationRow ruleOption = ruleGpu.map(g -> ruleOption(r, g.id())).orElse(null);

        GuideFindings found = new GuideFindings();
        if (ruleGpu.isEmpty()) {
            found.ruleGpuNotListed(rule);
        } else if (ruleOption != null && ruleOption.fits()
                && (ruleOption.kind() == HardwareKind.GPU || need <= ruleOption.capacityBytes())) {
            // One of the rule's GPUs holds it: alone, or one GPU of a board it is sold on.
            found.ruleGpuFits(need, ruleOption.hardwareName(), ruleOption.usableBytes(),
                    ruleOption.headroomFraction());
        } else {
            GpuSpec g = ruleGpu.get();
            String how = !r.spreads() ? "more of them do not help, since every GPU holds the whole workload"
                    : ruleOption != null && ruleOption.fits()
                    ? String.format(Locale.ROOT, "it takes %d of them, each holding a share", ruleOption.gpusNeeded())
                    : "not even the largest number of them searched holds it";
            found.ruleGpuTooSmall(need, largest.label(), largest.bytes(), g.memoryBytesUsable(), g.name(), how,
                    smallest);
        }
        if (smallest != null && ruleGpu.isPresent() && nominalGb(smallest, byId) < ruleGpu.get().memoryGbNominal()) {
            found.smallerGpuFits(rule, smallest.hardwareName(), nominalGb(smallest, byId),
                    smallest.headroomFraction());
        }
        if (smallest == null && fewest != null) {
            found.add(GuideFinding.NEEDS_SEVERAL_GPUS, String.format(Locale.ROOT,
                    "No single card in the list holds it; the fewest GPUs that do are %s, each holding a share.",
                    fewest.hardwareName()));
        }
        if (cheapest != null && (ruleOption == null || !ruleOption.fits() || ruleOption.purchaseUsd() == null
                || cheapest.purchaseUsd() < ruleOption.purchaseUsd())
                && (ruleOption == null || !same(cheapest, ruleOption))) {
            found.add(GuideFinding.CHEAPER_OPTION_FITS, String.format(Locale.ROOT,
                    "The cheapest purchase with a known price that holds it is %s at %,.0f USD.",
                    cheapest.hardwareName(), cheapest.purchaseUsd()));
        }
        if (fewest == null) {
            found.add(GuideFinding.NOTHING_FITS, String.format(Locale.ROOT, r.spreads()
                    ? "Nothing in the list holds %s within the GPU limit."
                    : "No GPU in the list holds %s, and more GPUs do not pool their memory.", GuideFindings.gb(need)));
        }
        return new DomainGuideRow(s, rule, need, largest, r.spreads(), ruleOption, smallest, fewest, cheapest,
                found.codes(), found.text());
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
        return single != null && (single.fits() || multi == null) ? single : multi;
    }

    private static boolean same(RecommendationRow a, RecommendationRow b) {
        return a.hardwareId().equals(b.hardwareId()) && a.kind() == b.kind();
    }

    private static double nominalGb(RecommendationRow row, Map<String, GpuSpec> byId) {
        GpuSpec g = byId.get(row.gpuId());
        return g == null ? Double.MAX_VALUE : g.memoryGbNominal();
    }
}
