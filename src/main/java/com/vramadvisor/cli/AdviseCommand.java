package com.vramadvisor.cli;

import com.vramadvisor.engine.llm.Estimate;
import com.vramadvisor.engine.speed.SpeedSettings;
import com.vramadvisor.engine.core.FitVerdict;
import com.vramadvisor.engine.llm.MemoryEstimator;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Parallelism;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.advice.FitAdvisor;
import com.vramadvisor.engine.advice.Lever;
import com.vramadvisor.engine.advice.SpeedContext;
import com.vramadvisor.engine.llm.Mode;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code advise}: what to change first when the workload does not fit. Lists the single changes of
 * {@link FitAdvisor}, each applied alone, with the resulting peak per GPU, the bytes saved, whether it then fits and
 * its speed effect with the source.
 */
@Command(name = "advise", mixinStandardHelpOptions = true, sortOptions = false,
        description = "What to change first when it does not fit: single changes with their memory and speed effect.")
final class AdviseCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    ScenarioArgs args;

    @Mixin
    MemoryTargetOption target;

    @Option(names = "--format", paramLabel = "FORMAT", description = "text or json (default text).")
    String format = "text";

    /** Deprecated: kept so scripts written for it keep working; --format json is the one spelling every command takes. */
    @Option(names = "--json", hidden = true, description = "Deprecated: use --format json.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        OutputFormat fmt = json ? OutputFormat.JSON : OutputFormat.parse(format, OutputFormat.TEXT, OutputFormat.JSON);
        ModelResolver.Resolved resolved = args.resolve();
        ModelSpec m = resolved.model();
        Workload w = resolved.workload();
        MemoryTargetOption.Target t = target.resolve(w, args.catalog, spec.commandLine().getErr());
        long usable = t.usableBytes();
        String against = t.description();
        Estimate now = new MemoryEstimator().estimate(m, w);
        SpeedContext speed = t.gpu() == null ? null : new SpeedContext(t.gpu(),
                args.catalog.catalog(spec.commandLine().getErr()).hardware().nodeFor(t.gpu()),
                SpeedSettings.fitted());
        List<Lever> levers = new FitAdvisor().advise(m, w, usable, speed);
        PrintWriter out = spec.commandLine().getOut();
        if (fmt == OutputFormat.JSON) {
            out.println(EstimateOutput.json().writeValueAsString(toJson(m, usable, now, levers)));
        } else {
            printText(out, m, w, against, usable, now, levers);
        }
        out.flush();
        return 0;
    }

    private static Map<String, Object> toJson(ModelSpec m, long usable, Estimate now, List<Lever> levers) {
        long current = now.peakBytes();
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("model", EstimateOutput.modelLabel(m));
        root.put("usableBytesPerGpu", usable);
        root.put("currentPeakBytes", current);
        root.put("currentFits", current <= usable);
        root.put("currentVerdict", now.range().verdict(usable).id());
        root.put("currentRange", FitAnswer.rangeJson(now.range()));
        List<Map<String, Object>> rows = new ArrayList<>();
        for (Lever l : levers) {
            Map<String, Object> row = new LinkedHashMap<>();
            row.put("lever", l.kind().id());
            row.put("change", change(l));
            row.put("peakBytes", l.peakBytes());
            row.put("savedBytes", l.savedBytes());
            row.put("fits", l.fits());
            row.put("verdict", l.estimate().range().verdict(usable).id());
            row.put("range", FitAnswer.rangeJson(l.estimate().range()));
            row.put("gpus", l.gpus());
            Map<String, Object> speed = new LinkedHashMap<>();
            speed.put("trend", l.speed().trend().name().toLowerCase(Locale.ROOT).replace('_', '-'));
            speed.put("summary", l.speed().summary());
            speed.put("source", l.speed().source());
            speed.put("modelledRatio", l.speedRatio());
            row.put("speed", speed);
            rows.add(row);
        }
        root.put("levers", rows);
        return root;
    }

    private static void printText(PrintWriter out, ModelSpec m, Workload w, String against, long usable, Estimate now,
                                  List<Lever> levers) {
        long current = now.peakBytes();
        out.printf(Locale.ROOT, "Model       %s%n", m.name());
        out.printf(Locale.ROOT, "Workload    %s%n", EstimateOutput.describe(m, w));
        out.printf(Locale.ROOT, "Usable      %s per GPU%n", against);
        out.printf(Locale.ROOT, "Peak now    %s per GPU (range %s to %s): %s%n%n", Quantities.gib(current),
                Quantities.gib(now.range().lowBytes()), Quantities.gib(now.range().highBytes()),
                now.range().verdict(usable).label());
        if (levers.isEmpty()) {
            out.println("No single change from the list lowers the peak of this workload.");
            return;
        }
        String rowFormat = "%-3s %-50s %14s %14s %-5s %5s  %-10s %s%n";
        out.printf(Locale.ROOT, rowFormat, "#", "Change (alone)", "Peak/GPU", "Saved", "Fits", "GPUs", "Speed",
                w.mode() == Mode.INFER ? "Modelled (per sequence)" : "Modelled (per GPU)");
        int i = 1;
        for (Lever l : levers) {
            out.printf(Locale.ROOT, rowFormat, i++, change(l), Quantities.gib(l.peakBytes()),
                    Quantities.gib(l.savedBytes()), fitsWord(l.estimate().range().verdict(usable)), l.gpus(),
                    l.speed().trend().name().toLowerCase(Locale.ROOT).replace('_', ' '),
                    l.speedRatio() == null ? "-" : String.format(Locale.ROOT, "%.2fx", l.speedRatio()));
        }
        out.println();
        out.println("Speed effects and their sources:");
        i = 1;
        for (Lever l : levers) {
            out.printf(Locale.ROOT, "%d. %s: %s [%s]%n", i++, change(l), l.speed().summary(), l.speed().source());
        }
        out.println();
        out.println("Each change is applied alone to the workload above (full recompute + ZeRO-3, offered when neither"
                + " fits alone, is the two together); sizes are GiB (2^30 bytes) per GPU. Modelled: the speed after"
                + " the change over the speed now on the GPU given (--gpu), from the step-time model (training tokens"
                + " per second per GPU) or the decode model (output tokens per second of one sequence);"
                + " docs/advice.md.");
    }

    /** yes, tight or no: the three-state fit in the table's Fits column. */
    private static String fitsWord(FitVerdict v) {
        return switch (v) {
            case FITS -> "yes";
            case TIGHT -> "tight";
            case DOES_NOT_FIT -> "no";
        };
    }

    /** " + full recompute" for an offload lever offered with full recomputation (it did not fit alone). */
    private static String recomputeToo(Lever l) {
        return l.workload().recompute() == com.vramadvisor.engine.llm.Recompute.FULL ? " + full recompute" : "";
    }

    /** One line naming the change and its new value. */
    static String change(Lever l) {
        Workload w = l.workload();
        Parallelism p = w.parallelism();
        return switch (l.kind()) {
            case SELECTIVE_RECOMPUTE -> "selective activation recomputation";
            case FULL_RECOMPUTE -> "full activation recomputation";
            case FLASH_ATTENTION -> "flash attention instead of eager";
            case HALVE_MICRO_BATCH -> "micro-batch " + w.batch() + ", gradient accumulation "
                    + w.gradientAccumulation();
            case ADAMW_8BIT -> "8-bit AdamW";
            case NEXT_ZERO_STAGE -> "ZeRO stage " + p.zeroStage() + " over " + p.dataParallel() + " GPUs";
            case ZERO3_DATA_PARALLEL -> "ZeRO-3 over " + p.dataParallel() + " data-parallel GPUs ("
                    + p.gpus() + " in all)";
            case ZERO3_FULL_RECOMPUTE -> "full recompute + ZeRO-3 over " + p.dataParallel() + " GPUs ("
                    + p.gpus() + " in all)";
            case TENSOR_PARALLEL_X2 -> "tensor parallel " + p.tensorParallel() + " (" + p.gpus() + " GPUs)";
            case BF16_MIXED -> "bf16 mixed precision";
            case ZERO_OFFLOAD -> "ZeRO-Offload, optimizer to CPU, ZeRO-" + p.zeroStage() + recomputeToo(l);
            case ZERO_INFINITY -> "ZeRO-Infinity, states to NVMe, ZeRO-3" + recomputeToo(l);
            case FSDP_CPU_OFFLOAD -> "FSDP CPU offload, full sharding" + recomputeToo(l);
            case PIPELINE_PARALLEL_X2 -> "pipeline parallel " + p.pipelineParallel() + " (" + p.gpus() + " GPUs)";
            case LORA -> "LoRA rank " + w.lora().rank() + " instead of full training";
            case QLORA -> "QLoRA (NF4 base, rank " + w.lora().rank() + ")";
            case KV_CACHE_FP8 -> "KV cache fp8";
            case WEIGHTS_FP8 -> "weights fp8";
            case WEIGHTS_INT8 -> "weights int8";
            case WEIGHTS_INT4 -> "weights int4";
            case HALVE_SEQUENCES -> w.batch() + " concurrent sequences";
            case HALVE_CONTEXT -> "context " + w.effectiveContext() + " tokens";
        };
    }
}
