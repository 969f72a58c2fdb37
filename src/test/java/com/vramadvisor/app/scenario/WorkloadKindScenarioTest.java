package com.vramadvisor.app.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.ui.Messages;
import com.vramadvisor.app.workload.WorkloadViewModel;
import com.vramadvisor.engine.core.WorkloadKind;
import com.vramadvisor.scenario.MdInputs;
import com.vramadvisor.scenario.ScenarioInputs;
import com.vramadvisor.scenario.VisionInputs;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The workload kind and each kind's form as part of the scenario: snapshots, undo, File > New, save and open. */
class WorkloadKindScenarioTest {

    @TempDir
    Path dir;

    private final WorkloadViewModel workload = new WorkloadViewModel(ScenarioInputs.defaults(),
            List.of(ScenarioInputs.llama3_8b()), count -> ScenarioInputs.llama3_8b(), spec -> 8_030_261_248L);
    private final ScenarioViewModel scenario = new ScenarioViewModel(workload, new ScenarioStore(),
            new Messages(Locale.ENGLISH));

    @Test
    void switchingTheKindPublishesOneSnapshotThatRecordsIt() {
        List<ScenarioInputs> published = new ArrayList<>();
        workload.snapshotProperty().addListener((obs, old, now) -> published.add(now));
        workload.kindProperty().set(WorkloadKind.VISION);
        assertThat(published).hasSize(1);
        assertThat(published.get(0).kind()).isEqualTo(WorkloadKind.VISION);
        // The language-model inputs are kept for switching back.
        assertThat(published.get(0).withKind(WorkloadKind.LLM)).isEqualTo(ScenarioInputs.defaults());
    }

    @Test
    void aFormInputChangesOnlyItsFieldOfItsKindsRecord() {
        workload.kindProperty().set(WorkloadKind.VISION);
        workload.forms().vision().batchProperty().set(256);
        workload.forms().vision().presetProperty().set("vit-b-16");
        assertThat(workload.snapshot().domain().vision())
                .isEqualTo(VisionInputs.defaults().withBatch(256).withPresetId("vit-b-16"));
        assertThat(workload.snapshot().domain().md()).isEqualTo(MdInputs.defaults());
    }

    @Test
    void undoStepsBackThroughFormChangesAndTheKindSwitch() {
        workload.kindProperty().set(WorkloadKind.MD);
        workload.forms().md().atomsProperty().set(32_000_000);
        workload.forms().md().potentialProperty().set("eam");

        scenario.undo();
        assertThat(workload.forms().md().potentialProperty().get()).isEqualTo("lj");
        assertThat(workload.forms().md().atomsProperty().get()).isEqualTo(32_000_000);
        scenario.undo();
        assertThat(workload.forms().md().atomsProperty().get()).isEqualTo(1_000_000);
        assertThat(workload.kindProperty().get()).isEqualTo(WorkloadKind.MD);
        scenario.undo();
        assertThat(workload.kindProperty().get()).isEqualTo(WorkloadKind.LLM);
        scenario.redo();
        scenario.redo();
        assertThat(workload.snapshot().kind()).isEqualTo(WorkloadKind.MD);
        assertThat(workload.snapshot().domain().md().atoms()).isEqualTo(32_000_000);
    }

    @Test
    void fileNewGoesBackToALanguageModelWithEveryFormAtItsDefaults() {
        workload.kindProperty().set(WorkloadKind.GRID);
        workload.forms().grid().fieldsProperty().set(9);
        scenario.newScenario();
        assertThat(workload.snapshot()).isEqualTo(ScenarioInputs.defaults());
        assertThat(workload.forms().grid().fieldsProperty().get()).isEqualTo(5);
    }

    @Test
    void aSavedScenarioOpensWithItsKindAndFormValues() {
        workload.kindProperty().set(WorkloadKind.DIFFUSION);
        workload.forms().diffusion().resolutionProperty().set(768);
        workload.forms().diffusion().vaeTilingProperty().set(true);
        Path file = dir.resolve("sdxl.vram.json");
        assertThat(scenario.saveAs(file)).isEmpty();
        ScenarioInputs saved = workload.snapshot();

        scenario.newScenario();
        assertThat(workload.kindProperty().get()).isEqualTo(WorkloadKind.LLM);
        assertThat(scenario.open(file)).isEmpty();
        assertThat(workload.snapshot()).isEqualTo(saved);
        assertThat(workload.forms().diffusion().resolutionProperty().get()).isEqualTo(768);
        assertThat(workload.forms().diffusion().vaeTilingProperty().get()).isTrue();
        assertThat(scenario.dirtyProperty().get()).isFalse();
    }

    @Test
    void aValueTheRecordRefusesLeavesTheScenarioAsItWas() {
        workload.kindProperty().set(WorkloadKind.VISION);
        ScenarioInputs before = workload.snapshot();
        workload.forms().vision().batchProperty().set(0);
        assertThat(workload.snapshot()).isEqualTo(before);
        assertThat(workload.forms().vision().batchProperty().get()).isEqualTo(VisionInputs.defaults().batch());
    }
}
