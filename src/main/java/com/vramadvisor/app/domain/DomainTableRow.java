package com.vramadvisor.app.domain;

import com.vramadvisor.engine.ranking.Acquisition;
import com.vramadvisor.engine.ranking.JobCostOrder;
import java.util.Comparator;

/**
 * One option of the decision table for a workload beyond language models, as the table shows it. Numbers are kept
 * beside their texts so the columns sort by value. Speed, time and job cost exist only for workloads with a
 * throughput model (vision, MD with a pair potential, stencil grids, HPCG).
 *
 * @param hardwareId    catalog id of the GPU, system or cloud offer
 * @param gpuId         catalog id of the GPU the option is built from; selecting the row draws the breakdown for it
 * @param hardware      the option's name
 * @param acquisition   "Buy" or "Rent", localised
 * @param way           bought or rented
 * @param fits          whether the workload fits, as the row counts its GPUs
 * @param fitText       "Yes" or "No", localised
 * @param gpusNeeded    GPUs the workload runs on (0 when it cannot)
 * @param gpusText      the same in words ("—" for none)
 * @param perGpuBytes   the workload's peak on one GPU at that count
 * @param perGpuText    the same in the chosen unit
 * @param headroomBytes usable memory left over, negative when it does not fit
 * @param headroomText  the same in the chosen unit
 * @param cost          capital in US dollars when bought, dollars an hour when rented; {@code null} when unpriced
 * @param costText      the same with its unit ("$32,000", "$2.50/h", "—")
 * @param reasons       why it does not fit and what matters, one sentence each, for the tooltip
 * @param itemsPerSecond items (images, time steps) per second; {@code null} without a speed
 * @param speedText     the same with its unit ("9,175 images/s", "—")
 * @param hours         hours for the job; {@code null} without a speed
 * @param hoursText     the same ("38 s", "3.5 h", "—")
 * @param jobCost       the job's cost in US dollars; {@code null} when unknown
 * @param jobCostText   the same ("&lt; $0.01", "$0.42", "$27", "—")
 */
public record DomainTableRow(String hardwareId, String gpuId, String hardware, String acquisition, Acquisition way,
                             boolean fits, String fitText, int gpusNeeded, String gpusText, long perGpuBytes,
                             String perGpuText, long headroomBytes, String headroomText, Double cost, String costText,
                             String reasons, Double itemsPerSecond, String speedText, Double hours, String hoursText,
                             Double jobCost, String jobCostText) {

    /** The job-cost column's order: as the engine ranks job costs ({@link JobCostOrder}), unknown last. */
    public static final Comparator<DomainTableRow> BY_JOB_COST = JobCostOrder.comparator(DomainTableRow::jobCost,
            DomainTableRow::way, r -> r.way() == Acquisition.PURCHASE ? r.cost() : null,
            r -> r.way() == Acquisition.RENTAL ? r.cost() : null, false);
}
