package com.vramadvisor.engine.llm;

import java.util.Objects;
import java.util.Set;

/**
 * Low-rank adapters (Hu et al. 2021): each adapted {@code d_in x d_out} matrix gains trainable {@code A (d_in x r)}
 * and {@code B (r x d_out)}, i.e. {@code r * (d_in + d_out)} parameters.
 *
 * <p>Adapter dropout: Hugging Face PEFT computes {@code result + lora_B(lora_A(dropout(x))) * scaling} with an
 * {@code nn.Dropout(p=lora_dropout)} per adapter, or {@code nn.Identity()} at 0 ({@code LoraLayer.update_layer} and
 * {@code Linear.forward} in peft/tuners/lora/layer.py), so above 0 each adapter keeps its own dropped-out copy of
 * the input and a 1-byte mask ({@link ActivationModel}).
 *
 * @param rank    adapter rank r
 * @param targets which matrices get adapters
 * @param dropout PEFT's {@code lora_dropout}, in [0, 1)
 */
public record LoraSpec(int rank, Set<LoraTarget> targets, double dropout) {

    /** Adapters on all attention and MLP projections, QLoRA's recommended setting (Dettmers et al. 2023). */
    public static final Set<LoraTarget> ALL_LINEAR = Set.of(LoraTarget.values());

    public LoraSpec {
        if (rank < 1) {
            throw new IllegalArgumentException("LoRA rank must be at least 1, got " + rank);
        }
        Objects.requireNonNull(targets, "targets");
        targets = Set.copyOf(targets);
        if (!(dropout >= 0 && dropout < 1)) {
            throw new IllegalArgumentException("LoRA dropout must be in [0, 1), got " + dropout);
        }
    }

    /** Adapters without dropout. */
    public LoraSpec(int rank, Set<LoraTarget> targets) {
        this(rank, targets, 0);
    }

    /**
     * The largest rank that means anything on {@code model}: the smaller dimension of the smallest adapted matrix.
     * A {@code d_in x d_out} update has rank at most {@code min(d_in, d_out)}, so a larger adapter only adds
     * parameters. {@link Long#MAX_VALUE} when no target exists in the model (a gate on an ungated block).
     */
    public long maxUsefulRank(ModelSpec model) {
        long h = model.hiddenSize();
        long max = Long.MAX_VALUE;
        if (targets.contains(LoraTarget.Q_PROJ) || targets.contains(LoraTarget.O_PROJ)) {
            max = Math.min(max, Math.min(h, model.queryWidth()));
        }
        if (targets.contains(LoraTarget.K_PROJ) || targets.contains(LoraTarget.V_PROJ)) {
            max = Math.min(max, Math.min(h, model.kvWidth()));
        }
        boolean mlp = targets.contains(LoraTarget.UP_PROJ) || targets.contains(LoraTarget.DOWN_PROJ)
                || targets.contains(LoraTarget.GATE_PROJ) && model.mlp() == MlpKind.GATED;
        if (mlp) {
            max = Math.min(max, Math.min(h, model.ffnSize()));
            if (model.isMoe()) {
                max = Math.min(max, Math.min(h, model.moe().expertFfnSize()));
                if (model.moe().sharedExpertFfnSize() > 0) {
                    max = Math.min(max, Math.min(h, model.moe().sharedExpertFfnSize()));
                }
            }
        }
        return max;
    }

    /** Matrices that can carry adapters, by their usual Hugging Face PEFT module names. */
    public enum LoraTarget {
        Q_PROJ, K_PROJ, V_PROJ, O_PROJ, GATE_PROJ, UP_PROJ, DOWN_PROJ
    }
}
