package com.vramadvisor.app.domain;

/**
 * One option of the decision table for a workload beyond language models, as the table shows it. Numbers are kept
 * beside their texts so the columns sort by value.
 *
 * @param hardwareId    catalog id of the GPU, system or cloud offer
 * @param gpuId         catalog id of the GPU the option is built from; selecting the row draws the breakdown for it
 * @param hardware      the option's name
 * @param acquisition   "Buy" or "Rent", localised
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
 */
public record DomainTableRow(String hardwareId, String gpuId, String hardware, String acquisition, boolean fits,
                             String fitText, int gpusNeeded, String gpusText, long perGpuBytes, String perGpuText,
                             long headroomBytes, String headroomText, Double cost, String costText, String reasons) {
}
