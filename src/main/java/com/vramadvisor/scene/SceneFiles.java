package com.vramadvisor.scene;

import com.vramadvisor.engine.render.Scene;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Reads scene files a user points at, with a size limit that holds for anything a path names (a file, a pipe,
 * {@code /dev/zero}): at most {@link #MAX_FILE_BYTES} + 1 bytes are read.
 */
public final class SceneFiles {

    /** A scene file groups equal items with counts, so it is a few kilobytes; 1 MiB is generous. */
    public static final int MAX_FILE_BYTES = 1 << 20;

    private SceneFiles() {
    }

    /**
     * @throws SceneFileException one line saying what is wrong (without the file name)
     */
    public static Scene read(Path file) throws SceneFileException {
        if (Files.isDirectory(file)) {
            throw new SceneFileException("is a folder, not a scene file");
        }
        try (InputStream in = Files.newInputStream(file)) {
            return SceneReader.read(text(in.readNBytes(MAX_FILE_BYTES + 1)));
        } catch (NoSuchFileException e) {
            throw new SceneFileException("does not exist", e);
        } catch (IOException e) {
            throw new SceneFileException("cannot be read (" + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")", e);
        }
    }

    static String text(byte[] bytes) throws SceneFileException {
        if (bytes.length > MAX_FILE_BYTES) {
            throw new SceneFileException("is larger than 1 MiB (a scene file is a few kilobytes)");
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new SceneFileException("is not UTF-8 text", e);
        }
    }
}
