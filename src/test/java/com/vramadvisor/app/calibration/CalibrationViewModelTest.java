package com.vramadvisor.app.calibration;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.ui.Messages;
import com.vramadvisor.calibration.CalibrationFiles;
import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.catalog.Catalog;
import com.vramadvisor.engine.llm.Estimate;
import com.vramadvisor.engine.llm.MemoryEstimator;
import com.vramadvisor.engine.allocator.MeasurementSource;
import com.vramadvisor.scenario.ScenarioInputs;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** "Calibrate from a measurement...": plain JUnit, without the toolkit. */
class CalibrationViewModelTest {

    private static final Catalog CATALOG = CatalogLoader.shippedOnly().load();

    @TempDir
    Path tmp;

    private CalibrationViewModel vm() {
        return new CalibrationViewModel(new Messages(Locale.ENGLISH), CATALOG::gpu, tmp);
    }

    @Test
    void aMeasuredPeakIsFittedSavedAndAppliedToTheScenario() throws Exception {
        ScenarioInputs s = ScenarioInputs.defaults().withGpuId("h100-sxm-80gb");
        Estimate before = new MemoryEstimator().estimate(s.model(), s.workload());
        long measured = before.peakBytes() + (600L << 20);
        CalibrationViewModel vm = vm();
        vm.measuredMibProperty().set(String.valueOf(measured >> 20));
        Optional<ScenarioInputs> after = vm.calibrate(s);
        assertThat(after).isPresent();
        Estimate calibrated = new MemoryEstimator().estimate(after.get().model(), after.get().workload());
        assertThat(Math.abs(calibrated.peakBytes() - measured)).isLessThan(2L << 20);
        assertThat(CalibrationFiles.read(tmp.resolve("h100-sxm-80gb.json")).measuredBytes()).isEqualTo(
                (measured >> 20) << 20);
        assertThat(vm.resultProperty().get()).startsWith("Calibrated on").contains("after");
    }

    @Test
    void theAppliedProfileIsShownUntilTheRuntimeOverheadIsReplacedInBothLanguages() {
        ScenarioInputs s = ScenarioInputs.defaults().withGpuId("h100-sxm-80gb");
        Estimate before = new MemoryEstimator().estimate(s.model(), s.workload());
        CalibrationViewModel vm = vm();
        vm.measuredMibProperty().set(String.valueOf((before.peakBytes() >> 20) + 900));
        ScenarioInputs after = vm.calibrate(s).orElseThrow();
        CalibrationStatus status = new CalibrationStatus();
        Messages messages = new Messages(Locale.ENGLISH);
        var text = status.text(messages);
        assertThat(text.get()).isEmpty();
        status.apply(vm.applied().orElseThrow());
        assertThat(vm.applied().orElseThrow().file()).isEqualTo(tmp.resolve("h100-sxm-80gb.json"));
        String gpu = CATALOG.gpu("h100-sxm-80gb").orElseThrow().name();
        assertThat(text.get()).isEqualTo("Calibrated: " + gpu + " profile");
        assertThat(status.tooltip(messages).get()).contains(tmp.resolve("h100-sxm-80gb.json").toString());
        messages.setLocale(Locale.SIMPLIFIED_CHINESE);
        assertThat(text.get()).isEqualTo("已校准：" + gpu + " 配置");
        // An edit elsewhere keeps it; replacing the runtime overhead (a new scenario) ends it.
        status.follow(after.withWorkload(after.workload().toBuilder().batch(3).build()));
        assertThat(status.appliedProperty().get()).isNotNull();
        status.follow(ScenarioInputs.defaults());
        assertThat(text.get()).isEmpty();
    }

    @Test
    void badInputSaysWhyAndChangesNothing() {
        CalibrationViewModel vm = vm();
        vm.measuredMibProperty().set("lots");
        assertThat(vm.calibrate(ScenarioInputs.defaults().withGpuId("h100-sxm-80gb"))).isEmpty();
        assertThat(vm.resultProperty().get()).contains("MiB");
        vm.measuredMibProperty().set("9000");
        assertThat(vm.calibrate(ScenarioInputs.defaults().withGpuId("no-such-gpu"))).isEmpty();
        assertThat(vm.resultProperty().get()).contains("target GPU");
        vm.sourceProperty().set(MeasurementSource.ALLOCATED);
        assertThat(vm.calibrate(ScenarioInputs.defaults().withGpuId("h100-sxm-80gb"))).isEmpty();
        assertThat(tmp.toFile().list()).isEmpty();
    }
}
