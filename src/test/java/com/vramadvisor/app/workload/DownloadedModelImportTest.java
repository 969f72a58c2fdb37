package com.vramadvisor.app.workload;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.ui.Messages;
import com.vramadvisor.catalog.model.LocalModels;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.scenario.ScenarioInputs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * File > Open downloaded model: a name is found by {@link LocalModels} and the folder read like an opened model. The
 * cache layout is huggingface_hub's ("Understand caching"): {@code models--ORG--NAME/refs/main} names the commit
 * whose files are under {@code snapshots/<commit>/}.
 */
class DownloadedModelImportTest {

    @TempDir
    Path home;

    private final WorkloadViewModel workload = new WorkloadViewModel(ScenarioInputs.defaults(),
            List.of(ScenarioInputs.llama3_8b()), count -> ScenarioInputs.llama3_8b(), spec -> 1L);
    private final ModelSpec mistral = ScenarioInputs.llama3_8b().toBuilder().id("").name("Mistral-7B-v0.1")
            .vocabSize(32000).build();
    private final List<Path> read = new ArrayList<>();

    private ModelImportViewModel importer() {
        ModelImportViewModel vm = new ModelImportViewModel(path -> {
            read.add(path);
            return new ImportedSpec(mistral, Optional.empty(), List.of());
        }, Runnable::run, Runnable::run, workload, new Messages(Locale.ENGLISH));
        vm.findDownloadedWith(new LocalModels(home, Map.of())::find);
        return vm;
    }

    @Test
    void aHuggingFaceCacheNameImportsItsMainSnapshot() throws IOException {
        Path repo = home.resolve(".cache/huggingface/hub/models--mistralai--Mistral-7B-v0.1");
        Path snapshot = Files.createDirectories(repo.resolve("snapshots/26bca36bde8333b5d7f72e9ed20ccda6a618af24"));
        Files.createDirectories(repo.resolve("refs"));
        Files.writeString(repo.resolve("refs/main"), "26bca36bde8333b5d7f72e9ed20ccda6a618af24");
        ModelImportViewModel vm = importer();
        vm.importNamed("  mistralai/Mistral-7B-v0.1 ");
        assertThat(read).containsExactly(snapshot);
        assertThat(workload.snapshot().model()).isEqualTo(mistral);
        assertThat(vm.errorProperty().get()).isEmpty();
        assertThat(vm.noticeProperty().get()).contains("Mistral-7B-v0.1");
    }

    @Test
    void aNameFoundNowhereSaysWhereItLooked() {
        ModelImportViewModel vm = importer();
        vm.importNamed("nobody/nothing");
        assertThat(read).isEmpty();
        assertThat(vm.errorProperty().get()).startsWith("Could not read nobody/nothing:")
                .contains("no downloaded model of this name").contains(".ollama");
        assertThat(vm.busyProperty().get()).isFalse();
    }

    @Test
    void aMalformedNameIsRefusedWithTheReason() {
        ModelImportViewModel vm = importer();
        vm.importNamed("../etc");
        assertThat(read).isEmpty();
        assertThat(vm.errorProperty().get()).contains("is not a model name");
    }
}
