package com.vramadvisor.engine.ranking;

import com.vramadvisor.engine.llm.Component;

import java.util.List;
import java.util.Objects;

/**
 * One line of the regenerated hardware guide. Options are decision-table rows; any may be {@code null} when the
 * hardware list has nothing of that kind.
 *
 * @param scenario       the representative workload
 * @param rule           the rule-of-thumb line for its size class
 * @param needBytes      per-GPU memory on one GPU without sharding: the workload's memory need
 * @param largestPart    the component with the most bytes at the peak on one GPU
 * @param largestPartBytes its bytes
 * @param ruleOption     the rule's card alone when it fits, else the fewest of it that fit
 * @param smallestSingle the single card with the least nominal memory that fits (cheapest among equals)
 * @param fewestGpus     the purchase (card, cards or system) with the fewest GPUs that fits, within one node when
 *                       any does; among equals the one with the least memory per GPU, then the cheapest
 * @param cheapest       the fitting purchase within one node with the lowest known price
 * @param findings       machine-readable comparison with the rule of thumb
 * @param explanations   one English sentence per finding, in the same order
 */
public record GuideRow(GuideScenario scenario, RuleOfThumb rule, long needBytes, Component largestPart,
                       long largestPartBytes, RecommendationRow ruleOption,
                       RecommendationRow smallestSingle, RecommendationRow fewestGpus, RecommendationRow cheapest,
                       List<GuideFinding> findings, List<String> explanations) {

    public GuideRow {
        Objects.requireNonNull(scenario, "scenario");
        Objects.requireNonNull(rule, "rule");
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
