package com.vramadvisor.catalog.model;

import com.vramadvisor.engine.llm.ArchitectureKind;
import com.vramadvisor.engine.llm.HeadKind;
import com.vramadvisor.engine.llm.MlpKind;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.MoeSpec;
import com.vramadvisor.engine.llm.NormKind;
import com.vramadvisor.engine.llm.PositionKind;
import com.vramadvisor.files.UntrustedText;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Derives a {@link ModelSpec} from a GGUF header, where the header says enough.
 *
 * <p>Sizes come from the standard keys of the GGUF specification under the file's {@code general.architecture}
 * ({@code <arch>.embedding_length}, {@code .block_count}, {@code .attention.head_count}, {@code .head_count_kv},
 * {@code .attention.key_length}, {@code .feed_forward_length}, {@code .context_length}, {@code .expert_count},
 * {@code .expert_used_count}, {@code .expert_feed_forward_length}, {@code .expert_shared_feed_forward_length},
 * {@code .leading_dense_block_count}); the vocabulary from {@code <arch>.vocab_size}, else the length of
 * {@code tokenizer.ggml.tokens}, else the second dimension of {@code token_embd.weight}. What the keys leave open is
 * read from llama.cpp's tensor names in block 0 ({@code llama-arch.cpp}): a {@code ffn_gate} tensor means a gated
 * feed-forward block, {@code attn_q.bias}/{@code attn_qkv.bias} query/key/value biases, {@code attn_output.bias} an
 * output bias, {@code ffn_up.bias} feed-forward biases, a norm {@code .bias} LayerNorm, the number of width-{@code h}
 * norm weights the norms per block, {@code output_norm} a final norm, {@code token_embd_norm} an embedding norm,
 * {@code position_embd} learned positions, {@code token_types} a token-type table, no {@code output.weight} an LM head
 * tied to the token table. Mixture-of-experts blocks are those with a {@code ffn_gate_inp} router. Latent attention,
 * query/key norms, sinks and local layers: {@link GgufAttentionDetails}.
 */
final class GgufModelMapper {

    /** Architectures that llama.cpp runs as bidirectional encoders. */
    private static final Set<String> ENCODERS = Set.of("bert", "nomic-bert", "nomic-bert-moe", "jina-bert-v2",
            "jina-bert-v3", "modern-bert", "neo-bert", "t5encoder");

    /** Architectures whose block feeds attention and MLP from the same input. */
    private static final Set<String> PARALLEL = Set.of("falcon", "gptj", "phi2", "command-r", "cohere2", "gptneox");

    /** Characters of {@code general.name} kept as the model's name. */
    static final int MAX_NAME_CHARS = 200;

    private GgufModelMapper() {
    }

    /**
     * The model description, or empty with a warning saying what is missing.
     *
     * @throws ModelImportException when {@code block_count} is outside 1 to {@link ModelSpec#MAX_LAYERS}: no model
     *                              has that many blocks, so the header is corrupt
     */
    static Optional<ModelSpec> map(GgufFile g, List<String> warnings) throws ModelImportException {
        Optional<String> archName = g.string("general.architecture");
        if (archName.isEmpty()) {
            warnings.add("general.architecture is missing; the architecture cannot be described");
            return Optional.empty();
        }
        String a = archName.get();
        String arch = "'" + UntrustedText.escape(a) + "'";
        OptionalLong hidden = g.integer(a + ".embedding_length");
        OptionalLong layers = g.integer(a + ".block_count");
        OptionalLong heads = g.integer(a + ".attention.head_count");
        if (hidden.isEmpty() || layers.isEmpty() || heads.isEmpty()) {
            warnings.add("architecture " + arch + " lacks integer " + UntrustedText.escape(a)
                    + ".embedding_length, .block_count or"
                    + " .attention.head_count (per-layer arrays are not supported); only the weights are read");
            return Optional.empty();
        }
        long blocks = layers.getAsLong();
        if (blocks < 1 || blocks > ModelSpec.MAX_LAYERS) {
            throw new ModelImportException(g.file(), UntrustedText.escape(a) + ".block_count is "
                    + Long.toUnsignedString(blocks)
                    + ", outside 1 to " + ModelSpec.MAX_LAYERS + " layers (corrupt header?)");
        }
        try {
            return Optional.of(describe(g, a, hidden.getAsLong(), layers.getAsLong(), heads.getAsLong(), warnings));
        } catch (IllegalArgumentException e) {
            warnings.add("the header describes an inconsistent model (" + e.getMessage() + "); only the weights"
                    + " are read");
            return Optional.empty();
        }
    }

    private static ModelSpec describe(GgufFile g, String a, long hidden, long layers, long heads,
                                      List<String> warnings) {
        // The name is shown wherever the model is: escaped and cut like any text from a file.
        String name = UntrustedText.escape(g.string("general.name").orElse(a), MAX_NAME_CHARS);
        int h = toInt(hidden, UntrustedText.escape(a) + ".embedding_length");
        int nHeads = toInt(heads, UntrustedText.escape(a) + ".attention.head_count");
        String blk = "blk.0.";
        ModelSpec.Builder b = ModelSpec.builder()
                .id(HfConfigImporter.idOf(name))
                .name(name)
                .arch(isEncoder(g, a) ? ArchitectureKind.ENCODER : ArchitectureKind.DECODER)
                .hiddenSize(h)
                .layers(toInt(layers, UntrustedText.escape(a) + ".block_count"))
                .heads(nHeads)
                .kvHeads(toInt(g.integer(a + ".attention.head_count_kv").orElse(nHeads), "head_count_kv"))
                .headDim(toInt(g.integer(a + ".attention.key_length").orElse(h / Math.max(1, nHeads)), "key_length"))
                .vocabSize(toInt(vocab(g, a), "vocabulary size"))
                .maxPositions(toInt(g.integer(a + ".context_length").orElse(0), "context_length"))
                .qkvBias(has(g, blk + "attn_q.bias") || has(g, blk + "attn_qkv.bias"))
                .outBias(has(g, blk + "attn_output.bias"))
                .mlpBias(has(g, blk + "ffn_up.bias") || has(g, blk + "ffn_down.bias"))
                .norm(layerNorm(g) ? NormKind.LAYERNORM : NormKind.RMSNORM)
                .normsPerLayer(normsPerBlock(g, h))
                .finalNorm(has(g, "output_norm.weight"))
                .embeddingNorm(has(g, "token_embd_norm.weight"))
                .parallelBlock(g.bool(a + ".use_parallel_residual").orElse(PARALLEL.contains(a)))
                .tokenTypes(toInt(g.tensor("token_types.weight").map(t -> t.dim(1)).orElse(0L), "token_types"));
        position(g, a, b);
        feedForward(g, a, b, warnings);
        head(g, a, b);
        b.mla(GgufAttentionDetails.latent(g, a));
        GgufAttentionDetails.apply(g, a, b, warnings);
        return b.build();
    }

    /** A count that must fit an {@code int}; out-of-range values make the description inconsistent. */
    private static int toInt(long value, String what) {
        if (value < 0 || value > Integer.MAX_VALUE) {
            throw new IllegalArgumentException(what + " " + Long.toUnsignedString(value) + " is out of range");
        }
        return (int) value;
    }

    private static boolean isEncoder(GgufFile g, String a) {
        return g.bool(a + ".attention.causal").map(causal -> !causal).orElse(ENCODERS.contains(a));
    }

    private static long vocab(GgufFile g, String a) {
        OptionalLong v = g.integer(a + ".vocab_size");
        if (v.isPresent()) {
            return v.getAsLong();
        }
        OptionalLong tokens = g.arrayLength("tokenizer.ggml.tokens");
        if (tokens.isPresent()) {
            return tokens.getAsLong();
        }
        return g.tensor("token_embd.weight").map(t -> t.dim(1)).orElse(0L);
    }

    private static boolean layerNorm(GgufFile g) {
        return g.anyTensor(t -> t.name().endsWith("norm.bias")
                && (t.name().startsWith("blk.0.") || !t.name().startsWith("blk.")));
    }

    /** Norm weights of width {@code h} in block 0 (query/key norms of head width are not block norms). */
    private static int normsPerBlock(GgufFile g, int h) {
        return g.countTensors(t -> t.name().startsWith("blk.0.") && t.name().endsWith("norm.weight")
                && t.dims().size() == 1 && t.dim(0) == h);
    }

    private static void position(GgufFile g, String a, ModelSpec.Builder b) {
        Optional<GgufTensor> table = g.tensor("position_embd.weight");
        if (table.isPresent()) {
            b.position(PositionKind.LEARNED).positionTableSize(toInt(table.get().dim(1), "position_embd"));
        } else if (g.integer(a + ".rope.dimension_count").isPresent()
                || g.metadata().containsKey(a + ".rope.freq_base")) {
            b.position(PositionKind.ROTARY);
        } else {
            b.position(PositionKind.NONE);
        }
    }

    /**
     * Dense width from {@code feed_forward_length} or the {@code ffn_up} tensor; gated when an {@code ffn_gate} tensor
     * exists or {@code ffn_up} is twice the width (Phi-3's fused {@code gate_up}); experts from the expert keys.
     */
    private static void feedForward(GgufFile g, String a, ModelSpec.Builder b, List<String> warnings) {
        int layers = toInt(g.integer(a + ".block_count").orElse(0), "block_count");
        Optional<GgufTensor> up = g.tensor("blk.0.ffn_up.weight");
        long ffn = g.integer(a + ".feed_forward_length").orElse(up.map(t -> t.dim(1)).orElse(0L));
        boolean gated = g.anyTensor(t -> t.name().startsWith("blk.")
                && (t.name().contains(".ffn_gate.") || t.name().contains(".ffn_gate_exps.")))
                || up.map(t -> ffn > 0 && t.dim(1) == 2 * ffn).orElse(false);
        b.mlp(gated ? MlpKind.GATED : MlpKind.GELU);
        long experts = g.integer(a + ".expert_count").orElse(0);
        if (experts <= 0) {
            b.ffnSize(toInt(ffn, "feed_forward_length"));
            return;
        }
        int dense = 0;
        int firstMoe = -1;
        for (int i = 0; i < layers; i++) {
            if (has(g, "blk." + i + ".ffn_gate_inp.weight")) {
                firstMoe = firstMoe < 0 ? i : firstMoe;
            } else {
                dense++;
            }
        }
        if (firstMoe < 0) {
            dense = toInt(g.integer(a + ".leading_dense_block_count").orElse(0), "leading_dense_block_count");
            firstMoe = dense;
        }
        String moeBlk = "blk." + firstMoe + ".";
        long expertFfn = g.integer(a + ".expert_feed_forward_length")
                .orElse(g.tensor(moeBlk + "ffn_up_exps.weight").map(t -> t.dim(1)).orElse(ffn));
        long sharedFfn = g.tensor(moeBlk + "ffn_up_shexp.weight").map(t -> t.dim(1))
                .orElse(g.integer(a + ".expert_shared_feed_forward_length").orElse(0));
        boolean sharedGate = has(g, moeBlk + "ffn_gate_inp_shexp.weight");
        b.ffnSize(toInt(ffn > 0 ? ffn : expertFfn, "feed_forward_length"));
        try {
            b.moe(new MoeSpec(toInt(experts, "expert_count"),
                    toInt(g.integer(a + ".expert_used_count").orElse(1), "expert_used_count"),
                    toInt(expertFfn, "expert_feed_forward_length"), toInt(sharedFfn, "shared expert width"), sharedGate,
                    dense, GgufAttentionDetails.routerBias(g)));
        } catch (IllegalArgumentException e) {
            warnings.add("inconsistent expert keys (" + e.getMessage() + "); described as a dense model");
        }
    }

    /**
     * Decoders predict tokens: an {@code output.weight} is an untied LM head, its absence a tied one. llama.cpp's
     * encoders are embedding models without a head, unless a {@code cls}/{@code cls.output} classifier (rerankers)
     * is present.
     */
    private static void head(GgufFile g, String a, ModelSpec.Builder b) {
        Optional<GgufTensor> output = g.tensor("cls.output.weight");
        Optional<GgufTensor> classifier = output.or(() -> g.tensor("cls.weight"));
        if (classifier.isPresent()) {
            // With both, cls is the h x h dense layer before cls.output, shaped like a pooler.
            b.head(HeadKind.CLASSIFIER).classifierOutputs(toInt(classifier.get().dim(1), "classifier outputs"))
                    .pooler(output.isPresent() && has(g, "cls.weight"));
        } else if (isEncoder(g, a)) {
            b.head(HeadKind.NONE);
        } else {
            b.head(HeadKind.LM).tiedEmbeddings(!has(g, "output.weight"));
        }
    }

    private static boolean has(GgufFile g, String tensor) {
        return g.tensor(tensor).isPresent();
    }
}
