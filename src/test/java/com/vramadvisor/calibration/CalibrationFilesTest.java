package com.vramadvisor.calibration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.vramadvisor.engine.allocator.MeasurementSource;
import com.vramadvisor.files.AtomicFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CalibrationFilesTest {

    @TempDir
    Path tmp;

    private static final CalibrationProfile PROFILE = new CalibrationProfile("v100", "v100-sxm2-16gb",
            MeasurementSource.NVIDIA_SMI, 15_675_162_624L, 14_714_028_064L, 1_407_827_937L, 0.28);

    @Test
    void aProfileSurvivesTheRoundTrip() throws Exception {
        Path file = tmp.resolve("p.json");
        CalibrationFiles.write(file, PROFILE, AtomicFiles.MissingFolder.REFUSE);
        assertThat(CalibrationFiles.read(file)).isEqualTo(PROFILE);
        assertThat(PROFILE.overhead().contextBytes()).isEqualTo(1_407_827_937L);
        assertThat(PROFILE.overhead().allocatorFraction()).isEqualTo(0.28);
    }

    @Test
    void badFilesGiveOneLineNamingTheProblem() throws Exception {
        assertProblem("{", "not valid JSON");
        assertProblem("[]", "not a JSON object");
        assertProblem("{\"format\":\"other\"}", "not a calibration profile");
        String good = CalibrationFiles.toJson(PROFILE);
        assertProblem(good.replace("\"version\" : 1", "\"version\" : 2"), "version");
        assertProblem(good.replace("0.28", "1.5"), "\"fragmentation\"");
        assertProblem(good.replace("1407827937", "-5"), "\"contextBytes\"");
        assertProblem(good.replace("\"nvidia-smi\"", "\"nvml\""), "\"source\"");
        assertProblem(good.replace("\"name\"", "\"extra\" : 1, \"name\""), "unknown field");
        Path big = tmp.resolve("big.json");
        Files.write(big, new byte[CalibrationFiles.MAX_FILE_BYTES + 1]);
        assertThatThrownBy(() -> CalibrationFiles.read(big)).hasMessageContaining("larger than 64 KiB");
        assertThatThrownBy(() -> CalibrationFiles.read(tmp.resolve("none.json"))).hasMessageContaining("does not exist");
    }

    private void assertProblem(String json, String expected) throws Exception {
        Path file = tmp.resolve("bad.json");
        Files.writeString(file, json);
        assertThatThrownBy(() -> CalibrationFiles.read(file)).isInstanceOf(CalibrationFileException.class)
                .hasMessageContaining(expected).hasMessageNotContaining("\n");
    }
}
