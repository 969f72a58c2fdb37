package com.vramadvisor.app.results;

import com.vramadvisor.engine.llm.Parallelism;
import com.vramadvisor.engine.plan.Bound;
import com.vramadvisor.engine.plan.PlanLayout;

/**
 * Words for the layout planner's numbers, shared by the decision table and the planner tab: a layout spelled out,
 * the term that bounds a step, utilisation, GPU-hours and durations. Like {@link ResultsMessages}, used from the FX
 * thread only.
 */
public final class PlanTexts {

    /** Shown for a value the engine cannot know (no speed when it does not fit, no price in the catalog). */
    public static final String UNKNOWN = "\u2014";

    private final ResultsMessages messages;

    public PlanTexts(ResultsMessages messages) {
        this.messages = messages;
    }

    /**
     * The layout in words, one part a line: the three parallel sizes, the layers of each pipeline stage where they
     * differ, the ZeRO stage, sequence parallelism, recomputation, the sequences per micro-batch and micro-batches per
     * step.
     */
    public String layout(PlanLayout layout) {
        Parallelism p = layout.parallelism();
        StringBuilder text = new StringBuilder(messages.get("results.layout.sizes",
                messages.integer(p.tensorParallel()), messages.integer(p.pipelineParallel()),
                messages.integer(p.dataParallel())));
        if (layout.unevenStages()) {
            StringBuilder stages = new StringBuilder();
            for (int n : layout.stageLayers()) {
                stages.append(stages.length() == 0 ? "" : ", ").append(messages.integer(n));
            }
            text.append('\n').append(messages.get("results.layout.stages", stages.toString()));
        }
        if (p.zeroStage() > 0) {
            text.append('\n').append(messages.get("results.layout.zero", p.zeroStage()));
        }
        if (p.sequenceParallel() && p.tensorParallel() > 1) {
            text.append('\n').append(messages.get("results.layout.sequenceParallel"));
        }
        text.append('\n').append(messages.get("results.recompute." + layout.recompute().name()
                .toLowerCase(java.util.Locale.ROOT)));
        if (layout.microBatchSize() > 0) {
            text.append('\n').append(messages.get("results.layout.microBatchSize",
                    messages.integer(layout.microBatchSize())));
        }
        text.append('\n').append(messages.get("results.layout.microBatches", messages.integer(layout.microBatches())));
        return text.toString();
    }

    /** The bounding term in a word or two; {@link #UNKNOWN} without a speed. */
    public String bound(Bound bound) {
        return bound == null ? UNKNOWN : messages.get("results.bound." + bound.code());
    }

    /** What the bounding term means and what would help; a note that speed is unknown without one. */
    public String boundTip(Bound bound) {
        return bound == null ? messages.get("results.bound.unknown.tooltip")
                : messages.get("results.bound." + bound.code() + ".tooltip");
    }

    /** Model FLOPs utilisation as a whole percentage; {@link #UNKNOWN} when there is none. */
    public String mfu(Double mfu) {
        return mfu == null ? UNKNOWN : messages.percent(mfu, 0);
    }

    /** GPU-hours, with a decimal below 10. */
    public String gpuHours(Double gpuHours) {
        if (gpuHours == null) {
            return UNKNOWN;
        }
        return messages.get("results.table.gpuHours", gpuHours < 10 ? messages.decimal(gpuHours, 1)
                : messages.integer(Math.round(gpuHours)));
    }

    /** Total throughput in tokens per second. */
    public String speed(Double tokensPerSecond) {
        return tokensPerSecond == null ? UNKNOWN
                : messages.get("results.table.speed", messages.integer(Math.round(tokensPerSecond)));
    }

    /** A duration in the unit its size reads best in ({@link ResultsMessages#duration}): "38 s", "3.5 h". */
    public String time(Double hours) {
        return hours == null ? UNKNOWN : messages.duration(hours);
    }

    /** A number of days as typed: whole days without decimals, a fraction with up to two. */
    public String days(double days) {
        if (days == Math.rint(days)) {
            return messages.integer((long) days);
        }
        double tenths = days * 10;
        return messages.decimal(days, Math.abs(tenths - Math.rint(tenths)) < 1e-9 ? 1 : 2);
    }
}
