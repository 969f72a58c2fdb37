package com.vramadvisor.files;

import java.io.BufferedOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Locale;
import java.util.Set;

import com.vramadvisor.files.FileWriteException.Reason;

/**
 * Writes a file so that readers see either the old file or the complete new one, never a broken one: the content
 * goes to a temporary file in the target's folder, is flushed to the disk, and is then renamed over the target in
 * one atomic step. On any failure the temporary file is removed and the target is untouched.
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

    private AtomicFiles() {
    }

    /** Writes {@code text} as UTF-8, as {@link #write} does. */
    public static void writeString(Path target, MissingFolder missingFolder, String text) throws FileWriteException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        write(target, missingFolder, out -> out.write(bytes));
    }

    /**
     * Writes {@code content} to {@code target} atomically. A folder with the target's name is never replaced.
     *
     * @throws FileWriteException naming the file and the reason (folder missing, a file where a folder should be, a
     *                            folder in the way, permission, disk full, or the content failing, with a runtime
     *                            exception too); the earlier file, if any, is intact
     */
    public static void write(Path target, MissingFolder missingFolder, Content content) throws FileWriteException {
        Path file = target.toAbsolutePath().normalize();
        Path folder = file.getParent();
        if (folder == null || file.getFileName() == null) {
            throw new FileWriteException(target, Reason.FOLDER_IN_THE_WAY, null, null);
        }
        if (Files.isDirectory(file)) {
            // The fallback move (without ATOMIC_MOVE) would replace an empty folder silently.
            throw new FileWriteException(target, Reason.FOLDER_IN_THE_WAY, null, null);
        }
        prepareFolder(target, folder, missingFolder);

        Path temp;
        try {
            temp = Files.createTempFile(folder, "." + file.getFileName() + ".", ".tmp");
        } catch (IOException e) {
            throw translate(target, folder, e);
        }
        try {
            setPermissions(temp, file);
            try (FileChannel channel = FileChannel.open(temp, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING);
                 OutputStream out = new BufferedOutputStream(Channels.newOutputStream(channel))) {
                content.writeTo(new UnclosableOutputStream(out));
                out.flush();
                // On the disk before the rename, so a crash cannot leave the target renamed but empty.
                channel.force(true);
            }
            move(temp, file);
        } catch (IOException | RuntimeException e) {
            deleteQuietly(temp, e);
            if (e instanceof IOException io) {
                throw translate(target, folder, io);
            }
            throw new FileWriteException(target, Reason.FAILED, String.valueOf(e.getMessage()), e);
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
