package com.vramadvisor.files;

import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryIteratorException;
import java.nio.file.DirectoryStream;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystemException;
import java.nio.file.LinkOption;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

import com.vramadvisor.files.FileWriteException.Reason;

/**
 * Writes a file so that readers see either the old file or the complete new one, never a broken one: the content
 * goes to a temporary file in the target's folder, is flushed to the disk, and is then renamed over the target in
 * one atomic step. On any failure the temporary file is removed and the target is untouched; a temporary file left by
 * a killed process is removed by a later write of the same target.
 *
 * <p>Reports, scenario files, the settings file and window snapshots all go through here.
 */
public final class AtomicFiles {

    /** What to do when the target's folder does not exist yet. */
    public enum MissingFolder {
        /** Create it with any missing parents: for files the application keeps in a place of its own. */
        CREATE,
        /** Fail with {@link Reason#FOLDER_MISSING}: for a path the user typed, where a missing folder is a typo. */
        REFUSE
    }

    /** Writes content to a stream; the stream is closed by {@link AtomicFiles}. */
    @FunctionalInterface
    public interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    /** Content up to this size is rendered in memory before any file is created: 64 MiB. */
    static final int MEMORY_LIMIT_BYTES = 64 << 20;
    /** How long a temporary file of ours must be unchanged before a later write of its target removes it. */
    static final Duration STALE_AFTER = Duration.ofMinutes(5);
    /** Symbolic links followed before giving up, as Linux's ELOOP limit. */
    private static final int MAX_LINKS = 40;

    private AtomicFiles() {
    }

    /** Writes {@code text} as UTF-8, as {@link #write} does. */
    public static void writeString(Path target, MissingFolder missingFolder, String text) throws FileWriteException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        write(target, missingFolder, out -> out.write(bytes));
    }

    /**
     * Writes {@code content} to {@code target} atomically. A folder, a FIFO, a socket or a device node with the
     * target's name is never replaced; a symbolic link is kept, and the file it points to is written instead.
     *
     * <p>The content is rendered into memory first, up to {@value #MEMORY_LIMIT_BYTES} bytes, so that a process
     * killed while rendering (where the time goes) leaves nothing behind; only larger content spills into the
     * temporary file as it is rendered. Temporary files of the target left by a write that was killed are removed
     * once they have not changed for {@link #STALE_AFTER}.
     *
     * @throws FileWriteException naming the file and the reason (folder missing, a file where a folder should be, a
     *                            folder or a pipe or device in the way, permission, a folder that takes no new files, disk full, or the
     *                            content failing, with a runtime exception too); the earlier file, if any, is intact
     */
    public static void write(Path target, MissingFolder missingFolder, Content content) throws FileWriteException {
        write(target, missingFolder, content, MEMORY_LIMIT_BYTES);
    }

    /** {@link #write(Path, MissingFolder, Content)} with another memory limit; tests use a small one. */
    static void write(Path target, MissingFolder missingFolder, Content content, int memoryLimitBytes)
            throws FileWriteException {
        Path file = followLinks(target, target.toAbsolutePath().normalize());
        Path folder = file.getParent();
        if (folder == null || file.getFileName() == null) {
            throw new FileWriteException(target, Reason.FOLDER_IN_THE_WAY, null, null);
        }
        if (Files.isDirectory(file)) {
            // The fallback move (without ATOMIC_MOVE) would replace an empty folder silently.
            throw new FileWriteException(target, Reason.FOLDER_IN_THE_WAY, null, null);
        }
        if (Files.exists(file) && !Files.isRegularFile(file)) {
            // A FIFO, socket or device node: the rename would replace it with a regular file.
            throw new FileWriteException(target, Reason.NOT_A_REGULAR_FILE, null, null);
        }
        prepareFolder(target, folder, missingFolder);
        removeStaleTemporaries(file);

        SpillingOutput spill = new SpillingOutput(file, memoryLimitBytes);
        try {
            try (OutputStream out = new UnclosableOutputStream(spill)) {
                content.writeTo(out);
            }
            spill.finish();
            move(spill.temp, file);
        } catch (IOException | RuntimeException e) {
            spill.discard(e);
            if (e instanceof IOException io) {
                throw translate(target, folder, io);
            }
            throw new FileWriteException(target, Reason.FAILED, String.valueOf(e.getMessage()), e);
        }
    }

    /**
     * The file a chain of symbolic links ends at, or {@code file} itself; a link whose target does not exist yet
     * still names where the file goes. Replacing the link by a regular file would cut it from what it pointed to.
     */
    private static Path followLinks(Path target, Path file) throws FileWriteException {
        Path p = file;
        try {
            for (int hops = 0; Files.isSymbolicLink(p); hops++) {
                if (hops == MAX_LINKS) {
                    throw new FileWriteException(target, Reason.FAILED, "too many levels of symbolic links", null);
                }
                p = p.resolveSibling(Files.readSymbolicLink(p)).toAbsolutePath().normalize();
            }
        } catch (IOException | SecurityException e) {
            throw new FileWriteException(target, Reason.FAILED, String.valueOf(e.getMessage()), e);
        }
        return p;
    }

    /**
     * Removes {@code .name.<digits>.tmp} files beside {@code file} that have not changed for {@link #STALE_AFTER}:
     * what {@link Files#createTempFile} named for an earlier write of the same file that was killed before its
     * rename. A write in progress changes its temporary file all along, so the age keeps it safe; other files,
     * other targets' temporaries included, are left alone. Failing to remove one is no reason to fail the write.
     */
    private static void removeStaleTemporaries(Path file) {
        Pattern ours = Pattern.compile("\\." + Pattern.quote(file.getFileName().toString()) + "\\.[0-9]{1,20}\\.tmp");
        FileTime before = FileTime.from(Instant.now().minus(STALE_AFTER));
        try (DirectoryStream<Path> temps = Files.newDirectoryStream(file.getParent(),
                p -> ours.matcher(p.getFileName().toString()).matches())) {
            for (Path t : temps) {
                removeIfOlder(t, before);
            }
        } catch (IOException | DirectoryIteratorException | SecurityException e) {
            // Leftovers stay until a later write; the write itself goes on.
        }
    }

    private static void removeIfOlder(Path temp, FileTime before) {
        try {
            BasicFileAttributes a = Files.readAttributes(temp, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            if (a.isRegularFile() && a.lastModifiedTime().compareTo(before) < 0) {
                Files.deleteIfExists(temp);
            }
        } catch (IOException | SecurityException e) {
            // Gone already, or not ours to remove: the others are still tried.
        }
    }

    private static void prepareFolder(Path target, Path folder, MissingFolder missingFolder)
            throws FileWriteException {
        Path existing = folder;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing != null && !Files.isDirectory(existing)) {
            throw new FileWriteException(target, Reason.NOT_A_FOLDER, existing.toString(), null);
        }
        if (Files.isDirectory(folder)) {
            return;
        }
        if (missingFolder == MissingFolder.REFUSE) {
            throw new FileWriteException(target, Reason.FOLDER_MISSING, folder.toString(), null);
        }
        try {
            Files.createDirectories(folder);
        } catch (IOException e) {
            throw translate(target, folder, e);
        }
    }

    /**
     * Temporary files are created private (rw-------); the files written here are documents to share or move, so
     * they get the permissions of the file they replace, or rw-r--r-- (what the usual umask 022 gives a new file).
     */
    private static void setPermissions(Path temp, Path file) throws IOException {
        if (!Files.getFileStore(temp).supportsFileAttributeView(PosixFileAttributeView.class)) {
            return;
        }
        Set<PosixFilePermission> permissions = Files.exists(file) ? Files.getPosixFilePermissions(file)
                : PosixFilePermissions.fromString("rw-r--r--");
        Files.setPosixFilePermissions(temp, permissions);
    }

    private static void move(Path temp, Path file) throws IOException {
        try {
            Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            // Same folder, so this only happens on file systems without rename (some network shares).
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private static FileWriteException translate(Path target, Path folder, IOException e) {
        String reason = e instanceof FileSystemException fs && fs.getReason() != null ? fs.getReason()
                : String.valueOf(e.getMessage());
        String lower = reason.toLowerCase(Locale.ROOT);
        if (e instanceof AccessDeniedException || lower.contains("permission denied")
                || lower.contains("read-only file system")) {
            return new FileWriteException(target, Reason.DENIED, null, e);
        }
        if (lower.contains("no space left") || lower.contains("disk quota") || lower.contains("not enough space")) {
            return new FileWriteException(target, Reason.NO_SPACE, null, e);
        }
        if (e instanceof NotDirectoryException || lower.contains("not a directory")) {
            return new FileWriteException(target, Reason.NOT_A_FOLDER, folder.toString(), e);
        }
        if (e instanceof NoSuchFileException && Files.isDirectory(folder)) {
            // The folder is there but will not take a new file: a virtual file system such as /proc.
            return new FileWriteException(target, Reason.NO_NEW_FILES, folder.toString(), e);
        }
        if (e instanceof NoSuchFileException) {
            return new FileWriteException(target, Reason.FOLDER_MISSING, folder.toString(), e);
        }
        if (lower.contains("is a directory") || lower.contains("directory not empty")) {
            return new FileWriteException(target, Reason.FOLDER_IN_THE_WAY, null, e);
        }
        return new FileWriteException(target, Reason.FAILED, reason, e);
    }

    private static void deleteQuietly(Path temp, Exception failure) {
        try {
            Files.deleteIfExists(temp);
        } catch (IOException e) {
            failure.addSuppressed(e);
        }
    }

    /**
     * Holds the content in memory up to a limit; beyond it, and at {@link #finish}, moves it to a new temporary file
     * in the target's folder, so that no file exists while the content is rendered.
     */
    private static final class SpillingOutput extends OutputStream {
        private final Path file;
        private final int memoryLimitBytes;
        private ByteArrayOutputStream memory = new ByteArrayOutputStream();
        private Path temp;
        private FileChannel channel;
        private OutputStream fileOut;

        SpillingOutput(Path file, int memoryLimitBytes) {
            this.file = file;
            this.memoryLimitBytes = memoryLimitBytes;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            if (memory != null && memory.size() + (long) len <= memoryLimitBytes) {
                memory.write(b, off, len);
                return;
            }
            spill();
            fileOut.write(b, off, len);
        }

        private void spill() throws IOException {
            if (memory == null) {
                return;
            }
            temp = Files.createTempFile(file.getParent(), "." + file.getFileName() + ".", ".tmp");
            setPermissions(temp, file);
            channel = FileChannel.open(temp, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
            fileOut = new BufferedOutputStream(Channels.newOutputStream(channel));
            memory.writeTo(fileOut);
            memory = null;
        }

        /** Puts the whole content into the temporary file and onto the disk, and closes it. */
        void finish() throws IOException {
            spill();
            fileOut.flush();
            // On the disk before the rename, so a crash cannot leave the target renamed but empty.
            channel.force(true);
            fileOut.close();
        }

        /** Closes and removes the temporary file, if one was made; problems are added to {@code failure}. */
        void discard(Exception failure) {
            memory = null;
            if (channel != null) {
                try {
                    channel.close();
                } catch (IOException e) {
                    failure.addSuppressed(e);
                }
            }
            if (temp != null) {
                deleteQuietly(temp, failure);
            }
        }
    }

    /** Keeps writers such as PDFBox or Jackson from closing the stream before it is flushed to the disk. */
    private static final class UnclosableOutputStream extends FilterOutputStream {
        UnclosableOutputStream(OutputStream out) {
            super(out);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
        }

        @Override
        public void close() throws IOException {
            flush();
        }
    }
}
