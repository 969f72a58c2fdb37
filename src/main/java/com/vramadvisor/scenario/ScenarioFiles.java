package com.vramadvisor.scenario;

import com.vramadvisor.files.FileReadException;
import com.vramadvisor.files.RegularFiles;
import com.vramadvisor.scenario.ScenarioFileException.Reason;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * Reads the text of a scenario file: a regular file of at most {@link #MAX_FILE_BYTES} bytes ({@link RegularFiles}).
 * A pipe or a device such as {@code /dev/zero} is refused before it is opened and a larger file before it is read,
 * so a wrong path fails at once instead of blocking, filling the memory or reading forever.
 */
public final class ScenarioFiles {

    /** Larger files are not scenarios (a real one is a few kilobytes): 1 MiB, the window's limit too. */
    public static final int MAX_FILE_BYTES = 1 << 20;

    private ScenarioFiles() {
    }

    /**
     * The file's text, decoded as UTF-8.
     *
     * @throws ScenarioFileException {@link Reason#IO} when the file is missing, a folder, not a regular file or
     *                               unreadable,
     *                               {@link Reason#MALFORMED} when it is larger than 1 MiB or not UTF-8
     */
    public static String readText(Path file) throws ScenarioFileException {
        byte[] bytes;
        try {
            bytes = RegularFiles.readAllBytes(file, MAX_FILE_BYTES);
        } catch (FileReadException e) {
            if (e.reason() == FileReadException.Reason.TOO_LARGE) {
                throw new ScenarioFileException(Reason.MALFORMED, "is larger than 1 MiB (a scenario is a few kilobytes)");
            }
            throw new ScenarioFileException(Reason.IO, e.problem(), e);
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException e) {
            throw new ScenarioFileException(Reason.MALFORMED, "is not UTF-8 text", e);
        }
    }
}
