package com.vramadvisor.engine.core;

import java.util.Locale;
import java.util.Objects;

/**
 * How much work a job is, in the items of its {@link StepWork} (images, time steps): what the decision table's time
 * and job cost are for. The job is kept as a phrase and its counts, so that every front end words it in its own
 * language ({@code figures/JobText}); {@link #description()} is the English the command line prints.
 *
 * @param phrase what the counts are
 * @param count  the first count: images, epochs, optimizer steps, time steps or iterations
 * @param of     the second count: images per epoch, sampling steps per image, images per optimizer step; 0 for
 *               phrases with one count
 */
public record JobSize(Phrase phrase, long count, long of) {

    /** The largest job accepted, a bound on flags and scenario files: 10^15 items. */
    public static final double MAX_ITEMS = 1e15;

    /** The kinds of job, each with its items and its English words. */
    public enum Phrase {
        /** {@code count} images (inference). */
        IMAGES("images"),
        /** {@code count} epochs of {@code of} images (training). */
        EPOCHS_OF_IMAGES("epochs-of-images"),
        /** {@code count} images of {@code of} sampling steps each (diffusion generation). */
        IMAGES_WITH_SAMPLING_STEPS("images-with-sampling-steps"),
        /** {@code count} optimizer steps of {@code of} images (diffusion fine-tuning). */
        STEPS_OF_IMAGES("steps-of-images"),
        /** {@code count} time steps (molecular dynamics, grids). */
        TIME_STEPS("time-steps"),
        /** {@code count} solver iterations (HPCG). */
        ITERATIONS("iterations");

        private final String id;

        Phrase(String id) {
            this.id = id;
        }

        /** The phrase's key in the message bundles: {@code job.<id>}. */
        public String id() {
            return id;
        }
    }

    public JobSize {
        Objects.requireNonNull(phrase, "phrase");
        boolean two = phrase == Phrase.EPOCHS_OF_IMAGES || phrase == Phrase.IMAGES_WITH_SAMPLING_STEPS
                || phrase == Phrase.STEPS_OF_IMAGES;
        if (count < 1 || (two ? of < 1 : of != 0)) {
            throw new IllegalArgumentException("a job's counts must be at least 1, got " + count + " and " + of);
        }
        double items = items(phrase, count, of);
        if (!(items > 0) || items > MAX_ITEMS) {
            throw new IllegalArgumentException("a job must be 1 to 1e15 items, got " + items);
        }
    }

    /** {@code images} images. */
    public static JobSize images(long images) {
        return new JobSize(Phrase.IMAGES, images, 0);
    }

    /** {@code epochs} passes over {@code images} images. */
    public static JobSize epochsOfImages(long epochs, long images) {
        return new JobSize(Phrase.EPOCHS_OF_IMAGES, epochs, images);
    }

    /** {@code images} generated images of {@code samplingSteps} denoising steps each. */
    public static JobSize imagesWithSamplingSteps(long images, long samplingSteps) {
        return new JobSize(Phrase.IMAGES_WITH_SAMPLING_STEPS, images, samplingSteps);
    }

    /** {@code steps} optimizer steps of {@code batch} images. */
    public static JobSize stepsOfImages(long steps, long batch) {
        return new JobSize(Phrase.STEPS_OF_IMAGES, steps, batch);
    }

    /** {@code steps} time steps. */
    public static JobSize timeSteps(long steps) {
        return new JobSize(Phrase.TIME_STEPS, steps, 0);
    }

    /** {@code iterations} solver iterations. */
    public static JobSize iterations(long iterations) {
        return new JobSize(Phrase.ITERATIONS, iterations, 0);
    }

    /** Items to process, more than 0: images (every pass over every image counted), time steps or iterations. */
    public double items() {
        return items(phrase, count, of);
    }

    private static double items(Phrase phrase, long count, long of) {
        return switch (phrase) {
            case EPOCHS_OF_IMAGES, STEPS_OF_IMAGES -> (double) count * of;
            default -> count;
        };
    }

    /** The job in English ("90 epochs of 1,281,167 images"), as the command line prints it. */
    public String description() {
        return switch (phrase) {
            case IMAGES -> String.format(Locale.ROOT, "%,d images", count);
            case EPOCHS_OF_IMAGES -> String.format(Locale.ROOT, "%,d epochs of %,d images", count, of);
            case IMAGES_WITH_SAMPLING_STEPS -> String.format(Locale.ROOT, "%,d images, %,d sampling steps", count, of);
            case STEPS_OF_IMAGES -> String.format(Locale.ROOT, "%,d steps of %,d image%s", count, of,
                    of == 1 ? "" : "s");
            case TIME_STEPS -> String.format(Locale.ROOT, "%,d time steps", count);
            case ITERATIONS -> String.format(Locale.ROOT, "%,d iterations", count);
        };
    }
}
