package com.vramadvisor.app.open;

import com.vramadvisor.app.open.HandoffFile.Endpoint;
import com.vramadvisor.app.settings.SettingsStore;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * One window per user: a launch with a scenario file (Windows and Linux start a new process for each double-click)
 * hands the file to the window this user already has open, and exits.
 *
 * <p>The window listens on a loopback port ({@code 127.0.0.1}, chosen by the system) and writes the port, a random
 * 128-bit token and its process id to {@link HandoffFile} in the configuration folder. A launch with a file reads
 * it and gives up at once when that process no longer runs (a window killed with {@code kill -9} leaves its file
 * behind, and another program may since hold its port). Otherwise it connects within {@link #CONNECT_TIMEOUT_MS}
 * and the two prove to each other that they know the token without sending it: the launch sends a random nonce; the
 * window answers with its own nonce and an HMAC-SHA256 of both under the token; only when that proof is right does
 * the launch send its HMAC of both nonces and the path, then the path. Whoever else listens on the port learns
 * neither the token nor the path. The window answers {@code ok} when it took the file; anything else (no file, a
 * process that is gone, nobody listening, a wrong proof, no answer within {@link #ANSWER_TIMEOUT_MS}) and the
 * launch opens its own window, as before.
 *
 * <p>The listener trusts nothing it reads: the whole request, both lines, within {@link #REQUEST_TIMEOUT_MS} of the
 * connection (a deadline for the request, not a limit per read, so a peer sending a byte now and then is cut off as
 * soon as a silent one), at most {@link #MAX_LINE_BYTES} bytes a line, the proof compared in constant time; the path
 * must be absolute, and {@link OpenFileRequests} opens it only if it is an existing scenario file, which the window
 * then reads with its usual size limit. At most {@link #MAX_PEERS} peers are served at once, each on its own
 * thread. Nothing here is reachable from another machine: both ends use the loopback address only.
 */
public final class WindowHandoff implements AutoCloseable {

    /** How long a launch waits to connect to a window that its file names. */
    static final int CONNECT_TIMEOUT_MS = 500;
    /** How long the window gives a peer, from its connection, to send the whole request. */
    static final int REQUEST_TIMEOUT_MS = 1_000;
    /**
     * How long a launch gives the whole exchange: well past the window's request deadline, so a window that takes the
     * file has answered before the launch gives up and opens a window of its own.
     */
    static final int ANSWER_TIMEOUT_MS = 3 * REQUEST_TIMEOUT_MS;
    /** Peers served at once; more are refused at once, and those launches open their own windows. */
    static final int MAX_PEERS = 4;
    /** Longest request line: a 64-digit proof, a tab and a path of up to about 8,000 UTF-8 bytes. */
    static final int MAX_LINE_BYTES = 8_192;

    private static final byte[] OK = "ok\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] NO = "no\n".getBytes(StandardCharsets.US_ASCII);
    private static final Pattern NONCE = Pattern.compile("[0-9a-f]{32}");
    private static final Pattern WINDOW_ANSWER = Pattern.compile("([0-9a-f]{32}) ([0-9a-f]{64})");
    private static final int NONCE_BYTES = 16;
    private static final int ANSWER_BYTES = 2 * NONCE_BYTES + 1 + 64 + 1;

    private final Path file;
    private final Predicate<String> open;
    private final long requestTimeoutMillis;
    private final CountDownLatch started = new CountDownLatch(1);
    private ServerSocket server;
    private Endpoint endpoint;
    private boolean closed;
    private final CountDownLatch settled = new CountDownLatch(1);

    private WindowHandoff(Path file, Predicate<String> open, long requestTimeoutMillis) {
        this.file = file;
        this.open = open;
        this.requestTimeoutMillis = requestTimeoutMillis;
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
        if (window.isEmpty() || !window.get().processAlive() || path.indexOf('\n') >= 0 || path.indexOf('\r') >= 0) {
            return false;
        }
        byte[] token = HexFormat.of().parseHex(window.get().token());
        String launchNonce = nonce();
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), window.get().port()),
                    CONNECT_TIMEOUT_MS);
            Deadline deadline = new Deadline(System::nanoTime, ANSWER_TIMEOUT_MS);
            OutputStream out = socket.getOutputStream();
            out.write((launchNonce + "\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = new BufferedInputStream(socket.getInputStream(), 256);
            String answer = readLine(in, ANSWER_BYTES, socket, deadline);
            var m = answer == null ? null : WINDOW_ANSWER.matcher(answer);
            if (m == null || !m.matches() || !equal(m.group(2), windowProof(token, launchNonce, m.group(1)))) {
                // Not the window that wrote the file: it gets neither the token nor the path.
                return false;
            }
            byte[] request = (launchProof(token, m.group(1), launchNonce, path) + "\t" + path + "\n")
                    .getBytes(StandardCharsets.UTF_8);
            if (request.length > MAX_LINE_BYTES) {
                return false;
            }
            out.write(request);
            out.flush();
            return "ok".equals(readLine(in, OK.length, socket, deadline));
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
        return listenInBackground(configDir, open, REQUEST_TIMEOUT_MS);
    }

    /** {@link #listenInBackground(Path, Predicate)} with another time a peer has for its request (tests). */
    static WindowHandoff listenInBackground(Path configDir, Predicate<String> open, long requestTimeoutMillis) {
        WindowHandoff handoff = new WindowHandoff(configDir.resolve(HandoffFile.NAME), open, requestTimeoutMillis);
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
                started.countDown();
                return;
            }
            socket = new ServerSocket(0, 8, InetAddress.getLoopbackAddress());
        } catch (IOException e) {
            // Later launches open their own window, as they did before there was a handoff.
            settled.countDown();
            started.countDown();
            return;
        }
        byte[] token = new byte[NONCE_BYTES];
        new SecureRandom().nextBytes(token);
        Endpoint own = Endpoint.own(socket.getLocalPort(), HexFormat.of().formatHex(token));
        synchronized (this) {
            if (closed) {
                closeQuietly(socket);
                settled.countDown();
                started.countDown();
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
            } finally {
                started.countDown();
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
            // Each peer on its own short-lived thread, so a slow one holds up nobody until its deadline.
            Thread serving = new Thread(() -> {
                try {
                    Deadline deadline = new Deadline(System::nanoTime, requestTimeoutMillis);
                    boolean taken = serve(new BufferedInputStream(peer.getInputStream(), 1024),
                            peer.getOutputStream(), peer, deadline, token);
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

    /**
     * Serves one request within {@code deadline}: proves knowing the token, checks the launch's proof, and passes the
     * path on; whether the window will open it.
     */
    private boolean serve(InputStream in, OutputStream out, Socket peer, Deadline deadline, byte[] token)
            throws IOException {
        String launchNonce = readLine(in, 2 * NONCE_BYTES + 1, peer, deadline);
        if (launchNonce == null || !NONCE.matcher(launchNonce).matches()) {
            return false;
        }
        String windowNonce = nonce();
        out.write((windowNonce + " " + windowProof(token, launchNonce, windowNonce) + "\n")
                .getBytes(StandardCharsets.US_ASCII));
        out.flush();
        String line = readLine(in, MAX_LINE_BYTES, peer, deadline);
        int tab = line == null ? -1 : line.indexOf('\t');
        if (tab < 0) {
            return false;
        }
        String path = line.substring(tab + 1);
        if (!equal(line.substring(0, tab), launchProof(token, windowNonce, launchNonce, path))) {
            return false;
        }
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
     * One line of UTF-8 up to its LF, of at most {@code maxBytes} bytes with the LF, read before {@code deadline};
     * null when the stream ends first or the line is longer. Each read may wait only for what is left of the
     * deadline ({@code socket}'s timeout is set to it; without a socket the deadline is checked between reads).
     *
     * @throws SocketTimeoutException when the deadline passes
     */
    static String readLine(InputStream in, int maxBytes, Socket socket, Deadline deadline) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int read = 0; read < maxBytes; read++) {
            int waitMillis = deadline.remainingMillis();
            if (socket != null) {
                socket.setSoTimeout(waitMillis);
            }
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

    /** The window's proof: HMAC-SHA256 under the token of its role, the launch's nonce and its own. */
    static String windowProof(byte[] token, String launchNonce, String windowNonce) {
        return hmac(token, "vram-advisor window\n" + launchNonce + "\n" + windowNonce);
    }

    /** The launch's proof: HMAC-SHA256 under the token of its role, both nonces and the path it sends. */
    static String launchProof(byte[] token, String windowNonce, String launchNonce, String path) {
        return hmac(token, "vram-advisor launch\n" + windowNonce + "\n" + launchNonce + "\n" + path);
    }

    private static String hmac(byte[] key, String message) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return HexFormat.of().formatHex(mac.doFinal(message.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("every Java runtime has HmacSHA256", e);
        }
    }

    private static boolean equal(String a, String b) {
        return MessageDigest.isEqual(a.getBytes(StandardCharsets.US_ASCII), b.getBytes(StandardCharsets.US_ASCII));
    }

    private static String nonce() {
        byte[] n = new byte[NONCE_BYTES];
        new SecureRandom().nextBytes(n);
        return HexFormat.of().formatHex(n);
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

    /** Waits until it listens, or has given up, and gives the address it listens on (tests). */
    Optional<InetSocketAddress> awaitListening() throws InterruptedException {
        started.await();
        synchronized (this) {
            return endpoint == null ? Optional.empty()
                    : Optional.of((InetSocketAddress) server.getLocalSocketAddress());
        }
    }

    private static void closeQuietly(ServerSocket socket) {
        try {
            socket.close();
        } catch (IOException e) {
            // Closing a listening socket fails only if it is closed already.
        }
    }

    /** A point in time on a nanosecond clock by which a whole exchange must be read. */
    static final class Deadline {
        private final LongSupplier nanoClock;
        private final long endNanos;

        Deadline(LongSupplier nanoClock, long millis) {
            this.nanoClock = nanoClock;
            this.endNanos = nanoClock.getAsLong() + millis * 1_000_000L;
        }

        /**
         * Whole milliseconds left, at least 1 (a socket timeout of 0 would mean none).
         *
         * @throws SocketTimeoutException when the deadline has passed
         */
        int remainingMillis() throws SocketTimeoutException {
            long left = endNanos - nanoClock.getAsLong();
            if (left <= 0) {
                throw new SocketTimeoutException("the request's deadline has passed");
            }
            return (int) Math.max(1, Math.min(Integer.MAX_VALUE, (left + 999_999) / 1_000_000));
        }
    }
}
