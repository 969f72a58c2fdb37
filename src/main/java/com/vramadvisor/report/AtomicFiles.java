package com.vramadvisor.report;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
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

import com.vramadvisor.report.ReportWriteException.Reason;

/**
 * Writes a file so that readers see either the old file or the complete new one, never a broken one: the content
 * goes to a temporary file in the target's folder, is flushed to the disk, and is then renamed over the target in
 * one atomic step. On any failure the temporary file is removed and the target is untouched.
 */
public final class AtomicFiles {

    /** Writes content to a stream; the stream is closed by {@link AtomicFiles}. */
    @FunctionalInterface
    public interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    private AtomicFiles() {
    }

    /**
     * Writes {@code content} to {@code target} atomically.
     *
     * @throws ReportWriteException naming the file and the reason (folder missing, a folder in the way, permission,
     *                              disk full, or the content failing); the earlier file, if any, is intact
     */
    public static void write(Path target, Content content) throws ReportWriteException {
        Path file = target.toAbsolutePath().normalize();
        Path folder = file.getParent();
        if (folder == null || file.getFileName() == null) {
            throw new ReportWriteException(target, Reason.FOLDER_IN_THE_WAY, null, null);
        }
        if (Files.isDirectory(file)) {
            // A rename would replace an empty folder silently; a report is never meant to do that.
            throw new ReportWriteException(target, Reason.FOLDER_IN_THE_WAY, null, null);
        }
        checkFolder(target, folder);

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
                channel.force(true);
            }
            move(temp, file);
        } catch (IOException | RuntimeException e) {
            deleteQuietly(temp, e);
            if (e instanceof IOException io) {
                throw translate(target, folder, io);
            }
            throw new ReportWriteException(target, Reason.FAILED, String.valueOf(e.getMessage()), e);
        }
    }

    private static void checkFolder(Path target, Path folder) throws ReportWriteException {
        Path existing = folder;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing != null && !Files.isDirectory(existing)) {
            throw new ReportWriteException(target, Reason.NOT_A_FOLDER, existing.toString(), null);
        }
        if (!Files.isDirectory(folder)) {
            throw new ReportWriteException(target, Reason.FOLDER_MISSING, folder.toString(), null);
        }
    }

    /**
     * Temporary files are created private (rw-------); a report is a document to share, so it gets the permissions
     * of the file it replaces, or rw-r--r-- (what the usual umask 022 gives a new file).
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

    private static ReportWriteException translate(Path target, Path folder, IOException e) {
        String reason = e instanceof FileSystemException fs && fs.getReason() != null ? fs.getReason()
                : String.valueOf(e.getMessage());
        String lower = reason.toLowerCase(Locale.ROOT);
        if (e instanceof AccessDeniedException || lower.contains("permission denied")
                || lower.contains("read-only file system")) {
            return new ReportWriteException(target, Reason.DENIED, null, e);
        }
        if (lower.contains("no space left") || lower.contains("disk quota") || lower.contains("not enough space")) {
            return new ReportWriteException(target, Reason.NO_SPACE, null, e);
        }
        if (e instanceof NotDirectoryException || lower.contains("not a directory")) {
            return new ReportWriteException(target, Reason.NOT_A_FOLDER, folder.toString(), e);
        }
        if (e instanceof NoSuchFileException) {
            return new ReportWriteException(target, Reason.FOLDER_MISSING, folder.toString(), e);
        }
        if (lower.contains("is a directory") || lower.contains("directory not empty")) {
            return new ReportWriteException(target, Reason.FOLDER_IN_THE_WAY, null, e);
        }
        return new ReportWriteException(target, Reason.FAILED, reason, e);
    }

    private static void deleteQuietly(Path temp, Exception failure) {
        try {
            Files.deleteIfExists(temp);
        } catch (IOException e) {
            failure.addSuppressed(e);
        }
    }

    /** Keeps writers such as PDFBox or Jackson from closing the stream before it is flushed to the disk. */
    private static final class UnclosableOutputStream extends java.io.FilterOutputStream {
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
