package com.vramadvisor.engine.ranking;

import com.vramadvisor.engine.llm.Estimate;

import java.util.List;
import java.util.Objects;

/**
 * The layout planner's answer for one hardware option: how many GPUs of it, in which layout, and how long and how
 * much the token budget takes ({@link Recommender#plan}).
 *
 * @param hardwareId        the GPU, system or cloud offer planned for
 * @param hardwareName      its display name
 * @param acquisition       bought or rented
 * @param meetsDeadline     whether the first layout finishes within the deadline
 * @param layouts           the best layouts at the chosen GPU count, fastest first, each as a decision-table row
 * @param singleGpuEstimate the workload's memory on one GPU without sharding
 * @param options           the ranking options (token budget, deadline, global batch, cost figures)
 */
public record Plan(String hardwareId, String hardwareName, Acquisition acquisition, boolean meetsDeadline,
                   List<RecommendationRow> layouts, Estimate singleGpuEstimate, RankingOptions options) {

    public Plan {
        Objects.requireNonNull(hardwareId, "hardwareId");
        layouts = List.copyOf(layouts);
    }

    /** The chosen layout: the first. */
    public RecommendationRow best() {
        return layouts.get(0);
    }
}
