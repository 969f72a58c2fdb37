package com.vramadvisor.app.domain;

import com.vramadvisor.app.results.CommitField;
import com.vramadvisor.app.results.ResultsMessages;
import com.vramadvisor.app.workload.NumberParser;
import com.vramadvisor.engine.core.JobSize;
import com.vramadvisor.engine.core.Sizable;
import com.vramadvisor.engine.diffusion.DiffusionWorkload;
import com.vramadvisor.engine.hpc.GridProblem;
import com.vramadvisor.engine.hpc.MdSystem;
import com.vramadvisor.engine.vision.VisionWorkload;
import com.vramadvisor.scenario.DomainInputs;
import com.vramadvisor.scenario.DomainJob;
import com.vramadvisor.scenario.ScenarioWorkloads;
import com.vramadvisor.scenario.SpreadWorkload;
import java.util.OptionalLong;
import java.util.function.Function;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * The job fields of the domain decision table: epochs and dataset size for vision training, images for vision
 * inference, time steps for MD and grid workloads ({@link DomainJob}, ADR 22), images and sampling steps for diffusion
 * generation, optimizer steps for diffusion fine-tuning (ADR 24); a diffusion default (sampling or training steps 0)
 * shows as the count the workload is timed for. Like the language-model table's token budget they edit the scenario
 * only when committed (Enter, leaving the field), one undoable change each; Escape shows the scenario's value again;
 * a text that is not a count says so in one line and keeps the last good value.
 */
public final class DomainJobFields {

    /** Which fields a workload shows. */
    public enum Shown { NONE, TRAINING, INFERENCE, STEPS, GENERATION, FINE_TUNING }

    private final ObjectProperty<DomainInputs> domain;
    private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper(this, "problem", "");
    private final ReadOnlyObjectWrapper<Shown> shown = new ReadOnlyObjectWrapper<>(this, "shown", Shown.NONE);
    private final StringProperty epochsText = new SimpleStringProperty(this, "epochsText", "");
    private final StringProperty datasetText = new SimpleStringProperty(this, "datasetText", "");
    private final StringProperty imagesText = new SimpleStringProperty(this, "imagesText", "");
    private final StringProperty stepsText = new SimpleStringProperty(this, "stepsText", "");
    private final StringProperty samplingText = new SimpleStringProperty(this, "samplingText", "");
    private final StringProperty trainingText = new SimpleStringProperty(this, "trainingText", "");
    private final ObjectProperty<Number> epochs = new SimpleObjectProperty<>(this, "epochs");
    private final ObjectProperty<Number> dataset = new SimpleObjectProperty<>(this, "dataset");
    private final ObjectProperty<Number> images = new SimpleObjectProperty<>(this, "images");
    private final ObjectProperty<Number> steps = new SimpleObjectProperty<>(this, "steps");
    private final ObjectProperty<Number> sampling = new SimpleObjectProperty<>(this, "sampling");
    private final ObjectProperty<Number> training = new SimpleObjectProperty<>(this, "training");
    private final CommitField epochsField;
    private final CommitField datasetField;
    private final CommitField imagesField;
    private final CommitField stepsField;
    private final CommitField samplingField;
    private final CommitField trainingField;
    private boolean gridSteps;
    private DiffusionWorkload diffusion;
    private boolean syncing;

    DomainJobFields(ObjectProperty<DomainInputs> domain, ReadOnlyObjectProperty<Sizable> workload,
                    ResultsMessages messages) {
        this.domain = domain;
        show(workload.get());
        load(domain.get().job());
        Function<Number, String> count = v -> messages.integer(v.longValue());
        epochsField = new CommitField(epochsText, epochs, t -> parse(t, DomainJob.MAX_EPOCHS,
                dataset.get().longValue()), count, t -> messages.get("domain.job.epochs.invalid", t), problem::set);
        datasetField = new CommitField(datasetText, dataset, t -> parse(t, DomainJob.MAX_COUNT,
                epochs.get().longValue()), count, t -> messages.get("domain.job.dataset.invalid", t), problem::set);
        imagesField = new CommitField(imagesText, images, t -> parse(t, DomainJob.MAX_COUNT, 1), count,
                t -> messages.get("domain.job.images.invalid", t), problem::set);
        stepsField = new CommitField(stepsText, steps, t -> parse(t, DomainJob.MAX_COUNT, 1), count,
                t -> messages.get("domain.job.steps.invalid", t), problem::set);
        samplingField = new CommitField(samplingText, sampling, t -> parse(t, DomainJob.MAX_SAMPLING_STEPS, 1),
                count, t -> messages.get("domain.job.samplingSteps.invalid", t), problem::set);
        trainingField = new CommitField(trainingText, training, t -> parse(t, DomainJob.MAX_COUNT, 1), count,
                t -> messages.get("domain.job.trainingSteps.invalid", t), problem::set);
        domain.addListener((obs, old, now) -> sync());
        workload.addListener((obs, old, now) -> {
            show(now);
            sync();
        });
        epochs.addListener((obs, old, now) -> edit(j -> j.withEpochs(now.intValue())));
        dataset.addListener((obs, old, now) -> edit(j -> j.withDatasetSize(now.longValue())));
        images.addListener((obs, old, now) -> edit(j -> diffusion != null ? j.withDiffusionImages(now.longValue())
                : j.withImages(now.longValue())));
        sampling.addListener((obs, old, now) -> edit(j -> j.withSamplingSteps(now.intValue())));
        training.addListener((obs, old, now) -> edit(j -> j.withTrainingSteps(now.longValue())));
        steps.addListener((obs, old, now) -> edit(j -> gridSteps ? j.withGridSteps(now.longValue())
                : j.withMdSteps(now.longValue())));
        messages.localeProperty().addListener((obs, old, now) -> revertAll());
    }

    /**
     * A whole number of at least 1 and at most {@code max} whose product with {@code other} (the epochs for a dataset
     * size, and the other way round) stays within an engine job's bound; else {@code null}.
     */
    private static Number parse(String text, long max, long other) {
        OptionalLong v = NumberParser.parse(text, NumberParser.Suffixes.DECIMAL);
        if (v.isEmpty() || v.getAsLong() < 1 || v.getAsLong() > max
                || (double) v.getAsLong() * other > JobSize.MAX_ITEMS) {
            return null;
        }
        return max == DomainJob.MAX_EPOCHS || max == DomainJob.MAX_SAMPLING_STEPS ? (Number) (int) v.getAsLong()
                : (Number) v.getAsLong();
    }

    private void show(Sizable spread) {
        Sizable w = spread == null ? null : SpreadWorkload.unspread(spread);
        gridSteps = w instanceof GridProblem;
        diffusion = w instanceof DiffusionWorkload d ? d : null;
        if (w == null || w.defaultJob().isEmpty()) {
            shown.set(Shown.NONE);
        } else if (diffusion != null) {
            shown.set(diffusion.mode().isTraining() ? Shown.FINE_TUNING : Shown.GENERATION);
        } else if (w instanceof VisionWorkload v) {
            shown.set(v.training() ? Shown.TRAINING : Shown.INFERENCE);
        } else {
            shown.set(w instanceof MdSystem || w instanceof GridProblem ? Shown.STEPS : Shown.NONE);
        }
    }

    /** Shows the scenario's job in the fields (a commit, undo, an opened file, another kind). */
    private void sync() {
        syncing = true;
        try {
            load(domain.get().job());
        } finally {
            syncing = false;
        }
        revertAll();
    }

    /** The scenario's job in the fields' values; a diffusion default shows the count the workload is timed for. */
    private void load(DomainJob j) {
        epochs.set(j.epochs());
        dataset.set(j.datasetSize());
        images.set(diffusion != null ? j.diffusionImages() : j.images());
        steps.set(gridSteps ? j.gridSteps() : j.mdSteps());
        DiffusionWorkload d = diffusion;
        sampling.set(j.samplingSteps() > 0 || d == null ? Math.max(1, j.samplingSteps())
                : d.effectiveSamplingSteps());
        training.set(j.trainingSteps() > 0 || d == null || !d.mode().isTraining() ? Math.max(1, j.trainingSteps())
                : Math.round(d.defaultJob().map(JobSize::items).orElse((double) d.batch()) / d.batch()));
    }

    private void edit(java.util.function.UnaryOperator<DomainJob> change) {
        if (!syncing) {
            DomainInputs d = domain.get();
            domain.set(d.withJob(change.apply(d.job())));
        }
    }

    private void revertAll() {
        epochsField.revert();
        datasetField.revert();
        imagesField.revert();
        stepsField.revert();
        samplingField.revert();
        trainingField.revert();
    }

    /**
     * The job {@code w} is timed for with the scenario's {@code job}, or {@code null} for its default job (the
     * counts are the defaults, or the workload has no speed model).
     */
    public static JobSize jobFor(Sizable w, DomainJob job) {
        try {
            return ScenarioWorkloads.job(w, job);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** Applies the typed epochs; {@code false} and a problem when the text is not an acceptable count. */
    public boolean commitEpochs() {
        return epochsField.commit();
    }

    public boolean commitDatasetSize() {
        return datasetField.commit();
    }

    public boolean commitImages() {
        return imagesField.commit();
    }

    public boolean commitSteps() {
        return stepsField.commit();
    }

    /** Drops what was typed in every job field and shows the scenario's job again (Escape). */
    public void revert() {
        problem.set("");
        revertAll();
    }

    public StringProperty epochsTextProperty() {
        return epochsText;
    }

    public StringProperty datasetTextProperty() {
        return datasetText;
    }

    public StringProperty imagesTextProperty() {
        return imagesText;
    }

    public StringProperty stepsTextProperty() {
        return stepsText;
    }

    public boolean commitSamplingSteps() {
        return samplingField.commit();
    }

    public boolean commitTrainingSteps() {
        return trainingField.commit();
    }

    public StringProperty samplingStepsTextProperty() {
        return samplingText;
    }

    public StringProperty trainingStepsTextProperty() {
        return trainingText;
    }

    /** Which fields the current workload shows: none for kinds without a speed model. */
    public ReadOnlyObjectProperty<Shown> shownProperty() {
        return shown.getReadOnlyProperty();
    }

    /** What is wrong with the last typed job value, empty when nothing is. */
    public ReadOnlyStringProperty problemProperty() {
        return problem.getReadOnlyProperty();
    }
}
