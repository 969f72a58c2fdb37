package com.vramadvisor.cli;

import com.vramadvisor.calibration.CalibrationFileException;
import com.vramadvisor.calibration.CalibrationFiles;
import com.vramadvisor.calibration.CalibrationProfile;
import com.vramadvisor.engine.llm.Workload;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * {@code --calibration FILE}: a profile saved by {@code calibrate}, whose fitted CUDA context and allocator
 * fragmentation replace the defaults of the runtime overhead (unless {@code --runtime-overhead off}).
 */
final class CalibrationOption {

    @Option(names = "--calibration", paramLabel = "FILE", description = "A calibration profile saved by 'calibrate'"
            + " (--save): its measured CUDA context and allocator fragmentation replace the defaults.")
    Path file;

    private CalibrationProfile loaded;

    /** The profile, read once; {@code null} without {@code --calibration}. */
    CalibrationProfile profile() {
        if (file == null) {
            return null;
        }
        if (loaded == null) {
            try {
                loaded = CalibrationFiles.read(file);
            } catch (CalibrationFileException e) {
                throw new CliInputException(file + ": --calibration " + e.getMessage());
            } catch (IllegalArgumentException e) {
                throw new CliInputException(file + ": --calibration " + e.getMessage());
            }
        }
        return loaded;
    }

    /** {@code workload} with the profile's runtime overhead, or unchanged without a profile or with overhead off. */
    Workload apply(Workload workload) {
        CalibrationProfile p = profile();
        if (p == null || !workload.overhead().enabled()) {
            return workload;
        }
        return workload.toBuilder().overhead(p.overhead()).build();
    }
}
