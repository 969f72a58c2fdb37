package com.vramadvisor.engine.ranking;

import com.vramadvisor.engine.core.Fp64Need;
import com.vramadvisor.engine.core.GpuFeature;
import com.vramadvisor.engine.core.Sizable;
import com.vramadvisor.engine.core.SizedEstimate;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.plan.Rig;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * The workload's per-GPU peak by GPU count, each count estimated once per table, and the searches over an option's
 * GPU counts that {@link Recommender} runs: the fewest that fit, then the fewest that also finish the job within
 * the deadline ({@link DomainTiming}).
 */
final class DomainNeed {

    /**
     * A GPU count of a rig, whether the search ran out of counts within the GPU limit without a fit, and whether it
     * ran out of counts without finishing the job within the deadline.
     */
    record Layout(int count, boolean exhausted, boolean late) {
    }

    /** Counts up to this are all on the ladder; beyond it, the powers of two. */
    private static final int LADDER_STEP = 8;

    private final Sizable workload;
    final SizedEstimate single;
    final boolean spreads;
    /** Whether more GPUs run copies of the whole workload ({@link Sizable#copies}): memory per GPU stays the one's. */
    final boolean copies;
    final Fp64Need fp64;
    /** What the workload needs the GPU's software to offer ({@link Support#sizable}). */
    final Set<GpuFeature> features;
    private final Map<Integer, Long> peaks = new HashMap<>();
    private final Map<Integer, Long> highs = new HashMap<>();
    final DomainTiming timing;

    DomainNeed(Sizable workload, DomainTiming timing) {
        this.workload = workload;
        this.timing = timing;
        this.single = workload.estimate();
        this.spreads = workload.perGpu(2).isPresent();
        this.copies = !spreads && workload.copies();
        this.fp64 = workload.fp64Need();
        this.features = workload.gpuFeatures();
        peaks.put(1, single.peakBytes());
        highs.put(1, single.range().highBytes());
    }

    /** The high end of the per-GPU range on {@code gpus} GPUs; {@link Long#MAX_VALUE} where it cannot run. */
    long high(int gpus) {
        if (copies) {
            return highs.get(1);
        }
        return highs.computeIfAbsent(gpus, n -> workload.perGpu(n).map(e -> e.range().highBytes())
                .orElse(Long.MAX_VALUE));
    }

    /** The per-GPU peak on {@code gpus} GPUs; {@link Long#MAX_VALUE} where the workload cannot use that many. */
    long peak(int gpus) {
        if (copies) {
            return peaks.get(1);
        }
        return peaks.computeIfAbsent(gpus, n -> workload.perGpu(n).map(SizedEstimate::peakBytes)
                .orElse(Long.MAX_VALUE));
    }

    /**
     * The fewest counts of {@code rig} whose peak fits: a galloping search over the rig's counts (the 1st, 2nd,
     * 4th, 8th, ... up to the last within the GPU limit), then bisection between the last that does not fit and
     * the first that does, so a workload that fits on few GPUs never estimates the large counts; the largest
     * count within the limit when none fits. A workload that does not spread uses the rig's first count.
     */
    Layout layout(Rig rig, long usable, int maxGpus) {
        if (copies) {
            return new Layout(rig.count(1), false, false);
        }
        if (!spreads) {
            return new Layout(1, false, false);
        }
        int last = Math.max(1, rig.index(maxGpus));
        int lo = 0;
        int hi = 1;
        while (!fits(rig.count(hi), usable)) {
            if (hi == last) {
                return new Layout(rig.count(last), true, false);
            }
            lo = hi;
            hi = (int) Math.min(last, 2L * hi);
        }
        while (hi - lo > 1) {
            int mid = (lo + hi) >>> 1;
            if (fits(rig.count(mid), usable)) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        return new Layout(rig.count(hi), false, false);
    }

    /** Whether more GPUs of an option shorten the job: the workload spreads or runs copies. */
    boolean scales() {
        return spreads || copies;
    }

    /** Whether {@code gpus} GPUs of {@code rig} finish the job within the deadline (true without a speed). */
    boolean meetsDeadline(GpuSpec g, Rig rig, int gpus) {
        return !timing.active() || timing.meets(timing.at(g, rig, gpus));
    }

    /**
     * From a layout that fits, the fewest further counts of {@code rig} (doubling its index, then bisecting) that
     * finish the job within the deadline; the largest count within the GPU limit, marked late, when none does.
     * A layout that does not fit, or a table without a speed, is returned as it is.
     */
    Layout inTime(GpuSpec g, Rig rig, Layout fitting, int maxGpus) {
        if (!timing.active() || !scales() || fitting.exhausted() || meetsDeadline(g, rig, fitting.count())
                || copies && peak(1) > rig.capacityBytes()) {
            return fitting;
        }
        int last = Math.max(1, rig.index(maxGpus));
        int lo = rig.index(fitting.count());
        if (lo >= last) {
            return new Layout(fitting.count(), false, true);
        }
        int hi = Math.min(last, Math.max(lo + 1, 2 * lo));
        while (!meetsDeadline(g, rig, rig.count(hi))) {
            if (hi == last) {
                return new Layout(rig.count(last), false, true);
            }
            lo = hi;
            hi = Math.min(last, 2 * hi);
        }
        while (hi - lo > 1) {
            int mid = (lo + hi) >>> 1;
            if (meetsDeadline(g, rig, rig.count(mid))) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        return new Layout(rig.count(hi), false, false);
    }

    /**
     * Whether the peak on {@code gpus} GPUs fits {@code usable}, answered where it can from the ladder of counts
     * every option shares (1 to 8, then powers of two, as {@code LargestFit#fewestGpus} counts): per-GPU memory
     * never grows with the count, so a smaller ladder count that fits, or a larger one that does not, decides.
     * Only counts between two ladder points that disagree are estimated themselves, so the options' different
     * machine sizes (towers of 4, servers of 8, instances of 1 to 8) share a few dozen estimates in all.
     */
    boolean fits(int gpus, long usable) {
        int below = gpus <= LADDER_STEP ? gpus : Integer.highestOneBit(gpus);
        if (below != gpus && peak(below) <= usable) {
            return true;
        }
        int above = gpus <= LADDER_STEP ? gpus : below == gpus ? gpus : below << 1;
        if (above != gpus && above > 0 && peak(above) > usable) {
            return false;
        }
        return peak(gpus) <= usable;
    }
}
