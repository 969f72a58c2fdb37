package com.vramadvisor.app.workload;

import com.vramadvisor.scenario.ScenarioInputs;
import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.ui.Messages;
import com.vramadvisor.engine.llm.DataType;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.ModelSpec;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ModelImportViewModelTest {

    private final WorkloadViewModel workload = new WorkloadViewModel(ScenarioInputs.defaults(),
            List.of(ScenarioInputs.llama3_8b()), count -> ScenarioInputs.llama3_8b(), spec -> 1L);
    private final List<ScenarioInputs> published = new ArrayList<>();
    private final ModelSpec mistral = ScenarioInputs.llama3_8b().toBuilder().id("").name("Mistral-7B-v0.1")
            .vocabSize(32000).maxPositions(32768).slidingWindow(4096).build();

    ModelImportViewModelTest() {
        workload.snapshotProperty().addListener((obs, old, now) -> published.add(now));
    }

    private ModelImportViewModel importer(ModelFileReader reader) {
        return new ModelImportViewModel(reader, Runnable::run, Runnable::run, workload, new Messages(Locale.ENGLISH));
    }

    @Test
    void anImportedModelBecomesTheScenarioModelInOneSnapshot() {
        ModelImportViewModel vm = importer(path -> new ImportedSpec(mistral, Optional.empty(), List.of()));
        vm.importPath(Path.of("/models/mistral/config.json"));
        assertThat(workload.snapshot().model()).isEqualTo(mistral);
        assertThat(workload.snapshot().modelPresetId()).isEmpty();
        assertThat(published).hasSize(1);
        assertThat(vm.errorProperty().get()).isEmpty();
        assertThat(vm.noticeProperty().get()).contains("Mistral-7B-v0.1");
        assertThat(vm.busyProperty().get()).isFalse();
    }

    @Test
    void theLoadedNoticeGoesOnceAnotherModelIsInUse() {
        ModelImportViewModel vm = importer(path -> new ImportedSpec(mistral, Optional.empty(), List.of()));
        vm.importPath(Path.of("/models/mistral/config.json"));
        assertThat(vm.noticeProperty().get()).isEqualTo("Loaded Mistral-7B-v0.1.");
        workload.modeProperty().set(Mode.INFER);
        assertThat(vm.noticeProperty().get()).as("still the imported model").isNotEmpty();
        workload.apply(ScenarioInputs.defaults());
        assertThat(vm.noticeProperty().get()).isEmpty();
    }

    @Test
    void aServedGgufFileAlsoSetsTheWeightStorageType() {
        workload.modeProperty().set(Mode.INFER);
        published.clear();
        ModelImportViewModel vm = importer(path -> new ImportedSpec(mistral, Optional.of(DataType.GGUF_Q4_K),
                List.of()));
        vm.importPath(Path.of("mistral-7b.Q4_K_M.gguf"));
        assertThat(workload.snapshot().workload().weightType()).isEqualTo(DataType.GGUF_Q4_K);
        assertThat(published).hasSize(1);
    }

    @Test
    void aFileThatCannotBeReadIsReportedAndTheModelIsKept() {
        ScenarioInputs before = workload.snapshot();
        ModelImportViewModel vm = importer(path -> {
            throw new IllegalArgumentException("model_type 'mamba' is not supported");
        });
        vm.importPath(Path.of("/models/mamba/config.json"));
        assertThat(vm.errorProperty().get()).isEqualTo("Could not read config.json: model_type 'mamba' is not supported");
        assertThat(workload.snapshot()).isEqualTo(before);
        assertThat(published).isEmpty();
        assertThat(vm.busyProperty().get()).isFalse();
    }

    @Test
    void theFileIsReadOnTheBackgroundExecutorAndAppliedOnTheUiExecutor() {
        List<Runnable> background = new ArrayList<>();
        List<Runnable> ui = new ArrayList<>();
        ModelImportViewModel vm = new ModelImportViewModel(path -> new ImportedSpec(mistral, Optional.empty(),
                List.of()), background::add, ui::add, workload, new Messages(Locale.ENGLISH));
        vm.importPath(Path.of("config.json"));
        assertThat(vm.busyProperty().get()).isTrue();
        background.remove(0).run();
        assertThat(published).isEmpty();
        ui.remove(0).run();
        assertThat(workload.snapshot().model()).isEqualTo(mistral);
        assertThat(vm.busyProperty().get()).isFalse();
    }
}
