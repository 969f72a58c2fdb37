package com.vramadvisor.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.ArrayList;
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

    @Test
    void noFileExistsBesideTheTargetWhileTheContentIsRendered() throws Exception {
        Path target = dir.resolve("report.pdf");
        Files.writeString(target, "old");
        List<List<Path>> seen = new ArrayList<>();

        AtomicFiles.write(target, MissingFolder.REFUSE, out -> {
            out.write(new byte[300_000]);
            seen.add(filesIn(dir));
            out.write("%%EOF".getBytes(StandardCharsets.US_ASCII));
            seen.add(filesIn(dir));
        });

        assertThat(seen).containsExactly(List.of(target), List.of(target));
        assertThat(Files.size(target)).isEqualTo(300_005);
        assertThat(filesIn(dir)).containsExactly(target);
    }

    @Test
    void contentPastTheMemoryLimitSpillsIntoATemporaryFileAndStillArrivesWhole() throws Exception {
        Path target = dir.resolve("snapshot.png");
        byte[] chunk = "0123456789".getBytes(StandardCharsets.US_ASCII);
        List<Integer> filesWhileRendering = new ArrayList<>();

        AtomicFiles.write(target, MissingFolder.REFUSE, out -> {
            for (int i = 0; i < 1000; i++) {
                out.write(chunk);
            }
            filesWhileRendering.add(filesIn(dir).size());
        }, 4096);

        assertThat(filesWhileRendering).containsExactly(1);
        assertThat(Files.readString(target)).isEqualTo("0123456789".repeat(1000));
        assertThat(filesIn(dir)).containsExactly(target);
    }

    @Test
    void aFailureAfterSpillingRemovesTheTemporaryFile() throws Exception {
        Path target = dir.resolve("report.pdf");
        Files.writeString(target, "old");

        FileWriteException e = catchThrowableOfType(() -> AtomicFiles.write(target, MissingFolder.REFUSE, out -> {
            out.write(new byte[10_000]);
            throw new IOException("No space left on device");
        }, 1024), FileWriteException.class);

        assertThat(e.reason()).isEqualTo(Reason.NO_SPACE);
        assertTheOnlyFileIs(target, "old");
    }

    @Test
    void staleTemporariesOfTheTargetLeftByAKilledWriteAreRemovedByTheNextWrite() throws Exception {
        Path target = dir.resolve("report.pdf");
        Path killed = dir.resolve(".report.pdf.8214755120998474101.tmp");
        Path inProgress = dir.resolve(".report.pdf.1175440211.tmp");
        Path otherTarget = dir.resolve(".notes.md.8214755120998474101.tmp");
        Path notOurs = dir.resolve(".report.pdf.backup.tmp");
        for (Path p : List.of(killed, inProgress, otherTarget, notOurs)) {
            Files.write(p, new byte[1000]);
        }
        FileTime old = FileTime.from(Instant.now().minus(AtomicFiles.STALE_AFTER).minusSeconds(60));
        for (Path p : List.of(killed, otherTarget, notOurs)) {
            Files.setLastModifiedTime(p, old);
        }

        AtomicFiles.writeString(target, MissingFolder.REFUSE, "new");

        assertThat(Files.readString(target)).isEqualTo("new");
        assertThat(filesIn(dir)).containsExactlyInAnyOrder(target, inProgress, otherTarget, notOurs);
    }

    @Test
    void writingThroughASymbolicLinkWritesItsTargetAndKeepsTheLink() throws Exception {
        Path reports = Files.createDirectory(dir.resolve("reports"));
        Path real = reports.resolve("report.md");
        Files.writeString(real, "old");
        Path link = Files.createSymbolicLink(dir.resolve("latest.md"), Path.of("reports", "report.md"));
        Path linkToLink = Files.createSymbolicLink(dir.resolve("current.md"), link);

        AtomicFiles.writeString(link, MissingFolder.REFUSE, "new");
        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(Files.readString(real)).isEqualTo("new");

        AtomicFiles.writeString(linkToLink, MissingFolder.REFUSE, "newer");
        assertThat(Files.isSymbolicLink(linkToLink)).isTrue();
        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(Files.readString(real)).isEqualTo("newer");
        assertThat(filesIn(reports)).containsExactly(real);
    }

    @Test
    void aDanglingSymbolicLinkGetsItsTargetCreated() throws Exception {
        Path real = dir.resolve("exports").resolve("plan.csv");
        Files.createDirectory(real.getParent());
        Path link = Files.createSymbolicLink(dir.resolve("plan.csv"), real);

        AtomicFiles.writeString(link, MissingFolder.REFUSE, "a,b");

        assertThat(Files.isSymbolicLink(link)).isTrue();
        assertThat(Files.readString(real)).isEqualTo("a,b");
    }

    @Test
    void aFolderThatTakesNoNewFilesIsNotReportedAsMissing() {
        // Linux's /proc exists but refuses to create files with "no such file", which is not what is wrong.
        Path target = Path.of("/proc/report.pdf");

        FileWriteException e = catchThrowableOfType(
                () -> AtomicFiles.writeString(target, MissingFolder.REFUSE, "%PDF-"), FileWriteException.class);

        assertThat(e.reason()).isEqualTo(Reason.NO_NEW_FILES);
        assertThat(e).hasMessage("cannot write /proc/report.pdf: files cannot be created in /proc");
    }

    /** The target holds {@code text} and no temporary file is left beside it. */
    /** Renaming over a FIFO would swap it for a regular file and cut it from whoever reads it. */
    @Test
    void aFifoAtTheTargetIsNeitherReplacedNorOpened() throws Exception {
        Path fifo = SpecialFiles.fifo(dir, "report.md");
        FileWriteException e = catchThrowableOfType(() -> AtomicFiles.writeString(fifo, MissingFolder.REFUSE, "x"),
                FileWriteException.class);
        assertThat(e.reason()).isEqualTo(Reason.NOT_A_REGULAR_FILE);
        assertThat(e).hasMessage("cannot write " + fifo
                + ": a pipe, socket or device has that name; only a regular file is replaced");
        assertThat(Files.isRegularFile(fifo)).isFalse();
        assertThat(Files.exists(fifo)).isTrue();
        assertThat(filesIn(dir)).containsExactly(fifo);
    }

    @Test
    void aSocketAtTheTargetOrBehindALinkIsNotReplaced() throws Exception {
        Path socket = SpecialFiles.socket(dir, "calibration.json");
        Path link = Files.createSymbolicLink(dir.resolve("link.json"), socket.getFileName());
        for (Path target : List.of(socket, link)) {
            FileWriteException e = catchThrowableOfType(() -> AtomicFiles.writeString(target, MissingFolder.REFUSE,
                    "{}"), FileWriteException.class);
            assertThat(e.reason()).isEqualTo(Reason.NOT_A_REGULAR_FILE);
        }
        assertThat(Files.isRegularFile(socket)).isFalse();
        assertThat(Files.isSymbolicLink(link)).isTrue();
    }

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
