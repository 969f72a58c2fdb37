package com.vramadvisor.engine.ranking;

import com.vramadvisor.engine.core.Fp64Need;
import com.vramadvisor.engine.core.GpuFeature;
import com.vramadvisor.engine.core.JobSize;
import com.vramadvisor.engine.core.MemoryPart;
import com.vramadvisor.engine.core.MemoryRange;
import com.vramadvisor.engine.core.Sentence;
import com.vramadvisor.engine.core.Sizable;
import com.vramadvisor.engine.core.SizedEstimate;
import com.vramadvisor.engine.core.SizingAxis;
import com.vramadvisor.engine.core.StepWork;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * A streamed review as the decision table sizes it: one renderer instance per stream, each holding the whole scene
 * for its one viewer and at least {@link #MIN_STREAM_BYTES}, so that a GPU holds as many streams as whole instances
 * fit in its memory and more GPUs hold the rest ({@link #perGpu}). NVIDIA's Omniverse Renderer microservice "supports a
 * single stream" and asks for "8 GB of GPU RAM" at the least and 12 GB recommended per instance (NVIDIA ACE
 * documentation, Omniverse Renderer Microservice, "Minimum Hardware Requirements"); Unreal Engine's Pixel Streaming
 * likewise runs one application instance per independent view. Without this, one card would seem to serve any number
 * of reviewers by adding only their per-view buffers to one shared scene.
 *
 * @param inner the workload with {@link Sizable#streams()} above 1
 */
record StreamedInstances(Sizable inner) implements Sizable {

    /** 8 GB (10^9 bytes): NVIDIA's minimum GPU memory for one Omniverse renderer instance and its stream. */
    static final long MIN_STREAM_BYTES = 8_000_000_000L;

    /** The workload as the table sizes it: streamed when it streams to several viewers, else as it is. */
    static Sizable of(Sizable workload) {
        return workload.streams() > 1 && workload.gpuFeatures().contains(GpuFeature.RTX_STREAMING)
                ? new StreamedInstances(workload) : workload;
    }

    @Override
    public SizedEstimate estimate() {
        return instances(inner.streams());
    }

    /** {@code ceil(streams / gpus)} instances on each GPU. */
    @Override
    public Optional<SizedEstimate> perGpu(int gpus) {
        int n = inner.streams();
        return Optional.of(instances((n + Math.max(1, gpus) - 1) / Math.max(1, gpus)));
    }

    private SizedEstimate instances(int k) {
        SizedEstimate one = inner.oneStream().estimate();
        List<MemoryPart> parts = new ArrayList<>();
        for (MemoryPart p : one.parts()) {
            parts.add(new MemoryPart(p.id(), p.label(), p.bytes() * k, p.formulaSentence()));
        }
        long floor = Math.max(0, MIN_STREAM_BYTES - one.peakBytes());
        if (floor > 0) {
            parts.add(new MemoryPart("renderer-minimum", "renderer minimum per stream", floor * k,
                    Sentence.plain("NVIDIA's minimum of 8 GB per Omniverse renderer instance, less the scene's own"
                            + " need, for each of the streams on this GPU")));
        }
        MemoryRange r = one.range();
        MemoryRange range = new MemoryRange(Math.max(r.lowBytes(), MIN_STREAM_BYTES) * k,
                Math.max(r.highBytes(), MIN_STREAM_BYTES) * k);
        List<Sentence> assumptions = new ArrayList<>(one.assumptionSentences());
        assumptions.add(Sentence.plain(String.format(Locale.ROOT, "%d streams, one renderer instance each"
                + " holding the whole scene; %d of them on this GPU.", inner.streams(), k)));
        return new SizedEstimate(one.kind(), inner.estimate().subjectSentence(), one.parameters(), parts,
                one.peakPhase(), assumptions, one.caveatSentences(), range);
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
        return of(inner.withAxisValue(value));
    }

    @Override
    public Fp64Need fp64Need() {
        return inner.fp64Need();
    }

    @Override
    public Set<GpuFeature> gpuFeatures() {
        return inner.gpuFeatures();
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
    public Optional<StepWork> work(int gpus) {
        return Optional.empty();
    }

    @Override
    public Optional<JobSize> defaultJob() {
        return Optional.empty();
    }
}
