package com.vramadvisor.engine.ranking;

import com.vramadvisor.engine.core.Fp64Need;
import com.vramadvisor.engine.core.JobSize;
import com.vramadvisor.engine.core.Sizable;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.plan.Rig;

import java.util.ArrayList;
import java.util.List;

/**
 * Lays a workload beyond language models ({@link Sizable}: vision, diffusion, rendering, molecular dynamics, grids)
 * out on the decision table's options.
 * <ul>
 *   <li>Fit: the per-GPU peak against the GPU's usable memory ({@link GpuSpec#memoryBytesUsable}), tight when the
 *       capacity lies inside the estimate's range.</li>
 *   <li>GPUs needed, for a workload that spreads ({@link Sizable#perGpu} present beyond one GPU: domain
 *       decomposition, a sharded batch): the fewest GPU counts the option comes in ({@link Rig#count}) whose per-GPU
 *       peak fits, then the fewest that also finish the job within the deadline ({@link DomainNeed}); the largest
 *       count within the GPU limit, marked, when none does.</li>
 *   <li>A workload that does not spread (a rendering scene): one GPU holds it all, 1 GPU when it fits and none when
 *       it does not ({@link Reason#DOES_NOT_SPREAD}); more GPUs do not pool memory. A workload that runs copies
 *       ({@link Sizable#copies}: diffusion) fits the same way, but is timed on every GPU the option buys, and adds GPUs
 *       for the deadline as a workload that spreads does.</li>
 *   <li>Speed, where the workload has a throughput model ({@link Sizable#work}; {@link com.vramadvisor.engine.speed.DomainStepTime}): items per
 *       second and hours for the job ({@link JobSize}: the workload's default or the one given).</li>
 *   <li>Double precision ({@link Sizable#fp64Need}): a GPU without FP64 hardware cannot run a workload that computes
 *       or accumulates in double ({@link Reason#NO_FP64}); a GPU whose FP64 rate is below 1/8 of its FP32 rate is
 *       marked {@link Reason#SLOW_FP64} for a workload that computes in double; see {@link #fp64Reason}.</li>
 * </ul>
 * Per-GPU memory does not depend on the GPU, so each GPU count is estimated once per table and shared by every
 * option.
 */
final class SizablePlacer implements OptionPlacer {

    /** Slower than this fraction of the FP32 rate, a double-precision workload is marked {@link Reason#SLOW_FP64}. */
    static final double SLOW_FP64_RATIO = 1.0 / 8;

    /**
     * For a GPU whose FP32 rate the catalog does not give, the FP64 rate below which it is marked
     * {@link Reason#SLOW_FP64}: the catalog's full- and half-rate FP64 parts all run 7 TFLOPS or more (V100 PCIe 7),
     * its rationed ones (1/16 to 1/64) 2 TFLOPS or less (RTX PRO 6000 Blackwell 1.95).
     */
    static final double SLOW_FP64_FLOOR_TFLOPS = 5;

    private final DomainNeed need;
    private final RankingOptions options;

    /** @param job the job to time, or {@code null} for the workload's default */
    SizablePlacer(Sizable workload, RankingOptions options, JobSize job) {
        this.options = options;
        this.need = new DomainNeed(workload, new DomainTiming(workload, job, options));
    }

    DomainNeed need() {
        return need;
    }

    @Override
    public long capacityBytes(GpuSpec gpu) {
        return gpu.memoryBytesUsable();
    }

    @Override
    public boolean timed() {
        return need.timing.active();
    }

    @Override
    public List<Placement> cards(Offer one, Offer many) {
        List<Placement> out = new ArrayList<>();
        Rig rig = one.rig();
        long usable = rig.capacityBytes();
        // Under a limit of one GPU, a card that does not hold a workload that spreads has exhausted the search.
        out.add(place(one, new DomainNeed.Layout(1, options.maxGpus() < 2, false)));
        boolean oneFits = need.peak(1) <= usable;
        boolean oneDoes = oneFits && need.meetsDeadline(rig.gpu(), rig, 1) || !need.scales()
                || need.copies && !oneFits || options.maxGpus() < 2;
        if (!oneDoes) {
            DomainNeed.Layout l = need.inTime(rig.gpu(), rig, need.layout(rig, usable, options.maxGpus()),
                    options.maxGpus());
            if (l.count() > 1) {
                out.add(place(many, l));
            }
        }
        return out;
    }

    @Override
    public List<Placement> units(Offer offer) {
        Rig rig = offer.rig();
        DomainNeed.Layout l = need.inTime(rig.gpu(), rig, need.layout(rig, rig.capacityBytes(), options.maxGpus()),
                options.maxGpus());
        return List.of(place(offer, l));
    }

    /** The option at {@code layout}'s GPU count (one GPU for a workload that does not spread). */
    private Placement place(Offer offer, DomainNeed.Layout layout) {
        GpuSpec g = offer.gpu();
        Rig rig = offer.rig();
        int count = layout.count();
        int at = need.scales() ? count : 1;
        long usable = rig.capacityBytes();
        long perGpu = need.peak(need.scales() ? count : 1);
        boolean memoryFits = perGpu <= usable;
        int bought = need.scales() ? count : rig.unitGpus();
        List<Reason> reasons = new ArrayList<>();
        Reason fp64 = fp64Reason(need.fp64, g);
        if (fp64 != null) {
            reasons.add(fp64);
        }
        if (!need.spreads && (!memoryFits || bought > 1 && !need.copies)) {
            reasons.add(Reason.DOES_NOT_SPREAD);
        }
        List<Reason> unsupported = Support.sizable(need.features, g);
        reasons.addAll(unsupported);
        boolean runs = fp64 != Reason.NO_FP64 && unsupported.isEmpty();
        Speed speed = Speed.NONE;
        if (memoryFits && runs && need.timing.active()) {
            DomainTiming.Timing t = need.timing.at(g, rig, at);
            speed = t == null ? Speed.missing(Reason.NO_THROUGHPUT_FIGURES)
                    : new Speed(t.itemsPerSecond(), need.timing.itemUnit(), null, null, t.stepSeconds(), t.hours(),
                    null, t.bound().planBound(), t.fallback() ? List.of(Reason.PRECISION_FALLBACK) : List.of());
        }
        int needed = !runs ? 0 : need.spreads ? count : memoryFits ? need.copies ? count : 1 : 0;
        return new Placement(offer, needed, bought, 1, null, perGpu, usable, need.high(need.spreads ? count : 1),
                runs, need.spreads && layout.exhausted(), layout.late(), speed, null, reasons);
    }

    /** The FP64 note for {@code g} under {@code need}, or {@code null} when there is none. */
    static Reason fp64Reason(Fp64Need need, GpuSpec g) {
        if (!need.needsFp64()) {
            return null;
        }
        if (!g.fp64Known()) {
            return Reason.FP64_UNKNOWN;
        }
        if (g.fp64Tflops() == 0) {
            return Reason.NO_FP64;
        }
        if (need == Fp64Need.HEAVY && (g.fp32Tflops() > 0 ? g.fp64Tflops() < SLOW_FP64_RATIO * g.fp32Tflops()
                : g.fp64Tflops() < SLOW_FP64_FLOOR_TFLOPS)) {
            return Reason.SLOW_FP64;
        }
        return null;
    }
}
