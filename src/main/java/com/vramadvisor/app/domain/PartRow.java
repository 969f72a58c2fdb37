package com.vramadvisor.app.domain;

/**
 * One part of a workload's per-GPU memory as the breakdown shows it.
 *
 * @param id        the estimator's id of the part ({@code textures}); its colour follows its position
 * @param name      the part's name in the current language (the estimator's English label when no translation is
 *                  known)
 * @param bytes     bytes at the peak
 * @param sizeText  the bytes in the chosen unit
 * @param shareText the part's share of the peak
 * @param tooltip   size, share and the formula with its numbers
 * @param colour    1 to 8: the chart colour token the part is drawn in
 */
public record PartRow(String id, String name, long bytes, String sizeText, String shareText, String tooltip,
                      int colour) {
}
