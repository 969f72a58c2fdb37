package com.vramadvisor.engine.ranking;

import com.vramadvisor.engine.core.MemoryPart;

import java.util.List;
import java.util.Objects;

/**
 * One line of the hardware guide for a workload beyond language models. Options are decision-table rows
 * ({@link Recommender}); any may be {@code null} when the hardware list has nothing of that kind.
 *
 * @param scenario       the representative workload
 * @param rule           the rule-of-thumb line it is checked against
 * @param needBytes      its memory on one GPU
 * @param largestPart    its largest part on one GPU
 * @param spreads        whether it spreads over several GPUs
 * @param ruleOption     the rule's card alone when it fits, else the fewest of it that fit (workloads that spread)
 * @param smallestSingle the single card with the least nominal memory that holds it (cheapest among equals)
 * @param fewestGpus     the purchase with the fewest GPUs that holds it, within one machine when any does
 * @param cheapest       the purchase within one machine with the lowest known price that holds it
 * @param findings       machine-readable comparison with the rule of thumb
 * @param explanations   one English sentence per finding, in the same order
 */
public record DomainGuideRow(DomainGuideScenario scenario, RuleOfThumb rule, long needBytes, MemoryPart largestPart,
                             boolean spreads, RecommendationRow ruleOption, RecommendationRow smallestSingle, RecommendationRow fewestGpus,
                             RecommendationRow cheapest, List<GuideFinding> findings, List<String> explanations) {

    public DomainGuideRow {
        Objects.requireNonNull(scenario, "scenario");
        Objects.requireNonNull(rule, "rule");
        Objects.requireNonNull(largestPart, "largestPart");
        findings = List.copyOf(findings);
        explanations = List.copyOf(explanations);
        if (findings.size() != explanations.size()) {
            throw new IllegalArgumentException("one explanation per finding");
        }
    }

    /** Whether the engine agrees with the rule: its card fits and no card with less memory does. */
    public boolean agreesWithRule() {
        return findings.contains(GuideFinding.RULE_GPU_FITS) && !findings.contains(GuideFinding.SMALLER_GPU_FITS);
    }
}
