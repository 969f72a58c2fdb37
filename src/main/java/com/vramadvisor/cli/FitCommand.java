package com.vramadvisor.cli;

import com.vramadvisor.engine.llm.InverseSolver;
import com.vramadvisor.engine.llm.MemoryEstimator;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.core.Sizable;
import com.vramadvisor.engine.core.WorkloadKind;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.serving.KvCapacity;
import com.vramadvisor.engine.serving.SchedulerLimit;
import com.vramadvisor.engine.serving.ServingEngine;
import com.vramadvisor.engine.serving.ServingLatency;
import com.vramadvisor.engine.speed.SpeedSettings;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * {@code fit}: the inverse questions. The largest micro-batch (or concurrent sequences), sequence length and context
 * that fit one GPU of the catalog, or a memory budget, with everything else as the workload flags say; with
 * {@code --tpot-ms} or {@code --ttft-ms} on a catalog GPU, the most concurrent sequences that fit and meet the
 * latency targets.
 */
@Command(name = "fit", mixinStandardHelpOptions = true, sortOptions = false,
        description = "The largest batch, sequence length and context that fit a GPU or a memory budget.")
final class FitCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    ScenarioArgs args;

    @Mixin
    MemoryTargetOption target;

    @Option(names = "--format", paramLabel = "FORMAT", description = "text or json (default text).")
    String format = "text";

    @Mixin
    ServingTargetsOption targets;

    @Option(names = "--shared-prefix", paramLabel = "N", description = "Inference: tokens every request shares at"
            + " the start of its prompt (a system prompt), held once by prefix caching (vllm, trtllm: whole KV blocks;"
            + " sglang: every token). Default 0.")
    Integer sharedPrefix;

    @Override
    public Integer call() throws Exception {
        OutputFormat fmt = OutputFormat.parse(format, OutputFormat.TEXT, OutputFormat.JSON);
        if (args.kind() != WorkloadKind.LLM) {
            if (targets.anyTarget()) {
                throw new CliInputException("--tpot-ms and --ttft-ms are serving targets for language models");
            }
            Sizable w = DomainRun.build(args.kind(), args, spec);
            GpuSpec fromFile = target.gpuId == null && target.memoryGib == null
                    ? DomainRun.scenarioGpu(args, spec.commandLine().getErr()) : null;
            MemoryTargetOption.Target t = target.resolveDevice(args.catalog, spec.commandLine().getErr(), fromFile);
            DomainRun.printFit(spec.commandLine().getOut(), fmt, w, t.usableBytes(), t.description());
            return 0;
        }
        ModelResolver.Resolved resolved = args.resolve();
        ModelSpec m = resolved.model();
        MemoryTargetOption.Target t = target.resolve(resolved.workload(), args.catalog, spec.commandLine().getErr());
        Workload w = args.onGpu(resolved.workload(), t.gpu());
        long budget = t.usableBytes();
        String against = t.description();
        int batch = InverseSolver.maxBatch(m, w, budget);
        int sequence = InverseSolver.maxSequenceLength(m, w, budget);
        // For training the context is the sequence length, so its search would only repeat the one above.
        int context = w.mode() == Mode.INFER ? InverseSolver.maxContext(m, w, budget) : sequence;
        KvCapacity capacity = w.mode() == Mode.INFER ? (t.gpu() == null ? KvCapacity.of(m, w, budget)
                : KvCapacity.of(m, w, budget, t.gpu().memoryBytesUsable(), t.gpu().memoryBytesTotal(),
                        t.gpu().name())) : null;
        if (capacity != null && ServingEngine.of(w).pipelinesMicroBatches()) {
            // vLLM, SGLang and TensorRT-LLM run no more sequences than their KV pool holds, which they size after
            // their own reservation, profiling run and graphs: the pool, not the estimate alone, sets the answer.
            batch = (int) Math.min(batch, capacity.wholeSequences());
        }
        int prefix = sharedPrefix(w);
        double concurrency = capacity == null ? 0 : capacity.maxConcurrencyWithSharedPrefix(prefix);
        OptionalLong scheduled = capacity == null ? OptionalLong.empty() : scheduledLimit(m, w, t, capacity);
        FitAnswer asGiven = FitAnswer.of(new MemoryEstimator().estimate(m, w), budget, against);
        Integer withinTargets = null;
        if (targets.anyTarget()) {
            long held = (long) Math.floor(concurrency);
            withinTargets = withinTargets(m, w, t, scheduled.isPresent() ? Math.min(held, scheduled.getAsLong()) : held);
        }
        PrintWriter out = spec.commandLine().getOut();
        if (fmt == OutputFormat.JSON) {
            Map<String, Object> root = new LinkedHashMap<>();
            root.put("model", EstimateOutput.modelLabel(m));
            root.put("budgetBytes", budget);
            if (t.gpu() != null) {
                ReservationOutput.putJson(root, t.gpu(), w, budget);
            }
            asGiven.putJson(root);
            root.put("maxBatch", batch);
            root.put("maxSequenceLength", sequence);
            root.put("maxContext", context);
            root.put("modelMaxPositions", m.maxPositions());
            root.put("sequenceCappedByModel", InverseSolver.cappedByModel(m, sequence));
            root.put("contextCappedByModel", InverseSolver.cappedByModel(m, context));
            if (capacity != null) {
                root.put("contextTokens", w.effectiveContext());
                root.put("kvBlockTokens", capacity.blockTokens());
                root.put("kvBlocks", capacity.blocks());
                root.put("kvCacheTokens", capacity.tokens());
                root.put("maxConcurrency", Math.floor(concurrency * 100) / 100);
                root.put("engine", ServingEngine.of(w).id());
                if (prefix > 0) {
                    root.put("sharedPrefixTokens", prefix);
                    root.put("sharedKvBlocks", capacity.sharedBlocks(prefix));
                    root.put("maxConcurrencyWithoutSharing", Math.floor(capacity.maxConcurrency() * 100) / 100);
                }
                if (scheduled.isPresent()) {
                    root.put("maxRunningRequests", scheduled.getAsLong());
                    root.put("maxConcurrencyScheduled",
                            Math.min((long) Math.floor(concurrency), scheduled.getAsLong()));
                }
            }
            if (withinTargets != null) {
                root.put("gpu", t.gpu().id());
                root.put("tpotTargetMs", targets.tpotMs);
                root.put("ttftTargetMs", targets.ttftMs);
                root.put("maxConcurrencyWithinTargets", withinTargets);
            }
            out.println(EstimateOutput.json().writeValueAsString(root));
        } else {
            out.printf(Locale.ROOT, "Model       %s%n", m.name());
            out.printf(Locale.ROOT, "Workload    %s%n", EstimateOutput.describe(m, w));
            out.printf(Locale.ROOT, "Budget      %s per GPU%n%n", against);
            asGiven.printText(out);
            out.println();
            if (w.mode() == Mode.INFER) {
                out.printf(Locale.ROOT, "Largest number of concurrent sequences that fits, at prompt %d and context"
                        + " %d: %s%n", w.sequenceLength(), w.effectiveContext(), answer(batch));
                out.printf(Locale.ROOT, "Largest prompt length that fits, at batch %d: %s%n", w.batch(),
                        answer(m, sequence));
            } else {
                out.printf(Locale.ROOT, "Largest micro-batch that fits, at sequence %d: %s%n", w.sequenceLength(),
                        answer(batch));
                out.printf(Locale.ROOT, "Largest sequence length that fits, at batch %d: %s%n", w.batch(),
                        answer(m, sequence));
            }
            if (w.mode() == Mode.INFER) {
                out.printf(Locale.ROOT, "Largest context (KV cache tokens per sequence), at batch %d: %s%n", w.batch(),
                        answer(m, context));
                if (capacity.blockTokens() > 1) {
                    out.printf(Locale.ROOT, "KV cache left within the budget: %s blocks of %d tokens (%s tokens)%n",
                            Quantities.grouped(capacity.blocks()), capacity.blockTokens(),
                            Quantities.grouped(capacity.tokens()));
                } else {
                    out.printf(Locale.ROOT, "KV cache left within the budget: %s tokens%n",
                            Quantities.grouped(capacity.tokens()));
                }
                out.printf(Locale.ROOT, "Maximum concurrency for %s tokens per request: %.2fx%s%n",
                        Quantities.grouped(w.effectiveContext()), Math.floor(concurrency * 100) / 100,
                        prefix > 0 ? String.format(Locale.ROOT, " (%s shared prefix tokens held once)",
                                Quantities.grouped(prefix)) : "");
                if (scheduled.isPresent()) {
                    out.printf(Locale.ROOT, "Requests %s schedules at once: at most %s, so %s run together%n",
                            ServingEngine.of(w).id(), Quantities.grouped(scheduled.getAsLong()),
                            Quantities.grouped(Math.min((long) Math.floor(concurrency), scheduled.getAsLong())));
                }
            }
            if (withinTargets != null) {
                out.printf(Locale.ROOT, "Largest number of concurrent sequences that fits and meets %s on %s,"
                        + " TP %d: %s%n", targets(), t.gpu().name(), w.parallelism().tensorParallel(),
                        Quantities.grouped(withinTargets));
            }
            out.println();
            out.println("Each answer changes one input and keeps the others; 0 means not even 1 fits.");
        }
        out.flush();
        return 0;
    }

    /** {@code --shared-prefix}, checked against the prompt and the engine. */
    private int sharedPrefix(Workload w) {
        if (sharedPrefix == null) {
            return 0;
        }
        if (w.mode() != Mode.INFER) {
            throw new CliInputException("--shared-prefix needs --mode infer");
        }
        ServingEngine e = ServingEngine.of(w);
        if (e == ServingEngine.HF_GENERATE || e == ServingEngine.LLAMA_CPP) {
            throw new CliInputException("--shared-prefix needs --engine vllm, sglang or trtllm; " + e.id()
                    + " keeps no shared prefix cache");
        }
        if (sharedPrefix < 0 || sharedPrefix > w.sequenceLength()) {
            throw new CliInputException("--shared-prefix must be between 0 and the prompt length "
                    + w.sequenceLength() + ", got " + sharedPrefix);
        }
        return sharedPrefix;
    }

    /** {@code --max-num-seqs}, or the engine's default ({@link SchedulerLimit}). */
    private OptionalLong scheduledLimit(ModelSpec m, Workload w, MemoryTargetOption.Target t, KvCapacity capacity) {
        if (targets.maxNumSeqs != null) {
            targets.check(false);
            return OptionalLong.of(targets.maxNumSeqs);
        }
        return SchedulerLimit.defaultMaxRunning(ServingEngine.of(w), capacity.tokens(), m.maxPositions(),
                t.gpu() == null ? 0 : t.gpu().memoryBytesTotal(), t.gpu() == null ? "" : t.gpu().name());
    }

    /**
     * The most sequences, up to {@code held} (what the KV cache holds and the scheduler runs), whose decode step and
     * prefill meet the targets ({@link ServingLatency#maxConcurrency}).
     */
    private int withinTargets(ModelSpec m, Workload w, MemoryTargetOption.Target t, long held) {
        if (w.mode() != Mode.INFER || t.gpu() == null) {
            throw new CliInputException("--tpot-ms and --ttft-ms need --mode infer and a catalog GPU (--gpu ID)");
        }
        targets.check(false);
        if (t.gpu().memoryBandwidthGBps() <= 0) {
            throw new CliInputException("the catalog gives '" + t.gpu().id()
                    + "' no memory bandwidth, so its latency cannot be estimated");
        }
        return ServingLatency.maxConcurrency(m, w, t.gpu(),
                LatencyFigures.fabric(args.catalog.catalog(spec.commandLine().getErr()), t.gpu(), w),
                ServingLatency.efficiency(SpeedSettings.fitted(), t.gpu(), w), held, targets.tpotMs,
                targets.ttftMs, targets.percentile());
    }

    private String targets() {
        StringBuilder s = new StringBuilder();
        if (targets.tpotMs != null) {
            s.append(String.format(Locale.ROOT, "TPOT <= %s ms", targets.tpotMs));
        }
        if (targets.ttftMs != null) {
            s.append(s.length() > 0 ? " and " : "").append(String.format(Locale.ROOT, "TTFT <= %s ms",
                    targets.ttftMs));
        }
        return s.toString();
    }

    private static String answer(ModelSpec m, int value) {
        if (InverseSolver.cappedByModel(m, value)) {
            return Quantities.grouped(value) + " (capped by the model's maximum of "
                    + Quantities.grouped(m.maxPositions()) + " positions)";
        }
        return answer(value);
    }

    private static String answer(int value) {
        return value >= Workload.MAX_TOKENS ? "at least " + Quantities.grouped(value) : Quantities.grouped(value);
    }
}
