package com.vramadvisor.scenario;

/**
 * The job the decision table times for the workload kinds with a speed model (ADR 22): vision training's epochs over
 * a dataset, vision inference's images, a simulation's and a grid's time steps. The defaults are the engine's default
 * jobs: 90 epochs of ImageNet-1k's 1,281,167 training images (the ResNet recipe of He et al. 2016 and torchvision's
 * reference scripts), its 50,000 validation images, 10^6 MD steps and 10^4 grid steps; diffusion: 5,000 generated
 * images (MLPerf Inference's text-to-image set) at the pipeline's own sampling steps, and the fine-tuning steps of the
 * diffusers examples for the mode (0 stands for those defaults).
 *
 * @param epochs      passes over the dataset in vision training, 1 to {@link #MAX_EPOCHS}
 * @param datasetSize images per epoch in vision training, 1 to {@link #MAX_COUNT}
 * @param images      images to classify in vision inference, 1 to {@link #MAX_COUNT}
 * @param mdSteps     molecular-dynamics time steps, 1 to {@link #MAX_COUNT}
 * @param gridSteps   grid time steps (HPCG: iterations), 1 to {@link #MAX_COUNT}
 * @param diffusionImages images to generate in diffusion inference, 1 to {@link #MAX_COUNT}
 * @param samplingSteps   denoising steps per generated image, 0 (the pipeline's default) to
 *                        {@link #MAX_SAMPLING_STEPS}
 * @param trainingSteps   optimizer steps of diffusion fine-tuning, 0 (the mode's default) to {@link #MAX_COUNT}
 */
public record DomainJob(int epochs, long datasetSize, long images, long mdSteps, long gridSteps,
                        long diffusionImages, int samplingSteps, long trainingSteps) {

    /** The most epochs accepted, the bound of the CLI's {@code --epochs}. */
    public static final int MAX_EPOCHS = 100_000;
    /** The most sampling steps accepted, the engine's bound. */
    public static final int MAX_SAMPLING_STEPS = 10_000;
    /** The largest count accepted, the engine's bound on a job (10^15 items). */
    public static final long MAX_COUNT = 1_000_000_000_000_000L;

    public DomainJob {
        if (epochs < 1 || epochs > MAX_EPOCHS) {
            throw new IllegalArgumentException("epochs must be 1 to " + MAX_EPOCHS + ", got " + epochs);
        }
        check("datasetSize", datasetSize);
        check("images", images);
        check("mdSteps", mdSteps);
        check("gridSteps", gridSteps);
        check("diffusionImages", diffusionImages);
        if (samplingSteps < 0 || samplingSteps > MAX_SAMPLING_STEPS) {
            throw new IllegalArgumentException("samplingSteps must be 0 to " + MAX_SAMPLING_STEPS + ", got "
                    + samplingSteps);
        }
        if (trainingSteps != 0) {
            check("trainingSteps", trainingSteps);
        }
    }

    private static void check(String name, long n) {
        if (n < 1 || n > MAX_COUNT) {
            throw new IllegalArgumentException(name + " must be 1 to " + MAX_COUNT + ", got " + n);
        }
    }

    /** The engine's default jobs. */
    public static DomainJob defaults() {
        return new DomainJob(90, 1_281_167, 50_000, 1_000_000, 10_000, 5_000, 0, 0);
    }

    public DomainJob withEpochs(int v) {
        return new DomainJob(v, datasetSize, images, mdSteps, gridSteps, diffusionImages, samplingSteps,
                trainingSteps);
    }

    public DomainJob withDatasetSize(long v) {
        return new DomainJob(epochs, v, images, mdSteps, gridSteps, diffusionImages, samplingSteps,
                trainingSteps);
    }

    public DomainJob withImages(long v) {
        return new DomainJob(epochs, datasetSize, v, mdSteps, gridSteps, diffusionImages, samplingSteps,
                trainingSteps);
    }

    public DomainJob withMdSteps(long v) {
        return new DomainJob(epochs, datasetSize, images, v, gridSteps, diffusionImages, samplingSteps,
                trainingSteps);
    }

    public DomainJob withGridSteps(long v) {
        return new DomainJob(epochs, datasetSize, images, mdSteps, v, diffusionImages, samplingSteps,
                trainingSteps);
    }

    public DomainJob withDiffusionImages(long v) {
        return new DomainJob(epochs, datasetSize, images, mdSteps, gridSteps, v, samplingSteps, trainingSteps);
    }

    public DomainJob withSamplingSteps(int v) {
        return new DomainJob(epochs, datasetSize, images, mdSteps, gridSteps, diffusionImages, v, trainingSteps);
    }

    public DomainJob withTrainingSteps(long v) {
        return new DomainJob(epochs, datasetSize, images, mdSteps, gridSteps, diffusionImages, samplingSteps, v);
    }
}
