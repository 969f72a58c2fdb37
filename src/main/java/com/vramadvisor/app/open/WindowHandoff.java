package com.vramadvisor.app.open;

import com.vramadvisor.app.open.HandoffFile.Endpoint;
import com.vramadvisor.app.settings.SettingsStore;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * One window per user: a launch with a scenario file (Windows and Linux start a new process for each double-click)
 * hands the file to the window this user already has open, and exits.
 *
 * <p>The window listens on a loopback port ({@code 127.0.0.1}, chosen by the system) and writes the port and a random
 * 128-bit token to {@link HandoffFile} in the configuration folder. A launch with a file reads it, connects within
 * {@link #CONNECT_TIMEOUT_MS}, sends one line, {@code <token> TAB <absolute path> LF} in UTF-8, and gets {@code ok} when
 * the window took the file. Anything else (no file, nobody listening, a stale port, a wrong token, no answer within
 * {@link #ANSWER_TIMEOUT_MS}) and the launch opens its own window, as before. The listener trusts nothing it reads:
 * at most {@link #MAX_LINE_BYTES} bytes, one line, within {@link #READ_TIMEOUT_MS}; the token compared in constant
 * time; the path must be absolute, and {@link OpenFileRequests} opens it only if it is an existing scenario file,
 * which the window then reads with its usual size limit. At most {@link #MAX_PEERS} peers are served at once, each on
 * its own thread. Nothing here is reachable from another machine: both ends use the loopback address only.
 */
public final class WindowHandoff implements AutoCloseable {

    /** How long a launch waits to connect to a window that its file names. */
    static final int CONNECT_TIMEOUT_MS = 500;
    /** How long the window waits for a peer's line after accepting it. */
    static final int READ_TIMEOUT_MS = 1_000;
    /**
     * How long a launch waits for the window's answer: well past the window's own read timeout, so a window that
     * takes the file has answered before the launch gives up and opens a window of its own.
     */
    static final int ANSWER_TIMEOUT_MS = 3 * READ_TIMEOUT_MS;
    /** Peers served at once; more are refused at once, and those launches open their own windows. */
    static final int MAX_PEERS = 4;
    /** Longest request line: a 32-digit token, a tab and a path of up to about 8,000 UTF-8 bytes. */
    static final int MAX_LINE_BYTES = 8_192;

    private static final byte[] OK = "ok\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] NO = "no\n".getBytes(StandardCharsets.US_ASCII);

    private final Path file;
    private final Predicate<String> open;
    private ServerSocket server;
    private Endpoint endpoint;
    private boolean closed;
    private final CountDownLatch settled = new CountDownLatch(1);

    private WindowHandoff(Path file, Predicate<String> open) {
        this.file = file;
        this.open = open;
    }

    /**
     * Hands {@code scenario} to the window this user has open, if there is one that takes it.
     *
     * @return true when a running window took the file: this launch should exit
     */
    public static boolean forwardToRunningWindow(Path scenario) {
        return forward(SettingsStore.defaultConfigDir(), scenario);
    }

    /** {@link #forwardToRunningWindow} through the handoff file in {@code configDir}. */
    public static boolean forward(Path configDir, Path scenario) {
        Optional<Endpoint> window = HandoffFile.read(configDir.resolve(HandoffFile.NAME));
        String path = scenario.toAbsolutePath().toString();
        if (window.isEmpty() || path.indexOf('\n') >= 0 || path.indexOf('\r') >= 0) {
            return false;
        }
        byte[] request = (window.get().token() + "\t" + path + "\n").getBytes(StandardCharsets.UTF_8);
        if (request.length > MAX_LINE_BYTES) {
            return false;
        }
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), window.get().port()),
                    CONNECT_TIMEOUT_MS);
            socket.setSoTimeout(ANSWER_TIMEOUT_MS);
            socket.getOutputStream().write(request);
            socket.getOutputStream().flush();
            return "ok".equals(readLine(socket.getInputStream(), OK.length));
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    /**
     * Starts listening for later launches' files on a background thread, so the window's start does not wait for
     * it. Files that arrive go to {@code open}.
     *
     * @param configDir the configuration folder, where the handoff file goes
     * @param open      takes an absolute path and says whether it will be opened ({@link OpenFileRequests#submit})
     * @return the listener, to {@link #close} when the window closes
     */
    public static WindowHandoff listenInBackground(Path configDir, Predicate<String> open) {
        WindowHandoff handoff = new WindowHandoff(configDir.resolve(HandoffFile.NAME), open);
        Thread thread = new Thread(handoff::listen, "vram-advisor-handoff");
        thread.setDaemon(true);
        thread.setPriority(Thread.MIN_PRIORITY);
        thread.start();
        return handoff;
    }

    /**
     * Opens the port, writes the handoff file, then serves peers until closed; leaves the file to a window that
     * already listens, so that a second window, opened and closed, does not take the first one's file with it.
     */
    private void listen() {
        ServerSocket socket;
        try {
            if (HandoffFile.read(file).filter(e -> listening(e.port())).isPresent()) {
                // Files keep going to the window that was open first; this one takes none.
                settled.countDown();
                return;
            }
            socket = new ServerSocket(0, 8, InetAddress.getLoopbackAddress());
        } catch (IOException e) {
            // Later launches open their own window, as they did before there was a handoff.
            settled.countDown();
            return;
        }
        byte[] token = new byte[16];
        new SecureRandom().nextBytes(token);
        Endpoint own = new Endpoint(socket.getLocalPort(), HexFormat.of().formatHex(token));
        synchronized (this) {
            if (closed) {
                closeQuietly(socket);
                settled.countDown();
                return;
            }
            server = socket;
            try {
                HandoffFile.write(file, own);
                endpoint = own;
                settled.countDown();
                // Also when the process is ended (log out, SIGTERM), where the window's stop() is not called.
                Runtime.getRuntime().addShutdownHook(new Thread(this::close, "vram-advisor-handoff-close"));
            } catch (IOException | IllegalStateException e) {
                // IllegalStateException: the process is exiting already.
                closeQuietly(socket);
                HandoffFile.deleteIfOurs(file, own);
                settled.countDown();
                return;
            }
        }
        Semaphore peers = new Semaphore(MAX_PEERS);
        while (!socket.isClosed()) {
            Socket peer;
            try {
                peer = socket.accept();
            } catch (IOException e) {
                // Closed (the loop ends), or a connection that failed before it was made.
                pauseAfterFailedAccept();
                continue;
            }
            if (!peers.tryAcquire()) {
                answer(peer, NO);
                continue;
            }
            // Each peer on its own short-lived thread, so a silent one holds up nobody for its read timeout.
            Thread serving = new Thread(() -> {
                try {
                    peer.setSoTimeout(READ_TIMEOUT_MS);
                    boolean taken = serve(new BufferedInputStream(peer.getInputStream(), 1024), own.token());
                    answer(peer, taken ? OK : NO);
                } catch (IOException | RuntimeException e) {
                    answer(peer, NO);
                } finally {
                    peers.release();
                }
            }, "vram-advisor-handoff-peer");
            serving.setDaemon(true);
            serving.start();
        }
    }

    /**
     * Whether a window answers on {@code port} of the loopback address: a connection is made within
     * {@link #CONNECT_TIMEOUT_MS} and closed at once, without the token, which that window answers "no".
     */
    private static boolean listening(int port) {
        try (Socket probe = new Socket()) {
            probe.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), CONNECT_TIMEOUT_MS);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Waits until this listener has either written the handoff file or decided to leave it alone (tests).
     *
     * @return whether it settled within {@code millis}
     */
    boolean awaitSettled(long millis) throws InterruptedException {
        return settled.await(millis, TimeUnit.MILLISECONDS);
    }

    /** A short pause, so that accept failing again and again (no file handles left) does not spin a core. */
    private static void pauseAfterFailedAccept() {
        try {
            Thread.sleep(50);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Writes the answer and closes the connection; a peer that has gone away is done with. */
    private static void answer(Socket peer, byte[] answer) {
        try (peer) {
            peer.getOutputStream().write(answer);
        } catch (IOException e) {
            // The launch gave up or ended; it opens its own window.
        }
    }

    /** Reads one request and passes its path on when the token is right; whether the window will open it. */
    private boolean serve(InputStream in, String token) throws IOException {
        String line = readLine(in, MAX_LINE_BYTES);
        int tab = line == null ? -1 : line.indexOf('\t');
        if (tab < 0 || !MessageDigest.isEqual(line.substring(0, tab).getBytes(StandardCharsets.UTF_8),
                token.getBytes(StandardCharsets.UTF_8))) {
            return false;
        }
        String path = line.substring(tab + 1);
        try {
            if (!Path.of(path).isAbsolute()) {
                return false;
            }
        } catch (InvalidPathException e) {
            return false;
        }
        return open.test(path);
    }

    /**
     * One line of UTF-8 up to its LF, of at most {@code maxBytes} bytes with the LF; null when the stream ends
     * first or the line is longer.
     */
    static String readLine(InputStream in, int maxBytes) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int read = 0; read < maxBytes; read++) {
            int b = in.read();
            if (b < 0) {
                return null;
            }
            if (b == '\n') {
                return line.toString(StandardCharsets.UTF_8);
            }
            line.write(b);
        }
        return null;
    }

    /** Stops listening and removes the handoff file, unless a window started later has replaced it. */
    @Override
    public synchronized void close() {
        closed = true;
        if (server != null) {
            closeQuietly(server);
        }
        if (endpoint != null) {
            HandoffFile.deleteIfOurs(file, endpoint);
        }
    }

    /** The address it listens on, once it does (tests). */
    synchronized Optional<InetSocketAddress> address() {
        return endpoint == null ? Optional.empty()
                : Optional.of((InetSocketAddress) server.getLocalSocketAddress());
    }

    private static void closeQuietly(ServerSocket socket) {
        try {
            socket.close();
        } catch (IOException e) {
            // Closing a listening socket fails only if it is closed already.
        }
    }
}
