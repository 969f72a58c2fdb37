package com.vramadvisor.engine.speed;

import com.vramadvisor.engine.hardware.GpuSpec;

import java.util.Objects;

/**
 * How the speed models choose their efficiencies: the fitted table ({@link EfficiencyTable}, by default the shipped
 * {@code catalog/efficiency.json}) and, optionally, a user's override of the compute or the bandwidth efficiency
 * ({@code --compute-efficiency}, {@code --bandwidth-efficiency}), which replaces the fitted share of every compute (or
 * bandwidth) kernel class on every GPU.
 *
 * @param table             the fitted data
 * @param computeOverride   share of the dense peak for every compute class, or {@code null} for the fitted ones
 * @param bandwidthOverride share of the peak bandwidth for every bandwidth class, or {@code null} for the fitted
 *                          ones
 */
public record SpeedSettings(EfficiencyTable table, Double computeOverride, Double bandwidthOverride) {

    public SpeedSettings {
        Objects.requireNonNull(table, "table");
        requireShare(computeOverride, "compute efficiency");
        requireShare(bandwidthOverride, "bandwidth efficiency");
    }

    /** The shipped fitted data without overrides. */
    public static SpeedSettings fitted() {
        return new SpeedSettings(EfficiencyTable.shipped(), null, null);
    }

    /** One compute and one bandwidth efficiency for every GPU and engine, without fixed costs. */
    public static SpeedSettings uniform(double computeEfficiency, double bandwidthEfficiency) {
        return new SpeedSettings(EfficiencyTable.UNFITTED, computeEfficiency, bandwidthEfficiency);
    }

    /**
     * The efficiencies on {@code gpu} running {@code software} (an engine or framework id) on the GPU vendor's own
     * stack ({@link Stack#vendorStack}), with the overrides applied.
     */
    public Efficiency forGpu(GpuSpec gpu, String software) {
        return on(Stack.of(gpu, software, null), software);
    }

    /**
     * The efficiencies of a step of work that {@code framework} launches ({@link
     * com.vramadvisor.engine.core.StepWork#framework()}): the fitted ones of the GPU's stack and the framework, or,
     * for work no framework of the benchmark corpus runs (molecular dynamics, stencils and solvers, with
     * {@code framework} empty), the documented defaults ({@link Efficiency#UNFITTED}), which no measurement refits;
     * the overrides applied either way.
     */
    public Efficiency forWork(GpuSpec gpu, String framework) {
        if (framework == null || framework.isEmpty()) {
            Efficiency e = Efficiency.UNFITTED;
            e = computeOverride != null ? e.withCompute(computeOverride) : e;
            return bandwidthOverride != null ? e.withBandwidth(bandwidthOverride) : e;
        }
        return forGpu(gpu, framework);
    }

    /** The efficiencies of {@code stack} running {@code software}, with the overrides applied. */
    public Efficiency on(Stack stack, String software) {
        Efficiency e = table.resolve(stack, software);
        if (computeOverride != null) {
            e = e.withCompute(computeOverride);
        }
        if (bandwidthOverride != null) {
            e = e.withBandwidth(bandwidthOverride);
        }
        return e;
    }

    /** This with a compute override ({@code null} removes it). */
    public SpeedSettings withComputeOverride(Double share) {
        return new SpeedSettings(table, share, bandwidthOverride);
    }

    /** This with a bandwidth override ({@code null} removes it). */
    public SpeedSettings withBandwidthOverride(Double share) {
        return new SpeedSettings(table, computeOverride, share);
    }

    private static void requireShare(Double v, String what) {
        if (v != null && !(v > 0 && v <= 1)) {
            throw new IllegalArgumentException(what + " must be in (0, 1], got " + v);
        }
    }
}
