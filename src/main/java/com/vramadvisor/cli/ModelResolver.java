package com.vramadvisor.cli;

import com.vramadvisor.catalog.Catalog;
import com.vramadvisor.catalog.model.LocalModels;
import com.vramadvisor.catalog.model.ModelImportException;
import com.vramadvisor.engine.llm.MemoryEstimator;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.money.Usage;
import com.vramadvisor.engine.ranking.RankingOptions;
import com.vramadvisor.engine.serving.ServingTargets;
import com.vramadvisor.scenario.ScenarioInputs;
import java.io.PrintWriter;
import picocli.CommandLine.Model.CommandSpec;

/** Turns the model flags into one {@link ModelSpec}: a preset, a file or a parameter count, then explicit flags. */
final class ModelResolver {

    private ModelResolver() {
    }

    /**
     * A model and the workload to run on it, as the command line describes them, with the decision table's token
     * budget, GPU limit, deadline and usage of a scenario file (the ranking's defaults when the flags describe the
     * workload). A command's own {@code --tokens}, {@code --max-gpus}, {@code --days} or {@code --utilization}
     * replaces them.
     */
    record Resolved(ModelSpec model, Workload workload, long tokenBudget, int maxGpus, double deadlineDays,
                    ServingTargets servingTargets, Usage usage) {

        Resolved(ModelSpec model, Workload workload) {
            this(model, workload, RankingOptions.DEFAULT_TOKEN_BUDGET, RankingOptions.DEFAULT_MAX_GPUS,
                    RankingOptions.DEFAULT_DEADLINE_DAYS, ServingTargets.DEFAULTS, Usage.JOB_ONLY);
        }
    }

    /**
     * The model and workload of a command: from {@code --scenario} when given, else from the model and workload
     * flags.
     */
    static Resolved resolve(ModelOptions model, WorkloadOptions workload, CatalogOption catalog,
                            ScenarioOption scenario, CommandSpec spec) {
        ScenarioInputs fromFile = scenario.read(spec);
        if (fromFile != null) {
            requireUsefulLoraRank(fromFile.model(), fromFile.workload(), scenario.file + ": the scenario's LoRA rank");
            requireContextWithinLimits(fromFile.model(), fromFile.workload(), scenario.file + ": ");
            requireCountable(fromFile.model(), fromFile.workload(), scenario.file + ": the scenario");
            return new Resolved(fromFile.model(), fromFile.workload(), fromFile.tokenBudget(), fromFile.maxGpus(),
                    fromFile.deadlineDays(), fromFile.servingTargets(), fromFile.usage());
        }
        ModelSpec m = resolve(model, catalog, spec.commandLine().getErr());
        Workload w = workload.toWorkload(model.importedWeightType);
        requireUsefulLoraRank(m, w, "--lora-rank");
        requireContextWithinLimits(m, w, "");
        requireCountable(m, w, "this model and workload");
        return new Resolved(m, w);
    }

    /**
     * An estimate whose peak passes 2^63-1 bytes (8 EiB) per GPU saturates, and its totals no longer add up (an
     * allocated peak of 0 beside a process total of 8 EiB): refused in one line rather than printed. No layout helps:
     * over the most GPUs a layout may use it would still need terabytes per GPU.
     */
    private static void requireCountable(ModelSpec m, Workload w, String what) {
        boolean saturated;
        try {
            saturated = new MemoryEstimator().estimate(m, w).saturated();
        } catch (IllegalArgumentException e) {
            // A layout the estimator refuses is the command's to report, in its own words, as before.
            return;
        }
        if (saturated) {
            throw new CliInputException(what + " would need more than 8 EiB (2^63 bytes) per GPU, beyond what an"
                    + " estimate counts and any GPU holds; reduce the batch, the sequence or the model");
        }
    }

    /**
     * For inference, the prompt must fit its context (the KV cache holds the prompt and what is generated after it)
     * and the context must fit the model's maximum positions, which serving engines refuse to exceed (vLLM's
     * {@code max_model_len}).
     */
    static void requireContextWithinLimits(ModelSpec m, Workload w, String prefix) {
        if (w.mode() != Mode.INFER) {
            return;
        }
        if (w.context() > 0 && w.sequenceLength() > w.context()) {
            throw new CliInputException(prefix + "--seq " + w.sequenceLength() + " (prompt tokens) is longer than"
                    + " --context " + w.context() + " (prompt plus output tokens per sequence); give a context at"
                    + " least as long as the prompt");
        }
        int context = w.effectiveContext();
        if (m.maxPositions() > 0 && context > m.maxPositions()) {
            throw new CliInputException(prefix + (w.context() > 0 ? "--context " : "--seq ") + context
                    + " is longer than " + m.name() + "'s maximum of " + Quantities.grouped(m.maxPositions())
                    + " positions");
        }
    }

    /** A LoRA rank above the adapted matrices' smaller dimension describes no real adapter. */
    private static void requireUsefulLoraRank(ModelSpec m, Workload w, String what) {
        if (w.lora() == null) {
            return;
        }
        long max = w.lora().maxUsefulRank(m);
        if (w.lora().rank() > max) {
            throw new CliInputException(what + " " + w.lora().rank() + " is above " + max + ", the smaller"
                    + " dimension of the smallest adapted matrix; a larger rank adds parameters but no expressive"
                    + " power");
        }
    }

    static ModelSpec resolve(ModelOptions o, CatalogOption catalog, PrintWriter err) {
        int sources = (o.preset != null ? 1 : 0) + (o.config != null ? 1 : 0) + (o.params != null ? 1 : 0)
                + (o.localModel != null ? 1 : 0);
        if (sources > 1) {
            throw new CliInputException("give only one of --preset, --config, --model and --params");
        }
        ModelSpec base = null;
        if (o.preset != null) {
            Catalog c = catalog.catalog(err);
            base = c.model(o.preset.trim())
                    .orElseThrow(() -> new CliInputException("unknown preset '" + o.preset
                            + "' (run 'catalog list models' for the ids)"));
        } else if (o.config != null) {
            base = ModelFiles.read(o.config, o, err);
        } else if (o.localModel != null) {
            try {
                base = ModelFiles.read(LocalModels.ofThisUser().find(o.localModel), o, err);
            } catch (ModelImportException e) {
                throw new CliInputException(e.getMessage());
            }
        } else if (o.params != null) {
            base = o.fromParams();
        }
        if (base == null || o.hasExplicitFlags()) {
            return o.applyTo(base);
        }
        return base;
    }
}
