package com.vramadvisor.app.results;

/**
 * The total per-GPU memory at one phase of a step, so a user sees why the peak is not the sum of the components.
 *
 * @param name     the phase, localised
 * @param bytes    total bytes per GPU alive at that phase
 * @param sizeText the total in the display unit
 * @param peak     whether this phase sets the peak
 */
public record PhaseRow(String name, long bytes, String sizeText, boolean peak) {
}
