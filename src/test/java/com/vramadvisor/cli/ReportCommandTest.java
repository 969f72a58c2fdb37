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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;

class ReportCommandTest {

    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    /** The default scenario: Llama-3-8B full fine-tuning, bf16 mixed precision, AdamW, batch 1, 4096 tokens. */
    private int execute(String... args) {
        String[] all = new String[args.length + 9];
        System.arraycopy(new String[] {"report", "--preset", "llama-3-8b", "--mode", "train", "--batch", "1",
            "--seq", "4096"}, 0, all, 0, 9);
        System.arraycopy(args, 0, all, 9, args.length);
        return Cli.run(new PrintWriter(out, true), new PrintWriter(err, true), all);
    }

    @Test
    void aDashSendsATextFormatToStandardOutputAndWritesNoFileNamedDash() throws Exception {
        Path dash = Path.of("-");
        boolean before = Files.exists(dash);
        int status = execute("--md", "-", "--json", dir.resolve("r.json").toString());

        assertThat(status).as(err.toString()).isZero();
        assertThat(out.toString()).startsWith("# ").contains("Llama 3 8B").contains("wrote " + dir.resolve("r.json"))
                .doesNotContain("wrote -");
        assertThat(Files.exists(dash)).as("a file named '-' in the working folder").isEqualTo(before);
    }

    @Test
    void aDashForABinaryFormatIsAUsageError() {
        assertThat(execute("--pdf", "-")).isEqualTo(ReportCommand.BAD_INPUT);
        assertThat(err.toString()).contains("--pdf - : PDF is binary");
        assertThat(execute("--png", "-")).isEqualTo(ReportCommand.BAD_INPUT);
    }

    @Test
    void writesEveryRequestedFormatInChinese() throws Exception {
        Path pdf = dir.resolve("r.pdf");
        int status = execute("--pdf", pdf.toString(), "--png", dir.resolve("r.png").toString(),
                "--md", dir.resolve("r.md").toString(), "--csv", dir.resolve("r.csv").toString(),
                "--json", dir.resolve("r.json").toString(), "--lang", "zh-CN");

        assertThat(status).as(err.toString()).isZero();
        assertThat(err.toString()).doesNotContain("Exception");
        assertThat(out.toString().lines()).hasSize(5).allSatisfy(l -> assertThat(l).startsWith("wrote "));
        for (String f : new String[] {"r.pdf", "r.png", "r.md", "r.csv", "r.json"}) {
            assertThat(Files.size(dir.resolve(f))).as(f).isPositive();
        }
        try (PDDocument doc = Loader.loadPDF(pdf.toFile())) {
            String text = new PDFTextStripper().getText(doc);
            assertThat(text).contains("显存评估报告", "Llama 3 8B", "8,030,261,248", "硬件方案", "NVIDIA H100");
            assertThat(text).doesNotContain("没有可用的硬件目录");
            // Narrow header cells wrap between words, never inside one ("每小时租" / "金（美" / "元）").
            assertThat(text).contains("每小时租金", "任务成本", "（美元）");
        }
        assertThat(Files.readString(dir.resolve("r.md"))).contains("## 每 GPU 显存构成");
    }

    @Test
    void aServingReportCountsUsersWithinTheLatencyTargetGivenAsRecommendDoes() throws Exception {
        Path md = dir.resolve("s.md");
        int status = Cli.run(new PrintWriter(out, true), new PrintWriter(err, true), "report", "--preset",
                "llama-3.1-70b", "--mode", "infer", "--tpot-ms", "30", "--md", md.toString());
        assertThat(status).as(err.toString()).isZero();
        assertThat(Files.readString(md)).contains("within TPOT 30 ms");
        // Training has no users to count: the targets are refused on one line, as recommend refuses them.
        assertThat(execute("--tpot-ms", "30", "--md", dir.resolve("t.md").toString())).isEqualTo(2);
        assertThat(err.toString()).contains("--tpot-ms, --ttft-ms and --max-num-seqs need --mode infer");
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
                "vram-advisor: unknown report language 'fr' (expected en or zh-CN)");
        assertThat(dir.resolve("r.md")).doesNotExist();
    }

    @Test
    void twoFormatsGivenTheSameFileAreOneLineOfBadInputAndWriteNothing() {
        Path same = dir.resolve("p");
        assertThat(execute("--pdf", same.toString(), "--png", dir.resolve(".").resolve("p").toString()))
                .isEqualTo(ReportCommand.BAD_INPUT);
        assertThat(err.toString().lines()).containsExactly("vram-advisor: --pdf and --png name the same file "
                + dir.resolve(".").resolve("p") + "; give each format a file of its own");
        assertThat(out.toString()).isEmpty();
        assertThat(same).doesNotExist();
    }

    @Test
    void twoLinksToOneExistingFileAreTheSameFile() throws Exception {
        Path report = Files.writeString(dir.resolve("report.md"), "old");
        Path link = Files.createSymbolicLink(dir.resolve("latest.md"), report);
        assertThat(execute("--md", report.toString(), "--csv", link.toString())).isEqualTo(ReportCommand.BAD_INPUT);
        assertThat(err.toString().lines()).hasSize(1).allSatisfy(l -> assertThat(l).contains("the same file"));
        assertThat(Files.readString(report)).isEqualTo("old");
    }

    @Test
    void anEmptyFileNameIsOneLineOfBadInput() {
        assertThat(execute("--pdf", "")).isEqualTo(ReportCommand.BAD_INPUT);
        assertThat(err.toString().lines()).containsExactly("vram-advisor: --pdf needs a file name");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void aFolderThatTakesNoFilesIsNamedForWhatItIs() {
        assertThat(execute("--pdf", "/proc/r.pdf")).isEqualTo(ReportCommand.WRITE_FAILED);
        assertThat(err.toString().lines()).containsExactly(
                "vram-advisor report: cannot write /proc/r.pdf: files cannot be created in /proc");
    }

    @Test
    void aBadWorkloadIsOneLineOfBadInput() {
        assertThat(execute("--md", dir.resolve("r.md").toString(), "--batch", "-1"))
                .isEqualTo(Cli.EXIT_BAD_INPUT);
        assertThat(err.toString().lines()).hasSize(1).allSatisfy(l -> assertThat(l).startsWith("vram-advisor: ")
                .contains("batch"));
        assertThat(dir.resolve("r.md")).doesNotExist();
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
