package com.vramadvisor.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import com.vramadvisor.files.AtomicFiles.MissingFolder;
import com.vramadvisor.files.FileWriteException.Reason;

/**
 * Atomic writing and how its failures are classified. Tests may run as root, which ignores folder permissions, so
 * "cannot create a file here" is simulated with a path below a regular file, which fails for every user, and a
 * refusal by the file system with an injected exception.
 */
class AtomicFilesTest {

    @TempDir
    Path dir;

    @Test
    void aFailingWriterLeavesTheEarlierFileIntactAndNoTemporaryFile() throws Exception {
        Path target = dir.resolve("report.md");
        Files.writeString(target, "old report");

        FileWriteException e = catchThrowableOfType(() -> AtomicFiles.write(target, MissingFolder.REFUSE, out -> {
            out.write("half of a new rep".getBytes(StandardCharsets.UTF_8));
            throw new IOException("No space left on device");
        }), FileWriteException.class);

        assertThat(e.reason()).isEqualTo(Reason.NO_SPACE);
        assertThat(e).hasMessage("cannot write " + target + ": no space left on the device");
        assertTheOnlyFileIs(target, "old report");
    }

    @Test
    void aWriterFailingWithARuntimeExceptionAlsoLeavesTheEarlierFile() throws Exception {
        Path target = dir.resolve("report.pdf");
        Files.writeString(target, "old");

        FileWriteException e = catchThrowableOfType(() -> AtomicFiles.write(target, MissingFolder.REFUSE, out -> {
            out.write(new byte[100_000]);
            throw new IllegalStateException("chart has no data");
        }), FileWriteException.class);

        assertThat(e.reason()).isEqualTo(Reason.FAILED);
        assertThat(e.detail()).isEqualTo("chart has no data");
        assertThat(e).hasCauseInstanceOf(IllegalStateException.class);
        assertTheOnlyFileIs(target, "old");
    }

    @Test
    void aRefusalByTheFileSystemIsReportedAsDenied() throws Exception {
        Path target = dir.resolve("settings.json");
        Files.writeString(target, "{}");

        FileWriteException e = catchThrowableOfType(() -> AtomicFiles.write(target, MissingFolder.CREATE, out -> {
            throw new AccessDeniedException(target.toString());
        }), FileWriteException.class);

        assertThat(e.reason()).isEqualTo(Reason.DENIED);
        assertTheOnlyFileIs(target, "{}");
    }

    @ParameterizedTest
    @EnumSource(MissingFolder.class)
    void aFolderWithTheTargetsNameIsNeverReplaced(MissingFolder missingFolder) throws Exception {
        Path target = dir.resolve("scenario.json");
        Files.createDirectory(target);

        FileWriteException e = catchThrowableOfType(
                () -> AtomicFiles.writeString(target, missingFolder, "{}"), FileWriteException.class);

        assertThat(e.reason()).isEqualTo(Reason.FOLDER_IN_THE_WAY);
        assertThat(e).hasMessage("cannot write " + target + ": a folder with that name is in the way");
        assertThat(Files.isDirectory(target)).isTrue();
        assertThat(filesIn(dir)).containsExactly(target);
    }

    @ParameterizedTest
    @EnumSource(MissingFolder.class)
    void aTargetBelowARegularFileIsReportedAsNotAFolder(MissingFolder missingFolder) throws Exception {
        Path file = dir.resolve("notes.txt");
        Files.writeString(file, "x");
        Path target = file.resolve("deeper").resolve("report.csv");

        FileWriteException e = catchThrowableOfType(
                () -> AtomicFiles.writeString(target, missingFolder, "a,b"), FileWriteException.class);

        assertThat(e.reason()).isEqualTo(Reason.NOT_A_FOLDER);
        assertThat(e.detail()).isEqualTo(file.toString());
        assertThat(Files.readString(file)).isEqualTo("x");
    }

    @Test
    void aMissingFolderIsRefusedAndNotCreatedWhenAsked() {
        Path target = dir.resolve("no-such-folder").resolve("report.json");

        FileWriteException e = catchThrowableOfType(
                () -> AtomicFiles.writeString(target, MissingFolder.REFUSE, "{}"), FileWriteException.class);

        assertThat(e.reason()).isEqualTo(Reason.FOLDER_MISSING);
        assertThat(e.detail()).isEqualTo(target.getParent().toString());
        assertThat(target.getParent()).doesNotExist();
    }

    @Test
    void aMissingFolderIsCreatedWithItsParentsWhenAsked() throws Exception {
        Path target = dir.resolve("config").resolve("vram-advisor").resolve("settings.json");
        AtomicFiles.writeString(target, MissingFolder.CREATE, "{\"language\": \"zh-CN\", \"note\": \"显存\"}");
        assertThat(Files.readString(target, StandardCharsets.UTF_8))
                .isEqualTo("{\"language\": \"zh-CN\", \"note\": \"显存\"}");
        assertThat(filesIn(target.getParent())).containsExactly(target);
    }

    @Test
    void aSuccessfulWriteReplacesTheFileAndIsReadableByOthers() throws Exception {
        Path target = dir.resolve("report.md");
        Files.writeString(target, "old");
        AtomicFiles.write(target, MissingFolder.REFUSE, out -> out.write("new".getBytes(StandardCharsets.UTF_8)));
        assertTheOnlyFileIs(target, "new");
        assertThat(Files.getPosixFilePermissions(target).toString()).contains("OTHERS_READ");
    }

    @Test
    void aReplacedFileKeepsItsPermissions() throws Exception {
        Path target = dir.resolve("report.md");
        Files.writeString(target, "old");
        Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rw-rw----"));
        AtomicFiles.writeString(target, MissingFolder.CREATE, "new");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(target))).isEqualTo("rw-rw----");
    }

    @Test
    void aWriterThatClosesTheStreamEarlyStillGetsItsBytesOntoTheDisk() throws Exception {
        Path target = dir.resolve("report.pdf");
        AtomicFiles.write(target, MissingFolder.REFUSE, out -> {
            out.write("%PDF-".getBytes(StandardCharsets.US_ASCII));
            out.close();
        });
        assertThat(Files.readString(target)).isEqualTo("%PDF-");
    }

    /** The target holds {@code text} and no temporary file is left beside it. */
    private void assertTheOnlyFileIs(Path target, String text) throws IOException {
        assertThat(Files.readString(target)).isEqualTo(text);
        assertThat(filesIn(dir)).containsExactly(target);
    }

    private static List<Path> filesIn(Path folder) throws IOException {
        try (var s = Files.list(folder)) {
            return s.toList();
        }
    }
}
