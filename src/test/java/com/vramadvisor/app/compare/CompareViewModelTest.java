package com.vramadvisor.app.compare;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.results.FakeResultsEngine;
import com.vramadvisor.app.results.ResultsMessages;
import com.vramadvisor.scenario.SizeUnit;
import com.vramadvisor.scenario.ScenarioInputs;
import java.util.Locale;
import javafx.beans.property.SimpleObjectProperty;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class CompareViewModelTest {

    private final SimpleObjectProperty<ScenarioInputs> snapshot = new SimpleObjectProperty<>(ScenarioInputs.defaults());
    private final CompareViewModel vm = new CompareViewModel(snapshot, new FakeResultsEngine(),
            new ResultsMessages(Locale.ENGLISH));

    @BeforeEach
    void showTheComparison() {
        vm.activeProperty().set(true);
    }

    private void setBatch(int batch) {
        ScenarioInputs s = snapshot.get();
        snapshot.set(s.withWorkload(s.workload().toBuilder().batch(batch).build()));
    }

    private CompareRow row(String label) {
        return vm.rows().stream().filter(r -> r.label().equals(label)).findFirst().orElseThrow();
    }

    @Test
    void withNothingPinnedOnlyTheCurrentScenarioIsShownAndNothingDiffers() {
        assertThat(vm.columns()).hasSize(1);
        assertThat(vm.columns().get(0).current()).isTrue();
        assertThat(vm.rows()).noneMatch(CompareRow::differs);
    }

    @Test
    void pinningKeepsTheInputsAndTheCurrentColumnFollowsLaterChanges() {
        vm.pinCurrent();
        setBatch(8);

        assertThat(vm.columns()).extracting(CompareColumn::title).containsExactly("Current", "#1");
        CompareRow batch = row("Micro-batch / concurrent sequences");
        assertThat(batch.values()).containsExactly("8", "1");
        assertThat(batch.differs()).isTrue();
        assertThat(row("Model").differs()).isFalse();
        assertThat(row("Peak per GPU").differs()).isTrue();
        assertThat(row("Activations").differs()).isTrue();
        assertThat(row("Weights").differs()).isFalse();
        assertThat(vm.columns().get(0).peakBytes()).isGreaterThan(vm.columns().get(1).peakBytes());
    }

    @Test
    void barsShareOneScaleThatHoldsTheLargestPeak() {
        vm.pinCurrent();
        setBatch(8);
        long largest = Math.max(vm.columns().get(0).peakBytes(), vm.columns().get(1).peakBytes());
        assertThat(vm.scaleBytesProperty().get()).isGreaterThanOrEqualTo(largest);
    }

    @Test
    void pinnedScenariosAreShownInTheCurrentUnit() {
        vm.pinCurrent();
        snapshot.set(snapshot.get().withSizeUnit(SizeUnit.GB));
        assertThat(row("Peak per GPU").values()).allSatisfy(v -> assertThat(v).endsWith("GB").doesNotContain("GiB"));
    }

    @Test
    void unpinningRemovesTheColumnAndNumbersAreNotReused() {
        vm.pinCurrent();
        vm.pinCurrent();
        vm.unpin(vm.pinned().get(0));
        vm.pinCurrent();
        assertThat(vm.columns()).extracting(CompareColumn::title).containsExactly("Current", "#2", "#3");
        vm.clearPinned();
        assertThat(vm.columns()).hasSize(1);
    }

    @Test
    void pinningStopsAtTheLimit() {
        for (int i = 0; i < CompareViewModel.MAX_PINNED + 2; i++) {
            vm.pinCurrent();
        }
        assertThat(vm.pinned()).hasSize(CompareViewModel.MAX_PINNED);
        assertThat(vm.canPinProperty().get()).isFalse();
    }

    @Test
    void nothingIsComputedBeforeTheComparisonIsFirstShown() {
        CompareViewModel hidden = new CompareViewModel(snapshot, new FakeResultsEngine(),
                new ResultsMessages(Locale.ENGLISH));
        assertThat(hidden.columns()).isEmpty();
        hidden.activeProperty().set(true);
        assertThat(hidden.columns()).hasSize(1);
    }

    @Test
    void whileHiddenChangesAreOnlyNotedAndAppliedOnReturn() {
        vm.activeProperty().set(false);
        setBatch(8);
        assertThat(row("Micro-batch / concurrent sequences").values()).containsExactly("1");

        vm.activeProperty().set(true);
        assertThat(row("Micro-batch / concurrent sequences").values()).containsExactly("8");
    }

    @Test
    void onlyDifferencesLeavesOutTheInputsEveryScenarioShares() {
        vm.pinCurrent();
        setBatch(8);
        vm.onlyDifferencesProperty().set(true);

        assertThat(vm.rows().stream().filter(r -> r.section() == CompareRow.Section.INPUTS))
                .extracting(CompareRow::label).containsExactly("Micro-batch / concurrent sequences");
        // The results too: the peak grows with the batch, the weights and the GPU do not.
        assertThat(vm.rows()).anyMatch(r -> r.label().equals("Peak per GPU"));
        assertThat(vm.rows()).noneMatch(r -> r.label().equals("Weights"));
        assertThat(vm.rows()).allMatch(CompareRow::differs);
        vm.onlyDifferencesProperty().set(false);
        assertThat(vm.rows()).anyMatch(r -> r.label().equals("Weights"));
    }

    @Test
    void aPinCanBeNamedAndABlankNameGoesBackToItsNumber() {
        vm.pinCurrent();
        vm.rename(vm.pinned().get(0), "  before the change ");
        assertThat(vm.pinned().get(0).name()).isEqualTo("before the change");
        assertThat(vm.columns()).extracting(CompareColumn::title).containsExactly("Current", "before the change");
        vm.rename(vm.pinned().get(0), " ");
        assertThat(vm.columns()).extracting(CompareColumn::title).containsExactly("Current", "#1");
    }

    @Test
    void aPinnedScenarioWithAnotherTokenBudgetOrGpuLimitDiffersInThoseInputsOnly() {
        vm.pinCurrent();
        snapshot.set(snapshot.get().withTokenBudget(2_000_000_000L).withMaxGpus(8));
        vm.onlyDifferencesProperty().set(true);

        assertThat(vm.rows().stream().filter(r -> r.section() == CompareRow.Section.INPUTS))
                .extracting(CompareRow::label)
                .containsExactly("Token budget (decision table)", "Max GPUs (decision table)");
        assertThat(row("Token budget (decision table)").values()).containsExactly("2,000,000,000", "1,000,000,000");
        // The default limit of 1,024 stands for none, as in the table's empty field.
        assertThat(row("Max GPUs (decision table)").values()).containsExactly("8", "no limit");
        assertThat(row("Max GPUs (decision table)").differs()).isTrue();
        // Memory does not depend on them, so no result line is left.
        assertThat(vm.rows()).noneMatch(r -> r.label().equals("Peak per GPU"));
    }
}
