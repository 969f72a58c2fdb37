package com.vramadvisor.engine.plan;

import com.vramadvisor.engine.llm.Parallelism;
import com.vramadvisor.engine.llm.Recompute;

import java.util.List;
import java.util.Objects;

/**
 * A training or serving layout: the parallel sizes and ZeRO stage, activation recomputation, the micro-batches one
 * optimizer step runs per data-parallel replica (1 for inference), the sequences in each, and how the layers split
 * over the pipeline stages. A training step processes {@code dp x microBatchSize x microBatches} sequences.
 *
 * @param parallelism    tensor, pipeline and data parallel sizes, ZeRO stage, sequence parallelism
 * @param recompute      activation recomputation
 * @param microBatches   micro-batches per step and replica (gradient accumulation; pipeline micro-batches)
 * @param microBatchSize sequences per micro-batch; 0 for the workload's own ({@code Workload#batch()})
 * @param stageLayers    transformer layers of each pipeline stage, first stage first; empty for equal stages (and
 *                       without pipelining)
 */
public record PlanLayout(Parallelism parallelism, Recompute recompute, int microBatches, int microBatchSize,
                         List<Integer> stageLayers) {

    public PlanLayout {
        Objects.requireNonNull(parallelism, "parallelism");
        Objects.requireNonNull(recompute, "recompute");
        if (microBatches < 1) {
            throw new IllegalArgumentException("micro-batches must be at least 1, got " + microBatches);
        }
        if (microBatchSize < 0) {
            throw new IllegalArgumentException("micro-batch size must not be negative, got " + microBatchSize);
        }
        stageLayers = stageLayers == null ? List.of() : List.copyOf(stageLayers);
        if (!stageLayers.isEmpty() && stageLayers.size() != parallelism.pipelineParallel()) {
            throw new IllegalArgumentException(stageLayers.size() + " stage sizes for "
                    + parallelism.pipelineParallel() + " pipeline stages");
        }
    }

    /** The workload's own micro-batch and equal pipeline stages. */
    public PlanLayout(Parallelism parallelism, Recompute recompute, int microBatches) {
        this(parallelism, recompute, microBatches, 0, List.of());
    }

    /** The micro-batch size, or {@code workloadBatch} where the layout keeps the workload's own. */
    public int microBatchSize(int workloadBatch) {
        return microBatchSize > 0 ? microBatchSize : workloadBatch;
    }

    /** Whether the pipeline stages hold different numbers of layers. */
    public boolean unevenStages() {
        for (int n : stageLayers) {
            if (n != stageLayers.get(0)) {
                return true;
            }
        }
        return false;
    }

    /** Layers of the largest pipeline stage: its own split's, else {@code ceil(layers / pp)}. */
    public int largestStageLayers(int layers) {
        if (stageLayers.isEmpty()) {
            return (layers + pp() - 1) / pp();
        }
        int most = 0;
        for (int n : stageLayers) {
            most = Math.max(most, n);
        }
        return most;
    }

    public int gpus() {
        return (int) parallelism.gpus();
    }

    public int tp() {
        return parallelism.tensorParallel();
    }

    public int pp() {
        return parallelism.pipelineParallel();
    }

    public int dp() {
        return parallelism.dataParallel();
    }

    public int zero() {
        return parallelism.zeroStage();
    }

    /**
     * A short label: {@code tp8-pp16-zero1-dp8}, with {@code -sp}, {@code -rc-sel} or {@code -rc-full} where
     * sequence parallelism or recomputation is on; {@code single} for one GPU without them.
     */
    public String label() {
        StringBuilder s = new StringBuilder(shardingLabel(parallelism));
        if (parallelism.sequenceParallel() && tp() > 1) {
            s.append("-sp");
        }
        if (recompute == Recompute.SELECTIVE) {
            s.append("-rc-sel");
        } else if (recompute == Recompute.FULL) {
            s.append("-rc-full");
        }
        return s.toString();
    }

    /**
     * A short label for parallel sizes: tensor-parallel {@code tpN}, pipeline {@code ppN}, data parallel {@code dpN}
     * with {@code zeroK-} before it when a ZeRO stage shards over it, context {@code cpN}, expert {@code epN};
     * {@code single} for one GPU.
     */
    public static String shardingLabel(Parallelism p) {
        StringBuilder s = new StringBuilder();
        if (p.tensorParallel() > 1) {
            s.append("tp").append(p.tensorParallel());
        }
        if (p.pipelineParallel() > 1) {
            s.append(s.length() == 0 ? "" : "-").append("pp").append(p.pipelineParallel());
        }
        if (p.dataParallel() > 1) {
            s.append(s.length() == 0 ? "" : "-");
            if (p.zeroStage() > 0) {
                s.append("zero").append(p.zeroStage()).append('-');
            }
            s.append("dp").append(p.dataParallel());
        }
        if (p.contextParallel() > 1) {
            s.append(s.length() == 0 ? "" : "-").append("cp").append(p.contextParallel());
        }
        if (p.expertParallel() > 1) {
            s.append(s.length() == 0 ? "" : "-").append("ep").append(p.expertParallel());
        }
        return s.length() == 0 ? "single" : s.toString();
    }
}
