package com.vramadvisor.cli;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.vramadvisor.catalog.Catalog;
import com.vramadvisor.engine.AttentionImpl;
import com.vramadvisor.engine.Mode;
import com.vramadvisor.engine.Optimizer;
import com.vramadvisor.engine.Precision;
import com.vramadvisor.engine.Workload;
import com.vramadvisor.engine.ranking.ReferenceModels;

import picocli.CommandLine;

class ReportCommandTest {

    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    private ReportCommand.ScenarioSource source;

    @BeforeEach
    void defaultScenario() {
        Workload w = Workload.builder().mode(Mode.TRAIN).precision(Precision.BF16_MIXED).optimizer(Optimizer.ADAMW)
                .batch(1).sequenceLength(4096).attention(AttentionImpl.FLASH).build();
        source = () -> new ReportCommand.Scenario(ReferenceModels.llama3_8b(), w, Catalog.empty(), null);
    }

    private int execute(String... args) {
        CommandLine cli = new CommandLine(new ReportCommand(() -> source.resolve()));
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        return cli.execute(args);
    }

    @Test
    void writesEveryRequestedFormatInChinese() throws Exception {
        Path pdf = dir.resolve("r.pdf");
        int status = execute("--pdf", pdf.toString(), "--png", dir.resolve("r.png").toString(),
                "--md", dir.resolve("r.md").toString(), "--csv", dir.resolve("r.csv").toString(),
                "--json", dir.resolve("r.json").toString(), "--lang", "zh-CN");

        assertThat(status).as(err.toString()).isZero();
        assertThat(err.toString()).isEmpty();
        assertThat(out.toString().lines()).hasSize(5).allSatisfy(l -> assertThat(l).startsWith("wrote "));
        for (String f : new String[] {"r.pdf", "r.png", "r.md", "r.csv", "r.json"}) {
            assertThat(Files.size(dir.resolve(f))).as(f).isPositive();
        }
        try (PDDocument doc = Loader.loadPDF(pdf.toFile())) {
            assertThat(new PDFTextStripper().getText(doc)).contains("显存评估报告", "Llama-3-8B", "8,030,261,248",
                    "没有可用的硬件目录");
        }
        assertThat(Files.readString(dir.resolve("r.md"))).contains("## 每 GPU 显存构成");
    }

    @Test
    void noOutputIsBadInput() {
        assertThat(execute("--lang", "en")).isEqualTo(ReportCommand.BAD_INPUT);
        assertThat(err.toString()).isEqualTo(
                "vram-advisor report: no output given; use --pdf, --png, --md, --csv or --json FILE"
                        + System.lineSeparator());
    }

    @Test
    void anUnknownLanguageIsOneLineOfBadInput() {
        assertThat(execute("--md", dir.resolve("r.md").toString(), "--lang", "fr")).isEqualTo(ReportCommand.BAD_INPUT);
        assertThat(err.toString().lines()).containsExactly(
                "vram-advisor report: unknown report language 'fr' (expected en or zh-CN)");
        assertThat(dir.resolve("r.md")).doesNotExist();
    }

    @Test
    void aWorkloadTheSourceRejectsIsOneLineOfBadInput() {
        source = () -> {
            throw new IllegalArgumentException("batch must be between 1 and 67108864, got -1");
        };
        assertThat(execute("--md", dir.resolve("r.md").toString())).isEqualTo(ReportCommand.BAD_INPUT);
        assertThat(err.toString().lines()).containsExactly(
                "vram-advisor report: batch must be between 1 and 67108864, got -1");
    }

    @Test
    void anUnwritableFileIsReportedOnOneLineAndTheOtherFilesAreStillWritten() throws Exception {
        Path file = Files.writeString(dir.resolve("not-a-folder"), "x");
        Path bad = file.resolve("r.pdf");
        int status = execute("--pdf", bad.toString(), "--md", dir.resolve("r.md").toString());

        assertThat(status).isEqualTo(ReportCommand.WRITE_FAILED);
        assertThat(err.toString().lines()).containsExactly(
                "vram-advisor report: cannot write " + bad + ": " + file.toAbsolutePath() + " is not a folder");
        assertThat(dir.resolve("r.md")).exists();
    }

    @Test
    void reportsAndTheReportCommandNeverTouchJavaFx() {
        JavaClasses classes = new ClassFileImporter().importPackages("com.vramadvisor.report", "com.vramadvisor.cli");
        noClasses().that().resideInAPackage("com.vramadvisor.report..")
                .or().haveSimpleName("ReportCommand")
                .should().dependOnClassesThat().resideInAPackage("javafx..")
                .check(classes);
    }
}
