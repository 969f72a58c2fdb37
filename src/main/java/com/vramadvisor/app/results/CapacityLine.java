package com.vramadvisor.app.results;

/**
 * A GPU's usable memory drawn across the sweep chart, with the largest swept value that fits under it.
 *
 * @param gpuId       catalog id
 * @param label       GPU name and usable memory, e.g. {@code "H100 SXM 80GB · 79.1 GiB"}
 * @param shortLabel  the usable memory alone ({@code "79.1 GiB"}), for a plot too narrow for the name beside the curve
 * @param usableBytes usable bytes per GPU
 * @param value       the same in the display unit
 * @param largestFit  largest value of the swept input that fits, 0 when not even 1 fits
 * @param fitText     the largest fit in words, for the marker and its tooltip
 * @param primary     whether this is the GPU the breakdown is drawn for
 */
public record CapacityLine(String gpuId, String label, String shortLabel, long usableBytes, double value,
                           int largestFit, String fitText, boolean primary) {
}
