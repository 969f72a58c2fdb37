package com.vramadvisor.app.results;

/**
 * The serving limits the sweep over concurrent sequences marks with vertical lines, on the primary GPU: the
 * sequences its KV cache holds at the workload's context, and the most that meet the latency targets.
 *
 * @param kvX         sequences the KV cache holds (vLLM's maximum concurrency), 0 for no line
 * @param kvLabel     the line's label
 * @param targetX     the most sequences within the TPOT and TTFT targets; -1 for no line (no target set)
 * @param targetLabel that line's label
 * @param tip         both limits in words
 */
public record ServingMarks(double kvX, String kvLabel, int targetX, String targetLabel, String tip) {

    /** No serving lines: another axis, training, or no GPU chosen. */
    public static final ServingMarks NONE = new ServingMarks(0, "", -1, "", "");

    /** Whether there is anything to draw. */
    public boolean present() {
        return kvX > 0 || targetX >= 0;
    }
}
