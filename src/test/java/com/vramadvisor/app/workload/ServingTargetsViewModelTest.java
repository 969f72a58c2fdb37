package com.vramadvisor.app.workload;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.ui.Messages;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.serving.ServingEngine;
import com.vramadvisor.engine.serving.ServingTargets;
import com.vramadvisor.scenario.ScenarioInputs;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

/** The serving targets of the workload panel, without the toolkit. */
class ServingTargetsViewModelTest {

    private final List<ScenarioInputs> published = new ArrayList<>();
    private final Messages messages = new Messages(Locale.ENGLISH);

    private WorkloadViewModel servingViewModel(ServingTargets targets) {
        ScenarioInputs defaults = ScenarioInputs.defaults();
        ScenarioInputs serving = defaults.withWorkload(defaults.workload().toBuilder().mode(Mode.INFER).batch(4)
                .sequenceLength(1024).context(2048).build()).withServingTargets(targets);
        WorkloadViewModel vm = new WorkloadViewModel(serving, List.of(serving.model()), List.of(),
                count -> ScenarioInputs.llama3_8b(), spec -> 8_030_261_248L, messages);
        vm.snapshotProperty().addListener((obs, old, now) -> published.add(now));
        return vm;
    }

    @Test
    void theFieldsStartAtTheDefaultTargetsAndShowVllmsBlock() {
        WorkloadViewModel vm = servingViewModel(ServingTargets.DEFAULTS);
        assertThat(vm.serving().tpotTargetMsProperty().get()).isEqualTo(50);
        assertThat(vm.serving().ttftTargetMsProperty().get()).isZero();
        assertThat(vm.serving().maxRunningProperty().get()).isZero();
        assertThat(vm.serving().kvBlockTextProperty().get()).isEqualTo("16 tokens per KV block");
        vm.servingEngineProperty().set(ServingEngine.HF_GENERATE);
        assertThat(vm.serving().kvBlockTextProperty().get()).contains("not paged");
        vm.servingEngineProperty().set(ServingEngine.TRTLLM);
        assertThat(vm.serving().kvBlockTextProperty().get()).isEqualTo("32 tokens per KV block");
    }

    @Test
    void eachTargetChangePublishesOneSnapshotThatTheRankingReads() {
        WorkloadViewModel vm = servingViewModel(ServingTargets.DEFAULTS);
        vm.serving().tpotTargetMsProperty().set(30);
        assertThat(published).hasSize(1);
        vm.serving().ttftTargetMsProperty().set(800);
        vm.serving().maxRunningProperty().set(64);
        assertThat(published).hasSize(3);
        ServingTargets now = vm.snapshot().servingTargets();
        assertThat(now).isEqualTo(new ServingTargets(30, 800, 64));
        assertThat(vm.snapshot().rankingOptions().servingTargets()).isEqualTo(now);
    }

    @Test
    void aFractionalTargetFromAFileSurvivesAnUnrelatedEdit() {
        WorkloadViewModel vm = servingViewModel(new ServingTargets(21.83, 0, 0));
        assertThat(vm.serving().tpotTargetMsProperty().get()).isEqualTo(22);
        vm.batchProperty().set(8);
        assertThat(vm.snapshot().servingTargets().tpotMs()).isEqualTo(21.83);
        vm.serving().tpotTargetMsProperty().set(25);
        assertThat(vm.snapshot().servingTargets().tpotMs()).isEqualTo(25);
    }

    @Test
    void applyingAScenarioRestoresItsTargetsInOneSnapshot() {
        WorkloadViewModel vm = servingViewModel(ServingTargets.DEFAULTS);
        ScenarioInputs other = vm.snapshot().withServingTargets(new ServingTargets(40, 500, 128));
        vm.apply(other);
        assertThat(published).containsExactly(other);
        assertThat(vm.serving().ttftTargetMsProperty().get()).isEqualTo(500);
        assertThat(vm.serving().maxRunningProperty().get()).isEqualTo(128);
    }
}
