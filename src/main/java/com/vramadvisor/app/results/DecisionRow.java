package com.vramadvisor.app.results;

import com.vramadvisor.engine.plan.Bound;
import com.vramadvisor.engine.plan.PlanLayout;
import com.vramadvisor.engine.ranking.Acquisition;
import com.vramadvisor.engine.ranking.HardwareKind;
import com.vramadvisor.engine.ranking.JobCostOrder;
import java.util.Comparator;

/**
 * One option of the decision table, with raw values to sort and filter on and texts formatted for the locale and the
 * display unit. Money is never mixed: the capital of a bought option and the hourly rent of a rented one have columns
 * of their own, and only the job cost, which both have, shares one.
 *
 * @param hardwareId       id of the GPU, system or cloud offer
 * @param gpuId            catalog id of the GPU model the option is built from; selecting the row selects it
 * @param name             display name, e.g. {@code 4 x NVIDIA A100 80GB SXM}
 * @param hardwareText     the GPU's catalog figures (memory and its type, bandwidth, tensor throughput, link, power)
 *                         and their source, for the name's tooltip
 * @param kind             single GPU, several GPUs, system or cloud offer
 * @param kindText         the kind, localised
 * @param acquisition      bought or rented
 * @param acquisitionText  "Buy" or "Rent", localised
 * @param acquisitionTip   what buying or renting means for the numbers
 * @param vendor           GPU vendor
 * @param memoryGbNominal  memory per GPU as sold, GB (10^9 bytes)
 * @param fits             whether the workload fits
 * @param pastDeadline     whether it fits but takes longer than the deadline even on the most GPUs searched
 * @param fitText          why it does or does not fit and what the numbers assume, for the fit icon's tooltip
 * @param gpusNeeded       GPUs the workload runs on
 * @param gpusText         GPUs and the layout, e.g. {@code 4 · zero3-dp4}, for the selection's description
 * @param gpuCountText     the GPU count alone, for the GPUs column
 * @param nodes            machines the option spans
 * @param machinesText     machines x GPUs in each, e.g. {@code 2 × 8}
 * @param machinesTip      the machines and the links inside and between them, in words
 * @param layoutText       the layout's short label, e.g. {@code tp2-pp2-zero3-dp2-sp}
 * @param layoutTip        the layout in words
 * @param perGpuBytes      peak per GPU at that layout
 * @param capacityBytes    what the fit is judged against (usable memory or a serving reservation)
 * @param memoryText       need against capacity, e.g. {@code 61.2 / 79.1 GiB}
 * @param headroomFraction spare capacity as a fraction of the capacity; negative when it does not fit
 * @param headroomText     spare or missing memory, e.g. {@code 17.9 GiB (23 %)}
 * @param itemsPerSecond   estimated throughput in the workload's own items (tokens, images, time steps, iterations)
 *                         per second, {@code null} when unknown
 * @param speedText        throughput in words, with its unit
 * @param hours            wall-clock hours for the token budget, {@code null} when unknown
 * @param timeText         hours, or days for long runs
 * @param timeTip          the time against the deadline
 * @param gpuHours         hours x GPUs, {@code null} when unknown
 * @param gpuHoursText     GPU-hours
 * @param mfu              training: model FLOPs utilisation, {@code null} for inference or without a speed
 * @param mfuText          the utilisation as a percentage
 * @param boundBy          the term of the speed model that takes the most time, {@code null} without a speed
 * @param boundText        that term in words
 * @param boundTip         what that term means and what helps
 * @param purchaseUsd      bought: whole machines, US dollars; {@code null} when rented or unknown
 * @param capitalText      the purchase price; blank for rented options
 * @param capitalTip       what the price is made of
 * @param rentalUsdPerHour rented: all instances per hour, US dollars; {@code null} when bought
 * @param rentText         the hourly rent; blank for bought options
 * @param rentTip          instances times their hourly price
 * @param jobCostUsd       cost of processing the token budget, {@code null} when unknown
 * @param jobCostText      the job cost
 * @param jobCostTip       the job cost's formula with this row's numbers
 * @param energyKWh        electricity for the run, {@code null} when unknown
 * @param energyText       the energy in kWh
 * @param rowTip           the option in a few lines: what it is, its machines and network, layout and limit, for
 *                         the name's tooltip above the GPU's figures
 * @param layout           the layout itself, what "Use this layout" sets in the scenario
 * @param gpuMemoryBytes   the GPU's total memory as the driver reports it, bytes; 0 when the GPU is unknown
 * @param serving          inference: users served within the latency targets, their latency and price;
 *                         {@link DecisionServing#NONE} otherwise
 * @param money            break-even, work per watt-hour, price date and market ({@link DecisionMoney})
 */
public record DecisionRow(String hardwareId, String gpuId, String name, String hardwareText, HardwareKind kind,
                          String kindText, Acquisition acquisition, String acquisitionText, String acquisitionTip,
                          String vendor, double memoryGbNominal, boolean fits, boolean pastDeadline, String fitText,
                          int gpusNeeded, String gpusText, String gpuCountText, int nodes, String machinesText,
                          String machinesTip, String layoutText, String layoutTip, long perGpuBytes,
                          long capacityBytes, String memoryText, double headroomFraction, String headroomText,
                          Double itemsPerSecond, String speedText, Double hours, String timeText, String timeTip,
                          Double gpuHours, String gpuHoursText, Double mfu, String mfuText, Bound boundBy,
                          String boundText, String boundTip, Double purchaseUsd, String capitalText,
                          String capitalTip, Double rentalUsdPerHour, String rentText, String rentTip,
                          Double jobCostUsd, String jobCostText, String jobCostTip, Double energyKWh,
                          String energyText, String rowTip, PlanLayout layout,
                          long gpuMemoryBytes, DecisionServing serving, DecisionMoney money) {

    /**
     * Identifies the row across recomputes: the hardware id alone is not unique, since one GPU model gives both a
     * single-card row and a several-cards row.
     */
    public String key() {
        return kind.id() + ":" + hardwareId;
    }

    /**
     * The verdict as a rank for sorting, best last: 2 fits within the deadline, 1 fits but finishes after it, 0 does
     * not fit. Sorting the Fit column descending puts what answers the question first, as the engine orders rows.
     */
    public int fitRank() {
        if (!fits) {
            return 0;
        }
        return pastDeadline ? 1 : 2;
    }

    /**
     * The job-cost column's order, as the engine ranks job costs ({@link JobCostOrder}): at the precision shown,
     * then the lower capital or hourly rate; unknown last. The window's default sort is this column, so the table
     * keeps the engine's order on a tie.
     */
    public static final Comparator<DecisionRow> BY_JOB_COST = JobCostOrder.comparator(DecisionRow::jobCostUsd,
            DecisionRow::acquisition, DecisionRow::purchaseUsd, DecisionRow::rentalUsdPerHour, false);
}
