package com.vramadvisor.app.open;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.vramadvisor.app.open.HandoffFile.Endpoint;
import com.vramadvisor.files.SpecialFiles;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.channels.ServerSocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The handoff between a launch with a scenario file and the window already open, both ends in this process over the
 * loopback address, with a temporary configuration folder. Nothing here measures time: a window that gives peers a
 * day for their request shows that a slow peer holds up no other launch, and a clock that moves with every byte
 * shows that the deadline is per request, counted in bytes read.
 */
class WindowHandoffTest {

    private static final long DAY_MS = 86_400_000L;
    private static final String TOKEN = "0123456789abcdef0123456789abcdef";

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
        return startWindow(WindowHandoff.REQUEST_TIMEOUT_MS);
    }

    private InetSocketAddress startWindow(long requestTimeoutMillis) throws Exception {
        window = WindowHandoff.listenInBackground(configDir, path -> received.add(path), requestTimeoutMillis);
        return window.awaitListening().orElseThrow();
    }

    private Path handoffFile() {
        return configDir.resolve(HandoffFile.NAME);
    }

    private byte[] token() {
        return HexFormat.of().parseHex(HandoffFile.read(handoffFile()).orElseThrow().token());
    }

    /**
     * Speaks the protocol as a launch would, but with {@code proof} in place of the launch's proof when given, and
     * returns the window's last answer (null when there is none).
     */
    private String request(int port, String path, String proof) throws Exception {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), port)) {
            String launchNonce = "00112233445566778899aabbccddeeff";
            socket.getOutputStream().write((launchNonce + "\n").getBytes(StandardCharsets.US_ASCII));
            InputStream in = socket.getInputStream();
            String answer = WindowHandoff.readLine(in, 200, null, farDeadline());
            String windowNonce = answer.substring(0, 32);
            assertThat(answer.substring(33)).isEqualTo(WindowHandoff.windowProof(token(), launchNonce, windowNonce));
            String sent = proof != null ? proof : WindowHandoff.launchProof(token(), windowNonce, launchNonce, path);
            socket.getOutputStream().write((sent + "\t" + path + "\n").getBytes(StandardCharsets.UTF_8));
            return WindowHandoff.readLine(in, 16, null, farDeadline());
        }
    }

    private static WindowHandoff.Deadline farDeadline() {
        return new WindowHandoff.Deadline(() -> 0, 1);
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
        window.awaitListening().orElseThrow();

        assertThat(WindowHandoff.forward(configDir, files.resolve("x.vram"))).isFalse();
    }

    @Test
    void theWindowListensOnTheLoopbackAddressOnlyAndItsFileIsTheOwnersAlone() throws Exception {
        InetSocketAddress address = startWindow();

        assertThat(address.getAddress().isLoopbackAddress()).isTrue();
        Endpoint written = HandoffFile.read(handoffFile()).orElseThrow();
        assertThat(written.port()).isEqualTo(address.getPort());
        assertThat(written.pid()).isEqualTo(ProcessHandle.current().pid());
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
        HandoffFile.write(handoffFile(), Endpoint.own(port, TOKEN));

        assertThat(WindowHandoff.forward(configDir, files.resolve("a.vram"))).isFalse();
    }

    /**
     * After {@code kill -9} the file stays and names a process that is gone: the launch does not even connect to
     * whoever holds the port now (the listener below never sees a connection).
     */
    @Test
    void aFileLeftByAKilledWindowIsNoWindowAndItsPortIsNotContacted() throws Exception {
        Process gone = new ProcessBuilder("true").start();
        assertThat(gone.waitFor()).isZero();
        try (ServerSocketChannel squatter = ServerSocketChannel.open()) {
            squatter.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            squatter.configureBlocking(false);
            int port = ((InetSocketAddress) squatter.getLocalAddress()).getPort();
            HandoffFile.write(handoffFile(), new Endpoint(port, TOKEN, gone.pid()));

            assertThat(WindowHandoff.forward(configDir, files.resolve("secret plan.vram"))).isFalse();

            assertThat(squatter.accept()).as("a connection made to the old port").isNull();
        }
    }

    /**
     * Another program on the port the file names, in a process that runs (a reused process id, or this one): it gets
     * the launch's nonce, cannot answer with the window's proof, and never receives the token or the path.
     */
    @Test
    void aProgramOnTheOldPortReceivesNeitherTheTokenNorThePath() throws Exception {
        Path file = files.resolve("secret plan.vram");
        ByteArrayOutputStream heard = new ByteArrayOutputStream();
        try (ServerSocket squatter = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            HandoffFile.write(handoffFile(), Endpoint.own(squatter.getLocalPort(), TOKEN));
            Thread impostor = new Thread(() -> {
                try (Socket launch = squatter.accept()) {
                    InputStream in = launch.getInputStream();
                    String nonce = WindowHandoff.readLine(in, 64, null, farDeadline());
                    heard.writeBytes((nonce + "\n").getBytes(StandardCharsets.US_ASCII));
                    launch.getOutputStream().write((nonce + " " + "0".repeat(64) + "\n")
                            .getBytes(StandardCharsets.US_ASCII));
                    heard.writeBytes(in.readAllBytes());
                } catch (IOException e) {
                    heard.writeBytes(("failed: " + e).getBytes(StandardCharsets.UTF_8));
                }
            });
            impostor.start();

            assertThat(WindowHandoff.forward(configDir, file)).isFalse();
            impostor.join();
        }
        String all = heard.toString(StandardCharsets.UTF_8);
        assertThat(all).matches("[0-9a-f]{32}\n").doesNotContain(TOKEN).doesNotContain("secret plan");
    }

    @Test
    void aWrongProofIsRefusedAndOpensNothing() throws Exception {
        InetSocketAddress address = startWindow();
        Path file = Files.writeString(files.resolve("a.vram"), "{}");

        assertThat(request(address.getPort(), file.toString(), "0".repeat(64))).isEqualTo("no");
        assertThat(request(address.getPort(), file.toString(), "")).isEqualTo("no");
        assertThat(received).isEmpty();
        assertThat(request(address.getPort(), file.toString(), null)).isEqualTo("ok");
        assertThat(received).containsExactly(file.toString());
    }

    /** The proof covers the path: a proof made for one file does not open another. */
    @Test
    void aProofForOnePathDoesNotOpenAnother() throws Exception {
        InetSocketAddress address = startWindow();
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), address.getPort())) {
            String launchNonce = "ffeeddccbbaa99887766554433221100";
            socket.getOutputStream().write((launchNonce + "\n").getBytes(StandardCharsets.US_ASCII));
            String answer = WindowHandoff.readLine(socket.getInputStream(), 200, null, farDeadline());
            String proof = WindowHandoff.launchProof(token(), answer.substring(0, 32), launchNonce, "/a.vram");
            socket.getOutputStream().write((proof + "\t/b.vram\n").getBytes(StandardCharsets.UTF_8));
            assertThat(WindowHandoff.readLine(socket.getInputStream(), 16, null, farDeadline())).isEqualTo("no");
        }
        assertThat(received).isEmpty();
    }

    @Test
    void anOversizedOrUnendedRequestIsRefusedAndTheNextPeerIsStillServed() throws Exception {
        InetSocketAddress address = startWindow();

        assertThat(request(address.getPort(), "/" + "a".repeat(WindowHandoff.MAX_LINE_BYTES) + ".vram", null))
                .isEqualTo("no");
        assertThat(received).isEmpty();
        Path file = Files.writeString(files.resolve("next.vram"), "{}");
        assertThat(WindowHandoff.forward(configDir, file)).isTrue();
        assertThat(received).containsExactly(file.toString());
    }

    @Test
    void aRelativePathFromAPeerIsRefused() throws Exception {
        InetSocketAddress address = startWindow();

        assertThat(request(address.getPort(), "sizing.vram", null)).isEqualTo("no");
        assertThat(received).isEmpty();
    }

    /**
     * With a day for its request a silent peer waits all that time: a launch is served beside it all the same, since
     * every peer has a thread of its own.
     */
    @Test
    void aPeerThatSaysNothingHoldsUpNoOtherLaunch() throws Exception {
        InetSocketAddress address = startWindow(DAY_MS);
        try (Socket silent = new Socket(InetAddress.getLoopbackAddress(), address.getPort())) {
            Path file = Files.writeString(files.resolve("after.vram"), "{}");

            assertThat(WindowHandoff.forward(configDir, file)).isTrue();

            assertThat(received).containsExactly(file.toString());
        }
    }

    @Test
    void beyondTheBoundOnPeersALaunchIsRefusedAtOnceAndServedOnceTheyAreGone() throws Exception {
        InetSocketAddress address = startWindow(DAY_MS);
        Path file = Files.writeString(files.resolve("later.vram"), "{}");
        List<Socket> silent = new java.util.ArrayList<>();
        try {
            for (int i = 0; i < WindowHandoff.MAX_PEERS; i++) {
                Socket s = new Socket(InetAddress.getLoopbackAddress(), address.getPort());
                // Each holds a slot once the window has answered its nonce.
                s.getOutputStream().write("00112233445566778899aabbccddeeff\n".getBytes(StandardCharsets.US_ASCII));
                assertThat(WindowHandoff.readLine(s.getInputStream(), 200, null, farDeadline())).isNotNull();
                silent.add(s);
            }

            assertThat(WindowHandoff.forward(configDir, file)).isFalse();
            assertThat(received).isEmpty();
        } finally {
            for (Socket s : silent) {
                // The peer ends its request; the window answers and closes, which the peer reads as the end of the
                // stream, so the window's thread for it is past its work before the launch below.
                s.shutdownOutput();
                s.getInputStream().readAllBytes();
                s.close();
            }
        }
        // Each thread frees its slot just after closing its peer: the launch is taken at once, or after a few tries.
        boolean taken = false;
        for (int tries = 0; tries < 1_000 && !taken; tries++) {
            taken = WindowHandoff.forward(configDir, file);
            if (!taken) {
                Thread.sleep(10);
            }
        }
        assertThat(taken).isTrue();
        assertThat(received).containsExactly(file.toString());
    }

    /**
     * A peer that sends a byte every 0.8 s never waits long on one read, yet the request's deadline, 1 s after the
     * connection, ends it after its second byte: the clock here moves 0.8 s with every byte read.
     */
    @Test
    void theDeadlineIsForTheWholeRequestNotForEachRead() {
        long[] now = {0};
        int[] bytesRead = {0};
        InputStream drip = new InputStream() {
            @Override
            public int read() {
                bytesRead[0]++;
                now[0] += 800_000_000L;
                return 'a';
            }
        };
        WindowHandoff.Deadline deadline = new WindowHandoff.Deadline(() -> now[0], WindowHandoff.REQUEST_TIMEOUT_MS);

        assertThatThrownBy(() -> WindowHandoff.readLine(drip, WindowHandoff.MAX_LINE_BYTES, null, deadline))
                .isInstanceOf(SocketTimeoutException.class);
        assertThat(bytesRead[0]).isEqualTo(2);
    }

    @Test
    void malformedOrOversizedHandoffFilesAreNoWindow() throws Exception {
        for (String content : List.of("", "12345\n", "123 " + TOKEN + "\n", "70000 " + TOKEN + " 1\n",
                "0 " + TOKEN + " 1\n", "123 0123456789ABCDEF0123456789ABCDEF 1\n", "123 " + TOKEN + " 0\n",
                "123 " + TOKEN + " 1\nextra\n", "1".repeat(HandoffFile.MAX_BYTES + 1))) {
            Files.writeString(handoffFile(), content);
            assertThat(HandoffFile.read(handoffFile())).as(content).isEmpty();
            assertThat(WindowHandoff.forward(configDir, files.resolve("a.vram"))).isFalse();
        }
    }

    @Test
    void aFifoAsHandoffFileIsNoWindowAndBlocksNoLaunch() throws Exception {
        SpecialFiles.fifo(configDir, HandoffFile.NAME);
        assertThat(HandoffFile.read(handoffFile())).isEmpty();
        assertThat(WindowHandoff.forward(configDir, files.resolve("a.vram"))).isFalse();
    }

    @Test
    void closingTheWindowRemovesItsFileButNotOneAWindowStartedLaterWrote() throws Exception {
        startWindow();
        window.close();
        assertThat(handoffFile()).doesNotExist();

        startWindow();
        Endpoint later = new Endpoint(1234, "fedcba9876543210fedcba9876543210", 42);
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
            assertThat(second.awaitListening()).as("the second window takes no files").isEmpty();
        } finally {
            second.close();
        }

        assertThat(HandoffFile.read(handoffFile())).map(Endpoint::port).contains(first.getPort());
        Path file = Files.writeString(files.resolve("later.vram"), "{}");
        assertThat(WindowHandoff.forward(configDir, file)).isTrue();
        assertThat(received).containsExactly(file.toAbsolutePath().toString());
    }
}
