package com.vramadvisor.cli;

import com.vramadvisor.engine.core.Sizable;
import com.vramadvisor.engine.core.WorkloadKind;
import com.vramadvisor.engine.render.RenderWorkload;
import com.vramadvisor.engine.render.Scene;
import com.vramadvisor.scene.SceneFileException;
import com.vramadvisor.scene.SceneFiles;
import com.vramadvisor.scene.ScenePresets;
import com.vramadvisor.scene.SceneReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * {@code --workload render}: a scene from {@code --scene FILE} or {@code --scene PRESET} (a file of that name wins;
 * presets are listed by {@code catalog list scenes}), with {@code --resolution WxH} (or a name such as {@code 4k})
 * and {@code --viewers N}
 * overriding the scene's own. The shared language-model flags mean nothing here and are
 * rejected.
 */
final class RenderCli implements DomainCli {

    /** The domain flags a scene reads; it reads none of the shared flags. */
    private static final Set<String> DOMAIN = Set.of("--scene", "--resolution", "--viewers");

    @Override
    public WorkloadKind kind() {
        return WorkloadKind.RENDER;
    }

    @Override
    public Reads reads() {
        return new Reads(Set.of(), DOMAIN);
    }

    @Override
    public String hint(String flag) {
        return flag.equals("--preset") ? "; name a scene preset with --scene ID" : "";
    }

    @Override
    public Sizable build(DomainRequest request) {
        DomainOptions o = request.domain();
        if (o.scene == null) {
            throw new CliInputException("--workload render needs --scene FILE or --scene PRESET (presets: "
                    + String.join(", ", ScenePresets.IDS) + ")");
        }
        Scene scene = scene(o.scene);
        if (o.resolution != null) {
            int[] size = resolution(o.resolution);
            scene = scene.withResolution(size[0], size[1]);
        }
        if (o.viewers != null) {
            if (o.viewers < 1 || o.viewers > Scene.MAX_VIEWERS) {
                throw new CliInputException("--viewers must be 1 to " + Scene.MAX_VIEWERS + ", got " + o.viewers);
            }
            scene = scene.withViewers(o.viewers);
        }
        return new RenderWorkload(scene);
    }

    /** Display names for the common sizes; anything else is {@code WxH}. */
    private static final Map<String, int[]> NAMED = Map.of("720p", new int[] {1280, 720},
            "1080p", new int[] {1920, 1080}, "1440p", new int[] {2560, 1440}, "4k", new int[] {3840, 2160},
            "2160p", new int[] {3840, 2160}, "dci-4k", new int[] {4096, 2160}, "5k", new int[] {5120, 2880},
            "8k", new int[] {7680, 4320});

    static int[] resolution(String text) {
        int[] named = NAMED.get(text.trim().toLowerCase(Locale.ROOT));
        if (named != null) {
            return named.clone();
        }
        try {
            return SceneReader.resolution(text, "--resolution");
        } catch (SceneFileException e) {
            throw new CliInputException(e.getMessage() + " (or 720p, 1080p, 1440p, 4k, dci-4k, 5k, 8k)");
        }
    }

    private static Scene scene(Path path) {
        String text = path.toString();
        if (!Files.exists(path) && ScenePresets.exists(text)) {
            return ScenePresets.load(text);
        }
        if (!Files.exists(path) && !text.contains("/") && !text.contains("\\") && !text.endsWith(".json")) {
            throw new CliInputException("--scene " + text + ": no such file and no scene preset of that name"
                    + " (presets: " + String.join(", ", ScenePresets.IDS) + ")");
        }
        try {
            return SceneFiles.read(path);
        } catch (SceneFileException e) {
            throw new CliInputException(path + ": the scene file " + e.getMessage());
        }
    }
}
