package com.vramadvisor.files;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Makes the non-regular files that readers must refuse and writers must not replace: a FIFO ({@code mkfifo}, on
 * Linux and macOS) and a Unix-domain socket file. Opening a FIFO for reading blocks until a writer appears, so a
 * reader that opened one would hang the test rather than fail it; the readers check before they open.
 */
public final class SpecialFiles {

    private SpecialFiles() {
    }

    /** A new FIFO named {@code name} in {@code dir}. */
    public static Path fifo(Path dir, String name) throws IOException, InterruptedException {
        Path fifo = dir.resolve(name);
        Process p = new ProcessBuilder("mkfifo", fifo.toString()).redirectErrorStream(true).start();
        assertThat(p.waitFor()).as("mkfifo " + fifo).isZero();
        assertThat(Files.exists(fifo) && !Files.isRegularFile(fifo) && !Files.isDirectory(fifo)).isTrue();
        return fifo;
    }

    /** A new Unix-domain socket file named {@code name} in {@code dir} (left behind when its channel closes). */
    public static Path socket(Path dir, String name) throws IOException {
        Path socket = dir.resolve(name);
        try (ServerSocketChannel channel = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            channel.bind(UnixDomainSocketAddress.of(socket));
        }
        assertThat(Files.exists(socket) && !Files.isRegularFile(socket)).isTrue();
        return socket;
    }
}
