package com.vramadvisor.engine.ranking;

import com.vramadvisor.engine.speed.EfficiencyTable;
import com.vramadvisor.engine.speed.SpeedFigure;
import com.vramadvisor.engine.speed.SpeedRange;
import com.vramadvisor.engine.speed.SpeedRanges;

/**
 * The ranges of a row's speed, time and cost figures: where each lies when the speed model errs as it did on the
 * published measurements the fit never saw, the 10th to the 90th percentile of the held-out errors of the figure's
 * group ({@link SpeedRanges}; {@code catalog/efficiency.json}, docs/verifying.md). A time (hours, GPU-hours) moves
 * inversely to the rate; the job's cost is the money model run again at the time's two ends, so a purchase's fixed
 * part stays fixed. Each range is {@code null} where its figure is unknown or its group has no held-out measurement
 * (simulations, rendering).
 *
 * @param group          the group of the row's throughput: language-model training or inference, images; {@code null}
 *                       for kinds the benchmark corpus does not cover
 * @param itemsPerSecond throughput, in the row's items per second
 * @param hours          the job's wall-clock hours
 * @param gpuHours       the job's GPU-hours
 * @param mfu            language-model training: model FLOPs utilisation
 * @param jobCostUsd     the job's cost, US dollars
 * @param tpotMs         language-model serving: time per output token, milliseconds
 * @param ttftMs         language-model serving: time to first token, milliseconds
 */
public record RowRanges(SpeedFigure group, SpeedRange itemsPerSecond, SpeedRange hours, SpeedRange gpuHours,
                        SpeedRange mfu, SpeedRange jobCostUsd, SpeedRange tpotMs, SpeedRange ttftMs) {

    /** No range for any figure. */
    public static final RowRanges NONE = new RowRanges(null, null, null, null, null, null, null, null);

    /** The group of a row's throughput from its unit and whether it is language-model training. */
    static SpeedFigure group(String itemUnit, boolean llmTraining) {
        if (RecommendationRow.TOKENS.equals(itemUnit)) {
            return SpeedRanges.throughput(llmTraining);
        }
        return SpeedRanges.items(itemUnit);
    }

    /** The rate and time ranges of {@code speed}'s figures in {@code group}, the job cost and latencies left empty. */
    static RowRanges of(EfficiencyTable table, SpeedFigure group, Double itemsPerSecond, Double hours,
                        Double gpuHours, Double mfu) {
        if (group == null) {
            return NONE;
        }
        return new RowRanges(group, SpeedRanges.rate(table, group, itemsPerSecond),
                SpeedRanges.time(table, group, hours), SpeedRanges.time(table, group, gpuHours),
                SpeedRanges.rate(table, group, mfu), null, null, null);
    }

    /** These ranges with the job cost's. */
    RowRanges withJobCost(SpeedRange v) {
        return new RowRanges(group, itemsPerSecond, hours, gpuHours, mfu, v, tpotMs, ttftMs);
    }

    /** These ranges with the serving latencies' ({@link SpeedFigure#TPOT}, {@link SpeedFigure#TTFT}). */
    RowRanges withLatencies(EfficiencyTable table, ServingFigures serving) {
        if (serving == null) {
            return this;
        }
        return new RowRanges(group, itemsPerSecond, hours, gpuHours, mfu, jobCostUsd,
                SpeedRanges.time(table, SpeedFigure.TPOT, serving.tpotMs()),
                SpeedRanges.time(table, SpeedFigure.TTFT, serving.ttftMs()));
    }
}
