package com.vramadvisor.scene;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.vramadvisor.engine.render.BvhProfile;
import com.vramadvisor.engine.render.Denoiser;
import com.vramadvisor.engine.render.Lumen;
import com.vramadvisor.engine.render.Mesh;
import com.vramadvisor.engine.render.PathTracer;
import com.vramadvisor.engine.render.RayTracing;
import com.vramadvisor.engine.render.RenderTarget;
import com.vramadvisor.engine.render.Scene;
import com.vramadvisor.engine.render.ShadowMap;
import com.vramadvisor.engine.render.StreamingPools;
import com.vramadvisor.engine.render.Texture;
import com.vramadvisor.engine.render.TexturePoolBudget;
import com.vramadvisor.files.UntrustedText;
import com.vramadvisor.json.JsonTrees;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Reads a scene file (format in {@code docs/scene-format.md}) into a {@link Scene}. Every part is optional and
 * empty when omitted; unknown fields, out-of-range numbers and unknown formats are errors that name the JSON path.
 */
public final class SceneReader {

    /** The format this version reads. */
    public static final int FORMAT_VERSION = 1;

    private static final Set<String> TOP = Set.of("formatVersion", "id", "name", "source", "notes", "resolution",
            "viewers", "driverOverheadMiB", "renderTargets", "effectTargets", "lumen", "shadowMaps", "textures",
            "meshes", "rayTracing", "pools", "pathTracer", "denoiser");

    private SceneReader() {
    }

    /**
     * @throws SceneFileException one line with the JSON path and the problem
     */
    public static Scene read(String json) throws SceneFileException {
        JsonNode root;
        try {
            root = JsonTrees.read(json, JsonTrees.Check.NO_DUPLICATE_FIELDS, JsonTrees.Check.NO_TRAILING_CONTENT);
        } catch (JsonProcessingException e) {
            throw new SceneFileException("not valid JSON: " + JsonTrees.problem(e), e);
        } catch (IOException e) {
            throw new SceneFileException("cannot be read: " + e.getMessage(), e);
        }
        if (root == null || root.isMissingNode()) {
            throw new SceneFileException("the file is empty");
        }
        SceneJson r = new SceneJson(root, "$");
        r.onlyFields(TOP);
        long version = r.whole("formatVersion", 1, Integer.MAX_VALUE, FORMAT_VERSION);
        if (version > FORMAT_VERSION) {
            throw new SceneFileException("$.formatVersion: " + version + "; this version reads up to "
                    + FORMAT_VERSION);
        }
        int[] size = resolution(r.requiredText("resolution"), "$.resolution");
        List<RenderTarget> targets = new ArrayList<>();
        for (SceneJson o : r.objects("renderTargets")) {
            targets.add(SceneItems.renderTarget(o));
        }
        List<RenderTarget> effects = new ArrayList<>();
        for (SceneJson o : r.objects("effectTargets")) {
            effects.add(SceneItems.renderTarget(o));
        }
        List<ShadowMap> shadows = new ArrayList<>();
        for (SceneJson o : r.objects("shadowMaps")) {
            shadows.add(SceneItems.shadowMap(o));
        }
        List<Texture> textures = new ArrayList<>();
        for (SceneJson o : r.objects("textures")) {
            textures.add(SceneItems.texture(o));
        }
        List<Mesh> meshes = new ArrayList<>();
        for (SceneJson o : r.objects("meshes")) {
            meshes.add(SceneItems.mesh(o));
        }
        try {
            return new Scene(r.text("name", "scene"), r.text("source", ""), size[0], size[1], targets, effects,
                    shadows, textures, meshes, rayTracing(r), pools(r), lumen(r), pathTracer(r), denoiser(r),
                    (int) r.whole("viewers", 1, Scene.MAX_VIEWERS, 1),
                    r.whole("driverOverheadMiB", 0, StreamingPools.MAX_MIB, 0));
        } catch (IllegalArgumentException | ArithmeticException e) {
            throw new SceneFileException("$: " + e.getMessage(), e);
        }
    }

    /**
     * {@code "3840x2160"} (also {@code 3840 x 2160}, {@code 3840X2160}, {@code 3840*2160}) as width and height.
     *
     * @throws SceneFileException naming {@code where}
     */
    public static int[] resolution(String text, String where) throws SceneFileException {
        String[] sides = text.trim().split("\\s*[xX*\u00d7]\\s*");
        if (sides.length == 2 && sides[0].matches("\\d{1,6}") && sides[1].matches("\\d{1,6}")) {
            int w = Integer.parseInt(sides[0]);
            int h = Integer.parseInt(sides[1]);
            if (w >= 1 && h >= 1 && w <= Scene.MAX_SIDE && h <= Scene.MAX_SIDE) {
                return new int[] {w, h};
            }
            throw new SceneFileException(where + ": " + w + " x " + h + " is outside 1.." + Scene.MAX_SIDE
                    + " per side");
        }
        throw new SceneFileException(where + ": " + UntrustedText.quote(text)
                + " is not a resolution such as 3840x2160");
    }

    private static RayTracing rayTracing(SceneJson r) throws SceneFileException {
        if (!r.has("rayTracing")) {
            return RayTracing.OFF;
        }
        SceneJson o = r.object("rayTracing");
        o.onlyFields(Set.of("enabled", "compaction", "gpu"));
        BvhProfile profile;
        try {
            profile = BvhProfile.parse(o.text("gpu", BvhProfile.NVIDIA.id()));
        } catch (IllegalArgumentException e) {
            throw o.problem("gpu", e.getMessage());
        }
        return new RayTracing(o.bool("enabled", true), o.bool("compaction", true), profile);
    }

    private static StreamingPools pools(SceneJson r) throws SceneFileException {
        if (!r.has("pools")) {
            return StreamingPools.NONE;
        }
        JsonNode raw = r.raw("pools");
        if (raw.isTextual()) {
            if (raw.textValue().trim().equalsIgnoreCase("ue5")) {
                return StreamingPools.UE5_DEFAULTS;
            }
            throw r.problem("pools", UntrustedText.quote(raw.textValue()) + " (expected \"ue5\" or an object)");
        }
        SceneJson o = r.object("pools");
        o.onlyFields(Set.of("textureStreamingMiB", "naniteStreamingMiB", "virtualTextureMiB",
                "virtualShadowMapPages", "poolSizeVramPercent", "targetCardMiB",
                "gpuSceneInstanceBytes"));
        int percent = (int) pool(o, "poolSizeVramPercent", TexturePoolBudget.UE_VRAM_PERCENT, 0);
        long card = o.whole("targetCardMiB", 0, StreamingPools.MAX_MIB, 0);
        if (percent > 0 && card == 0) {
            throw o.problem("targetCardMiB", "missing: poolSizeVramPercent sizes the pool from the card's memory");
        }
        return new StreamingPools(pool(o, "textureStreamingMiB", StreamingPools.UE_TEXTURE_POOL_MIB, 0),
                pool(o, "naniteStreamingMiB", StreamingPools.UE_NANITE_POOL_MIB, 0),
                pool(o, "virtualTextureMiB", StreamingPools.UE_VIRTUAL_TEXTURE_POOL_MIB,
                        StreamingPools.UE_VIRTUAL_TEXTURE_POOL_MIB),
                pool(o, "virtualShadowMapPages", StreamingPools.UE_VSM_PAGES, 0), percent, card,
                (int) pool(o, "gpuSceneInstanceBytes", StreamingPools.UE_INSTANCE_BYTES, 0));
    }

    private static Lumen lumen(SceneJson r) throws SceneFileException {
        if (!r.has("lumen")) {
            return Lumen.OFF;
        }
        JsonNode raw = r.raw("lumen");
        if (raw.isTextual()) {
            if (raw.textValue().trim().equalsIgnoreCase("ue5")) {
                return Lumen.UE5_DEFAULTS;
            }
            throw r.problem("lumen", UntrustedText.quote(raw.textValue()) + " (expected \"ue5\" or an object)");
        }
        SceneJson o = r.object("lumen");
        o.onlyFields(Set.of("enabled", "surfaceCacheAtlas", "softwareTracing"));
        return new Lumen(o.bool("enabled", true), (int) o.whole("surfaceCacheAtlas", 128, 16_384,
                Lumen.UE_ATLAS_SIZE), o.bool("softwareTracing", true));
    }

    /** A number, or {@code "default"} for Unreal Engine 5's default; {@code absent} when omitted. */
    private static long pool(SceneJson o, String field, long ueDefault, long absent) throws SceneFileException {
        JsonNode v = o.raw(field);
        if (v == null || v.isNull()) {
            return absent;
        }
        if (v.isTextual()) {
            if (v.textValue().trim().equalsIgnoreCase("default")) {
                return ueDefault;
            }
            throw o.problem(field, UntrustedText.quote(v.textValue()) + " (expected a number or \"default\")");
        }
        long max = field.equals("virtualShadowMapPages") ? 1L << 24
                : field.equals("poolSizeVramPercent") ? 100
                : field.equals("gpuSceneInstanceBytes") ? 1024 : StreamingPools.MAX_MIB;
        return o.whole(v, field, 0, max);
    }

    private static PathTracer pathTracer(SceneJson r) throws SceneFileException {
        if (!r.has("pathTracer")) {
            return PathTracer.OFF;
        }
        SceneJson o = r.object("pathTracer");
        o.onlyFields(Set.of("enabled", "floatChannels", "tileSize", "pathStates", "bytesPerPathState"));
        return new PathTracer(o.bool("enabled", true), (int) o.whole("floatChannels", 1, 256, 4),
                (int) o.whole("tileSize", 0, Texture.MAX_SIDE, 0),
                o.whole("pathStates", 0, 1L << 32, PathTracer.CYCLES_MIN_PATH_STATES),
                (int) o.whole("bytesPerPathState", 0, 1 << 16, 0));
    }

    private static Denoiser denoiser(SceneJson r) throws SceneFileException {
        if (!r.has("denoiser")) {
            return Denoiser.OFF;
        }
        SceneJson o = r.object("denoiser");
        o.onlyFields(Set.of("enabled", "kind", "images", "scratchMiB"));
        String kind = o.text("kind", "oidn");
        if (!kind.equals("oidn") && !kind.equals("custom")) {
            throw o.problem("kind", UntrustedText.quote(kind) + " (expected oidn or custom)");
        }
        long defaultScratch = kind.equals("oidn") ? Denoiser.OIDN_MAX_MEMORY_MIB : 0;
        return new Denoiser(o.bool("enabled", true), (int) o.whole("images", 1, 64, Denoiser.OIDN_IMAGES),
                o.whole("scratchMiB", 0, StreamingPools.MAX_MIB, defaultScratch));
    }
}
