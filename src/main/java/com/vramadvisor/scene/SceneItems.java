package com.vramadvisor.scene;

import com.fasterxml.jackson.databind.JsonNode;
import com.vramadvisor.engine.render.Mesh;
import com.vramadvisor.engine.render.MipChain;
import com.vramadvisor.engine.render.PixelFormat;
import com.vramadvisor.engine.render.RenderTarget;
import com.vramadvisor.engine.render.ShadowMap;
import com.vramadvisor.engine.render.Texture;
import com.vramadvisor.engine.render.VertexFormats;
import com.vramadvisor.files.UntrustedText;
import java.util.Locale;
import java.util.Set;

/** Reads the list entries of a scene file: render targets, shadow maps, textures and meshes. */
final class SceneItems {

    /** Largest count of one entry: a billion textures or instances is a typing mistake. */
    static final long MAX_COUNT = 1_000_000_000L;

    private SceneItems() {
    }

    static PixelFormat format(SceneJson o, String field, String fallback) throws SceneFileException {
        String text = o.text(field, fallback);
        if (text == null) {
            throw o.problem(field, "missing");
        }
        try {
            return PixelFormat.parse(text);
        } catch (IllegalArgumentException e) {
            throw o.problem(field, UntrustedText.quote(text) + ": " + e.getMessage());
        }
    }

    static RenderTarget renderTarget(SceneJson o) throws SceneFileException {
        o.onlyFields(Set.of("name", "format", "count", "scale", "samples"));
        PixelFormat format = format(o, "format", null);
        if (format.blockCompressed()) {
            throw o.problem("format", format.id() + " is block-compressed and cannot be rendered to");
        }
        return new RenderTarget(o.text("name", "target"), format, (int) o.whole("count", 1, 1024, 1),
                o.decimal("scale", 0.01, RenderTarget.MAX_SCALE, 1.0), samples(o));
    }

    private static int samples(SceneJson o) throws SceneFileException {
        int samples = (int) o.whole("samples", 1, 16, 1);
        if (Integer.bitCount(samples) != 1) {
            throw o.problem("samples", samples + " is not 1, 2, 4, 8 or 16");
        }
        return samples;
    }

    static ShadowMap shadowMap(SceneJson o) throws SceneFileException {
        o.onlyFields(Set.of("name", "size", "format", "count"));
        return new ShadowMap(o.text("name", "shadow map"), (int) o.requiredWhole("size", 1, Texture.MAX_SIDE),
                format(o, "format", "d32f"), (int) o.whole("count", 1, 4096, 1));
    }

    static Texture texture(SceneJson o) throws SceneFileException {
        o.onlyFields(Set.of("name", "width", "height", "format", "mips", "count", "layers", "residency"));
        int width = (int) o.requiredWhole("width", 1, Texture.MAX_SIDE);
        int height = (int) o.whole("height", 1, Texture.MAX_SIDE, width);
        PixelFormat format = format(o, "format", null);
        int full = MipChain.fullLevels(width, height);
        int mips = Texture.FULL_CHAIN;
        JsonNode m = o.raw("mips");
        if (m != null && !m.isNull()) {
            if (m.isBoolean()) {
                mips = m.booleanValue() ? Texture.FULL_CHAIN : 1;
            } else {
                mips = (int) o.whole(m, "mips", 1, full);
            }
        }
        return new Texture(o.text("name", "texture"), width, height, format, mips,
                o.whole("count", 1, MAX_COUNT, 1), (int) o.whole("layers", 1, 2048, 1), residency(o));
    }

    private static Texture.Residency residency(SceneJson o) throws SceneFileException {
        String text = o.text("residency", "resident");
        for (Texture.Residency r : Texture.Residency.values()) {
            if (r.id().equals(text.trim().toLowerCase(Locale.ROOT))) {
                return r;
            }
        }
        throw o.problem("residency", UntrustedText.quote(text) + " (expected resident, streamed or virtual)");
    }

    static Mesh mesh(SceneJson o) throws SceneFileException {
        o.onlyFields(Set.of("name", "triangles", "vertices", "vertexFormat", "count", "instances", "nanite",
                "fallbackTriangles"));
        long triangles = o.requiredWhole("triangles", 1, Mesh.MAX_TRIANGLES);
        long vertices = o.whole("vertices", 3, 3 * triangles, Mesh.DERIVED);
        boolean nanite = o.bool("nanite", false);
        long fallback = o.whole("fallbackTriangles", 1, triangles, Mesh.DERIVED);
        if (!nanite && fallback != Mesh.DERIVED) {
            throw o.problem("fallbackTriangles", "only Nanite meshes have a fallback mesh (add \"nanite\": true)");
        }
        return new Mesh(o.text("name", "mesh"), triangles, vertices, vertexBytes(o), o.whole("count", 1, MAX_COUNT, 1),
                o.whole("instances", 1, MAX_COUNT, 1), nanite, fallback);
    }

    private static int vertexBytes(SceneJson o) throws SceneFileException {
        JsonNode v = o.raw("vertexFormat");
        try {
            if (v == null || v.isNull()) {
                return VertexFormats.layoutBytes(VertexFormats.DEFAULT_LAYOUT);
            }
            if (v.isTextual()) {
                return VertexFormats.layoutBytes(v.textValue());
            }
            if (v.isArray()) {
                return VertexFormats.vertexBytes(o.texts("vertexFormat"));
            }
        } catch (IllegalArgumentException e) {
            throw o.problem("vertexFormat", e.getMessage());
        }
        throw o.problem("vertexFormat", "expected a layout name or an array of attribute formats");
    }
}
