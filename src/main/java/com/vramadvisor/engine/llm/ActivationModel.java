package com.vramadvisor.engine.llm;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * What autograd saves for backward inside one transformer block, tensor by tensor, per GPU, for one micro-batch.
 *
 * <p>The accounting follows Korthikanti et al. 2022 ("Reducing Activation Recomputation in Large Transformer
 * Models", section 4.1): every op saves the inputs its backward needs. With {@code b} sequences of {@code s} tokens,
 * width {@code h}, {@code a} heads and FFN width {@code f} (bytes per element {@code e} in brackets, 2 for 16-bit):
 * <ul>
 *   <li>{@code ln1.input} {@code [r] sbh}: the norm's input (residual stream);</li>
 *   <li>{@code attn.qkv.input} {@code [e] sbh}: the norm output, input of the q/k/v projections;</li>
 *   <li>{@code attn.q}, {@code attn.k}, {@code attn.v} {@code [e]}: query {@code sb*a*d}; key and value
 *       {@code sb*kv*d} for FlashAttention, which handles grouped-query attention natively, but {@code sb*a*d} for
 *       eager attention, which repeats K and V per query head first ({@code repeat_kv} in Hugging Face Llama);</li>
 *   <li>eager attention: {@code attn.scores.softmax} {@code [x] abss} (the softmax output its backward needs);
 *       with dropout {@code attn.dropout.mask} {@code [1] abss} and {@code attn.dropout.output} {@code [e] abss}
 *       (the input of the product with V); without dropout in mixed precision, {@code attn.probs.cast}
 *       {@code [e] abss}, the 16-bit copy of the fp32 softmax that the product with V saves;</li>
 *   <li>FlashAttention (Dao et al. 2022) / SDPA: no {@code s x s} tensor; {@code attn.softmax.lse} {@code [4] abs},
 *       the per-row log-sum-exp; its dropout mask is regenerated from the RNG state;</li>
 *   <li>{@code attn.proj.input} {@code [e] sbh}: the attention output, input of the output projection;</li>
 *   <li>{@code attn.residual.dropout.mask} {@code [1] sbh} with dropout;</li>
 *   <li>{@code ln2.input} {@code [r] sbh}, {@code mlp.fc1.input} {@code [e] sbh};</li>
 *   <li>two-matrix MLP: {@code mlp.fc1.output} {@code [e] sbf} (saved by GELU), {@code mlp.fc2.input}
 *       {@code [e] sbf}; gated MLP: {@code mlp.gate.output}, {@code mlp.act.output}, {@code mlp.up.output},
 *       {@code mlp.down.input}, each {@code [e] sbf}; under the {@link Framework#MEGATRON} framework (named, not
 *       only its memory layout, which DeepSpeed runs with Transformers' modules too) without {@code mlp.act.output}:
 *       Megatron-Core's fused SwiGLU saves only its input, the gate and up outputs, and recomputes the activation in
 *       backward ({@code SwiGLUFunction} in {@code megatron/core/fusions/fused_bias_swiglu.py}:
 *       {@code ctx.save_for_backward(input_for_backward)});</li>
 *   <li>{@code mlp.residual.dropout.mask} {@code [1] sbh} with dropout.</li>
 * </ul>
 * In Korthikanti's setting (16-bit, LayerNorm, GELU with {@code f = 4h}, MHA, dropout, eager attention) this sums to
 * exactly {@code sbh(34 + 5as/h)} bytes under {@link Implementation#MEGATRON}.
 *
 * <p>{@link Implementation#PYTORCH} counts what Hugging Face Transformers' blocks keep in eager PyTorch, as measured
 * by {@code harness/activations/measure.py} ({@code ActivationGoldenTest} matches every measured configuration to the
 * byte): {@code nn.LayerNorm} also keeps its fp32 mean and reciprocal standard deviation ({@code [4] bs} each, so the
 * GPT-2 block keeps {@code sbh(34 + 5as/h) + 16bs}); RMSNorm models are counted as Llama's block, whose
 * {@code LlamaRMSNorm} keeps an fp32 copy of its input, the fp32 {@code rsqrt} and the normalized input
 * ({@code [4] sbh + [4] bs + [r] sbh}, see {@link #norm}), whose eager softmax is fp32 in every precision (plus a
 * 16-bit copy for the product with V when the probabilities are 16-bit), which has dropout on the attention
 * probabilities only, and whose separate q/k/v and gate/up projections each keep a 16-bit copy of their fp32 input
 * under autocast. With selective recomputation under autocast and rotary positions the checkpoint keeps q and k in
 * fp32 (Hugging Face computes cos and sin in the hidden type, fp32 under autocast, which promotes the 16-bit q and
 * k), so selective recomputation can keep more than none with FlashAttention.
 *
 * <p>Element sizes: {@code e} is 2 for 16-bit and fp8 training (fp8 GEMM inputs are kept at 16 bits here, a
 * conservative simplification) and 4 for fp32. In the mixed modes the model runs under PyTorch autocast
 * (PyTorch docs, "Automatic Mixed Precision package", ops that autocast to float32): the residual stream and
 * therefore every norm input {@code [r]} stay fp32 (4 bytes), and softmax runs in fp32, so {@code [x]} is 4; in the
 * pure modes, and under {@link Implementation#MEGATRON} (which casts the model to 16 bits instead of using autocast,
 * see {@link #residualBytes}), {@code r = x = e}. Under {@link Implementation#MEGATRON} norm statistics (mean, reciprocal standard
 * deviation: 8 bytes per token and norm) are omitted, as in Korthikanti et al., and norms are fused (one saved
 * input) as in Megatron and Apex. Activation functions are fused in both ({@code nn.GELU}, {@code F.silu}: one saved
 * input); activations composed of Python ops, such as GPT-2's {@code gelu_new}, save several intermediates more.
 * Dropout sites are Korthikanti's three (attention probabilities, after the attention and after the MLP); at dropout
 * 0 PyTorch's dropout returns its input and saves nothing.
 *
 * <p>Parallelism (Korthikanti section 4.2): tensor parallelism divides the tensors between the column- and
 * row-parallel matrices (q, k, v, scores, attention output, FFN intermediates) by {@code t}; with sequence
 * parallelism the remaining {@code sbh} tensors (norm inputs, projection inputs, residual dropout masks) are divided
 * by {@code t} too. Key/value heads fewer than {@code t} are replicated, one per rank.
 *
 * <p>Recomputation: {@link Recompute#SELECTIVE} drops the attention core (scores, softmax, its dropout mask and
 * output, or the log-sum-exp) and keeps its inputs, K and V with the key/value heads because the GQA expansion lies
 * inside the checkpointed core (Hugging Face's {@code repeat_kv}; Megatron-LM's {@code DotProductAttention});
 * {@link Recompute#FULL} keeps only the block input ({@code block.input}, {@code [r]
 * sbh}, divided by {@code t} with sequence parallelism).
 *
 * <p>LoRA/QLoRA: a frozen linear layer does not save its input (PyTorch's matmul saves an operand only when the
 * other one needs a gradient), so the inputs of matrices without adapters are dropped unless another op saves the
 * same tensor; an adapted matrix's input is saved by its adapter, and each adapter also saves its {@code sb*r}
 * intermediate ({@code lora.*.a.output}). With adapter dropout ({@link LoraSpec#dropout()} above 0, PEFT's
 * {@code lora_B(lora_A(dropout(x)))}) each adapter saves its own dropped-out input ({@code lora.*.dropout.output}
 * {@code [e]}) and the dropout's mask ({@code lora.*.dropout.mask} {@code [1]}, {@code native_dropout} keeps a bool
 * mask for its backward) in place of the shared input, which nothing else keeps; where each projection already
 * keeps its own autocast copy (Llama block under autocast) that copy is the adapter's input and only the mask is
 * added (routed experts: over the {@code k * b * s} tokens they process). Mixture-of-experts blocks: see
 * {@link #perLayer(ModelSpec, Workload)}.
 */
public final class ActivationModel {

    private ActivationModel() {
    }

    /**
     * Bytes saved for backward by one transformer block, per GPU, for one micro-batch, with the tensor list that
     * produced it. For a mixture-of-experts model this is a block with experts (the largest kind); routing is assumed
     * balanced, so each routed expert's tensors cover {@code k * b * s / E} tokens and all experts together
     * {@code k * b * s} tokens.
     *
     * @param m the architecture
     * @param w the workload: batch, sequence, precision, dropout, attention, recompute, parallelism, LoRA targets
     * @return total bytes and the named tensors
     */
    public static LayerActivations perLayer(ModelSpec m, Workload w) {
        List<SavedTensor> tensors = new ArrayList<>();
        double total = layerBytes(m, w, m.isMoe(), w.recompute(), tensors);
        return new LayerActivations(Bytes.saturate(total), tensors);
    }

    /** Bytes of one block (dense or with experts) under recomputation {@code r}; records tensors into {@code out}. */
    static double layerBytes(ModelSpec m, Workload w, boolean moeLayer, Recompute r, List<SavedTensor> out) {
        Parallelism par = w.parallelism();
        double t = par.tensorParallel();
        double sb = (double) w.batch() * w.sequenceLength();
        double sbh = sb * m.hiddenSize();
        double seqShard = par.sequenceParallel() ? t : 1;
        double e = Bytes.activationBytes(w.precision());
        double resid = residualBytes(w);
        if (r == Recompute.FULL) {
            return add(out, "block.input", resid * sbh / seqShard);
        }
        boolean train = w.mode() == Mode.TRAIN;
        Set<LoraSpec.LoraTarget> targets = train ? Set.of() : w.lora().targets();
        double rank = train ? 0 : w.lora().rank();
        double heads = m.heads() / t;
        double qWidth = m.queryWidth() / t;
        double kvWidth = kvHeadsPerRank(m, par.tensorParallel()) * (double) m.headDim();
        boolean flash = w.attention() == AttentionImpl.FLASH;
        boolean dropout = w.dropout() > 0;
        boolean llama = llamaBlock(m, w);
        double total = 0;

        total += norm(out, "ln1", m, w, resid, sb / seqShard);
        boolean qTrainable = train || targets.contains(LoraSpec.LoraTarget.Q_PROJ);
        boolean kTrainable = train || targets.contains(LoraSpec.LoraTarget.K_PROJ);
        boolean vTrainable = train || targets.contains(LoraSpec.LoraTarget.V_PROJ);
        boolean qkvTrainable = qTrainable || kTrainable || vTrainable;
        boolean loraDrop = !train && w.lora().dropout() > 0;
        if (perUseCasts(m, w)) {
            total += (qTrainable ? add(out, "attn.q_proj.input", e * sbh / seqShard) : 0)
                    + (kTrainable ? add(out, "attn.k_proj.input", e * sbh / seqShard) : 0)
                    + (vTrainable ? add(out, "attn.v_proj.input", e * sbh / seqShard) : 0);
        } else if (qkvTrainable && !loraDrop) {
            total += add(out, "attn.qkv.input", e * sbh / seqShard);
        }
        boolean ownCopy = !perUseCasts(m, w);
        total += dropped(out, w, targets, LoraSpec.LoraTarget.Q_PROJ, "lora.q_proj", ownCopy, e, sbh / seqShard);
        total += dropped(out, w, targets, LoraSpec.LoraTarget.K_PROJ, "lora.k_proj", ownCopy, e, sbh / seqShard);
        total += dropped(out, w, targets, LoraSpec.LoraTarget.V_PROJ, "lora.v_proj", ownCopy, e, sbh / seqShard);
        total += lora(out, targets, LoraSpec.LoraTarget.Q_PROJ, "lora.q_proj.a.output", e * sb * rank);
        total += lora(out, targets, LoraSpec.LoraTarget.K_PROJ, "lora.k_proj.a.output", e * sb * rank);
        total += lora(out, targets, LoraSpec.LoraTarget.V_PROJ, "lora.v_proj.a.output", e * sb * rank);
        // Selective recomputation checkpoints the attention core from before the GQA expansion (Hugging Face's
        // repeat_kv, Megatron-LM's DotProductAttention), so K and V are kept with the key/value heads.
        boolean selective = r == Recompute.SELECTIVE;
        double kvSaved = flash || selective ? kvWidth : qWidth;
        double qkBytes = selective && w.autocast() && m.position() == PositionKind.ROTARY ? 4 : e;
        total += add(out, "attn.q", qkBytes * sb * qWidth);
        total += add(out, "attn.k", qkBytes * sb * kvSaved);
        total += add(out, "attn.v", e * sb * kvSaved);
        if (r == Recompute.NONE) {
            double scores = sb * heads * w.sequenceLength();
            if (flash) {
                total += add(out, "attn.softmax.lse", 4 * sb * heads);
            } else {
                double softmax = llama || w.autocast() ? 4 : e;
                total += add(out, "attn.scores.softmax", softmax * scores);
                if (dropout) {
                    total += add(out, "attn.dropout.mask", scores);
                    total += add(out, "attn.dropout.output", e * scores);
                } else if (softmax != e) {
                    total += add(out, "attn.probs.cast", e * scores);
                }
            }
        }
        boolean outTrainable = train || targets.contains(LoraSpec.LoraTarget.O_PROJ);
        if (flash || (outTrainable && !loraDrop)) {
            total += add(out, flash && !outTrainable ? "attn.output" : "attn.proj.input", e * sb * qWidth);
        }
        total += dropped(out, w, targets, LoraSpec.LoraTarget.O_PROJ, "lora.o_proj", true, e, sb * qWidth);
        total += lora(out, targets, LoraSpec.LoraTarget.O_PROJ, "lora.o_proj.a.output", e * sb * rank);
        boolean residualDropout = dropout && !llama;
        if (residualDropout) {
            total += add(out, "attn.residual.dropout.mask", sbh / seqShard);
        }

        boolean sharedNorm = m.parallelBlock() && m.normsPerLayer() < 2;
        if (m.normsPerLayer() >= 2 && !m.parallelBlock()) {
            total += norm(out, "ln2", m, w, resid, sb / seqShard);
        }
        for (int n = 3; n <= m.normsPerLayer(); n++) {
            total += norm(out, n == 3 ? "ln3" : "ln4", m, w, e, sb / seqShard);
        }
        boolean mlpInputSaved = sharedNorm && qkvTrainable;
        if (moeLayer) {
            total += MoeActivations.bytes(m, w, targets, rank, mlpInputSaved, out);
        } else {
            total += mlp(m, w, targets, rank, sb, 1, m.ffnSize() / t, mlpInputSaved ? 0 : sbh / seqShard, "mlp", out);
        }
        if (residualDropout) {
            total += add(out, "mlp.residual.dropout.mask", sbh / seqShard);
        }
        return total;
    }

    /**
     * Tensors a norm over {@code tokens} tokens of width {@code h} keeps when its input has {@code inputBytes} per
     * element. {@link Implementation#MEGATRON}: a fused norm keeps its input ({@code name.input}); its statistics are
     * omitted as in Korthikanti et al. {@link Implementation#PYTORCH}: {@code nn.LayerNorm} keeps its input and the
     * fp32 mean and reciprocal standard deviation ({@code name.mean}, {@code name.rstd}, 4 bytes per token each on a
     * GPU, {@code layer_norm_kernel.cu}); Hugging Face's {@code LlamaRMSNorm} keeps its input cast to fp32
     * ({@code name.input}, 4 bytes per element in every precision), the fp32 {@code rsqrt} ({@code name.rstd}) and
     * the normalized input cast back to the input's type ({@code name.normalized}).
     */
    static double norm(List<SavedTensor> out, String name, ModelSpec m, Workload w, double inputBytes,
                       double tokens) {
        double elements = tokens * m.hiddenSize();
        if (w.implementation() != Implementation.PYTORCH) {
            return add(out, name, ".input", inputBytes * elements);
        }
        if (m.norm() == NormKind.RMSNORM) {
            return add(out, name, ".input", 4 * elements) + add(out, name, ".rstd", 4 * tokens)
                    + add(out, name, ".normalized", inputBytes * elements);
        }
        return add(out, name, ".input", inputBytes * elements) + add(out, name, ".mean", 4 * tokens)
                + add(out, name, ".rstd", 4 * tokens);
    }

    /**
     * Bytes per element of the residual stream and hence of every norm input: 4 under autocast (mixed precision with
     * {@link Implementation#PYTORCH}: autocast keeps the stream in fp32; PyTorch docs, "Automatic Mixed Precision
     * package"), otherwise the activation size. {@link Implementation#MEGATRON} in the mixed modes runs the whole
     * model in 16 bits and keeps fp32 only in the optimizer: DeepSpeed casts the module ({@code self.module.bfloat16()}
     * or {@code half()} in {@code DeepSpeedEngine._configure_distributed_model}, deepspeed/runtime/engine.py) and runs
     * no autocast, and Megatron-LM keeps the residual in 16 bits unless {@code --fp32-residual-connection} is given
     * (default off, megatron/training/arguments.py), as Korthikanti et al. count it ({@code 2sbh} per norm input).
     */
    static double residualBytes(Workload w) {
        return w.autocast() ? 4 : Bytes.activationBytes(w.precision());
    }

    /**
     * Whether the block is counted as Hugging Face's Llama block: {@link Implementation#PYTORCH} and RMSNorm
     * (Llama, Mistral, Mixtral, Qwen2, Gemma). Its attention softmax is fp32 in every precision
     * ({@code softmax(dtype=torch.float32)}) and it has no dropout after attention, after the MLP or after the
     * embeddings. LayerNorm models are counted as GPT-2's block.
     */
    static boolean llamaBlock(ModelSpec m, Workload w) {
        return w.implementation() == Implementation.PYTORCH && m.norm() == NormKind.RMSNORM;
    }

    /**
     * Whether each projection keeps its own 16-bit copy of its input: under autocast a cast is cached only for
     * fp32 leaf tensors that require grad (weights; {@code cached_cast} in {@code autocast_mode.cpp}), so the
     * Llama block's separate q, k and v projections cast the fp32 norm output three times, gate and up twice.
     */
    static boolean perUseCasts(ModelSpec m, Workload w) {
        return w.autocast() && llamaBlock(m, w);
    }

    /**
     * Feed-forward tensors for {@code tokens = sb * tokenFactor} tokens of intermediate width {@code ffnPerRank};
     * {@code inputElements} is the size of the input saved for the first matrix (0 when already counted).
     */
    static double mlp(ModelSpec m, Workload w, Set<LoraSpec.LoraTarget> targets, double rank, double sb,
                      double tokenFactor, double ffnPerRank, double inputElements, String prefix,
                      List<SavedTensor> out) {
        boolean train = w.mode() == Mode.TRAIN;
        double e = Bytes.activationBytes(w.precision());
        double tokens = sb * tokenFactor;
        double inner = e * tokens * ffnPerRank;
        double adapter = e * tokens * rank;
        double total = 0;
        boolean loraDrop = !train && w.lora().dropout() > 0;
        double hiddenElements = tokens * m.hiddenSize()
                / (w.parallelism().sequenceParallel() ? w.parallelism().tensorParallel() : 1);
        if (m.mlp() == MlpKind.GATED) {
            boolean gateTrainable = train || targets.contains(LoraSpec.LoraTarget.GATE_PROJ);
            boolean upTrainable = train || targets.contains(LoraSpec.LoraTarget.UP_PROJ);
            if (perUseCasts(m, w)) {
                Parallelism par = w.parallelism();
                double copy = e * tokens * m.hiddenSize() / (par.sequenceParallel() ? par.tensorParallel() : 1);
                total += (gateTrainable ? add(out, prefix, ".gate_proj.input", copy) : 0)
                        + (upTrainable ? add(out, prefix, ".up_proj.input", copy) : 0);
            } else if ((gateTrainable || upTrainable) && inputElements > 0 && !loraDrop) {
                total += add(out, prefix, ".fc1.input", e * inputElements);
            }
            if (loraDrop) {
                boolean own = !perUseCasts(m, w);
                total += dropped(out, w, targets, LoraSpec.LoraTarget.GATE_PROJ, prefix + ".gate_proj.lora", own, e,
                        hiddenElements);
                total += dropped(out, w, targets, LoraSpec.LoraTarget.UP_PROJ, prefix + ".up_proj.lora", own, e,
                        hiddenElements);
            }
            total += lora(out, targets, LoraSpec.LoraTarget.GATE_PROJ, prefix, ".gate_proj.lora.a.output", adapter);
            total += lora(out, targets, LoraSpec.LoraTarget.UP_PROJ, prefix, ".up_proj.lora.a.output", adapter);
            total += add(out, prefix, ".gate.output", inner);
            if (w.framework() != Framework.MEGATRON) {
                total += add(out, prefix, ".act.output", inner);
            }
            total += add(out, prefix, ".up.output", inner);
            if (train || targets.contains(LoraSpec.LoraTarget.DOWN_PROJ) && !loraDrop) {
                total += add(out, prefix, ".down.input", inner);
            }
        } else {
            if ((train || targets.contains(LoraSpec.LoraTarget.UP_PROJ)) && inputElements > 0 && !loraDrop) {
                total += add(out, prefix, ".fc1.input", e * inputElements);
            }
            if (loraDrop) {
                total += dropped(out, w, targets, LoraSpec.LoraTarget.UP_PROJ, prefix + ".up_proj.lora", true, e,
                        hiddenElements);
            }
            total += lora(out, targets, LoraSpec.LoraTarget.UP_PROJ, prefix, ".up_proj.lora.a.output", adapter);
            total += add(out, prefix, ".fc1.output", inner);
            if (train || targets.contains(LoraSpec.LoraTarget.DOWN_PROJ) && !loraDrop) {
                total += add(out, prefix, ".fc2.input", inner);
            }
        }
        total += lora(out, targets, LoraSpec.LoraTarget.DOWN_PROJ, prefix, ".down_proj.lora.a.output", adapter);
        if (loraDrop) {
            total += dropped(out, w, targets, LoraSpec.LoraTarget.DOWN_PROJ, prefix + ".down_proj.lora", true, e,
                    inner / e);
        }
        return total;
    }

    /**
     * What an adapter's dropout keeps on an input of {@code elements} elements (see the class comment): the 1-byte
     * mask, and with {@code ownCopy} its dropped-out output of {@code e} bytes per element. 0 without adapter
     * dropout or without an adapter on {@code target}.
     */
    private static double dropped(List<SavedTensor> out, Workload w, Set<LoraSpec.LoraTarget> targets,
                                  LoraSpec.LoraTarget target, String name, boolean ownCopy, double e,
                                  double elements) {
        if (w.mode() == Mode.TRAIN || w.lora() == null || w.lora().dropout() <= 0 || !targets.contains(target)) {
            return 0;
        }
        return add(out, name, ".dropout.mask", elements) + (ownCopy ? add(out, name, ".dropout.output", e * elements)
                : 0);
    }

    /**
     * Saved tensors outside the blocks on the first pipeline stage, per micro-batch: the embedding dropout mask
     * ({@code [1] sbh}, Korthikanti section 4.3) and an embedding norm's input ({@code [r] sbh}, BERT).
     */
    static double embeddingBytes(ModelSpec m, Workload w, List<SavedTensor> out) {
        double sb = (double) w.batch() * w.sequenceLength();
        Parallelism par = w.parallelism();
        double seqShard = par.sequenceParallel() ? par.tensorParallel() : 1;
        double total = 0;
        if (m.embeddingNorm()) {
            total += norm(out, "embedding.norm", m, w, residualBytes(w), sb / seqShard);
        }
        if (w.dropout() > 0 && !llamaBlock(m, w)) {
            total += add(out, "embedding.dropout.mask", sb * m.hiddenSize() / seqShard);
        }
        return total;
    }

    /**
     * Saved tensors outside the blocks on the last pipeline stage, per micro-batch: the final norm's input
     * ({@code [r] sbh}) and, when the LM head is trained, its input ({@code [e] sbh}); an encoder's masked-LM
     * transform adds its dense input, GELU input and norm input. Logits are counted separately
     * ({@link Component#LOGITS}).
     */
    static double headBytes(ModelSpec m, Workload w, List<SavedTensor> out) {
        double sb = (double) w.batch() * w.sequenceLength();
        double sbh = sb * m.hiddenSize();
        Parallelism par = w.parallelism();
        double seqShard = par.sequenceParallel() ? par.tensorParallel() : 1;
        double e = Bytes.activationBytes(w.precision());
        double resid = residualBytes(w);
        double total = 0;
        if (m.finalNorm()) {
            total += norm(out, "final_norm", m, w, resid, sb / seqShard);
        }
        if (m.head() == HeadKind.LM) {
            if (m.arch() == ArchitectureKind.ENCODER) {
                total += add(out, "head.transform.dense.input", e * sbh / seqShard);
                total += add(out, "head.transform.act.input", e * sbh / seqShard);
                total += norm(out, "head.transform.norm", m, w, resid, sb / seqShard);
            }
            if (w.mode() == Mode.TRAIN) {
                total += add(out, "head.input", e * sbh / seqShard);
            }
        }
        return total;
    }

    /** Key/value heads held by one tensor-parallel rank: {@code kv / t}, or 1 (replicated) when {@code kv < t}. */
    static double kvHeadsPerRank(ModelSpec m, int t) {
        return m.kvHeads() >= t ? (double) m.kvHeads() / t : 1;
    }

    private static double lora(List<SavedTensor> out, Set<LoraSpec.LoraTarget> targets, LoraSpec.LoraTarget target,
                               String name, double bytes) {
        return targets.contains(target) ? add(out, name, bytes) : 0;
    }

    private static double lora(List<SavedTensor> out, Set<LoraSpec.LoraTarget> targets, LoraSpec.LoraTarget target,
                               String prefix, String suffix, double bytes) {
        return targets.contains(target) ? add(out, prefix, suffix, bytes) : 0;
    }

    /** Like {@link #add(List, String, double)}; the name is only built when a list records it. */
    static double add(List<SavedTensor> out, String prefix, String suffix, double bytes) {
        if (out != null) {
            out.add(new SavedTensor(prefix + suffix, Bytes.saturate(bytes)));
        }
        return bytes;
    }

    static double add(List<SavedTensor> out, String name, double bytes) {
        if (out != null) {
            out.add(new SavedTensor(name, Bytes.saturate(bytes)));
        }
        return bytes;
    }
}
