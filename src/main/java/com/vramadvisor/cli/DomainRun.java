package com.vramadvisor.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.vramadvisor.catalog.Catalog;
import com.vramadvisor.engine.core.FitVerdict;
import com.vramadvisor.engine.core.JobSize;
import com.vramadvisor.engine.core.LargestFit;
import com.vramadvisor.engine.core.MemoryPart;
import com.vramadvisor.engine.core.Sizable;
import com.vramadvisor.engine.core.SizedEstimate;
import com.vramadvisor.engine.core.WorkloadKind;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.plan.Rig;
import com.vramadvisor.engine.ranking.OneGpuSpeed;
import com.vramadvisor.engine.ranking.RankingOptions;
import com.vramadvisor.files.UntrustedText;
import com.vramadvisor.scenario.ScenarioInputs;
import com.vramadvisor.scenario.ScenarioWorkloads;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;

/** {@code estimate} and {@code fit} for the workload kinds beyond language models. */
final class DomainRun {

    /** The most GPUs {@code fit} tries when it asks how many GPUs a workload that spreads needs. */
    static final int MAX_GPUS = 4096;

    private DomainRun() {
    }

    /**
     * The workload a scenario file describes, built as the window builds it ({@link ScenarioWorkloads}), or else the
     * one the flags describe; a one-line input error when the kind has no estimator, a flag was typed that the kind
     * does not read, or the estimator refuses the file's inputs (naming the file).
     */
    static Sizable build(WorkloadKind kind, ScenarioArgs args, CommandSpec spec) {
        ScenarioInputs fromFile = args.scenarioFile();
        if (fromFile != null) {
            // The model and workload flags were refused when the file was read; --calibration is the one left.
            if (args.calibration.file != null) {
                throw new CliInputException("--calibration means nothing to a " + kind.id() + " scenario (it"
                        + " measures a language-model run); drop it or the scenario");
            }
            try {
                // The file's job can change the work itself (a diffusion pipeline's sampling steps), as in the window.
                return ScenarioWorkloads.build(fromFile).map(w -> ScenarioWorkloads.timed(w, fromFile.domain().job()))
                        .orElseThrow(() -> new CliInputException(args.scenario.file + ": a " + kind.id()
                                + " scenario has no estimator in this version"));
            } catch (IllegalArgumentException e) {
                throw new CliInputException(args.scenario.file + ": " + UntrustedText.escape(e.getMessage(), 400));
            }
        }
        DomainCli cli = DomainWorkloads.of(kind).orElseThrow(() -> new CliInputException(
                "--workload " + kind.id() + " has no estimator in this version"));
        DomainRequest request = new DomainRequest(args, spec.commandLine().getParseResult(),
                spec.commandLine().getErr());
        request.rejectUnread(cli);
        return cli.build(request);
    }

    static void printEstimate(PrintWriter out, OutputFormat fmt, SizedEstimate e) {
        printEstimate(out, fmt, e, null, null);
    }

    /**
     * The speed of {@code w} on one {@code gpu} in its catalog node class, as the decision table times it
     * ({@link OneGpuSpeed} at the table's default efficiencies); {@code null} when the kind has no speed model or the
     * catalog lacks the GPU's figures.
     */
    static OneGpuSpeed.Result speed(Sizable w, GpuSpec gpu, Catalog catalog) {
        Rig rig = Rig.of(gpu, catalog.hardware().nodeFor(gpu), gpu.memoryBytesUsable());
        return OneGpuSpeed.of(w, gpu, rig, RankingOptions.defaults()).orElse(null);
    }

    /** The JSON name of a speed in {@code itemUnit} per second: imagesPerSecond, stepsPerSecond, itemsPerSecond. */
    static String speedJsonName(String itemUnit) {
        return switch (itemUnit) {
            case "images" -> "imagesPerSecond";
            case "time steps" -> "stepsPerSecond";
            default -> "itemsPerSecond";
        };
    }

    /**
     * The estimate with its range and, with a target GPU, whether it fits that GPU in three states from the range
     * (fits, tight, does not fit) with the headroom at the estimate, and the speed on it where the kind has a speed
     * model; the JSON {@code range} and {@code fit} objects have the shapes the language-model {@code estimate --gpu}
     * gives, and the speed is {@code imagesPerSecond} or {@code stepsPerSecond} with {@code itemUnit},
     * {@code stepSeconds}, {@code bound} and {@code precisionFallback}.
     */
    static void printEstimate(PrintWriter out, OutputFormat fmt, SizedEstimate e, MemoryTargetOption.Target gpu,
                              OneGpuSpeed.Result speed) {
        long headroom = gpu == null ? 0 : gpu.usableBytes() - e.peakBytes();
        FitVerdict verdict = gpu == null ? FitVerdict.FITS : e.verdict(gpu.usableBytes());
        if (fmt == OutputFormat.JSON) {
            Map<String, Object> root = estimateJson(e);
            if (gpu != null) {
                Map<String, Object> fit = new LinkedHashMap<>();
                fit.put("verdict", verdict.id());
                fit.put("against", gpu.description());
                fit.put("capacityBytes", gpu.usableBytes());
                fit.put("headroomBytes", headroom);
                root.put("fit", fit);
            }
            if (speed != null) {
                root.put(speedJsonName(speed.itemUnit()), speed.itemsPerSecond());
                root.put("itemUnit", speed.itemUnit());
                root.put("stepSeconds", speed.stepSeconds());
                root.put("bound", speed.bound());
                root.put("precisionFallback", speed.fallback());
            }
            printJson(out, root);
            return;
        }
        printText(out, e);
        if (gpu != null) {
            out.printf(Locale.ROOT, "Fit on %s: %s; headroom %s%s%n", gpu.description(), verdict.label(),
                    headroom < 0 ? "-" : "", Quantities.gib(Math.abs(headroom)));
            out.flush();
        }
        if (speed != null) {
            out.printf(Locale.ROOT, "Speed on one GPU: %,.1f %s per second; a step %.4g s (%s bound)%n",
                    speed.itemsPerSecond(), speed.itemUnit(), speed.stepSeconds(), speed.bound());
            out.printf(Locale.ROOT, "  (roofline at %.0f %% of peak compute and %.0f %% of peak bandwidth, as the"
                    + " decision table times it%s; docs/decision-table.md)%n",
                    RankingOptions.defaults().computeEfficiency() * 100,
                    RankingOptions.defaults().decodeBandwidthEfficiency() * 100,
                    speed.fallback() ? "; the GPU has no rate of its own for this precision, so a slower one is"
                            + " used" : "");
            out.flush();
        }
    }

    private static void printText(PrintWriter out, SizedEstimate e) {
        out.printf(Locale.ROOT, "Workload    %s: %s%n", e.kind().id(), e.subject());
        e.parameters().ifPresent(p -> out.printf(Locale.ROOT, "Parameters  %s (%s)%n", Quantities.grouped(p),
                Quantities.compactCount(p)));
        out.println();
        out.printf(Locale.ROOT, "%-28s %14s %20s%n", "Component (per GPU)", "at the peak", "bytes");
        for (MemoryPart p : e.parts()) {
            out.printf(Locale.ROOT, "%-28s %14s %20s%n", p.label(), Quantities.gib(p.bytes()),
                    Quantities.grouped(p.bytes()));
        }
        out.printf(Locale.ROOT, "%-28s %14s %20s%n", "Peak", Quantities.gib(e.peakBytes()),
                Quantities.grouped(e.peakBytes()));
        if (e.range().lowBytes() != e.range().highBytes()) {
            out.printf(Locale.ROOT, "Range       %s to %s (CUDA context and allocator fragmentation; see"
                    + " docs/verifying.md)%n", Quantities.gib(e.range().lowBytes()),
                    Quantities.gib(e.range().highBytes()));
        }
        out.printf(Locale.ROOT, "%nThe peak is reached at %s.%n", e.peakPhase());
        printList(out, "How each part is computed:", e.parts().stream()
                .map(p -> p.label() + ": " + p.formula()).toList());
        printList(out, "Assumptions:", e.assumptions());
        printList(out, "Worth knowing:", e.caveats());
        out.println();
        out.println("1 GiB = 2^30 bytes.");
        out.flush();
    }

    /**
     * The inverse answer: the largest value on the workload's axis that fits one GPU of {@code usableBytes}, and for
     * workloads that spread, how many such GPUs the workload as described needs.
     */
    static void printFit(PrintWriter out, OutputFormat fmt, Sizable w, long usableBytes, String against) {
        long largest = LargestFit.largest(w, usableBytes);
        SizedEstimate here = w.estimate();
        boolean spreads = w.perGpu(2).isPresent();
        int gpus = spreads ? LargestFit.fewestGpus(w, usableBytes, MAX_GPUS)
                : here.peakBytes() <= usableBytes ? 1 : 0;
        if (fmt == OutputFormat.JSON) {
            Map<String, Object> root = new LinkedHashMap<>();
            root.put("workload", here.kind().id());
            root.put("subject", here.subject());
            root.put("budgetBytes", usableBytes);
            root.put(w.axis().id(), largest);
            root.put("peakBytes", here.peakBytes());
            root.put("fits", here.peakBytes() <= usableBytes);
            root.put("verdict", here.verdict(usableBytes).id());
            root.put("spreadsOverGpus", spreads);
            root.put("gpusNeeded", gpus == 0 ? null : gpus);
            printJson(out, root);
            return;
        }
        out.printf(Locale.ROOT, "Workload    %s: %s%n", here.kind().id(), here.subject());
        out.printf(Locale.ROOT, "Target      %s%n%n", against);
        out.printf(Locale.ROOT, "Largest value that fits (%s): %s%n", w.axis().label(),
                largest == 0 ? "none (even " + w.axis().min() + " does not fit)" : Quantities.grouped(largest));
        out.printf(Locale.ROOT, "As described (%s %s): %s, %s%n", w.axis().label(), Quantities.grouped(w.axisValue()),
                Quantities.gib(here.peakBytes()), here.verdict(usableBytes).label());
        if (spreads) {
            out.printf(Locale.ROOT, "GPUs needed as described: %s%n",
                    gpus == 0 ? "more than " + MAX_GPUS : String.valueOf(gpus));
        } else {
            out.println("Every GPU holds the whole workload; more GPUs do not pool their memory.");
        }
        out.println();
        out.println("1 GiB = 2^30 bytes.");
        out.flush();
    }

    /** The job the flags give, over a scenario file's job when {@code --scenario} is given. */
    static JobSize job(DomainJobOption flags, Sizable w, ScenarioArgs args) {
        ScenarioInputs fromFile = args.scenarioFile();
        return fromFile == null ? flags.job(w) : flags.job(w, fromFile.domain().job(), args.scenario.file);
    }

    /**
     * The GPU {@code estimate} and {@code fit} measure against when neither {@code --gpu} nor {@code --memory-gib}
     * is given: the one a scenario file of a kind beyond language models stores, or {@code null}.
     *
     * @throws CliInputException naming the file when the catalog has no such GPU
     */
    static GpuSpec scenarioGpu(ScenarioArgs args, PrintWriter err) {
        ScenarioInputs fromFile = args.scenarioFile();
        if (fromFile == null || fromFile.gpuId().isBlank()) {
            return null;
        }
        return args.catalog.catalog(err).gpu(fromFile.gpuId().trim()).orElseThrow(() -> new CliInputException(
                args.scenario.file + ": the scenario's GPU '" + fromFile.gpuId() + "' is not in the catalog; give"
                        + " --gpu ID (run 'catalog list gpus' for the ids)"));
    }

    /** The usable bytes and description of a catalog GPU for a workload beyond language models. */
    static MemoryTargetOption.Target target(GpuSpec gpu) {
        long usable = gpu.memoryBytesUsable();
        return new MemoryTargetOption.Target(usable, gpu.name() + ", " + Quantities.gib(usable) + " usable", gpu);
    }

    static Map<String, Object> estimateJson(SizedEstimate e) {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("workload", e.kind().id());
        root.put("subject", e.subject());
        e.parameters().ifPresent(p -> root.put("parameters", p));
        Map<String, Long> components = new LinkedHashMap<>();
        Map<String, String> formulas = new LinkedHashMap<>();
        for (MemoryPart p : e.parts()) {
            components.put(p.id(), p.bytes());
            formulas.put(p.id(), p.formula());
        }
        root.put("components", components);
        root.put("peakBytes", e.peakBytes());
        Map<String, Long> range = new LinkedHashMap<>();
        range.put("lowBytes", e.range().lowBytes());
        range.put("highBytes", e.range().highBytes());
        root.put("range", range);
        root.put("peakPhase", e.peakPhase());
        root.put("formulas", formulas);
        root.put("assumptions", e.assumptions());
        root.put("caveats", e.caveats());
        return root;
    }

    private static void printList(PrintWriter out, String heading, java.util.List<String> lines) {
        if (lines.isEmpty()) {
            return;
        }
        out.println();
        out.println(heading);
        for (String l : lines) {
            out.println("  - " + l);
        }
    }

    private static void printJson(PrintWriter out, Map<String, Object> root) {
        try {
            out.println(EstimateOutput.json().writeValueAsString(root));
        } catch (JsonProcessingException ex) {
            throw new UncheckedIOException(ex);
        }
        out.flush();
    }
}
