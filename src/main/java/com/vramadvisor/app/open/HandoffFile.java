package com.vramadvisor.app.open;

import com.vramadvisor.files.RegularFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileAttribute;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The file in the user's configuration folder through which a launch finds the window that is already open: one line,
 * {@code <port> <token> <pid>}, the loopback port the window listens on, the secret both ends prove they know, and
 * the window's process id, so that a file left by a window that was killed ({@code kill -9} runs no clean-up) is
 * recognised without connecting to whatever now holds its port. It is written atomically (a temporary file renamed
 * over it) and, where the file system has POSIX permissions, readable by its owner only from the moment it exists;
 * elsewhere (Windows) it inherits the configuration folder's per-user access. Whatever is read back is checked: a
 * file that is not a regular file, too long, or not exactly a port, a 32-digit hex token and a process id, counts as
 * no window.
 */
final class HandoffFile {

    /** Its name in the configuration folder. */
    static final String NAME = "window-handoff";
    /** More than a valid file can hold ({@code 65535}, 32 hex digits, an 18-digit process id, spaces, line end). */
    static final int MAX_BYTES = 64;

    private static final Pattern LINE = Pattern.compile("([0-9]{1,5}) ([0-9a-f]{32}) ([0-9]{1,18})\\r?\\n?");

    /** Where a window listens, as its file says, and which process it is. */
    record Endpoint(int port, String token, long pid) {

        /** This process's window on {@code port}. */
        static Endpoint own(int port, String token) {
            return new Endpoint(port, token, ProcessHandle.current().pid());
        }

        /** Whether the process that wrote the file still runs (a later process may have its id: the proof decides). */
        boolean processAlive() {
            return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
        }
    }

    private HandoffFile() {
    }

    /** Writes {@code endpoint} to {@code file}, replacing what was there in one step; creates the folder. */
    static void write(Path file, Endpoint endpoint) throws IOException {
        Path folder = file.toAbsolutePath().getParent();
        Files.createDirectories(folder);
        FileAttribute<?>[] ownerOnly = folder.getFileSystem().supportedFileAttributeViews().contains("posix")
                ? new FileAttribute<?>[] {PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString(
                        "rw-------"))}
                : new FileAttribute<?>[0];
        Path temp = Files.createTempFile(folder, "." + NAME, ".tmp", ownerOnly);
        try {
            Files.writeString(temp, endpoint.port() + " " + endpoint.token() + " " + endpoint.pid() + "\n",
                    StandardCharsets.US_ASCII);
            try {
                Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    /** The endpoint {@code file} names; empty when it is missing, not a regular file, too long or malformed. */
    static Optional<Endpoint> read(Path file) {
        byte[] bytes;
        try {
            bytes = RegularFiles.readAllBytes(file, MAX_BYTES);
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
        Matcher m = LINE.matcher(new String(bytes, StandardCharsets.US_ASCII));
        if (!m.matches()) {
            return Optional.empty();
        }
        int port = Integer.parseInt(m.group(1));
        long pid = Long.parseLong(m.group(3));
        return port >= 1 && port <= 65_535 && pid > 0 ? Optional.of(new Endpoint(port, m.group(2), pid))
                : Optional.empty();
    }

    /** Removes {@code file} if it still names {@code endpoint}: a window started later may have replaced it. */
    static void deleteIfOurs(Path file, Endpoint endpoint) {
        if (read(file).filter(endpoint::equals).isPresent()) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                // A stale file is harmless: its process is gone, so the next launch does not even connect.
            }
        }
    }
}
