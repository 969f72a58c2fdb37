package com.vramadvisor.engine.llm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Saved activations against Korthikanti et al. 2022, "Reducing Activation Recomputation in Large Transformer
 * Models": section 4.1 (per layer {@code sbh(34 + 5as/h)}), 4.2.1 (tensor parallel {@code sbh(10 + 24/t +
 * 5as/(ht))}), 4.2.2 (with sequence parallel {@code sbh/t (34 + 5as/h)}), 4.3/Table 2 (selective {@code 34 sbh/t},
 * full {@code 2 sbh}), 4.2.3 (1F1B pipeline: the first stage stores {@code L} layers' worth for {@code p}
 * micro-batches, plus the embedding dropout mask {@code sbhp/t}).
 */
class ActivationModelTest {

    private static final int S = 2048;
    private static final int B = 2;
    private static final int H = 4096;
    private static final int A = 32;
    private static final double SBH = (double) S * B * H;

    /** Korthikanti's setting: GPT-style, 16-bit, dropout, eager attention. */
    private static final ModelSpec GPT = PublicModels.gptStyle(H, 24, A, 51200);

    private static Workload.Builder paperSetting() {
        return Workload.builder().implementation(Implementation.MEGATRON).batch(B).sequenceLength(S)
                .precision(Precision.BF16).dropout(0.1).attention(AttentionImpl.EAGER).overhead(RuntimeOverhead.OFF);
    }

    private static long perLayer(Workload w) {
        return ActivationModel.perLayer(GPT, w).totalBytes();
    }

    @Test
    void perLayerEqualsKorthikantiWithoutParallelism() {
        double expected = SBH * (34 + 5.0 * A * S / H);
        assertThat(perLayer(paperSetting().build())).isEqualTo((long) expected);
    }

    @Test
    void tensorParallelSplitsAllButTenSbh() {
        for (int t : new int[] {2, 4, 8}) {
            Workload w = paperSetting().parallelism(new Parallelism(t, 1, 1, 0, false)).build();
            double expected = SBH * (10 + 24.0 / t + 5.0 * A * S / ((double) H * t));
            assertThat(perLayer(w)).isEqualTo((long) expected);
        }
    }

    @Test
    void sequenceParallelSplitsEverything() {
        int t = 8;
        Workload w = paperSetting().parallelism(new Parallelism(t, 1, 1, 0, true)).build();
        assertThat(perLayer(w)).isEqualTo((long) (SBH / t * (34 + 5.0 * A * S / H)));
    }

    @Test
    void selectiveRecomputationWithSequenceParallelKeepsThirtyFourSbhOverT() {
        int t = 8;
        Workload w = paperSetting().parallelism(new Parallelism(t, 1, 1, 0, true)).recompute(Recompute.SELECTIVE)
                .build();
        assertThat(perLayer(w)).isEqualTo((long) (34 * SBH / t));
    }

    @Test
    void fullRecomputationKeepsOnlyTheBlockInput() {
        Workload w = paperSetting().recompute(Recompute.FULL).build();
        LayerActivations acts = ActivationModel.perLayer(GPT, w);
        assertThat(acts.totalBytes()).isEqualTo((long) (2 * SBH));
        assertThat(names(acts)).containsExactly("block.input");
    }

    @Test
    void firstPipelineStageHoldsAllLayersWorthForPMicroBatches() {
        int t = 2;
        int p = 4;
        int layers = 24;
        Workload w = paperSetting().parallelism(new Parallelism(t, p, 1, 0, true)).gradientAccumulation(8).build();
        double[] forwardEnd = TrainingMemory.phases(GPT, w, true, false)[0];
        double layersWorth = SBH * layers / t * (34 + 5.0 * A * S / H);
        double embeddingDropout = SBH * p / t;
        assertThat(forwardEnd[Component.ACTIVATIONS.ordinal()]).isEqualTo(layersWorth + embeddingDropout);
    }

    @Test
    void fewerMicroBatchesThanStagesLeaveFewerInFlight() {
        int p = 4;
        Workload w = paperSetting().parallelism(new Parallelism(1, p, 1, 0, false)).gradientAccumulation(2).build();
        double[] forwardEnd = TrainingMemory.phases(GPT, w, true, false)[0];
        double perLayer = SBH * (34 + 5.0 * A * S / H);
        assertThat(forwardEnd[Component.ACTIVATIONS.ordinal()]).isEqualTo(2 * (24 / p * perLayer + SBH));
    }

    @Test
    void tensorsHaveReadableNamesAndSumToTheTotal() {
        LayerActivations acts = ActivationModel.perLayer(GPT, paperSetting().build());
        assertThat(names(acts)).containsExactly("ln1.input", "attn.qkv.input", "attn.q", "attn.k", "attn.v",
                "attn.scores.softmax", "attn.dropout.mask", "attn.dropout.output", "attn.proj.input",
                "attn.residual.dropout.mask", "ln2.input", "mlp.fc1.input", "mlp.fc1.output", "mlp.fc2.input",
                "mlp.residual.dropout.mask");
        assertThat(acts.tensors().stream().mapToLong(SavedTensor::bytes).sum()).isEqualTo(acts.totalBytes());
        assertThat(bytes(acts, "attn.scores.softmax")).isEqualTo(2L * B * A * S * S);
        assertThat(bytes(acts, "attn.dropout.mask")).isEqualTo((long) B * A * S * S);
        assertThat(bytes(acts, "mlp.fc1.output")).isEqualTo((long) (2 * 4 * SBH));
    }

    @Test
    void flashAttentionKeepsOnlyTheRowLogSumExpInsteadOfScores() {
        Workload w = paperSetting().attention(AttentionImpl.FLASH).build();
        LayerActivations acts = ActivationModel.perLayer(GPT, w);
        assertThat(acts.totalBytes()).isEqualTo((long) (34 * SBH) + 4L * A * S * B);
        assertThat(names(acts)).contains("attn.softmax.lse").doesNotContain("attn.scores.softmax",
                "attn.dropout.mask");
    }

    @Test
    void groupedQueryAttentionKeepsKeysAndValuesAtKvWidthWithFlash() {
        ModelSpec llama = PublicModels.llama3_8b();
        Workload w = Workload.builder().framework(Framework.MEGATRON).batch(1).sequenceLength(4096)
                .precision(Precision.BF16).attention(AttentionImpl.FLASH).overhead(RuntimeOverhead.OFF).build();
        double sb = 4096;
        double h = 4096;
        double kv = 8 * 128;
        double f = 14336;
        // ln1 and ln2 inputs, q/k/v and MLP inputs, q, attention output: 6h; k and v: 2kv; three gated
        // intermediates: Megatron-Core's fused SwiGLU saves its input (gate and up outputs) and recomputes the
        // activation (SwiGLUFunction, megatron/core/fusions/fused_bias_swiglu.py); the down projection keeps its input.
        double expected = 2 * sb * (6 * h + 2 * kv + 3 * f) + 4 * 32 * sb;
        LayerActivations acts = ActivationModel.perLayer(llama, w);
        assertThat(acts.totalBytes()).isEqualTo((long) expected);
        assertThat(bytes(acts, "attn.k")).isEqualTo((long) (2 * sb * kv));
        assertThat(names(acts)).containsSubsequence("mlp.gate.output", "mlp.up.output", "mlp.down.input")
                .doesNotContain("mlp.act.output");
        // Hugging Face's eager Llama MLP, act_fn(gate_proj(x)) * up_proj(x), keeps the activation's output too, and
        // so does a run in Megatron's memory layout that names no framework (DeepSpeed runs Transformers' modules).
        assertThat(names(ActivationModel.perLayer(llama, w.toBuilder().framework(null)
                .implementation(Implementation.PYTORCH).build()))).contains("mlp.act.output");
        assertThat(names(ActivationModel.perLayer(llama, w.toBuilder().framework(null)
                .implementation(Implementation.MEGATRON).build()))).contains("mlp.act.output");
    }

    @Test
    void eagerAttentionRepeatsKeysAndValuesPerQueryHead() {
        ModelSpec llama = PublicModels.llama3_8b();
        Workload w = Workload.builder().implementation(Implementation.MEGATRON).batch(1).sequenceLength(1024)
                .precision(Precision.BF16).attention(AttentionImpl.EAGER).overhead(RuntimeOverhead.OFF).build();
        assertThat(bytes(ActivationModel.perLayer(llama, w), "attn.k")).isEqualTo(2L * 1024 * 4096);
    }

    @Test
    void autocastKeepsNormInputsAndSoftmaxInFp32() {
        Workload w = paperSetting().implementation(Implementation.PYTORCH).precision(Precision.BF16_MIXED).build();
        LayerActivations acts = ActivationModel.perLayer(GPT, w);
        // nn.LayerNorm's fp32 mean and rstd: 2 norms x 2 tensors x 4 bytes per token.
        double expected = SBH * 38 + 7.0 * A * S * S * B + 16.0 * S * B;
        assertThat(acts.totalBytes()).isEqualTo((long) expected);
        assertThat(bytes(acts, "ln1.input")).isEqualTo((long) (4 * SBH));
        assertThat(bytes(acts, "attn.qkv.input")).isEqualTo((long) (2 * SBH));
    }

    @Test
    void megatronAndDeepSpeedMixedPrecisionKeepKorthikantisSixteenBitActivations() {
        // DeepSpeed casts the module to bf16 (engine.py, _configure_distributed_model) and Accelerate runs no
        // autocast under DeepSpeed; Megatron-LM keeps the residual in 16 bits by default. The fp32 master weights
        // change no activation, so the block keeps Korthikanti's sbh(34 + 5as/h), and 2sbh with full recomputation.
        Workload w = paperSetting().precision(Precision.BF16_MIXED).build();
        assertThat(perLayer(w)).isEqualTo((long) (SBH * (34 + 5.0 * A * S / H)));
        assertThat(perLayer(paperSetting().precision(Precision.BF16_MIXED).recompute(Recompute.FULL).build()))
                .isEqualTo((long) (2 * SBH));
    }

    @Test
    void withoutDropoutNoMasksAreKept() {
        LayerActivations acts = ActivationModel.perLayer(GPT, paperSetting().dropout(0).build());
        assertThat(acts.totalBytes()).isEqualTo((long) (SBH * 32 + 2.0 * A * S * S * B));
        assertThat(names(acts)).noneMatch(n -> n.contains("mask"));
    }

    @Test
    void loraDropsInputsOfFrozenMatricesWithoutAdapters() {
        Workload w = paperSetting().mode(Mode.LORA).dropout(0)
                .lora(new LoraSpec(16, Set.of(LoraSpec.LoraTarget.Q_PROJ, LoraSpec.LoraTarget.V_PROJ))).build();
        LayerActivations acts = ActivationModel.perLayer(GPT, w);
        assertThat(names(acts)).contains("attn.qkv.input", "lora.q_proj.a.output", "lora.v_proj.a.output")
                .doesNotContain("attn.proj.input", "mlp.fc1.input", "mlp.fc2.input");
        // Still saved for the backward through the frozen base: norms, q, k, v, scores, GELU input.
        double expected = SBH * (2 + 2 + 6 + 2 + 8) + 2.0 * A * S * S * B + 2 * (2.0 * S * B * 16);
        assertThat(acts.totalBytes()).isEqualTo((long) expected);
    }

    @Test
    void mixtureOfExpertsBlocksScaleExpertTensorsByExpertsPerToken() {
        ModelSpec mixtral = PublicModels.mixtral8x7b();
        Workload w = Workload.builder().implementation(Implementation.MEGATRON).batch(1).sequenceLength(1024)
                .precision(Precision.BF16).overhead(RuntimeOverhead.OFF).build();
        LayerActivations acts = ActivationModel.perLayer(mixtral, w);
        double sb = 1024;
        assertThat(bytes(acts, "moe.experts.gate.output")).isEqualTo((long) (2 * 2 * sb * 14336));
        assertThat(bytes(acts, "moe.router.probs")).isEqualTo((long) (4 * sb * 8));
    }

    private static List<String> names(LayerActivations acts) {
        return acts.tensors().stream().map(SavedTensor::name).collect(Collectors.toList());
    }

    private static long bytes(LayerActivations acts, String name) {
        return acts.tensors().stream().filter(t -> t.name().equals(name)).mapToLong(SavedTensor::bytes).sum();
    }
}
