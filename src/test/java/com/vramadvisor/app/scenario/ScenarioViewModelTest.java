package com.vramadvisor.app.scenario;

import com.vramadvisor.scenario.ScenarioCodec;
import com.vramadvisor.scenario.FileProblem;
import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.scenario.SizeUnit;
import com.vramadvisor.app.ui.Messages;
import com.vramadvisor.scenario.ScenarioInputs;
import com.vramadvisor.app.workload.WorkloadViewModel;
import com.vramadvisor.engine.llm.Precision;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ScenarioViewModelTest {

    @TempDir
    Path dir;

    private final WorkloadViewModel workload = new WorkloadViewModel(ScenarioInputs.defaults(),
            List.of(ScenarioInputs.llama3_8b()), count -> ScenarioInputs.llama3_8b(), spec -> 8_030_261_248L);
    private final ScenarioViewModel scenario = new ScenarioViewModel(workload, new ScenarioStore(),
            new Messages(Locale.ENGLISH));

    @Test
    void undoAndRedoStepThroughInputChanges() {
        workload.batchProperty().set(2);
        workload.batchProperty().set(4);
        workload.precisionProperty().set(Precision.FP32);
        assertThat(scenario.canUndoProperty().get()).isTrue();

        scenario.undo();
        assertThat(workload.snapshot().workload().precision()).isEqualTo(Precision.BF16_MIXED);
        assertThat(workload.snapshot().workload().batch()).isEqualTo(4);
        scenario.undo();
        assertThat(workload.batchProperty().get()).isEqualTo(2);
        assertThat(scenario.canRedoProperty().get()).isTrue();

        scenario.redo();
        assertThat(workload.batchProperty().get()).isEqualTo(4);
        scenario.redo();
        assertThat(workload.precisionProperty().get()).isEqualTo(Precision.FP32);
        assertThat(scenario.canRedoProperty().get()).isFalse();
    }

    @Test
    void aNewEditAfterUndoDropsTheRedoBranch() {
        workload.batchProperty().set(2);
        scenario.undo();
        workload.batchProperty().set(8);
        assertThat(scenario.canRedoProperty().get()).isFalse();
        scenario.undo();
        assertThat(workload.batchProperty().get()).isEqualTo(1);
    }

    @Test
    void aSliderDragIsOneUndoStep() {
        scenario.adjustingProperty().set(true);
        for (int b = 2; b <= 64; b *= 2) {
            workload.batchProperty().set(b);
        }
        scenario.adjustingProperty().set(false);
        scenario.undo();
        assertThat(workload.batchProperty().get()).isEqualTo(1);
        assertThat(scenario.canUndoProperty().get()).isFalse();
    }

    @Test
    void changingTheSizeUnitIsNotAnUndoStepAndSurvivesUndo() {
        workload.batchProperty().set(2);
        workload.sizeUnitProperty().set(SizeUnit.GB);
        scenario.undo();
        assertThat(workload.batchProperty().get()).isEqualTo(1);
        assertThat(workload.sizeUnitProperty().get()).isEqualTo(SizeUnit.GB);
        assertThat(scenario.canUndoProperty().get()).isFalse();
    }

    @Test
    void aSavedScenarioOpensAsTheSameInputs() {
        workload.batchProperty().set(6);
        workload.precisionProperty().set(Precision.FP16_MIXED);
        ScenarioInputs saved = workload.snapshot();
        Path file = dir.resolve("run.vram.json");
        assertThat(scenario.saveAs(file)).isEmpty();
        assertThat(scenario.dirtyProperty().get()).isFalse();

        scenario.newScenario();
        assertThat(workload.snapshot()).isEqualTo(ScenarioInputs.defaults());
        assertThat(scenario.open(file)).isEmpty();
        assertThat(workload.snapshot()).isEqualTo(saved);
        assertThat(scenario.recentFiles()).containsExactly(file.toAbsolutePath().normalize());
        assertThat(scenario.titleProperty().get()).startsWith("run.vram.json");
    }

    @Test
    void undoDoesNotGoBackPastAnOpenedFileSoSaveWritesThatFileAsShown() throws Exception {
        workload.batchProperty().set(9);
        Path s2 = dir.resolve("s2.vram");
        assertThat(scenario.saveAs(s2)).isEmpty();
        String s2Text = Files.readString(s2);
        scenario.newScenario();
        workload.batchProperty().set(3);
        assertThat(scenario.canUndoProperty().get()).isTrue();

        assertThat(scenario.open(s2)).isEmpty();
        assertThat(scenario.canUndoProperty().get()).as("the opened file starts a history of its own").isFalse();
        scenario.undo();
        assertThat(workload.batchProperty().get()).isEqualTo(9);
        assertThat(scenario.titleProperty().get()).startsWith("s2.vram \u2014");
        assertThat(scenario.save()).isEmpty();
        assertThat(Files.readString(s2)).isEqualTo(s2Text);

        // Edits after the opening undo back to the opened scenario, and no further.
        workload.batchProperty().set(5);
        workload.batchProperty().set(6);
        scenario.undo();
        scenario.undo();
        assertThat(workload.batchProperty().get()).isEqualTo(9);
        assertThat(scenario.canUndoProperty().get()).isFalse();
        assertThat(scenario.dirtyProperty().get()).isFalse();
        assertThat(scenario.canRedoProperty().get()).isTrue();
    }

    @Test
    void editingMarksTheScenarioUnsavedInTheTitle() {
        workload.batchProperty().set(3);
        assertThat(scenario.dirtyProperty().get()).isTrue();
        assertThat(scenario.titleProperty().get()).startsWith("*Untitled");
    }

    @Test
    void aNewerMalformedOrHalfWrittenFileIsReportedAndKeepsTheCurrentScenario() throws Exception {
        workload.batchProperty().set(12);
        ScenarioInputs before = workload.snapshot();
        String good = new ScenarioCodec().write(ScenarioInputs.defaults());
        Path newer = write("newer.json", good.replace("\"formatVersion\" : 1", "\"formatVersion\" : 7"));
        Path malformed = write("malformed.json", "<scenario batch=4/>");
        Path half = write("half.json", good.substring(0, good.length() / 3));
        Path badImplementation = write("framework.json", good.replace("\"implementation\" : \"pytorch\"",
                "\"implementation\" : \"jax\""));

        for (Path bad : List.of(newer, malformed, half, badImplementation)) {
            Optional<FileProblem> problem = scenario.open(bad);
            assertThat(problem).as(bad.toString()).isPresent();
            assertThat(problem.get().message()).contains(bad.getFileName().toString())
                    .contains("current scenario is unchanged");
            assertThat(workload.snapshot()).isEqualTo(before);
        }
        assertThat(scenario.open(newer).get().message()).contains("newer version");
        assertThat(scenario.open(half).get().message()).contains("incomplete");
        assertThat(scenario.open(badImplementation).get().detail()).contains("$.workload.implementation");
        assertThat(scenario.recentFiles()).isEmpty();
    }

    @Test
    void aFailedSaveLeavesTheEarlierFileIntact() throws Exception {
        Path file = dir.resolve("keep.json");
        assertThat(scenario.saveAs(file)).isEmpty();
        String before = Files.readString(file);
        // A folder with the target's name is never replaced, empty or not.
        Path blocked = dir.resolve("blocked.json");
        Files.createDirectories(blocked.resolve("inside"));
        workload.batchProperty().set(5);
        Optional<FileProblem> problem = scenario.saveAs(blocked);
        assertThat(problem).isPresent();
        assertThat(problem.get().detail())
                .isEqualTo("cannot write " + blocked + ": a folder with that name is in the way");
        assertThat(Files.readString(file)).isEqualTo(before);
        assertThat(Files.isDirectory(blocked.resolve("inside"))).isTrue();
        try (var listing = Files.list(dir)) {
            assertThat(listing.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".tmp"));
        }
    }

    @Test
    void aSaveIntoAFolderThatDoesNotExistYetCreatesIt() throws Exception {
        Path file = dir.resolve("config").resolve("vram-advisor").resolve("last-scenario.json");
        workload.batchProperty().set(7);
        assertThat(scenario.saveAs(file)).isEmpty();
        assertThat(new ScenarioCodec().read(Files.readString(file)).workload().batch()).isEqualTo(7);
    }

    private Path write(String name, String text) throws Exception {
        return Files.writeString(dir.resolve(name), text, StandardCharsets.UTF_8);
    }
}
