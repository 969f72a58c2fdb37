package com.vramadvisor.app.scenario;

import com.vramadvisor.files.AtomicFiles;
import com.vramadvisor.files.AtomicFiles.MissingFolder;
import com.vramadvisor.files.FileWriteException;
import com.vramadvisor.scenario.ScenarioCodec;
import com.vramadvisor.scenario.ScenarioFileException;
import com.vramadvisor.scenario.ScenarioFileException.Reason;
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

    /**
     * Writes {@code inputs} to {@code file} through a temporary file, so an earlier file survives any failure. A
     * missing folder is created: the last scenario is kept in the configuration folder, which may not exist yet.
     */
    public void save(Path file, ScenarioInputs inputs) throws ScenarioFileException {
        try {
            AtomicFiles.writeString(file, MissingFolder.CREATE, codec.write(inputs));
        } catch (FileWriteException e) {
            // The message already names the file and the reason in one line.
            throw new ScenarioFileException(Reason.IO, e.getMessage(), e);
        }
    }
}
