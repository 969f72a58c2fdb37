package com.vramadvisor.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.engine.llm.LoraSpec;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.MoeSpec;
import com.vramadvisor.fuzz.FuzzFile;
import com.vramadvisor.fuzz.FuzzLoop;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Mutated scenario files, read from disk as {@code --scenario} reads them ({@link ScenarioFiles} then
 * {@link ScenarioCodec}), give a {@link ScenarioFileException} or a scenario, never another exception or a hang.
 * 10,000 inputs per run; the {@code fuzz} Maven profile runs 1,000,000.
 */
class ScenarioCodecFuzzTest {

    @TempDir
    Path dir;

    @Test
    void mutatedScenarioFilesGiveAScenarioFileExceptionOrAScenario() throws Exception {
        ScenarioInputs defaults = ScenarioInputs.defaults();
        ScenarioInputs inputs = new ScenarioInputs(defaults.model().toBuilder().moe(MoeSpec.topK(8, 2, 1024)).build(),
                "", defaults.workload().toBuilder().mode(Mode.LORA)
                        .lora(new LoraSpec(16, Set.of(LoraSpec.LoraTarget.Q_PROJ))).build(),
                "h100-sxm-80gb", SweepAxis.CONTEXT, SizeUnit.GB, 1_000_000L, 8);
        ScenarioCodec codec = new ScenarioCodec();
        byte[] valid = codec.write(inputs).getBytes(StandardCharsets.UTF_8);
        Path file = dir.resolve("fuzz.vram.json");
        Files.write(file, valid);
        assertThat(codec.read(ScenarioFiles.readText(file))).isEqualTo(inputs);

        int rejected;
        try (FuzzFile out = new FuzzFile(file)) {
            rejected = FuzzLoop.run(0x5ce7_a410L, 10_000, true, valid, input -> {
                out.write(input);
                codec.read(ScenarioFiles.readText(file));
            }, ScenarioFileException.class);
        }
        assertThat(rejected).isPositive();
    }
}
