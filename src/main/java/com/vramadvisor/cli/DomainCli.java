package com.vramadvisor.cli;

import com.vramadvisor.engine.core.Sizable;
import com.vramadvisor.engine.core.WorkloadKind;
import java.util.Set;

/**
 * How the command line builds one workload kind beyond language models from its flags. Each kind names the flags it
 * reads; {@link DomainRequest#rejectUnread(DomainCli)} refuses every other flag the user typed before
 * {@link #build(DomainRequest)} runs, so no flag is silently ignored.
 */
interface DomainCli {

    WorkloadKind kind();

    /**
     * The flags this kind reads: shared ones (names as {@link ModelOptions}, {@link WorkloadOptions} and
     * {@link CalibrationOption} declare them, e.g. {@code --preset}, {@code --batch}) and those of
     * {@link DomainOptions}; {@code --workload} always belongs and need not be named. A scenario file
     * ({@code --scenario}) replaces all of them and is built without this class ({@link DomainRun#build}).
     */
    Reads reads();

    /** The shared and domain flag names a kind reads. */
    record Reads(Set<String> shared, Set<String> domain) {
    }

    /** Words appended to "FLAG means nothing to --workload KIND" for {@code flag}, or empty. */
    default String hint(String flag) {
        return "";
    }

    /**
     * The workload the flags describe. Flags outside {@link #reads()} have been refused
     * already.
     *
     * @throws CliInputException with one line naming the flag and the problem when a value is missing or invalid
     */
    Sizable build(DomainRequest request);
}
