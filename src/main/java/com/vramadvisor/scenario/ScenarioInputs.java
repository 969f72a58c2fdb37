package com.vramadvisor.scenario;

import com.vramadvisor.scenario.SizeUnit;
import com.vramadvisor.engine.llm.AttentionImpl;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.NormKind;
import com.vramadvisor.engine.llm.Optimizer;
import com.vramadvisor.engine.llm.Parallelism;
import com.vramadvisor.engine.llm.PositionKind;
import com.vramadvisor.engine.llm.Precision;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.core.WorkloadKind;
import com.vramadvisor.engine.money.Usage;
import com.vramadvisor.engine.ranking.RankingOptions;
import com.vramadvisor.engine.serving.ServingEngine;
import com.vramadvisor.engine.serving.ServingTargets;
import java.util.Objects;

/**
 * Everything the user has set in the workload panel, plus the decision table's token budget, GPU limit, deadline and
 * usage, as one immutable value. The workload view-model publishes a new instance once per input change; charts, the
 * decision table, the planner, comparisons and scenario files all read this record and hand its engine records to the
 * engine.
 *
 * @param model         the model architecture the engine estimates
 * @param modelPresetId catalog preset id the model came from ({@code llama-3-8b}), empty for an imported file, a
 *                      parameter-count shape or an edited architecture
 * @param workload      what runs on the GPUs (mode, batch, sequence, precision, parallelism, ...)
 * @param gpuId         catalog id of the GPU the charts draw capacity for, empty when none is chosen
 * @param sweepAxis     the input the sweep chart varies
 * @param sizeUnit      whether sizes are shown in GiB or GB
 * @param tokenBudget   tokens the decision table's time, cost and energy refer to (training: tokens to train on;
 *                      inference: tokens to generate), at least 1; {@link RankingOptions#tokenBudget()}
 * @param maxGpus       most GPUs one option of the decision table may use, at least 1;
 *                      {@link RankingOptions#DEFAULT_MAX_GPUS} stands for no limit; {@link RankingOptions#maxGpus()}
 * @param deadlineDays  days a training run may take: the decision table uses the fewest GPUs that finish within it
 *                      and marks options that cannot; above 0 and at most {@link #MAX_DEADLINE_DAYS};
 *                      {@link RankingOptions#deadlineDays()}
 * @param servingEngine    the engine an inference workload runs on; {@link ServingEngine#configure} sets the
 *                         workload's KV blocks and prefill chunk from it, so {@link #workload()} is the workload as
 *                         that engine runs it. Training workloads have neither.
 * @param maxBatchedTokens prompt tokens one forward pass prefills (vLLM's {@code max_num_batched_tokens},
 *                         llama.cpp's {@code n_ubatch}); 0 for the engine's default. Kept but not applied for an
 *                         engine that prefills in one pass.
 * @param kind          what is sized: {@link WorkloadKind#LLM} uses every field above; any other kind is described by
 *                      its record in {@code domain}, and the language-model fields are kept for switching back
 * @param domain        the inputs of every kind beyond language models
 * @param servingTargets inference: the TPOT and TTFT targets and the cap on running requests that the decision
 *                      table counts users served within; {@link RankingOptions#servingTargets()}
 * @param usage         how bought hardware will be used, which decides what buying costs the job: this job only, or
 *                      busy a share of the time for some years; {@link RankingOptions#usage()}
 */
public record ScenarioInputs(ModelSpec model, String modelPresetId, Workload workload, String gpuId,
                             SweepAxis sweepAxis, SizeUnit sizeUnit, long tokenBudget, int maxGpus,
                             double deadlineDays, ServingEngine servingEngine, int maxBatchedTokens,
                             WorkloadKind kind, DomainInputs domain, ServingTargets servingTargets, Usage usage) {

    /** Catalog id of the default model. */
    public static final String DEFAULT_MODEL_ID = "llama-3-8b";
    /** The longest deadline a scenario may give, in days (about 2,700 years): beyond any plan, yet finite. */
    public static final double MAX_DEADLINE_DAYS = 1_000_000;

    public ScenarioInputs {
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(workload, "workload");
        Objects.requireNonNull(sweepAxis, "sweepAxis");
        Objects.requireNonNull(sizeUnit, "sizeUnit");
        Objects.requireNonNull(servingEngine, "servingEngine");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(domain, "domain");
        Objects.requireNonNull(servingTargets, "servingTargets");
        Objects.requireNonNull(usage, "usage");
        if (maxBatchedTokens < 0 || maxBatchedTokens > Workload.MAX_TOKENS) {
            throw new IllegalArgumentException("max batched tokens must be between 0 and " + Workload.MAX_TOKENS
                    + ", got " + maxBatchedTokens);
        }
        workload = workload.mode() == Mode.INFER
                ? servingEngine.configure(workload, servingEngine.chunksPrefill() ? maxBatchedTokens : 0)
                : workload.toBuilder().kvBlockTokens(0).prefillChunkTokens(0).build();
        modelPresetId = modelPresetId == null ? "" : modelPresetId;
        gpuId = gpuId == null ? "" : gpuId;
        if (tokenBudget < 1) {
            throw new IllegalArgumentException("token budget must be at least 1, got " + tokenBudget);
        }
        if (maxGpus < 1 || maxGpus > Parallelism.MAX_GPUS) {
            throw new IllegalArgumentException("GPU limit must be 1 to " + Parallelism.MAX_GPUS + ", got " + maxGpus);
        }
        if (!(deadlineDays > 0 && deadlineDays <= MAX_DEADLINE_DAYS)) {
            throw new IllegalArgumentException("deadline must be a positive number of days up to "
                    + (long) MAX_DEADLINE_DAYS + ", got " + deadlineDays);
        }
    }

    /** A scenario whose bought hardware serves this job only ({@link Usage#JOB_ONLY}). */
    public ScenarioInputs(ModelSpec model, String modelPresetId, Workload workload, String gpuId,
                          SweepAxis sweepAxis, SizeUnit sizeUnit, long tokenBudget, int maxGpus,
                          double deadlineDays, ServingEngine servingEngine, int maxBatchedTokens,
                          WorkloadKind kind, DomainInputs domain, ServingTargets servingTargets) {
        this(model, modelPresetId, workload, gpuId, sweepAxis, sizeUnit, tokenBudget, maxGpus, deadlineDays,
                servingEngine, maxBatchedTokens, kind, domain, servingTargets, Usage.JOB_ONLY);
    }

    /** A scenario with the default serving targets ({@link ServingTargets#DEFAULTS}). */
    public ScenarioInputs(ModelSpec model, String modelPresetId, Workload workload, String gpuId,
                          SweepAxis sweepAxis, SizeUnit sizeUnit, long tokenBudget, int maxGpus,
                          double deadlineDays, ServingEngine servingEngine, int maxBatchedTokens,
                          WorkloadKind kind, DomainInputs domain) {
        this(model, modelPresetId, workload, gpuId, sweepAxis, sizeUnit, tokenBudget, maxGpus, deadlineDays,
                servingEngine, maxBatchedTokens, kind, domain, ServingTargets.DEFAULTS);
    }

    /** A language-model scenario, every other kind at its defaults. */
    public ScenarioInputs(ModelSpec model, String modelPresetId, Workload workload, String gpuId,
                          SweepAxis sweepAxis, SizeUnit sizeUnit, long tokenBudget, int maxGpus,
                          double deadlineDays, ServingEngine servingEngine, int maxBatchedTokens) {
        this(model, modelPresetId, workload, gpuId, sweepAxis, sizeUnit, tokenBudget, maxGpus, deadlineDays,
                servingEngine, maxBatchedTokens, WorkloadKind.LLM, DomainInputs.defaults());
    }

    /** A scenario served by vLLM with its default batched-token limit. */
    public ScenarioInputs(ModelSpec model, String modelPresetId, Workload workload, String gpuId,
                          SweepAxis sweepAxis, SizeUnit sizeUnit, long tokenBudget, int maxGpus, double deadlineDays) {
        this(model, modelPresetId, workload, gpuId, sweepAxis, sizeUnit, tokenBudget, maxGpus, deadlineDays,
                ServingEngine.VLLM, 0);
    }

    /** A scenario with the decision table's default deadline. */
    public ScenarioInputs(ModelSpec model, String modelPresetId, Workload workload, String gpuId,
                          SweepAxis sweepAxis, SizeUnit sizeUnit, long tokenBudget, int maxGpus) {
        this(model, modelPresetId, workload, gpuId, sweepAxis, sizeUnit, tokenBudget, maxGpus,
                RankingOptions.DEFAULT_DEADLINE_DAYS);
    }

    /** A scenario with the decision table's default token budget, GPU limit and deadline. */
    public ScenarioInputs(ModelSpec model, String modelPresetId, Workload workload, String gpuId,
                          SweepAxis sweepAxis, SizeUnit sizeUnit) {
        this(model, modelPresetId, workload, gpuId, sweepAxis, sizeUnit, RankingOptions.DEFAULT_TOKEN_BUDGET,
                RankingOptions.DEFAULT_MAX_GPUS);
    }

    /**
     * The scenario shown on first start and offline: full fine-tuning of Llama-3-8B in bf16 mixed precision with
     * AdamW, micro-batch 1, 4096 tokens, flash attention, on one GPU.
     */
    public static ScenarioInputs defaults() {
        Workload workload = Workload.builder()
                .mode(Mode.TRAIN)
                .batch(1)
                .sequenceLength(4096)
                .precision(Precision.BF16_MIXED)
                .optimizer(Optimizer.ADAMW)
                .attention(AttentionImpl.FLASH)
                .parallelism(Parallelism.SINGLE_GPU)
                .build();
        return new ScenarioInputs(llama3_8b(), DEFAULT_MODEL_ID, workload, "", SweepAxis.BATCH, SizeUnit.GIB);
    }

    /**
     * Llama-3-8B from Meta's published {@code config.json} (huggingface.co/meta-llama/Meta-Llama-3-8B): hidden 4096,
     * 32 layers, 32 heads, 8 key/value heads, intermediate 14336, vocabulary 128256, RoPE, RMSNorm, untied
     * embeddings, 8192 positions. Embedded so the app works before and without the catalog.
     */
    public static ModelSpec llama3_8b() {
        return ModelSpec.builder()
                .id(DEFAULT_MODEL_ID)
                .name("Llama-3-8B")
                .hiddenSize(4096)
                .layers(32)
                .heads(32)
                .kvHeads(8)
                .ffnSize(14336)
                .vocabSize(128256)
                .position(PositionKind.ROTARY)
                .norm(NormKind.RMSNORM)
                .tiedEmbeddings(false)
                .maxPositions(8192)
                .build();
    }

    public ScenarioInputs withModel(ModelSpec newModel, String newPresetId) {
        return new ScenarioInputs(newModel, newPresetId, workload, gpuId, sweepAxis, sizeUnit, tokenBudget,
                maxGpus, deadlineDays, servingEngine, maxBatchedTokens, kind, domain, servingTargets, usage);
    }

    public ScenarioInputs withWorkload(Workload newWorkload) {
        return new ScenarioInputs(model, modelPresetId, newWorkload, gpuId, sweepAxis, sizeUnit, tokenBudget,
                maxGpus, deadlineDays, servingEngine, maxBatchedTokens, kind, domain, servingTargets, usage);
    }

    public ScenarioInputs withGpuId(String newGpuId) {
        return new ScenarioInputs(model, modelPresetId, workload, newGpuId, sweepAxis, sizeUnit, tokenBudget,
                maxGpus, deadlineDays, servingEngine, maxBatchedTokens, kind, domain, servingTargets, usage);
    }

    public ScenarioInputs withSweepAxis(SweepAxis newAxis) {
        return new ScenarioInputs(model, modelPresetId, workload, gpuId, newAxis, sizeUnit, tokenBudget,
                maxGpus, deadlineDays, servingEngine, maxBatchedTokens, kind, domain, servingTargets, usage);
    }

    public ScenarioInputs withSizeUnit(SizeUnit newUnit) {
        return new ScenarioInputs(model, modelPresetId, workload, gpuId, sweepAxis, newUnit, tokenBudget,
                maxGpus, deadlineDays, servingEngine, maxBatchedTokens, kind, domain, servingTargets, usage);
    }

    public ScenarioInputs withTokenBudget(long newTokenBudget) {
        return new ScenarioInputs(model, modelPresetId, workload, gpuId, sweepAxis, sizeUnit, newTokenBudget,
                maxGpus, deadlineDays, servingEngine, maxBatchedTokens, kind, domain, servingTargets, usage);
    }

    public ScenarioInputs withMaxGpus(int newMaxGpus) {
        return new ScenarioInputs(model, modelPresetId, workload, gpuId, sweepAxis, sizeUnit, tokenBudget,
                newMaxGpus, deadlineDays, servingEngine, maxBatchedTokens, kind, domain, servingTargets, usage);
    }

    public ScenarioInputs withDeadlineDays(double newDeadlineDays) {
        return new ScenarioInputs(model, modelPresetId, workload, gpuId, sweepAxis, sizeUnit, tokenBudget, maxGpus,
                newDeadlineDays, servingEngine, maxBatchedTokens, kind, domain, servingTargets, usage);
    }

    /** The same scenario served by {@code engine} with {@code batchedTokens} per pass (0: the engine's default). */
    public ScenarioInputs withServing(ServingEngine engine, int batchedTokens) {
        return new ScenarioInputs(model, modelPresetId, workload, gpuId, sweepAxis, sizeUnit, tokenBudget, maxGpus,
                deadlineDays, engine, batchedTokens, kind, domain, ServingTargets.DEFAULTS, usage);
    }

    /** The same inputs with {@code newKind} as what is sized. */
    public ScenarioInputs withKind(WorkloadKind newKind) {
        return new ScenarioInputs(model, modelPresetId, workload, gpuId, sweepAxis, sizeUnit, tokenBudget, maxGpus,
                deadlineDays, servingEngine, maxBatchedTokens, newKind, domain, servingTargets, usage);
    }

    /** The same scenario with other inputs for the kinds beyond language models. */
    public ScenarioInputs withDomain(DomainInputs newDomain) {
        return new ScenarioInputs(model, modelPresetId, workload, gpuId, sweepAxis, sizeUnit, tokenBudget, maxGpus,
                deadlineDays, servingEngine, maxBatchedTokens, kind, newDomain, servingTargets, usage);
    }

    /** The same scenario with other serving targets. */
    public ScenarioInputs withServingTargets(ServingTargets newTargets) {
        return new ScenarioInputs(model, modelPresetId, workload, gpuId, sweepAxis, sizeUnit, tokenBudget, maxGpus,
                deadlineDays, servingEngine, maxBatchedTokens, kind, domain, newTargets, usage);
    }

    /** The same scenario with bought hardware used as {@code newUsage} says. */
    public ScenarioInputs withUsage(Usage newUsage) {
        return new ScenarioInputs(model, modelPresetId, workload, gpuId, sweepAxis, sizeUnit, tokenBudget, maxGpus,
                deadlineDays, servingEngine, maxBatchedTokens, kind, domain, servingTargets, newUsage);
    }

    /** Whether a language model is sized (the model, workload and serving fields apply). */
    public boolean languageModel() {
        return kind == WorkloadKind.LLM;
    }

    /**
     * The decision table's options for this scenario: its token budget, GPU limit, deadline, serving targets and
     * usage, every other option at the ranking's default; an inference scenario ranks by users per dollar
     * ({@link RankingOptions.Builder#rankByUsersPerDollar()}).
     */
    public RankingOptions rankingOptions() {
        RankingOptions.Builder b = RankingOptions.builder().tokenBudget(tokenBudget).maxGpus(maxGpus)
                .deadlineDays(deadlineDays).servingTargets(servingTargets).servingChunkPerGpu(maxBatchedTokens == 0)
                .usage(usage);
        if (workload.mode() == Mode.INFER) {
            b.rankByUsersPerDollar();
        }
        return b.build();
    }

    /** GPUs the job occupies, tensor x pipeline x data parallel. */
    public long gpuCount() {
        return workload.parallelism().gpus();
    }
}
