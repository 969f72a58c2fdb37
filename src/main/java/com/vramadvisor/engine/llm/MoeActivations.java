package com.vramadvisor.engine.llm;

import java.util.List;
import java.util.Set;

/**
 * Saved tensors of a mixture-of-experts feed-forward block (Hugging Face {@code MixtralSparseMoeBlock},
 * {@code Qwen2MoeSparseMoeBlock}), assuming balanced routing: the routed experts together process {@code k * b * s}
 * tokens. Saved: the router input (the norm output, shared with a shared expert's input), the fp32 router softmax
 * {@code [4] sb*E}, each routed token's copy of the hidden state as expert input {@code [e] k*sbh}, the experts'
 * intermediates over {@code k*sb} tokens, and the expert outputs that the routing-weight product saves
 * {@code [e] k*sbh}. Under {@link Implementation#PYTORCH} autocast the router and each gate and up projection keep
 * their own 16-bit copy of their input (see {@link ActivationModel#perUseCasts(ModelSpec, Workload)}); these
 * feed-forward tensors are derived, not measured.
 */
final class MoeActivations {

    private MoeActivations() {
    }

    static double bytes(ModelSpec m, Workload w, Set<LoraSpec.LoraTarget> targets, double rank,
                        boolean inputAlreadySaved, List<SavedTensor> out) {
        MoeSpec moe = m.moe();
        Parallelism par = w.parallelism();
        double t = par.tensorParallel();
        double seqShard = par.sequenceParallel() ? t : 1;
        double e = Bytes.activationBytes(w.precision());
        double sb = (double) w.batch() * w.sequenceLength();
        double sbh = sb * m.hiddenSize();
        double k = moe.expertsPerToken();
        boolean train = w.mode() == Mode.TRAIN;
        double total = 0;
        boolean inputSaved = inputAlreadySaved;
        // Under autocast the router's matmul keeps its own 16-bit copy of the fp32 norm output.
        if (train && (!inputSaved || ActivationModel.perUseCasts(m, w))) {
            total += ActivationModel.add(out, "moe.router.input", e * sbh / seqShard);
            inputSaved = true;
        }
        total += ActivationModel.add(out, "moe.router.probs", 4 * sb * moe.experts() / seqShard);
        total += ActivationModel.mlp(m, w, targets, rank, sb, k, moe.expertFfnSize() / t, k * sbh / seqShard,
                "moe.experts", out);
        total += ActivationModel.add(out, "moe.experts.output", e * k * sbh / seqShard);
        if (moe.sharedExpertFfnSize() > 0) {
            total += ActivationModel.mlp(m, w, targets, rank, sb, 1, moe.sharedExpertFfnSize() / t,
                    inputSaved ? 0 : sbh / seqShard, "moe.shared", out);
        }
        return total;
    }
}
