package com.vramadvisor.app.scenario;

import com.vramadvisor.files.AtomicFiles;
import com.vramadvisor.files.AtomicFiles.MissingFolder;
import com.vramadvisor.files.FileWriteException;
import com.vramadvisor.scenario.ScenarioCodec;
import com.vramadvisor.scenario.ScenarioFiles;
import com.vramadvisor.scenario.ScenarioFileException;
import com.vramadvisor.scenario.ScenarioFileException.Reason;
import com.vramadvisor.scenario.ScenarioInputs;
import java.nio.file.Path;

/** Reads and atomically writes scenario files on disk. */
public final class ScenarioStore {

    private final ScenarioCodec codec = new ScenarioCodec();

    /**
     * Reads a scenario file through {@link ScenarioFiles#readText}, which reads a regular file of at most 1 MiB and
     * refuses a pipe or a device such as {@code /dev/zero} before opening it, so a wrong file is refused at once.
     */
    public ScenarioInputs load(Path file) throws ScenarioFileException {
        String text;
        try {
            text = ScenarioFiles.readText(file);
        } catch (ScenarioFileException e) {
            throw new ScenarioFileException(e.reason(), file + " " + e.detail(), e);
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
