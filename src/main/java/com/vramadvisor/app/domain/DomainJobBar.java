package com.vramadvisor.app.domain;

import com.vramadvisor.app.domain.DomainJobFields.Shown;
import com.vramadvisor.app.results.Labelled;
import com.vramadvisor.app.results.ResultsMessages;
import com.vramadvisor.app.results.Tooltips;
import java.util.function.BooleanSupplier;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.StringProperty;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;

/**
 * The job fields above the domain decision table, as the language-model table's token budget: each applies on Enter
 * or when focus leaves, Escape puts the scenario's value back, and a bad text shows its one-line problem. Only the
 * fields of the current workload show; the bar is hidden for kinds without a speed model, where a note says why the
 * table has no time or job cost.
 */
public final class DomainJobBar {

    private DomainJobBar() {
    }

    /**
     * What another kind's decision table shows between its question and its filters
     * ({@link com.vramadvisor.app.results.DecisionTableView}): the job fields, and the note on a missing speed model.
     */
    public static Node[] aboveTable(DomainTableViewModel vm) {
        Label note = new Label();
        note.setId("domainTableNote");
        note.getStyleClass().add("domain-note");
        note.setWrapText(true);
        note.setMinHeight(Region.USE_PREF_SIZE);
        note.textProperty().bind(vm.noteProperty());
        visibleWhen(note, note.textProperty().isNotEmpty());
        return new Node[] {of(vm.job(), vm.messages()), note};
    }

    static FlowPane of(DomainJobFields job, ResultsMessages messages) {
        HBox epochs = box(messages, job, "domainJobEpochsField", "domain.job.epochs", job.epochsTextProperty(),
                job::commitEpochs, Shown.TRAINING);
        HBox dataset = box(messages, job, "domainJobDatasetField", "domain.job.dataset", job.datasetTextProperty(),
                job::commitDatasetSize, Shown.TRAINING);
        HBox images = box(messages, job, "domainJobImagesField", "domain.job.images", job.imagesTextProperty(),
                job::commitImages, job.shownProperty().isEqualTo(Shown.INFERENCE)
                        .or(job.shownProperty().isEqualTo(Shown.GENERATION)));
        HBox sampling = box(messages, job, "domainJobSamplingStepsField", "domain.job.samplingSteps",
                job.samplingStepsTextProperty(), job::commitSamplingSteps, Shown.GENERATION);
        HBox training = box(messages, job, "domainJobTrainingStepsField", "domain.job.trainingSteps",
                job.trainingStepsTextProperty(), job::commitTrainingSteps, Shown.FINE_TUNING);
        HBox steps = box(messages, job, "domainJobStepsField", "domain.job.steps", job.stepsTextProperty(),
                job::commitSteps, Shown.STEPS);
        Label problem = new Label();
        problem.setId("domainJobProblem");
        problem.getStyleClass().add("filter-problem");
        problem.textProperty().bind(job.problemProperty());
        visibleWhen(problem, job.problemProperty().isNotEmpty());
        FlowPane bar = new FlowPane(14, 8, epochs, dataset, images, sampling, training, steps, problem);
        bar.setId("domainJobBar");
        bar.setAlignment(Pos.CENTER_LEFT);
        bar.getStyleClass().addAll("filter-bar", "question-bar");
        visibleWhen(bar, job.shownProperty().isNotEqualTo(Shown.NONE));
        return bar;
    }

    private static HBox box(ResultsMessages messages, DomainJobFields job, String id, String key,
                            StringProperty text, BooleanSupplier commit, Shown when) {
        return box(messages, job, id, key, text, commit, job.shownProperty().isEqualTo(when));
    }

    private static HBox box(ResultsMessages messages, DomainJobFields job, String id, String key,
                            StringProperty text, BooleanSupplier commit, BooleanBinding when) {
        TextField f = new TextField();
        f.setId(id);
        f.setPrefColumnCount(9);
        f.textProperty().bindBidirectional(text);
        Tooltips.describing(messages.text(key + ".tooltip")).attach(f);
        f.setOnAction(e -> commit.getAsBoolean());
        f.focusedProperty().addListener((obs, was, focused) -> {
            if (!focused) {
                commit.getAsBoolean();
            }
        });
        f.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ESCAPE) {
                job.revert();
                e.consume();
            }
        });
        HBox box = Labelled.box(messages, key, f);
        visibleWhen(box, when);
        return box;
    }

    private static void visibleWhen(Node node, BooleanBinding shown) {
        node.visibleProperty().bind(shown);
        node.managedProperty().bind(shown);
    }
}
