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
 * @param colour    1 to 16: the part's colour, the eight chart tokens and then the same at 70% opacity
 */
public record PartRow(String id, String name, long bytes, String sizeText, String shareText, String tooltip,
                      int colour) {
}
