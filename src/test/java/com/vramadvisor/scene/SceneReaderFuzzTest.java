package com.vramadvisor.scene;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.engine.render.RenderWorkload;
import com.vramadvisor.engine.render.SceneEstimator;
import com.vramadvisor.fuzz.FuzzFile;
import com.vramadvisor.fuzz.FuzzLoop;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Mutated scene files, read from disk as {@code --scene} reads them and then estimated, give a
 * {@link SceneFileException} or an estimate, never another exception or a hang. 10,000 inputs per run; the
 * {@code fuzz} Maven profile runs 1,000,000.
 */
class SceneReaderFuzzTest {

    @TempDir
    Path dir;

    @Test
    void mutatedSceneFilesGiveASceneFileExceptionOrAnEstimate() throws Exception {
        byte[] valid = Files.readAllBytes(Path.of("catalog/scenes/usd-review.json"));
        Path file = dir.resolve("fuzz.json");
        Files.write(file, valid);
        assertThat(SceneEstimator.estimate(SceneFiles.read(file)).peakBytes()).isPositive();

        int rejected;
        try (FuzzFile out = new FuzzFile(file)) {
            rejected = FuzzLoop.run(0x5ce7_e001L, 10_000, true, valid, input -> {
                out.write(input);
                var scene = SceneFiles.read(file);
                assertThat(SceneEstimator.estimate(scene).peakBytes()).isNotNegative();
                assertThat(new RenderWorkload(scene).withAxisValue(4096).estimate().peakBytes()).isNotNegative();
            }, SceneFileException.class);
        }
        assertThat(rejected).isPositive();
    }

    @Test
    void absurdSizesSaturateInsteadOfOverflowing() throws Exception {
        var scene = SceneReader.read("""
                {"resolution": "32768x32768", "viewers": 4096,
                 "renderTargets": [{"format": "rgba32f", "count": 1024, "samples": 16, "scale": 4}],
                 "textures": [{"width": 65536, "format": "rgba32f", "count": 1000000000, "layers": 2048}]}""");
        assertThat(SceneEstimator.estimate(scene).peakBytes()).isEqualTo(Long.MAX_VALUE);
    }
}
