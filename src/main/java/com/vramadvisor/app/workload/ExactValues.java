package com.vramadvisor.app.workload;

import com.vramadvisor.engine.serving.ServingTargets;
import com.vramadvisor.engine.llm.Offload;
import com.vramadvisor.app.ui.Messages;

/**
 * The exact-value inputs of the workload panel and the ranges they accept. The ranges are wide enough for any real
 * run and narrow enough that a typo (an extra zero, a minus sign) is caught with a message instead of applied.
 */
public final class ExactValues {

    /** Smallest and largest parameter count the exact field accepts (the slider covers 100M to 2T). */
    public static final long MIN_PARAMETERS = 1_000_000L;
    public static final long MAX_PARAMETERS = 20_000_000_000_000L;
    /** Largest micro-batch or number of concurrent sequences accepted. */
    public static final int MAX_BATCH = 65_536;
    /** Longest sequence or context accepted: 16M tokens, beyond any published context window. */
    public static final int MAX_TOKENS = 1 << 24;
    /** Largest tensor or pipeline parallel size accepted. */
    public static final int MAX_PARALLEL = 512;
    /** Largest data-parallel size accepted. */
    public static final int MAX_DATA_PARALLEL = 65_536;
    /** Largest LoRA rank accepted. */
    public static final int MAX_LORA_RANK = 4096;

    private static final NumberParser.Suffixes DECIMAL = NumberParser.Suffixes.DECIMAL;
    private static final NumberParser.Suffixes BINARY = NumberParser.Suffixes.BINARY;

    private final NumberInput parameters;
    private final NumberInput batch;
    private final NumberInput sequence;
    private final NumberInput context;
    private final NumberInput tensorParallel;
    private final NumberInput pipelineParallel;
    private final NumberInput dataParallel;
    private final NumberInput expertParallel;
    private final NumberInput contextParallel;
    private final NumberInput gpuLayers;
    private final NumberInput gradientAccumulation;
    private final NumberInput loraRank;
    private final NumberInput maxBatchedTokens;
    private final NumberInput tpotTarget;
    private final NumberInput ttftTarget;
    private final NumberInput maxRunning;

    ExactValues(WorkloadViewModel vm, Messages messages) {
        parameters = new NumberInput(vm.parameterCountProperty(), MIN_PARAMETERS, MAX_PARAMETERS,
                "workload.parameters.name", DECIMAL, messages).showCompact(vm::parameterLabel);
        batch = new NumberInput(vm.batchProperty(), 1, MAX_BATCH, "workload.batch.name", BINARY, messages);
        sequence = new NumberInput(vm.sequenceLengthProperty(), 1, MAX_TOKENS, "workload.sequence.name", BINARY,
                messages);
        context = new NumberInput(vm.contextProperty(), 1, MAX_TOKENS, "workload.context.name", BINARY, messages);
        tensorParallel = new NumberInput(vm.tensorParallelProperty(), 1, MAX_PARALLEL,
                "workload.tensorParallel.name", DECIMAL, messages);
        pipelineParallel = new NumberInput(vm.pipelineParallelProperty(), 1, MAX_PARALLEL,
                "workload.pipelineParallel.name", DECIMAL, messages);
        dataParallel = new NumberInput(vm.dataParallelProperty(), 1, MAX_DATA_PARALLEL, "workload.dataParallel.name",
                DECIMAL, messages);
        expertParallel = new NumberInput(vm.expertParallelProperty(), 1, MAX_PARALLEL,
                "workload.expertParallel.name", DECIMAL, messages);
        contextParallel = new NumberInput(vm.contextParallelProperty(), 1, MAX_PARALLEL,
                "workload.contextParallel.name", DECIMAL, messages);
        gpuLayers = new NumberInput(vm.gpuLayersProperty(), 0, Offload.MAX_GPU_LAYERS, "workload.gpuLayers.name",
                DECIMAL, messages);
        gradientAccumulation = new NumberInput(vm.gradientAccumulationProperty(), 1, MAX_BATCH,
                "workload.gradientAccumulation.name", DECIMAL, messages);
        loraRank = new NumberInput(vm.loraRankProperty(), 1, MAX_LORA_RANK, "workload.loraRank.name", DECIMAL,
                messages);
        maxBatchedTokens = new NumberInput(vm.maxBatchedTokensProperty(), 1, MAX_TOKENS,
                "workload.maxBatchedTokens.name", BINARY, messages);
        tpotTarget = new NumberInput(vm.serving().tpotTargetMsProperty(), 0, (long) ServingTargets.MAX_TARGET_MS,
                "workload.tpotTarget.name", DECIMAL, messages);
        ttftTarget = new NumberInput(vm.serving().ttftTargetMsProperty(), 0, (long) ServingTargets.MAX_TARGET_MS,
                "workload.ttftTarget.name", DECIMAL, messages);
        maxRunning = new NumberInput(vm.serving().maxRunningProperty(), 0, ServingTargets.MAX_RUNNING,
                "workload.maxRunning.name", DECIMAL, messages);
    }

    public NumberInput parameters() {
        return parameters;
    }

    public NumberInput batch() {
        return batch;
    }

    public NumberInput sequence() {
        return sequence;
    }

    public NumberInput context() {
        return context;
    }

    public NumberInput tensorParallel() {
        return tensorParallel;
    }

    public NumberInput pipelineParallel() {
        return pipelineParallel;
    }

    public NumberInput dataParallel() {
        return dataParallel;
    }

    public NumberInput expertParallel() {
        return expertParallel;
    }

    public NumberInput contextParallel() {
        return contextParallel;
    }

    public NumberInput gpuLayers() {
        return gpuLayers;
    }

    public NumberInput gradientAccumulation() {
        return gradientAccumulation;
    }

    public NumberInput loraRank() {
        return loraRank;
    }

    public NumberInput maxBatchedTokens() {
        return maxBatchedTokens;
    }

    public NumberInput tpotTarget() {
        return tpotTarget;
    }

    public NumberInput ttftTarget() {
        return ttftTarget;
    }

    public NumberInput maxRunning() {
        return maxRunning;
    }
}
