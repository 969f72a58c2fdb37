package com.vramadvisor.scenario;

import com.vramadvisor.scenario.ScenarioFileException.Reason;
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
 * Reads the text of a scenario file with a size limit that holds for anything a path can name: a regular file, a
 * pipe or a device such as {@code /dev/zero}. At most {@link #MAX_FILE_BYTES} + 1 bytes are read, never the whole of
 * something larger, so a wrong path fails at once instead of filling the memory or reading forever.
 */
public final class ScenarioFiles {

    /** Larger files are not scenarios (a real one is a few kilobytes): 1 MiB, the window's limit too. */
    public static final int MAX_FILE_BYTES = 1 << 20;

    private ScenarioFiles() {
    }

    /**
     * The file's text, decoded as UTF-8.
     *
     * @throws ScenarioFileException {@link Reason#IO} when the file is missing, a folder or unreadable,
     *                               {@link Reason#MALFORMED} when it is larger than 1 MiB or not UTF-8
     */
    public static String readText(Path file) throws ScenarioFileException {
        if (Files.isDirectory(file)) {
            throw new ScenarioFileException(Reason.IO, "is a folder");
        }
        byte[] bytes;
        try (InputStream in = Files.newInputStream(file)) {
            bytes = in.readNBytes(MAX_FILE_BYTES + 1);
        } catch (NoSuchFileException e) {
            throw new ScenarioFileException(Reason.IO, "does not exist", e);
        } catch (IOException e) {
            throw new ScenarioFileException(Reason.IO, "cannot be read (" + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")", e);
        }
        if (bytes.length > MAX_FILE_BYTES) {
            throw new ScenarioFileException(Reason.MALFORMED, "is larger than 1 MiB (a scenario is a few kilobytes)");
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new ScenarioFileException(Reason.MALFORMED, "is not UTF-8 text", e);
        }
    }
}
