package com.vramadvisor.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Locale;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.vramadvisor.report.ReportWriteException.Reason;

/**
 * Failure cases of atomic writing. Tests may run as root, which ignores folder permissions, so "cannot create a
 * file here" is simulated with a path below a regular file, which fails for every user.
 */
class AtomicFilesTest {

    @TempDir
    Path dir;

    @Test
    void aFailingWriterLeavesTheEarlierFileIntactAndNoTemporaryFile() throws Exception {
        Path target = dir.resolve("report.md");
        Files.writeString(target, "old report");

        assertThatThrownBy(() -> AtomicFiles.write(target, out -> {
            out.write("half of a new rep".getBytes(StandardCharsets.UTF_8));
            throw new IOException("No space left on device");
        })).isInstanceOf(ReportWriteException.class)
                .hasMessage("cannot write " + target + ": no space left on the device")
                .satisfies(e -> assertThat(((ReportWriteException) e).reason()).isEqualTo(Reason.NO_SPACE));

        assertThat(Files.readString(target)).isEqualTo("old report");
        assertThat(filesIn(dir)).containsExactly(target);
    }

    @Test
    void aWriterFailingWithARuntimeExceptionAlsoLeavesTheEarlierFile() throws Exception {
        Path target = dir.resolve("report.pdf");
        Files.writeString(target, "old");
        assertThatThrownBy(() -> AtomicFiles.write(target, out -> {
            out.write(new byte[100_000]);
            throw new IllegalStateException("chart has no data");
        })).isInstanceOf(ReportWriteException.class)
                .hasMessage("cannot write " + target + ": chart has no data");
        assertThat(Files.readString(target)).isEqualTo("old");
        assertThat(filesIn(dir)).containsExactly(target);
    }

    @Test
    void aFolderWithTheTargetsNameIsNeverReplaced() throws Exception {
        Path target = dir.resolve("report.pdf");
        Files.createDirectory(target);
        assertThatThrownBy(() -> new PdfReportWriter().write(SampleReport.english(), target))
                .isInstanceOf(ReportWriteException.class)
                .hasMessage("cannot write " + target + ": a folder with that name is in the way");
        assertThat(Files.isDirectory(target)).isTrue();
        assertThat(filesIn(dir)).containsExactly(target);
    }

    @Test
    void aTargetBelowARegularFileIsReportedAsNotAFolder() throws Exception {
        Path file = dir.resolve("notes.txt");
        Files.writeString(file, "x");
        Path target = file.resolve("report.csv");
        assertThatThrownBy(() -> new CsvReportWriter().write(SampleReport.english(), target))
                .isInstanceOf(ReportWriteException.class)
                .hasMessage("cannot write " + target + ": " + file + " is not a folder");
        assertThat(Files.readString(file)).isEqualTo("x");
    }

    @Test
    void aMissingFolderIsNamed() {
        Path target = dir.resolve("no-such-folder").resolve("report.json");
        assertThatThrownBy(() -> new JsonReportWriter().write(SampleReport.english(), target))
                .isInstanceOf(ReportWriteException.class)
                .hasMessage("cannot write " + target + ": the folder " + target.getParent() + " does not exist");
    }

    @Test
    void theMessageIsAvailableInChinese() {
        Path target = dir.resolve("x").resolve("report.png");
        ReportWriteException e = new ReportWriteException(target, Reason.FOLDER_MISSING, target.getParent().toString(),
                null);
        assertThat(e.getLocalizedMessage(Locale.SIMPLIFIED_CHINESE))
                .isEqualTo("无法写入 " + target + "：文件夹 " + target.getParent() + " 不存在");
    }

    @Test
    void aSuccessfulWriteReplacesTheFileAndIsReadableByOthers() throws Exception {
        Path target = dir.resolve("report.md");
        Files.writeString(target, "old");
        AtomicFiles.write(target, out -> out.write("new".getBytes(StandardCharsets.UTF_8)));
        assertThat(Files.readString(target)).isEqualTo("new");
        assertThat(filesIn(dir)).containsExactly(target);
        assertThat(Files.getPosixFilePermissions(target).toString()).contains("OTHERS_READ");
    }

    @Test
    void aReplacedFileKeepsItsPermissions() throws Exception {
        Path target = dir.resolve("report.md");
        Files.writeString(target, "old");
        Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rw-rw----"));
        AtomicFiles.write(target, out -> out.write("new".getBytes(StandardCharsets.UTF_8)));
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(target))).isEqualTo("rw-rw----");
    }

    private static List<Path> filesIn(Path folder) throws IOException {
        try (var s = Files.list(folder)) {
            return s.toList();
        }
    }
}
