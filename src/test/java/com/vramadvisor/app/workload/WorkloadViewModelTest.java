package com.vramadvisor.app.workload;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.ui.Messages;
import com.vramadvisor.engine.Mode;
import com.vramadvisor.engine.Precision;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class WorkloadViewModelTest {

    private final List<ScenarioInputs> published = new ArrayList<>();

    private WorkloadViewModel newViewModel() {
        ScenarioInputs initial = ScenarioInputs.defaults();
        WorkloadViewModel vm = new WorkloadViewModel(initial, List.of(initial.model()),
                count -> ScenarioInputs.llama3_8b(), spec -> 8_030_261_248L);
        vm.snapshotProperty().addListener((obs, old, now) -> published.add(now));
        return vm;
    }

    @Test
    void startsWithTheDefaultScenario() {
        WorkloadViewModel vm = newViewModel();
        assertThat(vm.snapshot()).isEqualTo(ScenarioInputs.defaults());
    }

    @Test
    void oneInputChangePublishesExactlyOneSnapshot() {
        WorkloadViewModel vm = newViewModel();
        vm.batchProperty().set(8);
        assertThat(published).hasSize(1);
        assertThat(published.get(0).workload().batch()).isEqualTo(8);
        vm.precisionProperty().set(Precision.FP32);
        assertThat(published).hasSize(2);
        assertThat(vm.snapshot().workload().precision()).isEqualTo(Precision.FP32);
    }

    @Test
    void applyingAWholeScenarioPublishesOneSnapshot() {
        WorkloadViewModel vm = newViewModel();
        ScenarioInputs other = ScenarioInputs.defaults().withWorkload(ScenarioInputs.defaults().workload()
                .toBuilder().mode(Mode.INFER).batch(16).sequenceLength(1024).context(8192).build()).withGpuId("x");
        vm.apply(other);
        assertThat(published).containsExactly(other);
    }

    @Test
    void settingAnInputToItsCurrentValuePublishesNothing() {
        WorkloadViewModel vm = newViewModel();
        vm.batchProperty().set(1);
        assertThat(published).isEmpty();
    }

    @Test
    void switchingToLoraAddsAdaptersOfTheChosenRank() {
        WorkloadViewModel vm = newViewModel();
        vm.loraRankProperty().set(64);
        vm.modeProperty().set(Mode.LORA);
        assertThat(vm.snapshot().workload().lora().rank()).isEqualTo(64);
    }

    @Test
    void aTypedValueOutsideTheRangeIsRejectedWithAMessageAndNotApplied() {
        WorkloadViewModel vm = newViewModel();
        NumberInput input = new NumberInput(vm.batchProperty(), 1, 65_536, "app.title",
                NumberParser.Suffixes.BINARY, new Messages(Locale.ENGLISH));
        input.textProperty().set("-5");
        assertThat(input.commit()).isFalse();
        assertThat(input.error()).contains("between 1 and 65,536");
        input.textProperty().set("lots");
        assertThat(input.commit()).isFalse();
        assertThat(input.error()).contains("\"lots\" is not a whole number");
        assertThat(published).isEmpty();
        input.textProperty().set("32");
        assertThat(input.commit()).isTrue();
        assertThat(input.error()).isEmpty();
        assertThat(vm.snapshot().workload().batch()).isEqualTo(32);
        assertThat(published).hasSize(1);
    }
}
