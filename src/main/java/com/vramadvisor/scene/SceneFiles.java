package com.vramadvisor.scene;

import com.vramadvisor.engine.render.Scene;
import com.vramadvisor.files.FileReadException;
import com.vramadvisor.files.RegularFiles;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * Reads scene files a user points at: regular files of at most {@link #MAX_FILE_BYTES} bytes ({@link RegularFiles});
 * a pipe or a device such as {@code /dev/zero} is refused before it is opened.
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
        byte[] bytes;
        try {
            bytes = RegularFiles.readAllBytes(file, MAX_FILE_BYTES);
        } catch (FileReadException e) {
            throw new SceneFileException(switch (e.reason()) {
                case FOLDER -> "is a folder, not a scene file";
                case TOO_LARGE -> "is larger than 1 MiB (a scene file is a few kilobytes)";
                default -> e.problem();
            }, e);
        }
        return SceneReader.read(text(bytes));
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
