package com.vramadvisor.engine.ranking;

import com.vramadvisor.engine.core.Sizable;
import com.vramadvisor.engine.core.StepWork;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.plan.Rig;

import java.util.Optional;

/**
 * The speed of a vision, diffusion, render or simulation workload on one GPU, through the decision table's step time
 * ({@link DomainSpeed}: the roofline of the step's FLOPs at the compute share and its streamed bytes at the bandwidth
 * share of {@code options}). What {@code estimate --gpu} shows for the kinds beyond language models; the table's row
 * for one such GPU gives the same figure.
 */
public final class OneGpuSpeed {

    /**
     * @param itemsPerSecond items (images, time steps) per second
     * @param itemUnit       what an item is ("images", "time steps")
     * @param stepSeconds    one step: a batch, a time step
     * @param bound          the largest term of the step: "compute", "memory" or "network"
     * @param fallback       whether the precision's rate fell back to another ({@link Reason#PRECISION_FALLBACK})
     */
    public record Result(double itemsPerSecond, String itemUnit, double stepSeconds, String bound,
                         boolean fallback) {
    }

    private OneGpuSpeed() {
    }

    /**
     * The speed of {@code workload} on one GPU of {@code rig}'s model; empty when the kind has no speed model or the
     * catalog lacks the GPU's figures (a bandwidth, the rate the step needs).
     */
    public static Optional<Result> of(Sizable workload, GpuSpec gpu, Rig rig, RankingOptions options) {
        Optional<StepWork> work = workload.work(1);
        if (work.isEmpty()) {
            return Optional.empty();
        }
        DomainSpeed.Step s = DomainSpeed.of(work.get(), gpu, rig, 1, options);
        if (s == null) {
            return Optional.empty();
        }
        return Optional.of(new Result(work.get().itemsPerStep() / s.seconds(), work.get().itemUnit(), s.seconds(),
                s.bound().id(), s.fallback()));
    }
}
