package com.vramadvisor.engine.ranking;

import com.vramadvisor.engine.core.JobSize;
import com.vramadvisor.engine.core.Sizable;
import com.vramadvisor.engine.core.StepWork;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.plan.Rig;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The time side of one domain decision table: a workload's step work by GPU count (each count asked once per table,
 * shared by every option), the job, and the deadline. {@code hours = job items / items per step x step seconds /
 * 3600} ({@link DomainSpeed}); a row meets the deadline when {@code hours <= deadlineDays x 24}.
 */
final class DomainTiming {

    /** One option's speed at a GPU count. */
    record Timing(double itemsPerSecond, double stepSeconds, double hours, DomainSpeed.Bound bound,
                  boolean fallback) {
    }

    private final Sizable workload;
    private final JobSize job;
    private final RankingOptions options;
    private final boolean active;
    private final Map<Integer, Optional<StepWork>> work = new HashMap<>();

    /** @param job the job to time, or {@code null} for the workload's default */
    DomainTiming(Sizable workload, JobSize job, RankingOptions options) {
        this.workload = workload;
        this.options = options;
        JobSize j = job != null ? job : workload.defaultJob().orElse(null);
        this.job = j;
        this.active = j != null && work(1).isPresent();
    }

    /** Whether the table has a speed model: the workload has step work and a job. */
    boolean active() {
        return active;
    }

    /** The job timed, or {@code null} when the table has no speed model. */
    JobSize job() {
        return active ? job : null;
    }

    /** What an item is ("images", "time steps"), or empty without a speed model. */
    String itemUnit() {
        return active ? work(1).map(StepWork::itemUnit).orElse("") : "";
    }

    private Optional<StepWork> work(int gpus) {
        return work.computeIfAbsent(gpus, workload::work);
    }

    /** The speed of {@code gpus} GPUs of {@code rig}'s model, or {@code null} when none can be given. */
    Timing at(GpuSpec g, Rig rig, int gpus) {
        if (!active) {
            return null;
        }
        Optional<StepWork> w = work(gpus);
        if (w.isEmpty()) {
            return null;
        }
        DomainSpeed.Step s = DomainSpeed.of(w.get(), g, rig, gpus, options);
        if (s == null) {
            return null;
        }
        double perSecond = w.get().itemsPerStep() / s.seconds();
        return new Timing(perSecond, s.seconds(), job.items() / perSecond / 3600.0, s.bound(), s.fallback());
    }

    /** Whether {@code t} finishes within the deadline (a missing speed never misses it). */
    boolean meets(Timing t) {
        return t == null || t.hours() <= options.deadlineDays() * 24.0;
    }
}
