package com.vramadvisor.cli;

import com.vramadvisor.engine.core.JobSize;
import com.vramadvisor.engine.core.Sizable;
import com.vramadvisor.engine.hpc.GridProblem;
import com.vramadvisor.engine.hpc.MdSystem;
import com.vramadvisor.engine.vision.VisionWorkload;
import com.vramadvisor.scenario.DomainJob;
import com.vramadvisor.scenario.ScenarioWorkloads;
import com.vramadvisor.scenario.SpreadWorkload;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/**
 * The job a decision table beyond language models times: vision training's epochs over a dataset, vision inference's
 * images, a simulation's or grid's steps. Each flag applies to the kinds that have a throughput model; elsewhere it
 * is refused in one line. A scenario file's job is the default these flags override, count by count.
 */
final class DomainJobOption {

    /** The most epochs accepted, a bound on untrusted input. */
    static final int MAX_EPOCHS = 100_000;

    @Option(names = "--epochs", paramLabel = "N",
            description = "Vision training: passes over the dataset the time and job cost are for (default: the"
                    + " scenario file's, else 90).")
    Integer epochs;

    @Option(names = "--dataset-size", paramLabel = "N",
            description = "Vision training: images per epoch (default: the scenario file's, else ImageNet-1k's"
                    + " 1,281,167).")
    String datasetSize;

    @Option(names = "--images", paramLabel = "N",
            description = "Vision inference: images to classify (default: the scenario file's, else 50,000,"
                    + " ImageNet-1k's validation set).")
    String images;

    @Option(names = "--steps", paramLabel = "N",
            description = "md and grid: time steps (HPCG: iterations) to run (default: the scenario file's, else 1M"
                    + " for md, 10K for grid).")
    String steps;

    /**
     * The job these flags give for {@code w}, or {@code null} for its default.
     *
     * @throws CliInputException naming a flag that does not apply to this workload or a bad value
     */
    JobSize job(Sizable w) {
        return job(w, null, null);
    }

    /**
     * The job for {@code w} built from a scenario file: the file's job ({@code domainWorkloads.job}) with each count
     * these flags give in its place, timed as the window times it ({@link ScenarioWorkloads#job}); without a file,
     * {@link #job(Sizable)}.
     *
     * @param fromFile the file's job, or {@code null} without {@code --scenario}
     * @param file     the file, for messages
     * @throws CliInputException naming a flag that does not apply to this workload, a bad value, or the file when the
     *                           engine refuses its job
     */
    JobSize job(Sizable spread, DomainJob fromFile, Path file) {
        Sizable w = SpreadWorkload.unspread(spread);
        if (fromFile != null) {
            checkFlagsApply(w);
            if (w.defaultJob().isEmpty()) {
                return null;
            }
            DomainJob merged = fromFile;
            try {
                if (epochs != null) {
                    merged = merged.withEpochs(epochs);
                }
                if (datasetSize != null) {
                    merged = merged.withDatasetSize(count("--dataset-size", datasetSize));
                }
                if (images != null) {
                    merged = merged.withImages(count("--images", images));
                }
                if (steps != null) {
                    long n = count("--steps", steps);
                    merged = merged.withMdSteps(n).withGridSteps(n);
                }
                return ScenarioWorkloads.job(spread, merged);
            } catch (IllegalArgumentException e) {
                boolean typed = epochs != null || datasetSize != null || images != null || steps != null;
                throw new CliInputException((typed ? "the job" : file + ": the scenario's job") + ": "
                        + e.getMessage());
            }
        }
        checkFlagsApply(w);
        if (w instanceof VisionWorkload v) {
            if (epochs == null && datasetSize == null && images == null) {
                return null;
            }
            int e = epochs == null ? 90 : epochs;
            long n = v.training() ? (datasetSize == null ? 1_281_167 : count("--dataset-size", datasetSize))
                    : count("--images", images);
            return check(() -> v.job(e, n), v.training() ? "--dataset-size" : "--images");
        }
        if (steps == null) {
            return null;
        }
        long n = count("--steps", steps);
        if (w instanceof MdSystem md) {
            return check(() -> md.job(n), "--steps");
        }
        if (w instanceof GridProblem g) {
            return check(() -> g.job(n), "--steps");
        }
        throw new CliInputException("--steps means nothing to this workload");
    }

    /** Refuses a job flag that means nothing to {@code w}, or an epoch count out of range. */
    private void checkFlagsApply(Sizable w) {
        if (w instanceof VisionWorkload v) {
            refuse(steps, "--steps", "--workload vision (give --epochs and --dataset-size, or --images)");
            if (v.training()) {
                refuse(images, "--images", "vision training (give --epochs and --dataset-size)");
            } else {
                refuse(epochs, "--epochs", "vision inference (give --images)");
                refuse(datasetSize, "--dataset-size", "vision inference (give --images)");
            }
            if (epochs != null && (epochs < 1 || epochs > MAX_EPOCHS)) {
                throw new CliInputException("--epochs must be 1 to " + MAX_EPOCHS + ", got " + epochs);
            }
            return;
        }
        refuse(epochs, "--epochs", "this workload (it applies to vision training)");
        refuse(datasetSize, "--dataset-size", "this workload (it applies to vision training)");
        refuse(images, "--images", "this workload (it applies to vision inference)");
        if (steps != null && w.defaultJob().isEmpty()) {
            throw new CliInputException("--steps means nothing to this workload: it has no speed model (many-body"
                    + " potentials, CG and GMRES grids, rendering and diffusion are not timed)");
        }
    }

    private static void refuse(Object value, String flag, String where) {
        if (value != null) {
            throw new CliInputException(flag + " means nothing to " + where);
        }
    }

    private static long count(String flag, String text) {
        long n;
        try {
            n = Quantities.parseCount(text);
        } catch (IllegalArgumentException e) {
            throw new CliInputException(flag + " must be a count such as 50000 or 1M, got '" + text + "'");
        }
        if (n < 1) {
            throw new CliInputException(flag + " must be at least 1, got '" + text + "'");
        }
        return n;
    }

    private static JobSize check(java.util.function.Supplier<JobSize> job, String flag) {
        try {
            return job.get();
        } catch (IllegalArgumentException e) {
            throw new CliInputException(flag + ": " + e.getMessage());
        }
    }
}
