package com.vramadvisor.app.compare;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.domain.EngineDomainSizer;
import com.vramadvisor.app.results.FakeResultsEngine;
import com.vramadvisor.app.results.ResultsMessages;
import com.vramadvisor.engine.core.WorkloadKind;
import com.vramadvisor.scenario.ScenarioInputs;
import java.util.Locale;
import javafx.beans.property.SimpleObjectProperty;
import org.junit.jupiter.api.Test;

/** Pinned scenarios of the types beyond language models compare by their own parts, never by hidden inputs. */
class DomainCompareTest {

    private final SimpleObjectProperty<ScenarioInputs> snapshot = new SimpleObjectProperty<>(
            ScenarioInputs.defaults().withKind(WorkloadKind.MD));
    private final CompareViewModel vm = new CompareViewModel(snapshot, new FakeResultsEngine(),
            new ResultsMessages(Locale.ENGLISH), new EngineDomainSizer());

    private CompareRow row(String label) {
        return vm.rows().stream().filter(r -> r.label().equals(label)).findFirst().orElseThrow();
    }

    @Test
    void twoSimulationsCompareByTheirPartsAndTheLargerOneHasTheLargerPeak() {
        vm.activeProperty().set(true);
        vm.pinCurrent();
        ScenarioInputs s = snapshot.get();
        snapshot.set(s.withDomain(s.domain().withMd(s.domain().md().withAtoms(4_000_000))));

        assertThat(vm.columns()).extracting(CompareColumn::title).containsExactly("Current", "#1");
        assertThat(vm.columns().get(0).peakBytes()).isGreaterThan(vm.columns().get(1).peakBytes());
        assertThat(row("Workload type").values()).containsExactly("molecular-dynamics simulation",
                "molecular-dynamics simulation");
        assertThat(row("What is sized").differs()).isTrue();
        assertThat(row("neighbour lists").differs()).isTrue();
        assertThat(vm.rows()).noneMatch(r -> r.label().equals("Micro-batch / concurrent sequences"));
    }

    @Test
    void aLanguageModelBesideASimulationShowsADashForTheOthersParts() {
        vm.activeProperty().set(true);
        vm.pinCurrent();
        snapshot.set(snapshot.get().withKind(WorkloadKind.LLM));
        assertThat(row("Workload type").values()).containsExactly("language model", "molecular-dynamics simulation");
        assertThat(row("neighbour lists").values().get(0)).isEqualTo("\u2014");
    }
}
