package com.vramadvisor.app.calibration;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.settings.AppSettings;
import com.vramadvisor.app.ui.Messages;
import com.vramadvisor.scenario.ScenarioInputs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The status bar's calibration segment across a restart: remembered in the settings, restored on the next start. */
class CalibrationStatusTest {

    @TempDir
    Path tmp;

    private final Messages messages = new Messages(Locale.ENGLISH);

    @Test
    void aRememberedProfileWhoseFileExistsIsShownAgainAfterARestart() throws Exception {
        Path profile = Files.writeString(tmp.resolve("h100.json"), "{}");
        CalibrationStatus before = new CalibrationStatus();
        ScenarioInputs scenario = ScenarioInputs.defaults().withGpuId("h100-sxm-80gb");
        before.apply(new CalibrationStatus.Applied("NVIDIA H100 SXM 80GB", profile,
                scenario.workload().overhead()));
        AppSettings.Calibration remembered = before.remembered();
        assertThat(remembered).isEqualTo(new AppSettings.Calibration("NVIDIA H100 SXM 80GB", profile.toString()));

        CalibrationStatus after = new CalibrationStatus();
        assertThat(after.restore(remembered, scenario, messages)).isEmpty();
        assertThat(after.text(messages).get()).isEqualTo("Calibrated: NVIDIA H100 SXM 80GB profile");
        assertThat(after.tooltip(messages).get()).contains(profile.toString());
        // The restored profile ends, as an applied one does, when the overhead is edited.
        after.follow(scenario.withWorkload(scenario.workload().toBuilder()
                .overhead(com.vramadvisor.engine.llm.RuntimeOverhead.OFF).build()));
        assertThat(after.text(messages).get()).isEmpty();
    }

    @Test
    void aProfileWhoseFileIsGoneIsNotShownAndTheStatusBarSaysWhy() {
        CalibrationStatus after = new CalibrationStatus();
        String gone = tmp.resolve("deleted.json").toString();
        assertThat(after.restore(new AppSettings.Calibration("NVIDIA H100 SXM 80GB", gone),
                ScenarioInputs.defaults(), messages)).hasValueSatisfying(m -> assertThat(m)
                .contains("NVIDIA H100 SXM 80GB").contains(gone).contains("gone"));
        assertThat(after.text(messages).get()).isEmpty();
        assertThat(after.remembered()).isNull();
    }

    @Test
    void nothingIsRestoredWithoutARememberedProfileOrWithoutAScenario() throws Exception {
        Path profile = Files.writeString(tmp.resolve("p.json"), "{}");
        CalibrationStatus status = new CalibrationStatus();
        assertThat(status.restore(null, ScenarioInputs.defaults(), messages)).isEmpty();
        assertThat(status.restore(new AppSettings.Calibration("GPU", profile.toString()), null, messages)).isEmpty();
        assertThat(status.remembered()).isNull();
    }
}
