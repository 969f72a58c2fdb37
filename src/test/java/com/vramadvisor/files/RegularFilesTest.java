package com.vramadvisor.files;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import com.vramadvisor.files.FileReadException.Reason;
import java.io.IOException;
import java.io.InputStream;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the shared reader refuses, and that it refuses before reading: no call here may block or read much. */
class RegularFilesTest {

    @TempDir
    Path dir;

    @Test
    void aFifoIsRefusedWithoutBeingOpened() throws Exception {
        Path fifo = SpecialFiles.fifo(dir, "gpus.json");
        FileReadException e = catchThrowableOfType(() -> RegularFiles.readAllBytes(fifo, 1024),
                FileReadException.class);
        assertThat(e.reason()).isEqualTo(Reason.NOT_REGULAR);
        assertThat(e.problem()).isEqualTo("is not a regular file (a pipe, socket or device)");
        assertThat(e).hasMessage(fifo + ": is not a regular file (a pipe, socket or device)");
        assertThat(catchThrowableOfType(() -> RegularFiles.openChannel(fifo), FileReadException.class).reason())
                .isEqualTo(Reason.NOT_REGULAR);
        assertThat(catchThrowableOfType(() -> RegularFiles.newInputStream(fifo, 10), FileReadException.class)
                .reason()).isEqualTo(Reason.NOT_REGULAR);
        assertThat(catchThrowableOfType(() -> RegularFiles.readPrefix(fifo, 4), FileReadException.class).reason())
                .isEqualTo(Reason.NOT_REGULAR);
    }

    @Test
    void aSocketAndAnEndlessDeviceAreRefused() throws Exception {
        Path socket = SpecialFiles.socket(dir, "s");
        assertThat(catchThrowableOfType(() -> RegularFiles.readAllBytes(socket, 10), FileReadException.class)
                .reason()).isEqualTo(Reason.NOT_REGULAR);
        assertThat(catchThrowableOfType(() -> RegularFiles.readAllBytes(Path.of("/dev/zero"), 10),
                FileReadException.class).reason()).isEqualTo(Reason.NOT_REGULAR);
    }

    @Test
    void aFolderAndAMissingFileSaySo() {
        assertThat(catchThrowableOfType(() -> RegularFiles.readAllBytes(dir, 10), FileReadException.class)
                .problem()).isEqualTo("is a folder");
        assertThat(catchThrowableOfType(() -> RegularFiles.readAllBytes(dir.resolve("absent"), 10),
                FileReadException.class).problem()).isEqualTo("does not exist");
    }

    /** A sparse 2 GiB file: refused by its size before a byte is read, so the memory never holds it. */
    @Test
    void aLargerFileIsRefusedByItsSizeBeforeAnythingIsRead() throws IOException {
        Path big = dir.resolve("catalog.json");
        try (RandomAccessFile raf = new RandomAccessFile(big.toFile(), "rw")) {
            raf.setLength(2L << 30);
        }
        FileReadException e = catchThrowableOfType(() -> RegularFiles.readAllBytes(big, 16 << 20),
                FileReadException.class);
        assertThat(e.reason()).isEqualTo(Reason.TOO_LARGE);
        assertThat(e.limitBytes()).isEqualTo(16 << 20);
        assertThat(e.problem()).isEqualTo("is larger than 16 MiB");
        assertThat(catchThrowableOfType(() -> RegularFiles.newInputStream(big, 1000), FileReadException.class)
                .problem()).isEqualTo("is larger than 1,000 bytes");
    }

    @Test
    void aFileAtTheLimitIsReadWhole() throws IOException {
        Path file = dir.resolve("ok.json");
        Files.write(file, new byte[64 << 10]);
        assertThat(RegularFiles.readAllBytes(file, 64 << 10)).hasSize(64 << 10);
        assertThat(catchThrowableOfType(() -> RegularFiles.readAllBytes(file, (64 << 10) - 1),
                FileReadException.class).problem()).isEqualTo("is larger than 65,535 bytes");
    }

    /** The stream stops a file that grew past the limit after it was opened. */
    @Test
    void theStreamStopsAtTheLimitWhenTheFileGrows() throws IOException {
        Path file = dir.resolve("growing.json");
        Files.write(file, new byte[100]);
        try (InputStream in = RegularFiles.newInputStream(file, 150)) {
            Files.write(file, new byte[400]);
            FileReadException e = catchThrowableOfType(() -> in.readAllBytes(), FileReadException.class);
            assertThat(e.reason()).isEqualTo(Reason.TOO_LARGE);
        }
    }

    @Test
    void theFileNameInTheMessageHasItsControlCharactersEscaped() {
        Path odd = dir.resolve("a\u001b[31mb");
        assertThat(catchThrowableOfType(() -> RegularFiles.readAllBytes(odd, 10), FileReadException.class)
                .getMessage()).doesNotContain("\u001b").contains("\\u001b[31mb: does not exist");
    }
}
