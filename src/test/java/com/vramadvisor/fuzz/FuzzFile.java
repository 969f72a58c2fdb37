package com.vramadvisor.fuzz;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * One file that each fuzz input replaces. The channel stays open and each input is written over the last and the
 * rest cut off, which costs about a microsecond; writing a new file each time costs close to a millisecond on a busy
 * disk and would dominate a run.
 */
public final class FuzzFile implements AutoCloseable {

    private final FileChannel channel;

    public FuzzFile(Path file) throws IOException {
        channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
    }

    /** Makes {@code bytes} the whole content of the file. */
    public void write(byte[] bytes) throws IOException {
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        long at = 0;
        while (buffer.hasRemaining()) {
            at += channel.write(buffer, at);
        }
        channel.truncate(bytes.length);
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
