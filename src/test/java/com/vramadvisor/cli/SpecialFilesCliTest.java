package com.vramadvisor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.files.SpecialFiles;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * FIFOs where the command line expects a file, to read or to write, and an oversized user catalog. Opening a FIFO
 * for reading blocks until a writer appears, so a reader that opened one would hang here: each read is refused
 * before the file is opened, each write before the FIFO could be replaced by a regular file.
 */
class SpecialFilesCliTest {

    private static final String NOT_REGULAR = "is not a regular file (a pipe, socket or device)";

    @TempDir
    Path tmp;

    @Test
    void aFifoAsScenarioIsRefusedInOneLine() throws Exception {
        Path fifo = SpecialFiles.fifo(tmp, "s.vram");
        InputReproducersTest.assertRefusedInOneLine(EstimateCommandTest.run("estimate", "--scenario",
                fifo.toString()), fifo + ": the scenario file " + NOT_REGULAR);
    }

    @Test
    void aFifoAsCalibrationOrMemoryStatsIsRefusedInOneLine() throws Exception {
        Path fifo = SpecialFiles.fifo(tmp, "v100.json");
        InputReproducersTest.assertRefusedInOneLine(EstimateCommandTest.run("estimate", "--preset", "bert-large",
                "--calibration", fifo.toString()), NOT_REGULAR);
        InputReproducersTest.assertRefusedInOneLine(EstimateCommandTest.run("calibrate", "--preset", "bert-large",
                "--gpu", "v100-sxm2-16gb", "--memory-stats", fifo.toString()), "--memory-stats " + NOT_REGULAR);
    }

    @Test
    void aFifoAsModelFileIsRefusedInOneLine() throws Exception {
        Path fifo = SpecialFiles.fifo(tmp, "config.json");
        InputReproducersTest.assertRefusedInOneLine(EstimateCommandTest.run("estimate", "--config",
                fifo.toString()), NOT_REGULAR);
        Path gguf = SpecialFiles.fifo(tmp, "model.gguf");
        InputReproducersTest.assertRefusedInOneLine(EstimateCommandTest.run("estimate", "--config",
                gguf.toString()), NOT_REGULAR);
    }

    /** A folder holding a FIFO named config.json: the folder import must not open it either. */
    @Test
    void aFifoInsideAModelFolderIsRefusedInOneLine() throws Exception {
        Path folder = Files.createDirectory(tmp.resolve("model"));
        SpecialFiles.fifo(folder, "config.json");
        EstimateCommandTest.Result r = EstimateCommandTest.run("estimate", "--config", folder.toString());
        assertThat(r.status()).as(r.err()).isEqualTo(2);
        assertThat(r.err().strip()).doesNotContain("\n");
    }

    @Test
    void aFifoInTheUserCatalogIsSkippedWithAWarningAndTheRestLoads() throws Exception {
        Path catalog = Files.createDirectory(tmp.resolve("catalog"));
        SpecialFiles.fifo(catalog, "gpus.json");
        EstimateCommandTest.Result r = EstimateCommandTest.run("estimate", "--preset", "llama-3-8b", "--gpu",
                "h100-sxm-80gb", "--catalog", catalog.toString());
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.err().strip()).isEqualTo("vram-advisor: warning: catalog entry skipped: "
                + catalog.resolve("gpus.json") + ": the file " + NOT_REGULAR);
    }

    /** A sparse 1 GiB gpus.json is refused by its size, before a byte of it is read or parsed. */
    @Test
    void aUserCatalogFileOverItsLimitIsSkippedWithoutBeingRead() throws IOException {
        Path catalog = Files.createDirectory(tmp.resolve("catalog"));
        try (RandomAccessFile raf = new RandomAccessFile(catalog.resolve("gpus.json").toFile(), "rw")) {
            raf.setLength(1L << 30);
        }
        EstimateCommandTest.Result r = EstimateCommandTest.run("catalog", "validate", catalog.toString());
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.out() + r.err()).contains("gpus.json").contains("larger than 16 MiB");
    }

    @Test
    void reportNeverReplacesAFifoWithARegularFile() throws Exception {
        Path fifo = SpecialFiles.fifo(tmp, "sizing.md");
        EstimateCommandTest.Result r = EstimateCommandTest.run("report", "--preset", "llama-3-8b", "--md",
                fifo.toString());
        assertThat(r.status()).isEqualTo(1);
        assertThat(r.err().strip()).isEqualTo("vram-advisor report: cannot write " + fifo
                + ": a pipe, socket or device has that name; only a regular file is replaced");
        assertThat(Files.exists(fifo) && !Files.isRegularFile(fifo)).isTrue();
    }

    @Test
    void calibrateNeverReplacesAFifoWithARegularFile() throws Exception {
        Path fifo = SpecialFiles.fifo(tmp, "v100.json");
        EstimateCommandTest.Result r = EstimateCommandTest.run("calibrate", "--preset", "bert-large", "--head",
                "classifier", "--seq", "512", "--batch", "4", "--precision", "fp32", "--gpu", "v100-sxm2-16gb",
                "--measured-mib", "14949", "--source", "nvidia-smi", "--save", fifo.toString());
        assertThat(r.status()).isEqualTo(1);
        assertThat(r.err().strip()).contains("a pipe, socket or device has that name").doesNotContain("\n");
        assertThat(Files.exists(fifo) && !Files.isRegularFile(fifo)).isTrue();
    }
}
