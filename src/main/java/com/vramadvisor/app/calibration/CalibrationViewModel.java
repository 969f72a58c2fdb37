package com.vramadvisor.app.calibration;

import com.vramadvisor.app.ui.Messages;
import com.vramadvisor.calibration.CalibrationFiles;
import com.vramadvisor.calibration.CalibrationProfile;
import com.vramadvisor.engine.llm.Estimate;
import com.vramadvisor.engine.llm.MemoryEstimator;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.allocator.AllocatorFit;
import com.vramadvisor.engine.allocator.MeasurementSource;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.files.AtomicFiles;
import com.vramadvisor.files.FileWriteException;
import com.vramadvisor.scenario.ScenarioInputs;
import java.nio.file.Path;
import java.util.Optional;
import java.util.function.Function;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * "Calibrate from a measurement...": the measured figure and what measured it, fitted to the current scenario on
 * its target GPU ({@link AllocatorFit}, as {@code calibrate} on the command line), saved as a profile in the user
 * configuration folder and applied to the scenario's runtime overhead.
 */
public final class CalibrationViewModel {

    /** Largest figure accepted, in MiB: 16 TiB. */
    static final double MAX_MIB = 16.0 * (1 << 20);

    private final Messages messages;
    private final Function<String, Optional<GpuSpec>> gpus;
    private final Path folder;
    private final MemoryEstimator estimator = new MemoryEstimator();
    private final StringProperty measuredMib = new SimpleStringProperty(this, "measuredMib", "");
    private final ObjectProperty<MeasurementSource> source =
            new SimpleObjectProperty<>(this, "source", MeasurementSource.NVIDIA_SMI);
    private final ReadOnlyStringWrapper result = new ReadOnlyStringWrapper(this, "result", "");
    private CalibrationStatus.Applied applied;

    /**
     * @param gpus   the catalog GPU of an id
     * @param folder where profiles are saved ({@code calibration/} in the user configuration folder)
     */
    public CalibrationViewModel(Messages messages, Function<String, Optional<GpuSpec>> gpus, Path folder) {
        this.messages = messages;
        this.gpus = gpus;
        this.folder = folder;
    }

    /**
     * Fits, saves and returns {@code current} with the calibrated runtime overhead; empty, with the reason in
     * {@link #resultProperty()}, when the input cannot be used.
     */
    public Optional<ScenarioInputs> calibrate(ScenarioInputs current) {
        double mib;
        try {
            mib = Double.parseDouble(measuredMib.get().trim().replace(",", ""));
        } catch (NumberFormatException e) {
            return fail(messages.get("calibration.error.number"));
        }
        if (!(mib > 0 && mib <= MAX_MIB)) {
            return fail(messages.get("calibration.error.number"));
        }
        Optional<GpuSpec> gpu = current.gpuId() == null ? Optional.empty() : gpus.apply(current.gpuId());
        if (gpu.isEmpty()) {
            return fail(messages.get("calibration.error.gpu"));
        }
        Workload w = current.workload();
        if (!w.overhead().enabled()) {
            return fail(messages.get("calibration.error.overhead"));
        }
        MeasurementSource src = source.get();
        if (src == MeasurementSource.ALLOCATED) {
            return fail(messages.get("calibration.error.allocated"));
        }
        long measured = Math.round(mib * (1 << 20));
        Estimate before = estimator.estimate(current.model(), w);
        AllocatorFit fit = AllocatorFit.fit(src, measured, before.allocatedPeakBytes(),
                estimator.transientPeakBytes(current.model(), w), before.contextBytes(), w.overhead().allocatorFraction());
        long estimatedBefore = src == MeasurementSource.RESERVED ? before.reservedPeakBytes() : before.peakBytes();
        CalibrationProfile profile = new CalibrationProfile(gpu.get().id(), gpu.get().id(), src, measured,
                estimatedBefore, fit.contextBytes(), fit.fragmentation());
        Path file = folder.resolve(gpu.get().id() + ".json");
        try {
            CalibrationFiles.write(file, profile, AtomicFiles.MissingFolder.CREATE);
        } catch (FileWriteException e) {
            return fail(messages.get("calibration.error.save", e.getMessage()));
        }
        applied = new CalibrationStatus.Applied(gpu.get().name(), file, profile.overhead());
        result.set(messages.get("calibration.result", gpu.get().name(),
                percent(estimatedBefore, measured), percent(fit.predictedBytes(), measured), file.toString()));
        return Optional.of(current.withWorkload(w.toBuilder().overhead(profile.overhead()).build()));
    }

    private String percent(long estimated, long measured) {
        return String.format(messages.locale(), "%+.1f", 100.0 * (estimated - measured) / measured);
    }

    /** The profile the last successful {@link #calibrate} saved and applied; empty before one or after a failure. */
    public Optional<CalibrationStatus.Applied> applied() {
        return Optional.ofNullable(applied);
    }

    private Optional<ScenarioInputs> fail(String why) {
        applied = null;
        result.set(why);
        return Optional.empty();
    }

    /** The measured figure in MiB, as the user types it. */
    public StringProperty measuredMibProperty() {
        return measuredMib;
    }

    /** What measured it: nvidia-smi or reserved (allocated is refused). */
    public ObjectProperty<MeasurementSource> sourceProperty() {
        return source;
    }

    /** The outcome in words: the error before and after and where the profile went, or why nothing was done. */
    public ReadOnlyStringProperty resultProperty() {
        return result.getReadOnlyProperty();
    }
}
