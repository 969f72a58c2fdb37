package com.vramadvisor.app.open;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.open.HandoffFile.Endpoint;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The handoff between a launch with a scenario file and the window already open, both ends in this process over the
 * loopback address, with a temporary configuration folder.
 */
class WindowHandoffTest {

    @TempDir
    Path configDir;
    @TempDir
    Path files;

    private final List<String> received = new CopyOnWriteArrayList<>();
    private WindowHandoff window;

    @AfterEach
    void closeWindow() {
        if (window != null) {
            window.close();
        }
    }

    /** A window whose requests take every absolute path (the window's own check is OpenFileRequestsTest's). */
    private InetSocketAddress startWindow() throws Exception {
        window = WindowHandoff.listenInBackground(configDir, path -> received.add(path));
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (window.address().isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        return window.address().orElseThrow();
    }

    private Path handoffFile() {
        return configDir.resolve(HandoffFile.NAME);
    }

    /** Sends raw bytes as a peer would and returns the window's answer (null when there is none). */
    private static String send(int port, byte[] bytes) throws Exception {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(bytes);
            socket.getOutputStream().flush();
            InputStream in = socket.getInputStream();
            return WindowHandoff.readLine(in, 16);
        }
    }

    @Test
    void aLaterLaunchHandsItsFileToTheWindowAndIsToldItWasTaken() throws Exception {
        startWindow();
        Path file = Files.writeString(files.resolve("sizing \u5c0f.vram"), "{}");

        assertThat(WindowHandoff.forward(configDir, file)).isTrue();

        assertThat(received).containsExactly(file.toAbsolutePath().toString());
    }

    @Test
    void aFileTheWindowDoesNotTakeLeavesTheLaunchToOpenItsOwnWindow() throws Exception {
        window = WindowHandoff.listenInBackground(configDir, path -> false);
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (window.address().isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }

        assertThat(WindowHandoff.forward(configDir, files.resolve("x.vram"))).isFalse();
    }

    @Test
    void theWindowListensOnTheLoopbackAddressOnlyAndItsFileIsTheOwnersAlone() throws Exception {
        InetSocketAddress address = startWindow();

        assertThat(address.getAddress().isLoopbackAddress()).isTrue();
        assertThat(HandoffFile.read(handoffFile())).map(Endpoint::port).contains(address.getPort());
        if (Files.getFileStore(handoffFile()).supportsFileAttributeView("posix")) {
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(handoffFile())))
                    .isEqualTo("rw-------");
        }
    }

    @Test
    void withoutAWindowTheLaunchOpensItsOwn() {
        assertThat(WindowHandoff.forward(configDir, files.resolve("a.vram"))).isFalse();
    }

    @Test
    void aStaleFileNamingAPortNobodyListensOnIsNoWindow() throws Exception {
        int port;
        try (ServerSocket gone = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = gone.getLocalPort();
        }
        HandoffFile.write(handoffFile(), new Endpoint(port, "0123456789abcdef0123456789abcdef"));

        long start = System.nanoTime();
        assertThat(WindowHandoff.forward(configDir, files.resolve("a.vram"))).isFalse();
        assertThat((System.nanoTime() - start) / 1_000_000).isLessThan(WindowHandoff.CONNECT_TIMEOUT_MS + 1_000L);
    }

    @Test
    void aWrongTokenIsRefusedAndOpensNothing() throws Exception {
        InetSocketAddress address = startWindow();
        Endpoint real = HandoffFile.read(handoffFile()).orElseThrow();
        String wrong = real.token().charAt(0) == 'a' ? "b" + real.token().substring(1)
                : "a" + real.token().substring(1);
        HandoffFile.write(handoffFile(), new Endpoint(address.getPort(), wrong));

        assertThat(WindowHandoff.forward(configDir, Files.writeString(files.resolve("a.vram"), "{}"))).isFalse();
        assertThat(send(address.getPort(), ("\t" + files.resolve("a.vram") + "\n").getBytes(StandardCharsets.UTF_8)))
                .isEqualTo("no");
        assertThat(received).isEmpty();
    }

    @Test
    void anOversizedOrUnendedRequestIsRefusedAndTheNextPeerIsStillServed() throws Exception {
        InetSocketAddress address = startWindow();
        String token = HandoffFile.read(handoffFile()).orElseThrow().token();
        byte[] huge = (token + "\t/" + "a".repeat(WindowHandoff.MAX_LINE_BYTES) + ".vram\n")
                .getBytes(StandardCharsets.UTF_8);

        assertThat(send(address.getPort(), huge)).isEqualTo("no");
        assertThat(received).isEmpty();
        Path file = Files.writeString(files.resolve("next.vram"), "{}");
        assertThat(WindowHandoff.forward(configDir, file)).isTrue();
        assertThat(received).containsExactly(file.toString());
    }

    @Test
    void aRelativePathFromAPeerIsRefused() throws Exception {
        InetSocketAddress address = startWindow();
        String token = HandoffFile.read(handoffFile()).orElseThrow().token();

        assertThat(send(address.getPort(), (token + "\tsizing.vram\n").getBytes(StandardCharsets.UTF_8)))
                .isEqualTo("no");
        assertThat(received).isEmpty();
    }

    @Test
    void aPeerThatSaysNothingHoldsUpNoOtherLaunch() throws Exception {
        InetSocketAddress address = startWindow();
        try (Socket silent = new Socket(InetAddress.getLoopbackAddress(), address.getPort())) {
            Path file = Files.writeString(files.resolve("after.vram"), "{}");

            long start = System.nanoTime();
            assertThat(WindowHandoff.forward(configDir, file)).isTrue();

            assertThat((System.nanoTime() - start) / 1_000_000).isLessThan(WindowHandoff.READ_TIMEOUT_MS);
            assertThat(received).containsExactly(file.toString());
        }
    }

    @Test
    void beyondTheBoundOnPeersALaunchIsRefusedAtOnceAndServedOnceTheyAreGone() throws Exception {
        InetSocketAddress address = startWindow();
        Path file = Files.writeString(files.resolve("later.vram"), "{}");
        List<Socket> silent = new java.util.ArrayList<>();
        try {
            for (int i = 0; i < WindowHandoff.MAX_PEERS; i++) {
                silent.add(new Socket(InetAddress.getLoopbackAddress(), address.getPort()));
            }
            Thread.sleep(200);

            long start = System.nanoTime();
            assertThat(WindowHandoff.forward(configDir, file)).isFalse();
            assertThat((System.nanoTime() - start) / 1_000_000).isLessThan(WindowHandoff.READ_TIMEOUT_MS);
            assertThat(received).isEmpty();
        } finally {
            for (Socket s : silent) {
                s.close();
            }
        }
        long deadline = System.nanoTime() + 5_000_000_000L;
        boolean taken = false;
        while (!taken && System.nanoTime() < deadline) {
            taken = WindowHandoff.forward(configDir, file);
            Thread.sleep(50);
        }
        assertThat(taken).isTrue();
        assertThat(received).containsExactly(file.toString());
    }

    @Test
    void malformedOrOversizedHandoffFilesAreNoWindow() throws Exception {
        for (String content : List.of("", "12345\n", "70000 0123456789abcdef0123456789abcdef\n",
                "0 0123456789abcdef0123456789abcdef\n", "123 0123456789ABCDEF0123456789ABCDEF\n",
                "123 0123456789abcdef0123456789abcdef\nextra\n", "1".repeat(HandoffFile.MAX_BYTES + 1))) {
            Files.writeString(handoffFile(), content);
            assertThat(HandoffFile.read(handoffFile())).as(content).isEmpty();
            assertThat(WindowHandoff.forward(configDir, files.resolve("a.vram"))).isFalse();
        }
    }

    @Test
    void closingTheWindowRemovesItsFileButNotOneAWindowStartedLaterWrote() throws Exception {
        startWindow();
        window.close();
        assertThat(handoffFile()).doesNotExist();

        startWindow();
        Endpoint later = new Endpoint(1234, "fedcba9876543210fedcba9876543210");
        HandoffFile.write(handoffFile(), later);
        window.close();
        assertThat(HandoffFile.read(handoffFile())).contains(later);
    }

    @Test
    void aSecondWindowOpenedAndClosedLeavesTheFirstWindowsHandoffInPlace() throws Exception {
        InetSocketAddress first = startWindow();
        WindowHandoff second = WindowHandoff.listenInBackground(configDir, path -> false);
        try {
            assertThat(second.awaitSettled(10_000)).isTrue();
            assertThat(second.address()).as("the second window takes no files").isEmpty();
        } finally {
            second.close();
        }

        assertThat(HandoffFile.read(handoffFile())).map(Endpoint::port).contains(first.getPort());
        Path file = Files.writeString(files.resolve("later.vram"), "{}");
        assertThat(WindowHandoff.forward(configDir, file)).isTrue();
        assertThat(received).containsExactly(file.toAbsolutePath().toString());
    }
}
