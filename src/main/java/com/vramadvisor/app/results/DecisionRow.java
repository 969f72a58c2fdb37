package com.vramadvisor.app.results;

import com.vramadvisor.engine.ranking.HardwareKind;

/**
 * One option of the decision table, with raw values to sort and filter on and texts formatted for the locale and the
 * display unit.
 *
 * @param hardwareId       id of the GPU, system or cloud offer
 * @param gpuId            catalog id of the GPU model the option is built from; selecting the row selects it
 * @param name             display name, e.g. {@code 4 x NVIDIA A100 80GB SXM}
 * @param hardwareText     the GPU's catalog figures (memory and its type, bandwidth, tensor throughput, link, power)
 *                         and their source, for the name's tooltip
 * @param kind             single GPU, several GPUs, system or cloud offer
 * @param kindText         the kind, localised
 * @param vendor           GPU vendor
 * @param memoryGbNominal  memory per GPU as sold, GB (10^9 bytes)
 * @param fits             whether the workload fits
 * @param fitText          why it does or does not fit and what the numbers assume, for the fit icon's tooltip
 * @param gpusNeeded       GPUs the workload runs on
 * @param gpusText         GPUs and the layout, e.g. {@code 4 · zero3-dp4}
 * @param perGpuBytes      peak per GPU at that layout
 * @param capacityBytes    what the fit is judged against (usable memory or a serving reservation)
 * @param memoryText       need against capacity, e.g. {@code 61.2 / 79.1 GiB}
 * @param headroomFraction spare capacity as a fraction of the capacity; negative when it does not fit
 * @param headroomText     spare or missing memory, e.g. {@code 17.9 GiB (23 %)}
 * @param tokensPerSecond  estimated throughput, {@code null} when unknown
 * @param speedText        throughput in words
 * @param hours            wall-clock hours for the token budget, {@code null} when unknown
 * @param timeText         hours, or days for long runs
 * @param costUsd          cloud cost of the run or purchase price, {@code null} when unknown
 * @param costText         the cost in US dollars
 * @param energyKWh        electricity for the run, {@code null} when unknown
 * @param energyText       the energy in kWh
 */
public record DecisionRow(String hardwareId, String gpuId, String name, String hardwareText, HardwareKind kind, String kindText,
                          String vendor, double memoryGbNominal, boolean fits, String fitText, int gpusNeeded,
                          String gpusText, long perGpuBytes, long capacityBytes, String memoryText,
                          double headroomFraction, String headroomText, Double tokensPerSecond, String speedText,
                          Double hours, String timeText, Double costUsd, String costText, Double energyKWh,
                          String energyText) {

    /**
     * Identifies the row across recomputes: the hardware id alone is not unique, since one GPU model gives both a
     * single-card row and a several-cards row.
     */
    public String key() {
        return kind.id() + ":" + hardwareId;
    }
}
