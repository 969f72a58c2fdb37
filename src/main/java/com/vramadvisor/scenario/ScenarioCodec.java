package com.vramadvisor.scenario;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.vramadvisor.files.UntrustedText;
import com.vramadvisor.json.JsonTrees;
import com.vramadvisor.scenario.ScenarioFileException.Reason;
import com.vramadvisor.scenario.SizeUnit;
import com.vramadvisor.engine.money.Usage;
import com.vramadvisor.scenario.ScenarioInputs;
import com.vramadvisor.scenario.SweepAxis;
import com.vramadvisor.engine.llm.ActivationOffload;
import com.vramadvisor.engine.llm.AttentionImpl;
import com.vramadvisor.engine.llm.DataType;
import com.vramadvisor.engine.llm.Framework;
import com.vramadvisor.engine.llm.GradsBetweenSteps;
import com.vramadvisor.engine.llm.Implementation;
import com.vramadvisor.engine.llm.LoraSpec;
import com.vramadvisor.engine.llm.LossUpcast;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.Optimizer;
import com.vramadvisor.engine.llm.Parallelism;
import com.vramadvisor.engine.llm.Precision;
import com.vramadvisor.engine.llm.Recompute;
import com.vramadvisor.engine.llm.RuntimeOverhead;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.core.WorkloadKind;
import com.vramadvisor.engine.ranking.RankingOptions;
import com.vramadvisor.engine.serving.ServingEngine;
import com.vramadvisor.engine.serving.ServingTargets;
import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;

/**
 * Reads and writes scenario files, format version {@value #FORMAT_VERSION}, as documented in
 * {@code docs/scenario-format.md}. A file carries the full model architecture, so it means the same thing after the
 * catalog changes; enum values are the lowercase ids the command line uses.
 */
public final class ScenarioCodec {

    /**
     * The newest format this version reads, and the one it writes for a workload beyond language models (version 2
     * added {@code workloadKind} and {@code domainWorkloads}). A language-model scenario is still written as
     * version {@value #LANGUAGE_MODEL_VERSION}, so that earlier versions of the application keep opening it.
     */
    public static final int FORMAT_VERSION = 2;
    /** The version a language-model scenario is written as: every field it needs existed in version 1. */
    public static final int LANGUAGE_MODEL_VERSION = 1;


    /** The scenario as pretty-printed JSON. */
    public String write(ScenarioInputs inputs) {
        ObjectNode root = JsonTrees.object();
        root.put("formatVersion", inputs.languageModel() ? LANGUAGE_MODEL_VERSION : FORMAT_VERSION);
        root.put("application", "VRAM Advisor");
        root.put("workloadKind", inputs.kind().id());
        ObjectNode model = root.putObject("model");
        model.put("presetId", inputs.modelPresetId());
        model.set("architecture", ModelSpecJson.write(inputs.model()));
        ObjectNode workload = writeWorkload(inputs.workload());
        workload.put("servingEngine", inputs.servingEngine().id());
        workload.put("maxBatchedTokens", inputs.maxBatchedTokens());
        root.set("workload", workload);
        root.put("gpuId", inputs.gpuId());
        root.put("sweepAxis", Ids.of(inputs.sweepAxis()));
        root.put("sizeUnit", inputs.sizeUnit().symbol());
        ObjectNode ranking = root.putObject("ranking");
        ranking.put("tokenBudget", inputs.tokenBudget());
        ranking.put("maxGpus", inputs.maxGpus());
        // A whole number of days reads as one (365, not 365.0); a fraction keeps its digits.
        double days = inputs.deadlineDays();
        if (days == Math.rint(days) && Math.abs(days) < 1e15) {
            ranking.put("deadlineDays", (long) days);
        } else {
            ranking.put("deadlineDays", days);
        }
        ServingTargets targets = inputs.servingTargets();
        ranking.put("tpotTargetMs", targets.tpotMs());
        ranking.put("ttftTargetMs", targets.ttftMs());
        ranking.put("maxRunningRequests", targets.maxRunning());
        // How bought hardware is used: this job only, or busy a share of the time for some years.
        ObjectNode usage = root.putObject("usage");
        Usage u = inputs.usage();
        usage.put("jobOnly", u.jobOnly());
        if (!u.jobOnly()) {
            usage.put("utilization", u.utilization());
            usage.put("years", u.years());
        }
        root.set("domainWorkloads", DomainInputsJson.write(inputs.domain()));
        return JsonTrees.pretty(root) + System.lineSeparator();
    }

    private ObjectNode writeWorkload(Workload w) {
        ObjectNode o = JsonTrees.object();
        o.put("mode", Ids.of(w.mode()));
        o.put("batch", w.batch());
        o.put("sequenceLength", w.sequenceLength());
        o.put("context", w.context());
        o.put("precision", w.precision().id());
        o.put("optimizer", w.optimizer().id());
        Parallelism p = w.parallelism();
        ObjectNode par = o.putObject("parallelism");
        par.put("tensorParallel", p.tensorParallel());
        par.put("pipelineParallel", p.pipelineParallel());
        par.put("dataParallel", p.dataParallel());
        par.put("zeroStage", p.zeroStage());
        par.put("sequenceParallel", p.sequenceParallel());
        par.put("expertParallel", p.expertParallel());
        par.put("contextParallel", p.contextParallel());
        o.put("gradientAccumulation", w.gradientAccumulation());
        o.put("recompute", Ids.of(w.recompute()));
        o.put("attention", Ids.of(w.attention()));
        o.put("dropout", w.dropout());
        if (w.lora() == null) {
            o.putNull("lora");
        } else {
            ObjectNode lora = o.putObject("lora");
            lora.put("rank", w.lora().rank());
            var targets = lora.putArray("targets");
            for (LoraSpec.LoraTarget t : LoraSpec.LoraTarget.values()) {
                if (w.lora().targets().contains(t)) {
                    targets.add(t.name().toLowerCase(Locale.ROOT));
                }
            }
        }
        if (w.weightType() == null) {
            o.putNull("weightType");
        } else {
            o.put("weightType", w.weightType().id());
        }
        o.put("kvCacheType", w.kvCacheType().id());
        ObjectNode overhead = o.putObject("runtimeOverhead");
        overhead.put("enabled", w.overhead().enabled());
        overhead.put("contextBytes", w.overhead().contextBytes());
        overhead.put("allocatorFraction", w.overhead().allocatorFraction());
        o.put("gradsBetweenSteps", Ids.of(w.gradsBetweenSteps()));
        o.put("gpuMemoryUtilization", w.gpuMemoryUtilization());
        o.put("implementation", Ids.of(w.implementation()));
        o.put("lossUpcast", Ids.of(w.lossUpcast()));
        if (w.activationOffload() != ActivationOffload.NONE) {
            o.put("activationOffload", Ids.of(w.activationOffload()));
        }
        if (w.framework() != null) {
            o.put("framework", w.framework().id());
        }

        OffloadJson.write(o, w.offload());
        return o;
    }

    /**
     * Parses a scenario.
     *
     * @throws ScenarioFileException {@link Reason#INCOMPLETE} for JSON that stops early, {@link Reason#NEWER_VERSION}
     *                               for a format version above {@value #FORMAT_VERSION}, {@link Reason#MALFORMED}
     *                               for anything else that is not a scenario, {@link Reason#INVALID_VALUE} for values
     *                               the engine rejects
     */
    public ScenarioInputs read(String json) throws ScenarioFileException {
        JsonNode root;
        try {
            root = JsonTrees.read(json, JsonTrees.Check.NO_TRAILING_CONTENT);
        } catch (JsonProcessingException e) {
            if (endsEarly(json, e)) {
                throw new ScenarioFileException(Reason.INCOMPLETE, e.getLocation() == null
                        ? "the JSON stops before it is complete"
                        : "the JSON stops at line " + e.getLocation().getLineNr() + " before it is complete", e);
            }
            throw new ScenarioFileException(Reason.MALFORMED, "not valid JSON: " + JsonTrees.problem(e), e);
        } catch (java.io.IOException e) {
            // Reading from a string has no input/output of its own; kept apart so that a change of source shows.
            throw new ScenarioFileException(Reason.MALFORMED, "cannot be read: " + e.getMessage(), e);
        }
        if (root == null || root.isMissingNode()) {
            throw new ScenarioFileException(Reason.INCOMPLETE, "the file is empty");
        }
        JsonReader r = new JsonReader(root, "$");
        if (!root.isObject() || !root.has("formatVersion")) {
            throw new ScenarioFileException(Reason.MALFORMED, "$.formatVersion is missing: not a scenario file");
        }
        int version = r.integer("formatVersion", 1, Integer.MAX_VALUE);
        if (version > FORMAT_VERSION) {
            throw new ScenarioFileException(Reason.NEWER_VERSION, "format version " + version
                    + "; this version reads up to " + FORMAT_VERSION);
        }
        try {
            JsonReader model = r.object("model");
            var spec = ModelSpecJson.read(model.object("architecture"));
            String presetId = model.optionalText("presetId", "");
            JsonReader workloadReader = r.object("workload");
            Workload workload = readWorkload(workloadReader);
            // Optional: files written before the serving engine was an input read as vLLM with its default chunk,
            // the command line's default for inference.
            ServingEngine engine = ServingEngine.parse(workloadReader.optionalText("servingEngine",
                    ServingEngine.VLLM.id()));
            if (workload.framework() != null && !workload.framework().training()) {
                // A named serving framework is the engine; it agrees with servingEngine in the files this writes.
                engine = ServingEngine.of(workload.framework());
            }
            int batchedTokens = workloadReader.optionalInteger("maxBatchedTokens", 0, Workload.MAX_TOKENS, 0);
            String gpuId = r.optionalText("gpuId", "");
            SweepAxis axis = r.optionalEnumValue("sweepAxis", SweepAxis.class, SweepAxis.BATCH);
            SizeUnit unit = readSizeUnit(r);
            long tokenBudget = RankingOptions.DEFAULT_TOKEN_BUDGET;
            int maxGpus = RankingOptions.DEFAULT_MAX_GPUS;
            double deadlineDays = RankingOptions.DEFAULT_DEADLINE_DAYS;
            ServingTargets targets = ServingTargets.DEFAULTS;
            Usage usage = Usage.JOB_ONLY;
            // Optional: files written before the decision table's inputs were part of the scenario rank with the
            // defaults the table started with.
            if (r.has("ranking")) {
                JsonReader ranking = r.object("ranking");
                tokenBudget = ranking.optionalLong("tokenBudget", 1, Long.MAX_VALUE, tokenBudget);
                maxGpus = ranking.optionalInteger("maxGpus", 1, Parallelism.MAX_GPUS, maxGpus);
                deadlineDays = ranking.optionalDecimal("deadlineDays", 0, ScenarioInputs.MAX_DEADLINE_DAYS,
                        deadlineDays);
                if (deadlineDays == 0) {
                    throw new ScenarioFileException(Reason.INVALID_VALUE,
                            "$.ranking.deadlineDays: 0 is not a positive number of days");
                }
                // Optional: files written before the serving targets were inputs use the defaults.
                targets = new ServingTargets(
                        ranking.optionalDecimal("tpotTargetMs", 0, ServingTargets.MAX_TARGET_MS, targets.tpotMs()),
                        ranking.optionalDecimal("ttftTargetMs", 0, ServingTargets.MAX_TARGET_MS, targets.ttftMs()),
                        ranking.optionalInteger("maxRunningRequests", 0, ServingTargets.MAX_RUNNING,
                                targets.maxRunning()));
            }
            // Optional: files written before usage was an input cost purchases for the job alone.
            if (r.has("usage")) {
                usage = readUsage(r.object("usage"));
            }
            // Optional: files written before other kinds existed are language-model scenarios.
            WorkloadKind kind = WorkloadKind.LLM;
            if (r.has("workloadKind")) {
                try {
                    kind = WorkloadKind.parse(r.text("workloadKind"));
                } catch (IllegalArgumentException e) {
                    throw r.malformed("workloadKind", "expected llm, vision, diffusion, render, md or grid, found "
                            + UntrustedText.quote(r.text("workloadKind")));
                }
            }
            DomainInputs domain = r.has("domainWorkloads") ? DomainInputsJson.read(r.object("domainWorkloads"))
                    : DomainInputs.defaults();
            return new ScenarioInputs(spec, presetId, workload, gpuId, axis, unit, tokenBudget, maxGpus,
                    deadlineDays, engine, batchedTokens, kind, domain, targets, usage);
        } catch (IllegalArgumentException e) {
            throw new ScenarioFileException(Reason.INVALID_VALUE, UntrustedText.escape(e.getMessage(), 400), e);
        }
    }

    /**
     * Whether parsing failed because the text stops, not because of a wrong character: an end-of-input error, or
     * an error at the very end (a token cut in half, such as {@code tru} or {@code 40}).
     */
    private static boolean endsEarly(String json, JsonProcessingException e) {
        if (e instanceof JsonEOFException) {
            return true;
        }
        long offset = e.getLocation() == null ? -1 : e.getLocation().getCharOffset();
        String body = json.stripTrailing();
        return offset >= 0 && (offset >= body.length() || body.substring((int) offset).matches("[A-Za-z0-9.+-]+"));
    }

    /**
     * {@code {"jobOnly": true}}, or {@code {"jobOnly": false, "utilization": U, "years": Y}} with U in (0, 1] and Y in
     * (0, {@value Usage#MAX_YEARS}].
     */
    private static Usage readUsage(JsonReader u) throws ScenarioFileException {
        if (u.optionalBool("jobOnly", !u.has("utilization") && !u.has("years"))) {
            return Usage.JOB_ONLY;
        }
        double utilization = u.decimal("utilization", 0, 1);
        double years = u.decimal("years", 0, Usage.MAX_YEARS);
        if (utilization == 0 || years == 0) {
            throw new ScenarioFileException(Reason.INVALID_VALUE, u.path()
                    + ": utilisation and years must be above 0");
        }
        return Usage.of(utilization, years);
    }

    private static SizeUnit readSizeUnit(JsonReader r) throws ScenarioFileException {
        String symbol = r.optionalText("sizeUnit", SizeUnit.GIB.symbol());
        for (SizeUnit u : SizeUnit.values()) {
            if (u.symbol().equalsIgnoreCase(symbol)) {
                return u;
            }
        }
        throw r.malformed("sizeUnit", "expected GiB or GB, found " + UntrustedText.quote(symbol));
    }

    private static Workload readWorkload(JsonReader w) throws ScenarioFileException {
        JsonReader p = w.object("parallelism");
        int most = Parallelism.MAX_GPUS;
        Parallelism parallelism = new Parallelism(p.integer("tensorParallel", 1, most),
                p.integer("pipelineParallel", 1, most), p.integer("dataParallel", 1, most),
                p.integer("zeroStage", 0, 3), p.bool("sequenceParallel"),
                // Optional: files written before expert and context parallelism existed mean 1.
                p.optionalInteger("expertParallel", 1, most, 1), p.optionalInteger("contextParallel", 1, most, 1));
        LoraSpec lora = null;
        if (w.has("lora")) {
            JsonReader l = w.object("lora");
            Set<LoraSpec.LoraTarget> targets = EnumSet.noneOf(LoraSpec.LoraTarget.class);
            for (String t : l.textArray("targets")) {
                targets.add(Ids.parse(LoraSpec.LoraTarget.class, t, l.path() + ".targets"));
            }
            lora = new LoraSpec(l.integer("rank", 1, 1 << 16), targets);
        }
        JsonReader o = w.object("runtimeOverhead");
        RuntimeOverhead overhead = new RuntimeOverhead(o.bool("enabled"), o.longValue("contextBytes", 0,
                Long.MAX_VALUE), o.decimal("allocatorFraction", 0, 1));
        String weightType = w.has("weightType") ? w.text("weightType") : null;
        return Workload.builder()
                .mode(w.enumValue("mode", Mode.class))
                .batch(w.integer("batch", 1, Workload.MAX_TOKENS))
                .sequenceLength(w.integer("sequenceLength", 1, Workload.MAX_TOKENS))
                .context(w.integer("context", 0, Workload.MAX_TOKENS))
                .precision(Precision.parse(w.text("precision")))
                .optimizer(Optimizer.parse(w.text("optimizer")))
                .parallelism(parallelism)
                .gradientAccumulation(w.integer("gradientAccumulation", 1, Integer.MAX_VALUE))
                .recompute(w.enumValue("recompute", Recompute.class))
                .attention(w.enumValue("attention", AttentionImpl.class))
                .dropout(w.decimal("dropout", 0, 0.999))
                .lora(lora)
                .weightType(weightType == null ? null : DataType.parse(weightType))
                .kvCacheType(DataType.parse(w.text("kvCacheType")))
                .overhead(overhead)
                .gradsBetweenSteps(w.optionalEnumValue("gradsBetweenSteps", GradsBetweenSteps.class,
                        GradsBetweenSteps.FREED))
                .gpuMemoryUtilization(w.optionalDecimal("gpuMemoryUtilization", 0, 1, 0))
                // Files written before the field existed were estimated with the engine's default at reading time,
                // which is PyTorch; reading them as PyTorch keeps their meaning in the app that opens them.
                .implementation(w.optionalEnumValue("implementation", Implementation.class, Implementation.PYTORCH))
                .lossUpcast(w.optionalEnumValue("lossUpcast", LossUpcast.class, LossUpcast.FP32))
                .activationOffload(w.optionalEnumValue("activationOffload", ActivationOffload.class,
                        ActivationOffload.NONE))

                .offload(OffloadJson.read(w))
                .framework(readFramework(w))
                .build();
    }

    /** Optional: files written before frameworks were named, and files that name none, read as {@code null}. */
    private static Framework readFramework(JsonReader w) throws ScenarioFileException {
        if (!w.has("framework")) {
            return null;
        }
        String text = w.text("framework");
        try {
            return Framework.parse(text);
        } catch (IllegalArgumentException e) {
            throw new ScenarioFileException(Reason.INVALID_VALUE, "$.workload.framework: unknown value "
                    + UntrustedText.quote(text) + " (expected fsdp, deepspeed, megatron, vllm, sglang, trtllm,"
                    + " llama.cpp or hf)");
        }
    }
}
