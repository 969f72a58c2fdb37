package com.vramadvisor.app.workload;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.serving.ServingEngine;
import com.vramadvisor.scenario.ScenarioInputs;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ServingEngineViewModelTest {

    private final List<ScenarioInputs> published = new ArrayList<>();

    private WorkloadViewModel servingViewModel() {
        ScenarioInputs defaults = ScenarioInputs.defaults();
        ScenarioInputs serving = defaults.withWorkload(defaults.workload().toBuilder().mode(Mode.INFER).batch(16)
                .sequenceLength(6144).context(8192).build());
        WorkloadViewModel vm = new WorkloadViewModel(serving, List.of(serving.model()),
                count -> ScenarioInputs.llama3_8b(), spec -> 8_030_261_248L);
        vm.snapshotProperty().addListener((obs, old, now) -> published.add(now));
        return vm;
    }

    @Test
    void inferenceStartsOnVllmWithPagedBlocksAndItsDefaultChunk() {
        WorkloadViewModel vm = servingViewModel();
        assertThat(vm.servingEngineProperty().get()).isEqualTo(ServingEngine.VLLM);
        assertThat(vm.maxBatchedTokensProperty().get()).isEqualTo(8192);
        assertThat(vm.chunkedPrefillProperty().get()).isTrue();
        assertThat(vm.snapshot().workload().kvBlockTokens()).isEqualTo(16);
        assertThat(vm.snapshot().workload().prefillChunkTokens()).isEqualTo(8192);
    }

    @Test
    void choosingHuggingFaceGeneratePublishesOneSnapshotWithAOnePassPrefill() {
        WorkloadViewModel vm = servingViewModel();
        vm.servingEngineProperty().set(ServingEngine.HF_GENERATE);
        assertThat(published).hasSize(1);
        ScenarioInputs now = published.get(0);
        assertThat(now.servingEngine()).isEqualTo(ServingEngine.HF_GENERATE);
        assertThat(now.maxBatchedTokens()).isZero();
        assertThat(now.workload().kvBlockTokens()).isZero();
        assertThat(now.workload().prefillChunkTokens()).isZero();
        assertThat(vm.chunkedPrefillProperty().get()).as("one pass: the chunk field does not apply").isFalse();
    }

    @Test
    void llamaCppStartsFromItsOwnChunkNotVllms() {
        WorkloadViewModel vm = servingViewModel();
        vm.servingEngineProperty().set(ServingEngine.LLAMA_CPP);
        assertThat(published).hasSize(1);
        assertThat(vm.maxBatchedTokensProperty().get()).isEqualTo(512);
        assertThat(vm.snapshot().workload().prefillChunkTokens()).isEqualTo(512);
        assertThat(vm.snapshot().workload().kvBlockTokens()).isZero();
    }

    @Test
    void aChangedChunkIsStoredAndReachesTheWorkload() {
        WorkloadViewModel vm = servingViewModel();
        vm.maxBatchedTokensProperty().set(2048);
        assertThat(published).hasSize(1);
        assertThat(vm.snapshot().maxBatchedTokens()).isEqualTo(2048);
        assertThat(vm.snapshot().workload().prefillChunkTokens()).isEqualTo(2048);
        vm.maxBatchedTokensProperty().set(8192);
        assertThat(vm.snapshot().maxBatchedTokens()).as("the default is stored as 0").isZero();
        assertThat(vm.snapshot().workload().prefillChunkTokens()).isEqualTo(8192);
    }

    @Test
    void applyingAScenarioKeepsItsEngineAndChunk() {
        WorkloadViewModel vm = servingViewModel();
        ScenarioInputs llama = vm.snapshot().withServing(ServingEngine.LLAMA_CPP, 256);
        vm.apply(llama);
        assertThat(published).containsExactly(llama);
        assertThat(vm.maxBatchedTokensProperty().get()).isEqualTo(256);
        vm.apply(llama.withServing(ServingEngine.VLLM, 4096));
        assertThat(vm.snapshot().maxBatchedTokens()).as("a restored chunk is not reset to the default")
                .isEqualTo(4096);
    }

    @Test
    void trainingCarriesNoServingLayout() {
        WorkloadViewModel vm = servingViewModel();
        vm.modeProperty().set(Mode.TRAIN);
        assertThat(vm.snapshot().workload().kvBlockTokens()).isZero();
        assertThat(vm.snapshot().workload().prefillChunkTokens()).isZero();
        assertThat(vm.chunkedPrefillProperty().get()).isFalse();
    }
}
