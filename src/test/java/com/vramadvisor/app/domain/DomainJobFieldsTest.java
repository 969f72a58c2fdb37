package com.vramadvisor.app.domain;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.vramadvisor.app.domain.DomainJobFields.Shown;
import com.vramadvisor.app.results.DecisionRow;
import com.vramadvisor.app.results.ResultsMessages;
import com.vramadvisor.catalog.Catalog;
import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.engine.core.WorkloadKind;
import com.vramadvisor.scenario.DomainJob;
import com.vramadvisor.scenario.ScenarioInputs;
import com.vramadvisor.scenario.VisionInputs;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javafx.beans.property.SimpleObjectProperty;
import org.junit.jupiter.api.Test;

/** The job fields of the domain decision table, without the toolkit. */
class DomainJobFieldsTest {

    private final Catalog catalog = CatalogLoader.shippedOnly().load();
    private final SimpleObjectProperty<ScenarioInputs> snapshot = new SimpleObjectProperty<>(
            ScenarioInputs.defaults());
    private final ResultsMessages messages = new ResultsMessages(Locale.ENGLISH);
    private final DomainResultsViewModel results = new DomainResultsViewModel(snapshot, new EngineDomainSizer(),
            catalog::gpu, messages);
    private final DomainTableViewModel table = new DomainTableViewModel(snapshot, results.workloadProperty(),
            catalog.hardware(), messages, Runnable::run, Runnable::run);
    private int edits;

    DomainJobFieldsTest() {
        // As the application binds it to the workload panel's: a committed job becomes the scenario's.
        table.domainProperty().set(snapshot.get().domain());
        table.domainProperty().addListener((obs, old, now) -> {
            edits++;
            snapshot.set(snapshot.get().withDomain(now));
        });
    }

    private Map<String, Double> hoursByOption() {
        Map<String, Double> hours = new HashMap<>();
        table.rows().stream().filter(r -> r.hours() != null)
                .forEach(r -> hours.put(r.hardwareId() + "/" + r.gpusNeeded(), r.hours()));
        return hours;
    }

    @Test
    void twiceTheStepsTakeTwiceTheHoursOnEveryOption() {
        snapshot.set(snapshot.get().withKind(WorkloadKind.MD));
        DomainJobFields job = table.job();
        assertThat(job.shownProperty().get()).isEqualTo(Shown.STEPS);
        assertThat(job.stepsTextProperty().get()).isEqualTo("1,000,000");
        Map<String, Double> before = hoursByOption();
        assertThat(before).isNotEmpty();

        job.stepsTextProperty().set("2M");
        assertThat(job.commitSteps()).isTrue();
        assertThat(edits).isEqualTo(1);
        assertThat(snapshot.get().domain().job().mdSteps()).isEqualTo(2_000_000);
        assertThat(table.table().summaryProperty().get()).contains("2,000,000");
        // Time is steps over steps a second (docs/estimation-hpc.md): on the same option, twice the steps take
        // twice the hours.
        Map<String, Double> after = hoursByOption();
        int compared = 0;
        for (Map.Entry<String, Double> e : before.entrySet()) {
            if (after.containsKey(e.getKey())) {
                assertThat(after.get(e.getKey())).isCloseTo(2 * e.getValue(), within(1e-9 * e.getValue()));
                compared++;
            }
        }
        assertThat(compared).isGreaterThan(5);
    }

    @Test
    void aSystemSplitOverFourGpusKeepsItsStepsAndIsTimedLikeTheWholeSystem() {
        snapshot.set(snapshot.get().withKind(WorkloadKind.MD));
        Map<String, Double> one = hoursByOption();
        List<DecisionRow> rows = List.copyOf(table.rows());
        snapshot.set(snapshot.get().withDomain(snapshot.get().domain().withMd(snapshot.get().domain().md()
                .withGpus(4))));
        assertThat(table.job().shownProperty().get()).isEqualTo(Shown.STEPS);
        // The table counts GPUs from the whole system, so a split entered in the workload panel ranks and times each
        // option as the undivided system does: one GPU holds all of it, not a quarter.
        assertThat(hoursByOption()).isNotEmpty().isEqualTo(one);
        assertThat(table.rows()).isNotEmpty().containsExactlyElementsOf(rows);
    }

    @Test
    void diffusionGenerationShowsImagesAndTheDefaultSamplingStepsAndHalfTheStepsTakeAboutHalfTheHours() {
        snapshot.set(snapshot.get().withKind(WorkloadKind.DIFFUSION));
        DomainJobFields job = table.job();
        assertThat(job.shownProperty().get()).isEqualTo(Shown.GENERATION);
        assertThat(job.imagesTextProperty().get()).isEqualTo("5,000");
        assertThat(job.samplingStepsTextProperty().get()).isEqualTo("50");
        Map<String, Double> before = hoursByOption();
        assertThat(before).isNotEmpty();

        job.samplingStepsTextProperty().set("25");
        assertThat(job.commitSamplingSteps()).isTrue();
        assertThat(snapshot.get().domain().job().samplingSteps()).isEqualTo(25);
        assertThat(snapshot.get().domain().job().images()).isEqualTo(DomainJob.defaults().images());
        // The denoiser's work halves; the text encoders and the VAE decode do not: a little over half the hours.
        Map<String, Double> after = hoursByOption();
        int compared = 0;
        for (Map.Entry<String, Double> e : before.entrySet()) {
            if (after.containsKey(e.getKey())) {
                assertThat(after.get(e.getKey()) / e.getValue()).isBetween(0.5, 0.6);
                compared++;
            }
        }
        assertThat(compared).isGreaterThan(5);

        job.imagesTextProperty().set("10K");
        assertThat(job.commitImages()).isTrue();
        assertThat(snapshot.get().domain().job().diffusionImages()).isEqualTo(10_000);
        assertThat(snapshot.get().domain().job().images()).isEqualTo(DomainJob.defaults().images());
    }

    @Test
    void diffusionFineTuningShowsTheModesDefaultStepsAndTakesTypedOnes() {
        snapshot.set(snapshot.get().withKind(WorkloadKind.DIFFUSION));
        table.domainProperty().set(snapshot.get().domain().withDiffusion(
                snapshot.get().domain().diffusion().withMode("lora")));
        DomainJobFields job = table.job();
        assertThat(job.shownProperty().get()).isEqualTo(Shown.FINE_TUNING);
        assertThat(job.trainingStepsTextProperty().get()).isEqualTo("500");
        job.trainingStepsTextProperty().set("0");
        assertThat(job.commitTrainingSteps()).isFalse();
        assertThat(job.problemProperty().get()).contains("Training steps");
        job.trainingStepsTextProperty().set("2,000");
        assertThat(job.commitTrainingSteps()).isTrue();
        assertThat(snapshot.get().domain().job().trainingSteps()).isEqualTo(2_000);
        assertThat(table.table().summaryProperty().get()).contains("2,000");
    }

    @Test
    void badTextSaysWhatIsWrongAndKeepsTheJobAndEscapeShowsItAgain() {
        snapshot.set(snapshot.get().withKind(WorkloadKind.GRID));
        DomainJobFields job = table.job();
        assertThat(job.stepsTextProperty().get()).isEqualTo("10,000");
        job.stepsTextProperty().set("lots");
        assertThat(job.commitSteps()).isFalse();
        assertThat(job.problemProperty().get()).isEqualTo("Time steps 'lots' is not a whole number from 1 to 10^15.");
        assertThat(snapshot.get().domain().job()).isEqualTo(DomainJob.defaults());
        assertThat(edits).isZero();
        job.revert();
        assertThat(job.stepsTextProperty().get()).isEqualTo("10,000");
        assertThat(job.problemProperty().get()).isEmpty();
        // Grid steps are kept apart from MD steps.
        job.stepsTextProperty().set("500");
        assertThat(job.commitSteps()).isTrue();
        assertThat(snapshot.get().domain().job()).isEqualTo(DomainJob.defaults().withGridSteps(500));
    }

    @Test
    void visionTrainingShowsEpochsAndImagesPerEpochAndAnOpenedFileShowsInTheFields() {
        ScenarioInputs s = snapshot.get().withKind(WorkloadKind.VISION);
        snapshot.set(s);
        DomainJobFields job = table.job();
        assertThat(job.shownProperty().get()).isEqualTo(Shown.TRAINING);
        job.epochsTextProperty().set("300");
        assertThat(job.commitEpochs()).isTrue();
        assertThat(table.table().summaryProperty().get()).contains("300 epochs");
        // 10^5 epochs of 10^11 images is beyond the 10^15 items a job may have.
        job.epochsTextProperty().set("100000");
        assertThat(job.commitEpochs()).isTrue();
        job.datasetTextProperty().set("100000000000");
        assertThat(job.commitDatasetSize()).isFalse();
        assertThat(snapshot.get().domain().job().datasetSize()).isEqualTo(1_281_167);
        // Undo or an opened file sets the scenario's domain: the fields follow.
        table.domainProperty().set(s.domain().withJob(DomainJob.defaults().withEpochs(12)));
        assertThat(job.epochsTextProperty().get()).isEqualTo("12");
        snapshot.set(snapshot.get().withDomain(snapshot.get().domain().withVision(
                VisionInputs.defaults().withMode("infer"))));
        assertThat(job.shownProperty().get()).isEqualTo(Shown.INFERENCE);
    }

    @Test
    void kindsWithoutASpeedModelShowNoJobField() {
        snapshot.set(snapshot.get().withKind(WorkloadKind.RENDER));
        assertThat(table.job().shownProperty().get()).isEqualTo(Shown.NONE);
        // A pipeline offloaded to the CPU is not timed (the PCIe transfers are outside the speed model).
        snapshot.set(snapshot.get().withKind(WorkloadKind.DIFFUSION));
        table.domainProperty().set(snapshot.get().domain().withDiffusion(
                snapshot.get().domain().diffusion().withOffload("model")));
        assertThat(table.job().shownProperty().get()).isEqualTo(Shown.NONE);
    }
}
