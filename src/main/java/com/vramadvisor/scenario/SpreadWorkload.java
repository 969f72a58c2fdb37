package com.vramadvisor.scenario;

import com.vramadvisor.engine.core.Fp64Need;
import com.vramadvisor.engine.core.GpuFeature;
import com.vramadvisor.engine.core.JobSize;
import com.vramadvisor.engine.core.Sizable;
import com.vramadvisor.engine.core.SizedEstimate;
import com.vramadvisor.engine.core.SizingAxis;
import com.vramadvisor.engine.core.StepWork;
import java.util.Optional;
import java.util.Set;

/**
 * A workload as one of {@code gpus} GPUs holds it when its software spreads it (a simulation's domain split, a
 * data-parallel batch): {@link #estimate()} is {@link Sizable#perGpu}{@code (gpus)}, and the largest value on the
 * axis is the largest whole workload those GPUs hold together. {@link #perGpu} keeps the inner workload's absolute
 * counts, so the fewest GPUs it needs stays the whole workload's answer; so do {@link #work}, {@link #defaultJob}
 * and {@link #fp64Need}, so the decision table times and judges it as the inner workload.
 *
 * @param inner the workload as described, on one GPU
 * @param gpus  GPUs it is spread over, at least 1
 */
public record SpreadWorkload(Sizable inner, int gpus) implements Sizable {

    public SpreadWorkload {
        if (gpus < 1) {
            throw new IllegalArgumentException("GPUs must be at least 1, got " + gpus);
        }
    }

    /** {@code inner} itself on one GPU or when it does not spread, else the spread workload. */
    public static Sizable over(Sizable inner, int gpus) {
        return gpus == 1 || inner.perGpu(2).isEmpty() ? inner : new SpreadWorkload(inner, gpus);
    }

    /** The workload as described on one GPU: a spread workload's inner one, else {@code w} itself. */
    public static Sizable unspread(Sizable w) {
        return w instanceof SpreadWorkload s ? s.inner() : w;
    }

    @Override
    public SizedEstimate estimate() {
        return inner.perGpu(gpus).orElseGet(inner::estimate);
    }

    @Override
    public SizingAxis axis() {
        return inner.axis();
    }

    @Override
    public long axisValue() {
        return inner.axisValue();
    }

    @Override
    public Sizable withAxisValue(long value) {
        return new SpreadWorkload(inner.withAxisValue(value), gpus);
    }

    @Override
    public Optional<SizedEstimate> perGpu(int n) {
        return inner.perGpu(n);
    }

    @Override
    public Fp64Need fp64Need() {
        return inner.fp64Need();
    }

    @Override
    public int streams() {
        return inner.streams();
    }

    @Override
    public Sizable oneStream() {
        return inner.oneStream();
    }

    @Override
    public Set<GpuFeature> gpuFeatures() {
        return inner.gpuFeatures();
    }

    @Override
    public Optional<StepWork> work(int n) {
        return inner.work(n);
    }

    @Override
    public Optional<JobSize> defaultJob() {
        return inner.defaultJob();
    }
}
