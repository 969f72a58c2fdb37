package com.vramadvisor.cli;

import com.vramadvisor.engine.core.JobSize;
import com.vramadvisor.engine.core.Sizable;
import com.vramadvisor.engine.diffusion.DiffusionWorkload;
import com.vramadvisor.engine.hpc.GridProblem;
import com.vramadvisor.engine.hpc.MdSystem;
import com.vramadvisor.engine.vision.VisionWorkload;
import picocli.CommandLine.Option;

/**
 * The job a decision table beyond language models times: vision training's epochs over a dataset, vision inference's
 * images, diffusion generation's images, diffusion fine-tuning's optimizer steps or epochs over a dataset, a
 * simulation's or grid's steps. Each flag applies to the kinds that have a throughput model; elsewhere it is refused
 * in one line.
 */
final class DomainJobOption {

    /** The most epochs accepted, a bound on untrusted input. */
    static final int MAX_EPOCHS = 100_000;

    @Option(names = "--epochs", paramLabel = "N",
            description = "Vision or diffusion training: passes over the dataset the time and job cost are for (vision"
                    + " default 90; diffusion needs --dataset-size with it).")
    Integer epochs;

    @Option(names = "--dataset-size", paramLabel = "N",
            description = "Vision or diffusion training: images per epoch (vision default ImageNet-1k's 1,281,167).")
    String datasetSize;

    @Option(names = "--images", paramLabel = "N",
            description = "Vision inference: images to classify (default 50,000, ImageNet-1k's validation set);"
                    + " diffusion inference: images to generate (default 5,000, MLPerf's text-to-image set).")
    String images;

    @Option(names = "--steps", paramLabel = "N",
            description = "md and grid: time steps (HPCG: iterations) to run (default 1M for md, 10K for grid);"
                    + " diffusion training: optimizer steps (default 10,000 for train, 500 for lora and dreambooth).")
    String steps;

    /**
     * The job these flags give for {@code w}, or {@code null} for its default.
     *
     * @throws CliInputException naming a flag that does not apply to this workload or a bad value
     */
    JobSize job(Sizable w) {
        boolean timed = w.defaultJob().isPresent();
        if (w instanceof VisionWorkload v) {
            refuse(steps, "--steps", "--workload vision (give --epochs and --dataset-size, or --images)");
            if (v.training()) {
                refuse(images, "--images", "vision training (give --epochs and --dataset-size)");
            } else {
                refuse(epochs, "--epochs", "vision inference (give --images)");
                refuse(datasetSize, "--dataset-size", "vision inference (give --images)");
            }
            if (epochs == null && datasetSize == null && images == null) {
                return null;
            }
            int e = epochs == null ? 90 : epochs;
            if (e < 1 || e > MAX_EPOCHS) {
                throw new CliInputException("--epochs must be 1 to " + MAX_EPOCHS + ", got " + e);
            }
            long n = v.training() ? (datasetSize == null ? 1_281_167 : count("--dataset-size", datasetSize))
                    : count("--images", images);
            return check(() -> v.job(e, n), v.training() ? "--dataset-size" : "--images");
        }
        if (w instanceof DiffusionWorkload dw) {
            return diffusion(dw);
        }
        refuse(epochs, "--epochs", "this workload (it applies to vision training)");
        refuse(datasetSize, "--dataset-size", "this workload (it applies to vision training)");
        refuse(images, "--images", "this workload (it applies to vision inference)");
        if (steps == null) {
            return null;
        }
        if (!timed) {
            throw new CliInputException("--steps means nothing to this workload: it has no speed model (many-body"
                    + " potentials, CG and GMRES grids and rendering are not timed)");
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

    private JobSize diffusion(DiffusionWorkload w) {
        if (w.defaultJob().isEmpty() && (epochs != null || datasetSize != null || images != null || steps != null)) {
            throw new CliInputException("the job flags mean nothing to an offloaded diffusion pipeline: it has no"
                    + " speed model");
        }
        if (!w.mode().isTraining()) {
            refuse(epochs, "--epochs", "diffusion inference (give --images)");
            refuse(datasetSize, "--dataset-size", "diffusion inference (give --images)");
            refuse(steps, "--steps", "diffusion inference (give --images; --sampling-steps sets the denoising"
                    + " steps)");
            return images == null ? null : check(() -> w.imagesJob(count("--images", images)), "--images");
        }
        refuse(images, "--images", "diffusion training (give --steps, or --epochs and --dataset-size)");
        if (steps != null) {
            refuse(epochs, "--epochs", "diffusion training with --steps (give one of the two)");
            refuse(datasetSize, "--dataset-size", "diffusion training with --steps (give one of the two)");
            return check(() -> w.stepsJob(count("--steps", steps)), "--steps");
        }
        if (epochs == null && datasetSize == null) {
            return null;
        }
        if (epochs == null || datasetSize == null) {
            throw new CliInputException("diffusion training needs --epochs and --dataset-size together");
        }
        if (epochs < 1 || epochs > MAX_EPOCHS) {
            throw new CliInputException("--epochs must be 1 to " + MAX_EPOCHS + ", got " + epochs);
        }
        long n = count("--dataset-size", datasetSize);
        return check(() -> w.epochsJob(epochs, n), "--dataset-size");
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
