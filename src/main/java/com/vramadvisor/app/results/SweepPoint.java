package com.vramadvisor.app.results;

/**
 * One point of the sweep: the peak per-GPU memory at one value of the swept input.
 *
 * @param x     the swept input (micro-batch, sequence length or context)
 * @param bytes peak bytes per GPU
 * @param value the same in the display unit (GiB or GB)
 * @param text  the point in words, for hovering
 */
public record SweepPoint(int x, long bytes, double value, String text) {
}
