package com.vramadvisor.engine.render;

import com.vramadvisor.engine.core.MemoryPart;
import com.vramadvisor.engine.core.SizedEstimate;
import com.vramadvisor.engine.core.WorkloadKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Per-GPU memory of a {@link Scene} at steady state, when everything a frame touches is resident. Per-view parts
 * (render targets, shadow maps, path tracer and denoiser buffers) are multiplied by the viewers; scene data
 * (textures, geometry, acceleration structures, pools) is held once and shared by every view on the GPU. The
 * formulas and sources are in each part's type and in {@code docs/estimation-render.md}.
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
        List<String> caveats = new ArrayList<>();
        int v = s.viewers();
        String perViewer = v > 1 ? " x " + v + " viewers" : "";

        long rt = 0;
        for (RenderTarget t : s.renderTargets()) {
            rt = Bytes.add(rt, t.bytes(s.width(), s.height()));
        }
        parts.add(part("renderTargets", "render targets", Bytes.mul(rt, v),
                list(s.renderTargets().stream().map(RenderTarget::describe).toList()) + " at " + s.width() + " x "
                        + s.height() + perViewer));

        long shadows = 0;
        for (ShadowMap m : s.shadowMaps()) {
            shadows = Bytes.add(shadows, m.bytes());
        }
        parts.add(part("shadowMaps", "shadow maps", Bytes.mul(shadows, v),
                list(s.shadowMaps().stream().map(ShadowMap::describe).toList()) + perViewer));

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
        parts.add(part("textures", "textures", resident, list(residentText)
                + (residentText.isEmpty() ? "" : ", each level rounded up to whole blocks")));

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
        parts.add(part("geometry", "geometry", geometry,
                list(s.meshes().stream().map(Mesh::describe).toList())));

        RayTracing ray = s.rayTracing();
        long as = 0;
        String asFormula = "no hardware ray tracing";
        if (ray.enabled()) {
            long blas = ray.blasBytes(blasTriangles);
            long tlas = ray.tlasBytes(instances);
            as = Bytes.add(blas, tlas);
            asFormula = String.format(Locale.ROOT, "BLAS %,d triangles x %.1f B (%s, %s) + TLAS %,d instances x %d B",
                    blasTriangles, ray.blasBytesPerTriangle(), ray.profile().id(),
                    ray.compaction() ? "compacted" : "not compacted", instances,
                    RayTracing.INSTANCE_DESC_BYTES + RayTracing.TLAS_BYTES_PER_INSTANCE);
            if (fallbackUnknown) {
                caveats.add("A Nanite mesh without a fallback triangle count is ray traced at full detail here: an"
                        + " upper bound; give fallbackTriangles for the fallback mesh the engine actually builds.");
            }
            caveats.add("BLAS sizes are driver measurements with fp16 positions (Kapoulkine 2025); other drivers and"
                    + " fp32 positions differ, up to 137 B per triangle measured with radv.");
        }
        parts.add(part("accelerationStructures", "acceleration structures", as, asFormula));

        parts.add(pools(s.pools(), streamed, virtualFormats, naniteMeshes, naniteTriangles, caveats));

        PathTracer pt = s.pathTracer();
        long ptBytes = 0;
        String ptFormula = "no path tracer";
        if (pt.enabled()) {
            ptBytes = Bytes.add(pt.renderBufferBytes(s.width(), s.height()), pt.pathStateBytes());
            ptFormula = String.format(Locale.ROOT, "%,d pixels%s x %d float channels x 4 B + %,d path states x %d B%s",
                    pt.pixels(s.width(), s.height()), pt.tileSize() > 0 ? " (tile " + pt.tileSize() + ")" : "",
                    pt.floatChannels(), pt.pathStates(), pt.bytesPerPathState(), perViewer);
            if (pt.bytesPerPathState() == 0) {
                caveats.add("The path tracer's per-path integrator state is not counted (no bytesPerPathState given);"
                        + " Cycles keeps at least 1,048,576 paths in flight.");
            }
        }
        parts.add(part("pathTracer", "path tracer", Bytes.mul(ptBytes, v), ptFormula));

        Denoiser dn = s.denoiser();
        long dnBytes = 0;
        String dnFormula = "no denoiser";
        if (dn.enabled()) {
            dnBytes = Bytes.add(dn.imageBytes(s.width(), s.height()), StreamingPools.mib(dn.scratchMiB()));
            dnFormula = String.format(Locale.ROOT, "%d float3 images x %d x %d x 12 B + %,d MiB scratch%s",
                    dn.images(), s.width(), s.height(), dn.scratchMiB(), perViewer);
        }
        parts.add(part("denoiser", "denoiser", Bytes.mul(dnBytes, v), dnFormula));

        parts.add(part("driverOverhead", "driver overhead", StreamingPools.mib(s.driverOverheadMiB()),
                s.driverOverheadMiB() + " MiB for the driver, runtime and command buffers, once per process"));

        caveats.add("Every GPU holds its own copy of the scene: multi-GPU renderers (Cycles, Omniverse RTX,"
                + " alternate-frame rendering) replicate it, and NVLink does not pool memory for rendering by"
                + " itself, so a scene that does not fit one GPU does not fit two. The exception, not modelled here, is"
                + " Cycles' opt-in \"Distribute Memory Across Devices\" over NVLink.");
        String subject = s.name() + " at " + s.width() + " x " + s.height() + (v > 1 ? ", " + v + " viewers" : "");
        List<String> assumptions = new ArrayList<>();
        assumptions.add("Steady state: every resource a frame touches is resident; loading, build scratch and"
                + " compaction copies are transient and not counted.");
        assumptions.add("Per-view buffers (render targets, shadow maps, path tracer, denoiser) are repeated for each"
                + " viewer; textures, geometry, acceleration structures and pools are shared by the viewers on one"
                + " GPU.");
        if (!s.source().isBlank()) {
            assumptions.add("Scene figures: " + s.source());
        }
        return new SizedEstimate(WorkloadKind.RENDER, subject, OptionalLong.empty(), parts,
                "steady-state rendering", assumptions, caveats);
    }

    private static MemoryPart pools(StreamingPools p, long streamed, TreeSet<String> virtualFormats,
                                    long naniteMeshes, long naniteTriangles, List<String> caveats) {
        List<String> text = new ArrayList<>();
        long sum = 0;
        if (streamed > 0) {
            long budget = StreamingPools.mib(p.textureStreamingMiB());
            long used = p.textureStreamingMiB() == 0 ? streamed : Math.min(streamed, budget);
            sum = Bytes.add(sum, used);
            text.add(String.format(Locale.ROOT, "texture streaming min(%,d B wanted, %s)", streamed,
                    p.textureStreamingMiB() == 0 ? "no limit" : p.textureStreamingMiB() + " MiB pool"));
            if (p.textureStreamingMiB() > 0 && streamed > budget) {
                caveats.add(String.format(Locale.ROOT, "Streamed textures want %.2f GiB at full detail but the pool"
                        + " holds %d MiB: the streamer drops mips (blurry textures) rather than running out.",
                        streamed / (double) (1L << 30), p.textureStreamingMiB()));
            }
        }
        if (p.naniteStreamingMiB() > 0 && naniteMeshes > 0) {
            long roots = Bytes.mul(naniteMeshes, StreamingPools.NANITE_ROOT_PAGE_BYTES);
            sum = Bytes.add(sum, Bytes.add(StreamingPools.mib(p.naniteStreamingMiB()), roots));
            text.add(p.naniteStreamingMiB() + " MiB Nanite pool + " + naniteMeshes + " root pages x 32 KiB");
            double wanted = naniteTriangles * NANITE_BYTES_PER_INPUT_TRIANGLE;
            if (wanted > StreamingPools.mib(p.naniteStreamingMiB())) {
                caveats.add(String.format(Locale.ROOT, "All Nanite clusters at full detail would be %.2f GiB"
                        + " (17.7 B per input triangle); the %d MiB pool holds what the view needs, and lowers detail"
                        + " when a view needs more.", wanted / (1L << 30), p.naniteStreamingMiB()));
            }
        }
        if (!virtualFormats.isEmpty()) {
            long vt = Bytes.mul(StreamingPools.mib(p.virtualTextureMiB()), (long) virtualFormats.size());
            sum = Bytes.add(sum, vt);
            text.add(virtualFormats.size() + " virtual-texture pools (" + String.join(", ", virtualFormats) + ") x "
                    + p.virtualTextureMiB() + " MiB");
        }
        if (p.virtualShadowMapPages() > 0) {
            sum = Bytes.add(sum, Bytes.mul(p.virtualShadowMapPages(), StreamingPools.VSM_PAGE_BYTES));
            text.add(p.virtualShadowMapPages() + " virtual shadow map pages x 128 x 128 x 4 B");
        }
        return part("streamingPools", "streaming pools", sum, text.isEmpty() ? "no streaming pools"
                : String.join(" + ", text));
    }

    private static MemoryPart part(String id, String label, long bytes, String formula) {
        return new MemoryPart(id, label, bytes, formula);
    }

    /** Items joined with " + "; after {@value #LISTED} items the rest are counted, so a formula stays readable. */
    private static String list(List<String> items) {
        if (items.isEmpty()) {
            return "none";
        }
        String shown = items.stream().limit(LISTED).collect(Collectors.joining(" + "));
        return items.size() <= LISTED ? shown : shown + " + " + (items.size() - LISTED) + " more groups";
    }
}
