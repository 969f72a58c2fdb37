package com.vramadvisor.app.domain;

import com.vramadvisor.app.results.CommitField;
import com.vramadvisor.app.results.ResultsMessages;
import com.vramadvisor.app.workload.NumberParser;
import com.vramadvisor.engine.core.JobSize;
import com.vramadvisor.engine.core.Sizable;
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
 * inference, time steps for MD and grid workloads ({@link DomainJob}, ADR 22). Like the language-model table's token
 * budget they edit the scenario only when committed (Enter, leaving the field), one undoable change each; Escape
 * shows the scenario's value again; a text that is not a count says so in one line and keeps the last good value.
 */
public final class DomainJobFields {

    /** Which fields a workload shows. */
    public enum Shown { NONE, TRAINING, INFERENCE, STEPS }

    private final ObjectProperty<DomainInputs> domain;
    private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper(this, "problem", "");
    private final ReadOnlyObjectWrapper<Shown> shown = new ReadOnlyObjectWrapper<>(this, "shown", Shown.NONE);
    private final StringProperty epochsText = new SimpleStringProperty(this, "epochsText", "");
    private final StringProperty datasetText = new SimpleStringProperty(this, "datasetText", "");
    private final StringProperty imagesText = new SimpleStringProperty(this, "imagesText", "");
    private final StringProperty stepsText = new SimpleStringProperty(this, "stepsText", "");
    private final ObjectProperty<Number> epochs = new SimpleObjectProperty<>(this, "epochs");
    private final ObjectProperty<Number> dataset = new SimpleObjectProperty<>(this, "dataset");
    private final ObjectProperty<Number> images = new SimpleObjectProperty<>(this, "images");
    private final ObjectProperty<Number> steps = new SimpleObjectProperty<>(this, "steps");
    private final CommitField epochsField;
    private final CommitField datasetField;
    private final CommitField imagesField;
    private final CommitField stepsField;
    private boolean gridSteps;
    private boolean syncing;

    DomainJobFields(ObjectProperty<DomainInputs> domain, ReadOnlyObjectProperty<Sizable> workload,
                    ResultsMessages messages) {
        this.domain = domain;
        show(workload.get());
        DomainJob start = domain.get().job();
        epochs.set(start.epochs());
        dataset.set(start.datasetSize());
        images.set(start.images());
        steps.set(gridSteps ? start.gridSteps() : start.mdSteps());
        Function<Number, String> count = v -> messages.integer(v.longValue());
        epochsField = new CommitField(epochsText, epochs, t -> parse(t, DomainJob.MAX_EPOCHS,
                dataset.get().longValue()), count, t -> messages.get("domain.job.epochs.invalid", t), problem::set);
        datasetField = new CommitField(datasetText, dataset, t -> parse(t, DomainJob.MAX_COUNT,
                epochs.get().longValue()), count, t -> messages.get("domain.job.dataset.invalid", t), problem::set);
        imagesField = new CommitField(imagesText, images, t -> parse(t, DomainJob.MAX_COUNT, 1), count,
                t -> messages.get("domain.job.images.invalid", t), problem::set);
        stepsField = new CommitField(stepsText, steps, t -> parse(t, DomainJob.MAX_COUNT, 1), count,
                t -> messages.get("domain.job.steps.invalid", t), problem::set);
        domain.addListener((obs, old, now) -> sync());
        workload.addListener((obs, old, now) -> {
            show(now);
            sync();
        });
        epochs.addListener((obs, old, now) -> edit(j -> j.withEpochs(now.intValue())));
        dataset.addListener((obs, old, now) -> edit(j -> j.withDatasetSize(now.longValue())));
        images.addListener((obs, old, now) -> edit(j -> j.withImages(now.longValue())));
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
        return max == DomainJob.MAX_EPOCHS ? (Number) (int) v.getAsLong() : (Number) v.getAsLong();
    }

    private void show(Sizable spread) {
        Sizable w = spread == null ? null : SpreadWorkload.unspread(spread);
        gridSteps = w instanceof GridProblem;
        if (w == null || w.defaultJob().isEmpty()) {
            shown.set(Shown.NONE);
        } else if (w instanceof VisionWorkload v) {
            shown.set(v.training() ? Shown.TRAINING : Shown.INFERENCE);
        } else {
            shown.set(w instanceof MdSystem || w instanceof GridProblem ? Shown.STEPS : Shown.NONE);
        }
    }

    /** Shows the scenario's job in the fields (a commit, undo, an opened file, another kind). */
    private void sync() {
        DomainJob j = domain.get().job();
        syncing = true;
        try {
            epochs.set(j.epochs());
            dataset.set(j.datasetSize());
            images.set(j.images());
            steps.set(gridSteps ? j.gridSteps() : j.mdSteps());
        } finally {
            syncing = false;
        }
        revertAll();
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

    /** Which fields the current workload shows: none for kinds without a speed model. */
    public ReadOnlyObjectProperty<Shown> shownProperty() {
        return shown.getReadOnlyProperty();
    }

    /** What is wrong with the last typed job value, empty when nothing is. */
    public ReadOnlyStringProperty problemProperty() {
        return problem.getReadOnlyProperty();
    }
}
