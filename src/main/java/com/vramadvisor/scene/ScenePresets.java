package com.vramadvisor.scene;

import com.vramadvisor.engine.render.Scene;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;

/**
 * The scene presets shipped in the application ({@code catalog/scenes/ID.json} on the class path), each with the
 * source of its figures in its {@code source} field and in {@code docs/estimation-render.md}.
 */
public final class ScenePresets {

    /** The shipped presets, in the order they are listed. */
    public static final List<String> IDS = List.of("game-1080p", "game-1440p", "game-4k", "archviz-pathtraced",
            "film-offline", "usd-review");

    private static final String ROOT = "catalog/scenes/";

    private ScenePresets() {
    }

    public static boolean exists(String id) {
        return IDS.contains(id);
    }

    /**
     * The preset's scene.
     *
     * @throws IllegalArgumentException when {@code id} is not a preset
     * @throws IllegalStateException    when a shipped file is missing or invalid (a packaging fault)
     */
    public static Scene load(String id) {
        if (!exists(id)) {
            throw new IllegalArgumentException("no scene preset '" + id + "' (presets: " + String.join(", ", IDS)
                    + ")");
        }
        try (InputStream in = ScenePresets.class.getClassLoader().getResourceAsStream(ROOT + id + ".json")) {
            if (in == null) {
                throw new IllegalStateException("scene preset " + id + " is missing from the application");
            }
            return SceneReader.read(SceneFiles.text(in.readNBytes(SceneFiles.MAX_FILE_BYTES + 1)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (SceneFileException e) {
            throw new IllegalStateException("scene preset " + id + " is invalid: " + e.getMessage(), e);
        }
    }
}
