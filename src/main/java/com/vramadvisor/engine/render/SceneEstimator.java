package com.vramadvisor.engine.render;

import com.vramadvisor.engine.core.MemoryPart;
import com.vramadvisor.engine.core.Sentence;
import com.vramadvisor.engine.core.SizedEstimate;
import com.vramadvisor.engine.core.WorkloadKind;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Per-GPU memory of a {@link Scene} at steady state, when everything a frame touches is resident. Per-view parts
 * (render and effect targets, shadow maps, Lumen's radiance cache and global distance field, path tracer and
 * denoiser buffers) are multiplied by the viewers; scene data (textures, geometry, acceleration structures, Lumen's
 * surface cache and mesh distance fields, pools) is held once and shared by every view on the GPU. The formulas and
 * sources are in each part's type and in {@code docs/estimation-render.md}.
 */
public final class SceneEstimator {

    /**
     * Full-detail Nanite data in memory per input triangle: 7.67 GB for the 433 M input triangles of "Lumen in the
     * Land of Nanite" (B. Karis, "Nanite: A Deep Dive", SIGGRAPH 2021 Advances in Real-Time Rendering, results slide).
     */
    public static final double NANITE_BYTES_PER_INPUT_TRIANGLE = 7.67e9 / 433e6;

    private static final int LISTED = 8;

    private SceneEstimator() {
    }

    public static SizedEstimate estimate(Scene s) {
        List<MemoryPart> parts = new ArrayList<>();
        List<Sentence> caveats = new ArrayList<>();
        int v = s.viewers();
        Sentence perViewer = v > 1 ? Sentence.of("render.perViewer", " x %d viewers", v) : Sentence.plain("");

        long rt = 0;
        for (RenderTarget t : s.renderTargets()) {
            rt = Bytes.add(rt, t.bytes(s.width(), s.height()));
        }
        parts.add(part("renderTargets", "render targets", Bytes.mul(rt, v), Sentence.of("render.formula.targets",
                "%s at %d x %d%s", list(s.renderTargets().stream().map(RenderTarget::describe).toList()), s.width(),
                s.height(), perViewer)));

        long effects = 0;
        for (RenderTarget t : s.effectTargets()) {
            effects = Bytes.add(effects, t.bytes(s.width(), s.height()));
        }
        parts.add(part("effectTargets", "lighting and post targets", Bytes.mul(effects, v),
                Sentence.of("render.formula.targets", "%s at %d x %d%s",
                        list(s.effectTargets().stream().map(RenderTarget::describe).toList()), s.width(), s.height(),
                        perViewer)));

        long shadows = 0;
        for (ShadowMap m : s.shadowMaps()) {
            shadows = Bytes.add(shadows, m.bytes());
        }
        parts.add(part("shadowMaps", "shadow maps", Bytes.mul(shadows, v), Sentence.of("render.formula.items",
                "%s%s", list(s.shadowMaps().stream().map(ShadowMap::describe).toList()), perViewer)));

        long resident = 0;
        long streamed = 0;
        TreeSet<String> virtualFormats = new TreeSet<>();
        List<String> residentText = new ArrayList<>();
        for (Texture t : s.textures()) {
            switch (t.residency()) {
                case RESIDENT -> {
                    resident = Bytes.add(resident, t.bytes());
                    residentText.add(t.describe());
                }
                case STREAMED -> streamed = Bytes.add(streamed, t.bytes());
                case VIRTUAL -> virtualFormats.add(t.format().id());
            }
        }
        parts.add(part("textures", "textures", resident, residentText.isEmpty() ? list(residentText)
                : Sentence.of("render.formula.textures", "%s, each level rounded up to whole blocks",
                        list(residentText))));

        long geometry = 0;
        long blasTriangles = 0;
        long instances = 0;
        long naniteMeshes = 0;
        long naniteTriangles = 0;
        boolean fallbackUnknown = false;
        for (Mesh m : s.meshes()) {
            geometry = Bytes.add(geometry, m.bytes());
            blasTriangles = Bytes.add(blasTriangles, Bytes.mul(m.bufferTriangles(), m.count()));
            instances = Bytes.add(instances, m.instances());
            if (m.nanite()) {
                naniteMeshes = Bytes.add(naniteMeshes, m.count());
                naniteTriangles = Bytes.add(naniteTriangles, Bytes.mul(m.triangles(), m.count()));
                fallbackUnknown |= m.fallbackTriangles() == Mesh.DERIVED;
            }
        }
        parts.add(part("geometry", "geometry", geometry, list(s.meshes().stream().map(Mesh::describe).toList())));

        RayTracing ray = s.rayTracing();
        long as = 0;
        Sentence asFormula = Sentence.of("render.formula.noRayTracing", "no hardware ray tracing");
        if (ray.enabled()) {
            long blas = ray.blasBytes(blasTriangles);
            long tlas = ray.tlasBytes(instances);
            as = Bytes.add(blas, tlas);
            asFormula = Sentence.of(ray.compaction() ? "render.formula.rayTracing.compacted"
                    : "render.formula.rayTracing", "BLAS %,d triangles x %.1f B (%s, " + (ray.compaction()
                    ? "compacted" : "not compacted") + ") + TLAS %,d instances x %d B", blasTriangles,
                    ray.blasBytesPerTriangle(), ray.profile().id(), instances,
                    RayTracing.INSTANCE_DESC_BYTES + RayTracing.TLAS_BYTES_PER_INSTANCE);
            if (fallbackUnknown) {
                caveats.add(Sentence.of("render.caveat.naniteFallback", "A Nanite mesh without a fallback triangle"
                        + " count is ray traced at full detail here: an upper bound; give fallbackTriangles for the"
                        + " fallback mesh the engine actually builds."));
            }
            caveats.add(Sentence.of("render.caveat.blas", "BLAS sizes are driver measurements with fp16 positions"
                    + " (Kapoulkine 2025); other drivers and fp32 positions differ, up to 137 B per triangle measured"
                    + " with radv."));
        }
        parts.add(part("accelerationStructures", "acceleration structures", as, asFormula));

        Lumen lumen = s.lumen();
        long lumenBytes = Bytes.add(Bytes.add(lumen.surfaceCacheBytes(), lumen.meshDistanceFieldBytes()),
                Bytes.mul(lumen.radianceCacheBytes() + lumen.globalDistanceFieldBytes(), v));
        parts.add(part("lumen", "Lumen caches", lumenBytes, lumen.describe(v)));

        long otherTextures = Bytes.add(Bytes.mul(Bytes.add(Bytes.add(rt, effects), shadows), v), lumenBytes);
        parts.add(PoolParts.pools(s.pools(), streamed, resident, otherTextures, virtualFormats, instances, naniteMeshes,
                naniteTriangles, caveats));

        PathTracer pt = s.pathTracer();
        long ptBytes = 0;
        Sentence ptFormula = Sentence.of("render.formula.noPathTracer", "no path tracer");
        if (pt.enabled()) {
            ptBytes = Bytes.add(pt.renderBufferBytes(s.width(), s.height()), pt.pathStateBytes());
            ptFormula = Sentence.of("render.formula.pathTracer", "%,d pixels%s x %d float channels x 4 B + %,d path"
                    + " states x %d B%s", pt.pixels(s.width(), s.height()), pt.tileSize() > 0
                    ? Sentence.of("render.tile", " (tile %d)", pt.tileSize()) : Sentence.plain(""),
                    pt.floatChannels(), pt.pathStates(), pt.bytesPerPathState(), perViewer);
            if (pt.bytesPerPathState() == 0) {
                caveats.add(Sentence.of("render.caveat.pathState", "The path tracer's per-path integrator state is not"
                        + " counted (no bytesPerPathState given); Cycles keeps at least 1,048,576 paths in flight."));
            }
        }
        parts.add(part("pathTracer", "path tracer", Bytes.mul(ptBytes, v), ptFormula));

        Denoiser dn = s.denoiser();
        long dnBytes = 0;
        Sentence dnFormula = Sentence.of("render.formula.noDenoiser", "no denoiser");
        if (dn.enabled()) {
            dnBytes = Bytes.add(dn.imageBytes(s.width(), s.height()), StreamingPools.mib(dn.scratchMiB()));
            dnFormula = Sentence.of("render.formula.denoiser", "%d float3 images x %d x %d x 12 B + %,d MiB scratch%s",
                    dn.images(), s.width(), s.height(), dn.scratchMiB(), perViewer);
        }
        parts.add(part("denoiser", "denoiser", Bytes.mul(dnBytes, v), dnFormula));

        parts.add(part("driverOverhead", "driver overhead", StreamingPools.mib(s.driverOverheadMiB()),
                Sentence.of("render.formula.driver", "%d MiB for the driver, runtime and command buffers, once per"
                        + " process", s.driverOverheadMiB())));

        caveats.add(Sentence.of("render.caveat.replicated", "Every GPU holds its own copy of the scene: multi-GPU"
                + " renderers (Cycles, Omniverse RTX, alternate-frame rendering) replicate it, and NVLink does not pool"
                + " memory for rendering by itself, so a scene that does not fit one GPU does not fit two. The"
                + " exception, not modelled here, is Cycles' opt-in \"Distribute Memory Across Devices\" over"
                + " NVLink."));
        Sentence subject = v > 1
                ? Sentence.of("render.subject.viewers", "%s at %d x %d, %d viewers", s.name(), s.width(), s.height(), v)
                : Sentence.of("render.subject", "%s at %d x %d", s.name(), s.width(), s.height());
        List<Sentence> assumptions = new ArrayList<>();
        assumptions.add(Sentence.of("render.assumption.steady", "Steady state: every resource a frame touches is"
                + " resident; loading, build scratch and compaction copies are transient and not counted."));
        assumptions.add(Sentence.of("render.assumption.perView", "Per-view buffers (render and effect targets,"
                + " shadow maps, Lumen's radiance cache and global distance field, path tracer, denoiser) are repeated"
                + " for each viewer; textures, geometry, acceleration structures, Lumen's surface cache and pools are"
                + " shared by the viewers on one GPU."));
        if (!s.effectTargets().isEmpty()) {
            assumptions.add(Sentence.of("render.assumption.aliased", "Each transient target is counted once: the"
                    + " render graph aliases them within a frame and reuses them across frames; only the swap chain"
                    + " keeps one buffer per frame in flight."));
        }
        if (!s.source().isBlank()) {
            assumptions.add(Sentence.of("render.assumption.source", "Scene figures: %s", s.source()));
        }
        return new SizedEstimate(WorkloadKind.RENDER, subject, OptionalLong.empty(), parts,
                "steady-state rendering", assumptions, caveats);
    }

    private static MemoryPart part(String id, String label, long bytes, Sentence formula) {
        return new MemoryPart(id, label, bytes, formula);
    }

    /** Items joined with " + "; after {@value #LISTED} items the rest are counted, so a formula stays readable. */
    private static Sentence list(List<String> items) {
        if (items.isEmpty()) {
            return Sentence.of("render.formula.none", "none");
        }
        String shown = items.stream().limit(LISTED).collect(Collectors.joining(" + "));
        return items.size() <= LISTED ? Sentence.plain(shown)
                : Sentence.of("render.formula.moreGroups", "%s + %d more groups", shown, items.size() - LISTED);
    }
}
