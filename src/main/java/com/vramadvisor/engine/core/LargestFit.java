package com.vramadvisor.engine.core;

/**
 * The inverse question for any {@link Sizable}: the largest value on its axis whose estimate fits a byte budget.
 * Memory grows monotonically along every axis the estimators define (more samples, pixels, atoms or cells never need
 * less memory), so a bisection over the axis range finds it in about 60 estimates.
 */
public final class LargestFit {

    private LargestFit() {
    }

    /**
     * @return the largest axis value that fits {@code budgetBytes}, or 0 when even the axis minimum does not fit
     */
    public static long largest(Sizable workload, long budgetBytes) {
        SizingAxis axis = workload.axis();
        if (!fits(workload, axis.min(), budgetBytes)) {
            return 0;
        }
        long lo = axis.min();
        long hi = axis.max();
        if (fits(workload, hi, budgetBytes)) {
            return hi;
        }
        while (hi - lo > 1) {
            long mid = lo + (hi - lo) / 2;
            if (fits(workload, mid, budgetBytes)) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /**
     * The fewest GPUs, up to {@code maxGpus}, whose per-GPU estimate fits {@code budgetBytes}: counts 1 to 8, then
     * powers of two (how machines of 8 GPUs are bought); 0 when no count does (the workload does not spread, or needs
     * more than {@code maxGpus}).
     */
    public static int fewestGpus(Sizable workload, long budgetBytes, int maxGpus) {
        for (int n = 1; n <= maxGpus; n = n < 8 ? n + 1 : n * 2) {
            var perGpu = workload.perGpu(n);
            if (perGpu.isEmpty()) {
                return 0;
            }
            if (perGpu.get().peakBytes() <= budgetBytes) {
                return n;
            }
        }
        return 0;
    }

    private static boolean fits(Sizable workload, long value, long budgetBytes) {
        return workload.withAxisValue(value).estimate().peakBytes() <= budgetBytes;
    }
}
