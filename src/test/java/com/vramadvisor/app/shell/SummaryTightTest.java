package com.vramadvisor.app.shell;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.ui.Messages;
import com.vramadvisor.engine.llm.Estimate;
import com.vramadvisor.engine.llm.MemoryEstimator;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.scenario.ScenarioInputs;
import java.util.Locale;
import java.util.Optional;
import javafx.beans.property.SimpleObjectProperty;
import org.junit.jupiter.api.Test;

/** The status bar answers in three states: a card whose memory lies inside the estimate's range is tight. */
class SummaryTightTest {

    private static GpuSpec card(long usableBytes) {
        return new GpuSpec("test-card", "Test Card", "NVIDIA", "datacenter", "SXM", 80, "HBM", usableBytes,
                usableBytes, 3350, 0, 0, 989.4, 0, 0, 700, "NVLink", 0, 5, 2022, 0, "", "test");
    }

    private static String verdict(ScenarioInputs s, GpuSpec gpu) {
        SimpleObjectProperty<ScenarioInputs> snapshot = new SimpleObjectProperty<>(s.withGpuId(gpu.id()));
        SummaryViewModel vm = new SummaryViewModel(snapshot, new MemoryEstimator()::estimate,
                id -> id.equals(gpu.id()) ? Optional.of(gpu) : Optional.empty(), new Messages(Locale.ENGLISH));
        return vm.verdictProperty().get() + " | " + vm.textProperty().get();
    }

    @Test
    void aCardInsideTheRangeIsTightAndOnesOutsideFitOrDoNot() {
        ScenarioInputs s = ScenarioInputs.defaults();
        Estimate e = new MemoryEstimator().estimate(s.model(), s.workload());
        assertThat(e.range().highBytes()).isGreaterThan(e.peakBytes());
        assertThat(verdict(s, card(e.peakBytes()))).startsWith("Tight on Test Card").contains("range");
        assertThat(verdict(s, card(e.range().highBytes()))).startsWith("Fits Test Card");
        assertThat(verdict(s, card(e.range().lowBytes() - 1))).startsWith("Does not fit Test Card");
    }
}
