package com.vramadvisor.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.vramadvisor.calibration.CalibrationFiles;
import com.vramadvisor.calibration.CalibrationProfile;
import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.engine.llm.Estimate;
import com.vramadvisor.engine.llm.MemoryEstimator;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.allocator.AllocatorFit;
import com.vramadvisor.engine.allocator.MeasurementSource;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.files.AtomicFiles;
import com.vramadvisor.files.FileReadException;
import com.vramadvisor.files.FileWriteException;
import com.vramadvisor.files.RegularFiles;
import com.vramadvisor.files.UntrustedText;
import com.vramadvisor.json.JsonTrees;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code calibrate}: fits the CUDA context and the allocator's fragmentation ({@link AllocatorFit}) to one measured
 * run of the workload the flags describe on one GPU, prints the estimate of the measured figure before and after
 * with its error, and saves the result as a profile that {@code --calibration FILE} applies later. A fit that cannot
 * reach the measured figure within the context's and fragmentation's bounds is saved with a warning on standard
 * error: the workload flags then most likely differ from the measured run.
 */
@Command(name = "calibrate", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Fit the CUDA context and allocator to one measured run and save a calibration profile.")
final class CalibrateCommand implements Callable<Integer> {

    /** Largest measured figure accepted: 16 TiB in MiB, far above any one device. */
    static final double MAX_MEASURED_MIB = 16.0 * (1 << 20);
    /**
     * A fit within its bounds reproduces the measured figure to the byte; one that still misses it by more than this
     * fraction (1%, above the rounding of the printed error) stopped at a bound, and {@code calibrate} warns.
     */
    static final double UNREACHED_FIT_FRACTION = 0.01;
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");

    @Spec
    CommandSpec spec;

    @Mixin
    ScenarioArgs args;

    @Option(names = "--gpu", paramLabel = "ID", required = true,
            description = "The GPU the run was measured on, an id from 'catalog list gpus'.")
    String gpuId;

    @Option(names = "--measured-mib", paramLabel = "N", description = "The measured peak in MiB (2^20 bytes), as"
            + " nvidia-smi prints it or torch.cuda.max_memory_reserved()/2**20.")
    Double measuredMib;

    @Option(names = "--source", paramLabel = "WHAT", description = "What measured it: nvidia-smi (process memory"
            + " with the CUDA context), reserved (torch.cuda.max_memory_reserved) or allocated"
            + " (torch.cuda.max_memory_allocated; checks the tensor estimate only). Default nvidia-smi.")
    String source = "nvidia-smi";

    @Option(names = "--memory-stats", paramLabel = "FILE", description = "The JSON of torch.cuda.memory_stats()"
            + " after the measured step: its reserved_bytes.all.peak is the measurement (instead of --measured-mib).")
    Path memoryStats;

    @Option(names = "--save", paramLabel = "FILE", description = "Where to save the profile (default: calibration/"
            + "NAME.json in the user configuration folder).")
    Path save;

    @Option(names = "--name", paramLabel = "NAME", description = "The profile's name (default the GPU id).")
    String name;

    @Option(names = "--format", paramLabel = "FORMAT", description = "text or json (default text).")
    String format = "text";

    @Override
    public Integer call() throws Exception {
        OutputFormat fmt = OutputFormat.parse(format, OutputFormat.TEXT, OutputFormat.JSON);
        if (args.calibration.file != null) {
            throw new CliInputException("calibrate starts from the defaults; leave out --calibration");
        }
        ModelResolver.Resolved resolved = args.resolve();
        ModelSpec m = resolved.model();
        Workload w = resolved.workload();
        if (!w.overhead().enabled()) {
            throw new CliInputException("calibrate fits the runtime overhead; leave out --runtime-overhead off");
        }
        GpuSpec gpu = LatencyFigures.gpu(args.catalog.catalog(spec.commandLine().getErr()), gpuId);
        MeasurementSource src = measurementSource();
        long measured = measuredBytes();
        String profileName = profileName(gpu);

        MemoryEstimator estimator = new MemoryEstimator();
        Estimate before = estimator.estimate(m, w);
        double transientBytes = estimator.transientPeakBytes(m, w);
        AllocatorFit fit;
        try {
            fit = AllocatorFit.fit(src, measured, before.allocatedPeakBytes(), transientBytes, before.contextBytes(),
                    w.overhead().allocatorFraction());
        } catch (IllegalArgumentException e) {
            throw new CliInputException("--source " + src.id() + ": " + e.getMessage());
        }
        long estimatedBefore = figure(before, src);
        CalibrationProfile profile = new CalibrationProfile(profileName, gpu.id(), src, measured, estimatedBefore,
                fit.contextBytes(), fit.fragmentation());
        Estimate after = estimator.estimate(m, w.toBuilder().overhead(profile.overhead()).build());
        long estimatedAfter = figure(after, src);
        Path target = save != null ? save : defaultFolder().resolve(profileName + ".json");
        try {
            CalibrationFiles.write(target, profile, save != null
                    ? AtomicFiles.MissingFolder.REFUSE : AtomicFiles.MissingFolder.CREATE);
        } catch (FileWriteException e) {
            throw new CliOutputException(target + ": " + e.getMessage());
        }
        PrintWriter out = spec.commandLine().getOut();
        if (fmt == OutputFormat.JSON) {
            Map<String, Object> root = new LinkedHashMap<>();
            root.put("profile", target.toString());
            root.put("name", profileName);
            root.put("gpu", gpu.id());
            root.put("source", src.id());
            root.put("measuredBytes", measured);
            root.put("estimatedBytesBefore", estimatedBefore);
            root.put("estimatedBytesAfter", estimatedAfter);
            root.put("errorBefore", error(estimatedBefore, measured));
            root.put("errorAfter", error(estimatedAfter, measured));
            root.put("contextBytes", profile.contextBytes());
            root.put("fragmentation", profile.fragmentation());
            out.println(EstimateOutput.json().writeValueAsString(root));
        } else {
            out.printf(Locale.ROOT, "Model       %s%n", m.name());
            out.printf(Locale.ROOT, "Workload    %s%n", EstimateOutput.describe(w));
            out.printf(Locale.ROOT, "Measured    %s (%s) on %s%n%n", Quantities.gib(measured), src.id(), gpu.name());
            out.printf(Locale.ROOT, "Before      %s, error %+.1f%% (context %s, fragmentation %.2f)%n",
                    Quantities.gib(estimatedBefore), 100 * error(estimatedBefore, measured),
                    Quantities.gib(before.contextBytes()), w.overhead().allocatorFraction());
            out.printf(Locale.ROOT, "After       %s, error %+.1f%% (context %s, fragmentation %.2f)%n%n",
                    Quantities.gib(estimatedAfter), 100 * error(estimatedAfter, measured),
                    Quantities.gib(profile.contextBytes()), profile.fragmentation());
            out.printf(Locale.ROOT, "Saved profile '%s' to %s; apply it with --calibration %s%n", profileName,
                    target, target);
        }
        out.flush();
        if (Math.abs(estimatedAfter - measured) > measured * UNREACHED_FIT_FRACTION) {
            PrintWriter err = spec.commandLine().getErr();
            err.printf(Locale.ROOT, "vram-advisor: warning: after the fit the estimate is still %+.1f%% off: the"
                    + " context and fragmentation reached their bounds, so the workload flags likely differ from the"
                    + " measured run (check --attention, --dropout, --grads-between-steps, --recompute, --batch and"
                    + " --seq); the saved profile does not correct that%n", 100 * error(estimatedAfter, measured));
            err.flush();
        }
        return 0;
    }

    private MeasurementSource measurementSource() {
        if (memoryStats != null) {
            return MeasurementSource.RESERVED;
        }
        try {
            return MeasurementSource.parse(source);
        } catch (IllegalArgumentException e) {
            throw new CliInputException("--source: " + e.getMessage());
        }
    }

    private long measuredBytes() {
        if (memoryStats != null) {
            if (measuredMib != null) {
                throw new CliInputException("give either --measured-mib or --memory-stats, not both");
            }
            return MemoryStats.reservedPeak(memoryStats);
        }
        if (measuredMib == null) {
            throw new CliInputException("calibrate needs the measurement: --measured-mib N or --memory-stats FILE");
        }
        if (!(measuredMib > 0 && measuredMib <= MAX_MEASURED_MIB)) {
            throw new CliInputException("--measured-mib must be above 0 and at most 16 TiB in MiB, got "
                    + measuredMib);
        }
        return Math.round(measuredMib * (1 << 20));
    }

    private String profileName(GpuSpec gpu) {
        String n = name == null ? gpu.id() : name;
        if (!NAME.matcher(n).matches()) {
            throw new CliInputException("--name must be 1 to 64 letters, digits, dots, dashes or underscores, got '"
                    + Cli.oneLine(n) + "'");
        }
        return n;
    }

    /** The estimate's figure that {@code source} measures. */
    static long figure(Estimate e, MeasurementSource source) {
        return switch (source) {
            case NVIDIA_SMI -> e.processPeakBytes();
            case RESERVED -> e.reservedPeakBytes();
            case ALLOCATED -> e.allocatedPeakBytes();
        };
    }

    private static double error(long estimated, long measured) {
        return Math.round((estimated - measured) / (double) measured * 10000) / 10000.0;
    }

    /** {@code calibration/} in the user configuration folder, beside the user catalog. */
    static Path defaultFolder() {
        return CatalogLoader.defaultUserDirectory().getParent().resolve("calibration");
    }

    /** Reads the peak reserved bytes from the JSON of {@code torch.cuda.memory_stats()}. */
    static final class MemoryStats {

        static final int MAX_FILE_BYTES = 1 << 20;
        static final String RESERVED_PEAK = "reserved_bytes.all.peak";

        private MemoryStats() {
        }

        static long reservedPeak(Path file) {
            byte[] bytes;
            try {
                bytes = RegularFiles.readAllBytes(file, MAX_FILE_BYTES);
            } catch (FileReadException e) {
                throw new CliInputException(UntrustedText.escape(file.toString()) + ": --memory-stats "
                        + e.problem());
            }
            JsonNode root;
            try {
                root = JsonTrees.read(bytes, JsonTrees.Check.NO_DUPLICATE_FIELDS, JsonTrees.Check.NO_TRAILING_CONTENT);
            } catch (JsonProcessingException e) {
                throw new CliInputException(file + ": --memory-stats is not valid JSON: " + JsonTrees.problem(e));
            } catch (IOException e) {
                throw new CliInputException(file + ": --memory-stats cannot be read");
            }
            JsonNode peak = root.path(RESERVED_PEAK);
            if (!peak.canConvertToExactIntegral() || !peak.canConvertToLong() || peak.longValue() <= 0
                    || peak.longValue() > CalibrationProfile.MAX_BYTES) {
                throw new CliInputException(file + ": --memory-stats needs \"" + RESERVED_PEAK
                        + "\" as a whole number of bytes above 0 (json.dump(torch.cuda.memory_stats()))");
            }
            return peak.longValue();
        }
    }
}
