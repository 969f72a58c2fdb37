package com.vramadvisor.catalog.model;

import com.vramadvisor.files.FileReadException;
import com.vramadvisor.files.RegularFiles;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * Reads the header of a binary model file through a small window, checking every read against the file's size, so
 * that a truncated file or a header that claims more than the file holds gives a {@link ModelImportException}
 * instead of an {@link OutOfMemoryError} or an endless read. Only regular files are opened ({@link RegularFiles}):
 * a pipe or a device would block or never end. Only what is asked for is read; tensor data is skipped.
 */
final class BoundedReader implements AutoCloseable {

    private static final int WINDOW_BYTES = 64 * 1024;

    private final Path file;
    private final FileChannel channel;
    private final long size;
    private final ByteBuffer window = ByteBuffer.allocate(WINDOW_BYTES);
    private long windowStart;
    private ByteOrder order = ByteOrder.LITTLE_ENDIAN;

    private BoundedReader(Path file, FileChannel channel, long size) {
        this.file = file;
        this.channel = channel;
        this.size = size;
        window.limit(0);
    }

    static BoundedReader open(Path file) throws ModelImportException {
        FileChannel channel;
        try {
            channel = RegularFiles.openChannel(file);
        } catch (FileReadException e) {
            throw new ModelImportException(file, e.reason() == FileReadException.Reason.UNREADABLE
                    ? "cannot read: " + e.problem() : e.problem(), e);
        }
        try {
            return new BoundedReader(file, channel, channel.size());
        } catch (IOException e) {
            try {
                channel.close();
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw new ModelImportException(file, "cannot read: " + e.getMessage(), e);
        }
    }

    Path file() {
        return file;
    }

    /** File size in bytes. */
    long size() {
        return size;
    }

    /** Offset of the next byte to read. */
    long position() {
        return windowStart + window.position();
    }

    /** Bytes between the current position and the end of the file. */
    long remaining() {
        return size - position();
    }

    void order(ByteOrder byteOrder) {
        this.order = byteOrder;
    }

    ByteOrder order() {
        return order;
    }

    int u8(String what) throws ModelImportException {
        return Byte.toUnsignedInt(fill(1, what).get());
    }

    int u16(String what) throws ModelImportException {
        return Short.toUnsignedInt(fill(2, what).order(order).getShort());
    }

    /** An unsigned 32-bit integer as a {@code long}. */
    long u32(String what) throws ModelImportException {
        return Integer.toUnsignedLong(fill(4, what).order(order).getInt());
    }

    /** A 64-bit integer; values of 2^63 and more come back negative and are the caller's to reject. */
    long u64(String what) throws ModelImportException {
        return fill(8, what).order(order).getLong();
    }

    int i32(String what) throws ModelImportException {
        return fill(4, what).order(order).getInt();
    }

    /** {@code length} bytes, which must lie inside the file. */
    byte[] bytes(long length, String what) throws ModelImportException {
        requireAvailable(length, what);
        byte[] out = new byte[(int) length];
        int done = 0;
        while (done < out.length) {
            int n = Math.min(out.length - done, WINDOW_BYTES);
            fill(n, what).get(out, done, n);
            done += n;
        }
        return out;
    }

    /** Moves past {@code length} bytes, which must lie inside the file. */
    void skip(long length, String what) throws ModelImportException {
        requireAvailable(length, what);
        long target = position() + length;
        if (target <= windowStart + window.limit()) {
            window.position((int) (target - windowStart));
        } else {
            windowStart = target;
            window.clear().limit(0);
        }
    }

    /** Fails unless {@code length} more bytes exist after the current position. */
    void requireAvailable(long length, String what) throws ModelImportException {
        if (length < 0 || length > remaining()) {
            throw new ModelImportException(file, what + " needs " + Long.toUnsignedString(length)
                    + " bytes at offset " + position() + " but the file ends at byte " + size
                    + " (truncated or corrupt)");
        }
    }

    /** Makes {@code n <= WINDOW_BYTES} bytes readable from the window and returns it. */
    private ByteBuffer fill(int n, String what) throws ModelImportException {
        requireAvailable(n, what);
        if (window.remaining() < n) {
            long start = position();
            window.clear();
            try {
                channel.position(start);
                while (window.position() < n) {
                    if (channel.read(window) < 0) {
                        throw new ModelImportException(file, what + ": unexpected end of file at byte " + start);
                    }
                }
            } catch (IOException e) {
                throw new ModelImportException(file, "cannot read: " + e.getMessage(), e);
            }
            window.flip();
            windowStart = start;
        }
        return window;
    }

    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException ignored) {
            // Closing a read-only channel loses nothing.
        }
    }
}
