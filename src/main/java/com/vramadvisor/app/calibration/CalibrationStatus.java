package com.vramadvisor.app.calibration;

import com.vramadvisor.app.ui.Messages;
import com.vramadvisor.engine.RuntimeOverhead;
import com.vramadvisor.scenario.ScenarioInputs;
import java.nio.file.Path;
import java.util.Objects;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;

/**
 * Which calibration profile the window's scenario runs on, for the lasting segment of the status bar: set when
 * "Calibrate from a measurement..." applies a profile, and ended by any edit that replaces the runtime overhead the
 * profile put in (a new or opened scenario, or the overhead changed by hand), since the estimate then no longer uses
 * the fitted context and fragmentation.
 */
public final class CalibrationStatus {

    /** A profile in effect: the GPU it was measured on, the file it was saved to, the overhead it applied. */
    public record Applied(String gpuName, Path file, RuntimeOverhead overhead) {
        public Applied {
            Objects.requireNonNull(gpuName, "gpuName");
            Objects.requireNonNull(file, "file");
            Objects.requireNonNull(overhead, "overhead");
        }
    }

    private final ReadOnlyObjectWrapper<Applied> applied = new ReadOnlyObjectWrapper<>(this, "applied");

    /** Records that {@code profile} now drives the scenario's runtime overhead. */
    public void apply(Applied profile) {
        applied.set(Objects.requireNonNull(profile, "profile"));
    }

    /** Called with every new scenario snapshot: ends the profile once the runtime overhead is no longer its own. */
    public void follow(ScenarioInputs snapshot) {
        Applied now = applied.get();
        if (now != null && (snapshot == null || !now.overhead().equals(snapshot.workload().overhead()))) {
            applied.set(null);
        }
    }

    /** The profile in effect, {@code null} for none. */
    public ReadOnlyObjectProperty<Applied> appliedProperty() {
        return applied.getReadOnlyProperty();
    }

    /** The status-bar text in the current language: the GPU of the profile in effect, or empty for none. */
    public StringBinding text(Messages messages) {
        return Bindings.createStringBinding(() -> applied.get() == null ? ""
                : messages.get("status.calibrated", applied.get().gpuName()), applied, messages.localeProperty());
    }

    /** The tooltip of that segment: where the profile lies and what ends it; empty for none. */
    public StringBinding tooltip(Messages messages) {
        return Bindings.createStringBinding(() -> applied.get() == null ? ""
                : messages.get("status.calibrated.tooltip", applied.get().gpuName(), applied.get().file().toString()),
                applied, messages.localeProperty());
    }
}
