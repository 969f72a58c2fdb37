package com.vramadvisor.app.calibration;

import com.vramadvisor.app.settings.AppSettings;
import com.vramadvisor.app.ui.Messages;
import com.vramadvisor.engine.llm.RuntimeOverhead;
import com.vramadvisor.scenario.ScenarioInputs;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;

/**
 * Which calibration profile the window's scenario runs on, for the lasting segment of the status bar: set when
 * "Calibrate from a measurement..." applies a profile, and ended by any edit that replaces the runtime overhead the
 * profile put in (a new or opened scenario, or the overhead changed by hand), since the estimate then no longer uses
 * the fitted context and fragmentation. The settings remember the profile in effect when the window closes
 * ({@link #remembered()}), and the next start restores it ({@link #restore}), or says that its file is gone.
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

    /**
     * Restores the profile in effect when the window last closed ({@code remembered}, from the settings) onto the
     * restored scenario, whose saved runtime overhead is the one the profile applied.
     *
     * @param remembered the remembered profile, {@code null} for none
     * @param snapshot   the restored scenario, {@code null} when none was restored (nothing is then in effect)
     * @return a status-bar message when the profile file is gone (the scenario keeps the fitted overhead, the status
     *         bar no longer names a profile), else empty
     */
    public Optional<String> restore(AppSettings.Calibration remembered, ScenarioInputs snapshot, Messages messages) {
        if (remembered == null || snapshot == null) {
            return Optional.empty();
        }
        Path file;
        try {
            file = Path.of(remembered.file());
        } catch (InvalidPathException e) {
            return Optional.of(messages.get("status.calibrationGone", remembered.gpuName(), remembered.file()));
        }
        if (!Files.isRegularFile(file)) {
            return Optional.of(messages.get("status.calibrationGone", remembered.gpuName(), remembered.file()));
        }
        apply(new Applied(remembered.gpuName(), file, snapshot.workload().overhead()));
        return Optional.empty();
    }

    /** The profile in effect as the settings remember it, {@code null} for none. */
    public AppSettings.Calibration remembered() {
        Applied now = applied.get();
        return now == null ? null : new AppSettings.Calibration(now.gpuName(), now.file().toString());
    }

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
