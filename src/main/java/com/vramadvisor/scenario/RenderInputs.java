package com.vramadvisor.scenario;

/**
 * The inputs of a rendering workload as the window and scenario files hold them: a shipped scene preset or a scene
 * file, an optional output resolution that replaces the scene's own, and the number of viewers (collaborative review
 * keeps one set of render targets per viewer).
 *
 * @param scenePresetId shipped scene ({@code game-4k}); used when {@code sceneFile} is empty
 * @param sceneFile     path of a scene file the user opened, empty for the preset; at most 4096 characters
 * @param width         output width in pixels, 0 for the scene's own resolution, else 16 to {@value #MAX_SIDE}
 * @param height        output height in pixels, 0 with {@code width} 0, else 16 to {@value #MAX_SIDE}
 * @param viewers       viewers rendering the scene at once on one GPU, 1 to {@value #MAX_VIEWERS}
 */
public record RenderInputs(String scenePresetId, String sceneFile, int width, int height, int viewers) {

    /** The largest output side in pixels (16K). */
    public static final int MAX_SIDE = 16384;
    /** The most viewers. */
    public static final int MAX_VIEWERS = 256;

    public RenderInputs {
        DomainIds.check("scene preset", scenePresetId);
        sceneFile = sceneFile == null ? "" : sceneFile;
        if (sceneFile.length() > 4096 || sceneFile.chars().anyMatch(c -> c < 0x20)) {
            throw new IllegalArgumentException("scene file must be a path of at most 4096 printable characters");
        }
        if (width != 0 || height != 0) {
            DomainIds.range("render width", width, 16, MAX_SIDE);
            DomainIds.range("render height", height, 16, MAX_SIDE);
        }
        DomainIds.range("viewers", viewers, 1, MAX_VIEWERS);
    }

    /** The shipped 4K game scene at its own resolution, one viewer. */
    public static RenderInputs defaults() {
        return new RenderInputs("game-4k", "", 0, 0, 1);
    }

    /** Whether the scene's own resolution applies. */
    public boolean sceneResolution() {
        return width == 0;
    }

    public RenderInputs withScenePresetId(String v) {
        return new RenderInputs(v, "", width, height, viewers);
    }

    public RenderInputs withSceneFile(String v) {
        return new RenderInputs(scenePresetId, v, width, height, viewers);
    }

    /** Another output resolution; 0 x 0 for the scene's own. */
    public RenderInputs withResolution(int w, int h) {
        return new RenderInputs(scenePresetId, sceneFile, w, h, viewers);
    }

    public RenderInputs withViewers(int v) {
        return new RenderInputs(scenePresetId, sceneFile, width, height, v);
    }
}
