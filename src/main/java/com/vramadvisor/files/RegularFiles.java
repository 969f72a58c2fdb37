package com.vramadvisor.files;

import com.vramadvisor.files.FileReadException.Reason;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Opens the files a user points at (catalogs, scenarios, calibration profiles, model files, scene files) for reading
 * so that no path can hang or exhaust the application: the path must name a regular file (symbolic links followed),
 * checked before it is opened, since opening a FIFO blocks until a writer appears and a device such as
 * {@code /dev/zero} never ends; and a whole-file read takes at most the caller's limit, checked against the file's
 * size before anything is read and again while reading (a file that grows meanwhile).
 *
 * <p>Every reader of such files goes through here, so the rule is stated and tested once.
 */
public final class RegularFiles {

    private RegularFiles() {
    }

    /**
     * The size of {@code file} in bytes, after checking that it is a regular file.
     *
     * @throws FileReadException {@link Reason#MISSING}, {@link Reason#FOLDER}, {@link Reason#NOT_REGULAR} or
     *                           {@link Reason#UNREADABLE}
     */
    public static long requireRegular(Path file) throws FileReadException {
        BasicFileAttributes a;
        try {
            a = Files.readAttributes(file, BasicFileAttributes.class);
        } catch (NoSuchFileException e) {
            throw new FileReadException(file, Reason.MISSING, 0, e);
        } catch (IOException | SecurityException e) {
            throw new FileReadException(file, Reason.UNREADABLE, 0, e);
        }
        if (a.isDirectory()) {
            throw new FileReadException(file, Reason.FOLDER, 0, null);
        }
        if (!a.isRegularFile()) {
            throw new FileReadException(file, Reason.NOT_REGULAR, 0, null);
        }
        return a.size();
    }

    /**
     * All bytes of a regular file of at most {@code maxBytes} bytes.
     *
     * @throws FileReadException as {@link #requireRegular}, or {@link Reason#TOO_LARGE} (with the limit) when the
     *                           file holds more than {@code maxBytes}, before any of it is read
     */
    public static byte[] readAllBytes(Path file, int maxBytes) throws FileReadException {
        long size = requireRegular(file);
        if (size > maxBytes) {
            throw new FileReadException(file, Reason.TOO_LARGE, maxBytes, null);
        }
        byte[] bytes;
        try (InputStream in = Files.newInputStream(file)) {
            bytes = in.readNBytes(maxBytes + 1);
        } catch (NoSuchFileException e) {
            throw new FileReadException(file, Reason.MISSING, 0, e);
        } catch (IOException | SecurityException e) {
            throw new FileReadException(file, Reason.UNREADABLE, 0, e);
        }
        if (bytes.length > maxBytes) {
            throw new FileReadException(file, Reason.TOO_LARGE, maxBytes, null);
        }
        return bytes;
    }

    /**
     * A stream over a regular file of at most {@code maxBytes} bytes, for parsers that read as they go; the caller
     * closes it. It fails with an {@link IOException} rather than deliver more than {@code maxBytes}.
     */
    public static InputStream newInputStream(Path file, long maxBytes) throws FileReadException {
        long size = requireRegular(file);
        if (size > maxBytes) {
            throw new FileReadException(file, Reason.TOO_LARGE, maxBytes, null);
        }
        try {
            return new LimitedInputStream(Files.newInputStream(file), file, maxBytes);
        } catch (NoSuchFileException e) {
            throw new FileReadException(file, Reason.MISSING, 0, e);
        } catch (IOException | SecurityException e) {
            throw new FileReadException(file, Reason.UNREADABLE, 0, e);
        }
    }

    /** A read-only channel on a regular file, for readers that seek (binary model headers). */
    public static FileChannel openChannel(Path file) throws FileReadException {
        requireRegular(file);
        try {
            return FileChannel.open(file, StandardOpenOption.READ);
        } catch (NoSuchFileException e) {
            throw new FileReadException(file, Reason.MISSING, 0, e);
        } catch (IOException | SecurityException e) {
            throw new FileReadException(file, Reason.UNREADABLE, 0, e);
        }
    }

    /** The first {@code n} bytes of a regular file (fewer when it is shorter), e.g. to test a magic number. */
    public static byte[] readPrefix(Path file, int n) throws FileReadException {
        try (FileChannel channel = openChannel(file); InputStream in = Channels.newInputStream(channel)) {
            return in.readNBytes(n);
        } catch (FileReadException e) {
            throw e;
        } catch (IOException e) {
            throw new FileReadException(file, Reason.UNREADABLE, 0, e);
        }
    }

    /** Ends with a {@link FileReadException} once more than the limit has been read. */
    private static final class LimitedInputStream extends java.io.FilterInputStream {
        private final Path file;
        private final long maxBytes;
        private long read;

        LimitedInputStream(InputStream in, Path file, long maxBytes) {
            super(in);
            this.file = file;
            this.maxBytes = maxBytes;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                count(1);
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0) {
                count(n);
            }
            return n;
        }

        @Override
        public long skip(long n) throws IOException {
            long skipped = super.skip(n);
            count(skipped);
            return skipped;
        }

        private void count(long n) throws FileReadException {
            read += n;
            if (read > maxBytes) {
                throw new FileReadException(file, Reason.TOO_LARGE, maxBytes, null);
            }
        }
    }
}
