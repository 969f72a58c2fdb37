package com.vramadvisor.engine.ranking;

import com.vramadvisor.engine.core.MemoryPart;
import com.vramadvisor.engine.core.Sentence;
import com.vramadvisor.engine.core.Sizable;
import com.vramadvisor.engine.core.SizedEstimate;
import com.vramadvisor.engine.core.SizingAxis;
import com.vramadvisor.engine.core.WorkloadKind;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A workload for the ranking and report tests, independent of any estimator: {@code fixedBytes} every GPU holds
 * (code, a copy of the scene, halo layers) plus {@code sharedBytes} split evenly over the GPUs when it spreads (domain
 * decomposition), or held whole by one GPU when it does not. Counts its estimates, so tests can bound the work a
 * table costs.
 */
public record TestWorkload(WorkloadKind kind, long fixedBytes, long sharedBytes, boolean spreads,
                           AtomicInteger estimates) implements Sizable {

    public static final long GIB = 1L << 30;

    /** A workload of {@code fixedGiB + sharedGiB / n} GiB per GPU on {@code n} GPUs. */
    public static TestWorkload spreading(double fixedGiB, double sharedGiB) {
        return new TestWorkload(WorkloadKind.MD, (long) (fixedGiB * GIB), (long) (sharedGiB * GIB), true,
                new AtomicInteger());
    }

    /** A workload every GPU must hold whole: {@code fixedGiB + sharedGiB} on each. */
    public static TestWorkload whole(double fixedGiB, double sharedGiB) {
        return new TestWorkload(WorkloadKind.RENDER, (long) (fixedGiB * GIB), (long) (sharedGiB * GIB), false,
                new AtomicInteger());
    }

    @Override
    public SizedEstimate estimate() {
        return on(1);
    }

    private SizedEstimate on(int gpus) {
        estimates.incrementAndGet();
        return new SizedEstimate(kind, Sentence.plain("test workload of " + (fixedBytes + sharedBytes) + " bytes"),
                OptionalLong.empty(),
                List.of(new MemoryPart("fixed", "fixed part", fixedBytes, fixedBytes + " bytes on every GPU"),
                        new MemoryPart("shared", "shared part", (sharedBytes + gpus - 1) / gpus,
                                sharedBytes + " bytes / " + gpus + " GPUs")),
                "steady state", List.of(Sentence.plain("every GPU holds the fixed part")),
                List.of(Sentence.plain("a test caveat")));
    }

    @Override
    public SizingAxis axis() {
        return new SizingAxis("maxShared", "shared bytes", 1, 1L << 50);
    }

    @Override
    public long axisValue() {
        return Math.max(1, sharedBytes);
    }

    @Override
    public Sizable withAxisValue(long value) {
        return new TestWorkload(kind, fixedBytes, value, spreads, estimates);
    }

    @Override
    public Optional<SizedEstimate> perGpu(int gpus) {
        return spreads || gpus == 1 ? Optional.of(on(gpus)) : Optional.empty();
    }
}
