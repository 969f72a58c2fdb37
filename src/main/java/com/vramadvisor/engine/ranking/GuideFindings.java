package com.vramadvisor.engine.ranking;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The findings of one hardware-guide line with their English sentences, as {@link HardwareGuide} and
 * {@link DomainGuide} word them: the same codes, the same sentences, memory in GiB (2^30 bytes, one decimal) as the
 * rule of thumb speaks of it.
 */
final class GuideFindings {

    private final List<GuideFinding> codes = new ArrayList<>();
    private final List<String> text = new ArrayList<>();

    List<GuideFinding> codes() {
        return codes;
    }

    List<String> text() {
        return text;
    }

    void add(GuideFinding f, String sentence) {
        codes.add(f);
        text.add(sentence);
    }

    void ruleGpuNotListed(RuleOfThumb rule) {
        add(GuideFinding.RULE_GPU_NOT_LISTED, String.format(Locale.ROOT,
                "The hardware list has no %s to check the rule of thumb against.", rule.recommendation()));
    }

    void ruleGpuFits(long need, String gpuName, long allocatableBytes, double headroomFraction) {
        add(GuideFinding.RULE_GPU_FITS, String.format(Locale.ROOT,
                "Needs %s on one GPU; the %s can allocate %s, so the rule of thumb holds (%.0f%% headroom).",
                gb(need), gpuName, gb(allocatableBytes), 100 * headroomFraction));
    }

    /**
     * @param how             what more of the rule's cards would do, in words
     * @param smallest        the smallest single card sold alone that holds it, or {@code null} when none does: its
     *                        own per-GPU need (its layout's, which may recompute or offload) against its capacity
     */
    void ruleGpuTooSmall(long need, String largestLabel, long largestBytes, long allocatableBytes, String gpuName,
                         String how, RecommendationRow smallest) {
        String bigger = smallest == null ? "" : String.format(Locale.ROOT,
                ", or one %s, which holds it at %s of its %s%s", smallest.hardwareName(),
                gb(smallest.perGpuBytes()), gb(smallest.capacityBytes()),
                smallest.layout() == null || smallest.layout().label().equals("single") ? ""
                        : " (layout " + smallest.sharding() + ")");
        add(GuideFinding.RULE_GPU_TOO_SMALL, String.format(Locale.ROOT,
                "Needs %s on one GPU (largest part: %s, %s), more than the %s %s can allocate; %s%s.",
                gb(need), largestLabel, gb(largestBytes), gb(allocatableBytes), gpuName, how, bigger));
    }

    void smallerGpuFits(RuleOfThumb rule, String gpuName, double nominalGb, double headroomFraction) {
        add(GuideFinding.SMALLER_GPU_FITS, String.format(Locale.ROOT,
                "A card with less memory than the rule's %sGB card is enough: the %s (sold as %sGB) holds it with"
                        + " %.0f%% headroom.", num(rule.memoryGbNominal()), gpuName, num(nominalGb),
                100 * headroomFraction));
    }

    /** Bytes as GiB (2^30), one decimal, as every table of the command line and the window shows memory. */
    static String gb(long bytes) {
        return String.format(Locale.ROOT, "%.1f GiB", bytes / (double) (1L << 30));
    }

    /** A whole number without its decimals, any other as Java prints it. */
    static String num(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
    }
}
