package com.vramadvisor.engine.plan;

import com.vramadvisor.engine.Parallelism;
import com.vramadvisor.engine.Recompute;

import java.util.Objects;

/**
 * A training or serving layout: the parallel sizes and ZeRO stage, activation recomputation, and the micro-batches
 * one optimizer step runs per data-parallel replica (1 for inference).
 *
 * @param parallelism   tensor, pipeline and data parallel sizes, ZeRO stage, sequence parallelism
 * @param recompute     activation recomputation
 * @param microBatches  micro-batches per step and replica (gradient accumulation; pipeline micro-batches)
 */
public record PlanLayout(Parallelism parallelism, Recompute recompute, int microBatches) {

    public PlanLayout {
        Objects.requireNonNull(parallelism, "parallelism");
        Objects.requireNonNull(recompute, "recompute");
        if (microBatches < 1) {
            throw new IllegalArgumentException("micro-batches must be at least 1, got " + microBatches);
        }
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
