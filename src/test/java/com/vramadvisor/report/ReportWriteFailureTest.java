package com.vramadvisor.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.vramadvisor.files.FileWriteException;
import com.vramadvisor.files.FileWriteException.Reason;

/**
 * The one-line messages a user sees when a report cannot be written. Whether the earlier file survives and how a
 * failure is classified is tested with {@code com.vramadvisor.files.AtomicFiles}; these check the words, through
 * the real writers where a real file system can produce the failure and an injected exception where it cannot.
 */
class ReportWriteFailureTest {

    @TempDir
    Path dir;

    @Test
    void aFullDiskIsNamed() {
        Path target = dir.resolve("report.md");
        assertThatThrownBy(() -> ReportFiles.write(target, out -> {
            out.write("half of a new rep".getBytes(StandardCharsets.UTF_8));
            throw new IOException("No space left on device");
        })).isInstanceOf(ReportWriteException.class)
                .hasMessage("cannot write " + target + ": no space left on the device")
                .satisfies(e -> assertThat(((ReportWriteException) e).reason()).isEqualTo(Reason.NO_SPACE));
    }

    @Test
    void aWriterFailingWithARuntimeExceptionGivesItsMessage() {
        Path target = dir.resolve("report.pdf");
        assertThatThrownBy(() -> ReportFiles.write(target, out -> {
            throw new IllegalStateException("chart has no data");
        })).isInstanceOf(ReportWriteException.class)
                .hasMessage("cannot write " + target + ": chart has no data");
    }

    @Test
    void aRefusalByTheFileSystemIsNamed() {
        Path target = dir.resolve("report.csv");
        assertThatThrownBy(() -> ReportFiles.write(target, out -> {
            throw new AccessDeniedException(target.toString());
        })).isInstanceOf(ReportWriteException.class)
                .hasMessage("cannot write " + target + ": permission denied");
    }

    @Test
    void aFolderWithTheTargetsNameIsNamed() throws Exception {
        Path target = dir.resolve("report.pdf");
        Files.createDirectory(target);
        assertThatThrownBy(() -> new PdfReportWriter().write(SampleReport.english(), target))
                .isInstanceOf(ReportWriteException.class)
                .hasMessage("cannot write " + target + ": a folder with that name is in the way");
        assertThat(Files.isDirectory(target)).isTrue();
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
    void aMissingFolderIsNamedAndNotCreated() {
        Path target = dir.resolve("no-such-folder").resolve("report.json");
        assertThatThrownBy(() -> new JsonReportWriter().write(SampleReport.english(), target))
                .isInstanceOf(ReportWriteException.class)
                .hasMessage("cannot write " + target + ": the folder " + target.getParent() + " does not exist");
        assertThat(target.getParent()).doesNotExist();
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
    void everyReasonHasItsOwnMessageInBothLanguagesAndTheEnglishOneMatchesTheFileLayers() {
        Path target = dir.resolve("report.md");
        Set<String> english = new HashSet<>();
        Set<String> chinese = new HashSet<>();
        for (Reason reason : Reason.values()) {
            FileWriteException failure = new FileWriteException(target, reason, "/x", null);
            ReportWriteException e = new ReportWriteException(failure);
            assertThat(e.getMessage()).as(reason.name()).isEqualTo(failure.getMessage());
            assertThat(e.getLocalizedMessage(Locale.SIMPLIFIED_CHINESE)).as(reason.name())
                    .startsWith("无法写入 " + target + "：");
            english.add(e.getMessage());
            chinese.add(e.getLocalizedMessage(Locale.SIMPLIFIED_CHINESE));
        }
        assertThat(english).hasSize(Reason.values().length);
        assertThat(chinese).hasSize(Reason.values().length);
    }
}
