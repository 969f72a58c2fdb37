package com.vramadvisor.app.scenario;

import com.vramadvisor.scenario.ScenarioCodec;
import com.vramadvisor.scenario.ScenarioFileException;
import com.vramadvisor.scenario.ScenarioFileException.Reason;
import com.vramadvisor.app.ui.AtomicFiles;
import com.vramadvisor.scenario.ScenarioInputs;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/** Reads and atomically writes scenario files on disk. */
public final class ScenarioStore {

    /** Files larger than this are not scenarios (a real one is a few kilobytes); refusing them keeps the UI snappy. */
    static final long MAX_FILE_BYTES = 1L << 20;

    private final ScenarioCodec codec = new ScenarioCodec();

    public ScenarioInputs load(Path file) throws ScenarioFileException {
        String text;
        try {
            if (Files.isDirectory(file)) {
                throw new ScenarioFileException(Reason.IO, file + " is a folder");
            }
            if (Files.size(file) > MAX_FILE_BYTES) {
                throw new ScenarioFileException(Reason.MALFORMED, file + " is larger than 1 MiB");
            }
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new ScenarioFileException(Reason.IO, file + " does not exist", e);
        } catch (CharacterCodingException e) {
            throw new ScenarioFileException(Reason.MALFORMED, file + " is not UTF-8 text", e);
        } catch (IOException e) {
            throw new ScenarioFileException(Reason.IO, file + ": " + e.getMessage(), e);
        }
        return codec.read(text);
    }

    /** Writes {@code inputs} to {@code file} through a temporary file, so an earlier file survives any failure. */
    public void save(Path file, ScenarioInputs inputs) throws ScenarioFileException {
        try {
            AtomicFiles.writeString(file, codec.write(inputs));
        } catch (IOException e) {
            throw new ScenarioFileException(Reason.IO, file + ": " + e, e);
        }
    }
}
