package com.vramadvisor.cli;

import com.vramadvisor.engine.llm.ArchitectureKind;
import com.vramadvisor.engine.llm.DataType;
import com.vramadvisor.engine.llm.HeadKind;
import com.vramadvisor.engine.llm.MlpKind;
import com.vramadvisor.engine.llm.ModelShapes;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.MoeSpec;
import com.vramadvisor.engine.llm.NormKind;
import com.vramadvisor.engine.llm.PositionKind;
import java.nio.file.Path;
import java.util.Locale;
import picocli.CommandLine.Option;

/**
 * Model flags shared by every command that estimates. A base model comes from {@code --preset}, {@code --config} or
 * {@code --params}; explicit architecture flags then override single fields, or describe a model from scratch.
 */
final class ModelOptions {

    /** Largest width, head count or vocabulary a flag may give: the catalog's limit for the same fields. */
    static final int MAX_WIDTH = 10_000_000;

    @Option(names = "--preset", paramLabel = "ID", description = "Model preset from the catalog, e.g. llama-3-8b.")
    String preset;

    @Option(names = "--config", paramLabel = "FILE",
            description = "A Hugging Face config.json, a model folder, a safetensors file or index, or a GGUF file.")
    Path config;

    @Option(names = "--model", paramLabel = "NAME",
            description = "A model already downloaded, by name: ORG/NAME from the Hugging Face cache or LM Studio,"
                    + " MODEL[:TAG] from Ollama (offline; see docs/model-import.md).")
    String localModel;

    @Option(names = "--params", paramLabel = "N",
            description = "Parameter count (7e9, 70B, 1.3B): derives a standard decoder shape.")
    String params;

    @Option(names = "--hidden", paramLabel = "N", description = "Hidden size.")
    Integer hidden;
    @Option(names = "--layers", paramLabel = "N", description = "Transformer layers.")
    Integer layers;
    @Option(names = "--heads", paramLabel = "N", description = "Query heads.")
    Integer heads;
    @Option(names = "--kv-heads", paramLabel = "N", description = "Key/value heads (GQA/MQA).")
    Integer kvHeads;
    @Option(names = "--head-dim", paramLabel = "N", description = "Head dimension (default hidden/heads).")
    Integer headDim;
    @Option(names = "--ffn", paramLabel = "N", description = "Feed-forward (intermediate) size.")
    Integer ffn;
    @Option(names = "--vocab", paramLabel = "N", description = "Vocabulary size.")
    Integer vocab;
    @Option(names = "--mlp", paramLabel = "KIND", description = "gelu (two matrices) or swiglu (gated, three).")
    String mlp;
    @Option(names = "--norm", paramLabel = "KIND", description = "layernorm or rmsnorm.")
    String norm;
    @Option(names = "--position", paramLabel = "KIND", description = "learned, rotary or none.")
    String position;
    @Option(names = "--bias", negatable = true, description = "Biases on all linear layers (--no-bias: none).")
    Boolean bias;
    @Option(names = "--tied", description = "Tie the LM head to the input embedding.")
    Boolean tied;
    @Option(names = "--untied", description = "Separate LM head.")
    Boolean untied;
    @Option(names = "--max-position", paramLabel = "N", description = "Maximum positions (learned table size).")
    Integer maxPosition;
    @Option(names = "--experts", paramLabel = "N", description = "Routed experts per MoE layer.")
    Integer experts;
    @Option(names = "--experts-per-token", paramLabel = "K", description = "Experts each token visits.")
    Integer expertsPerToken;
    @Option(names = "--expert-ffn", paramLabel = "N", description = "FFN size of one expert (default --ffn).")
    Integer expertFfn;
    @Option(names = "--arch", paramLabel = "KIND", description = "decoder or encoder.")
    String arch;
    @Option(names = "--head", paramLabel = "KIND", description = "lm, classifier or none.")
    String head;
    @Option(names = "--mla-cache", paramLabel = "absorbed|naive",
            description = "Latent-attention models (DeepSeek-V2/V3/R1): cache the compressed latent (absorbed, "
                    + "default, as vLLM and SGLang do) or decompressed per-head keys and values (naive).")
    String mlaCache;

    /** Storage type of the weights in an imported model file, {@code null} when unknown or not imported. */
    DataType importedWeightType;

    /** Whether any explicit architecture flag was given. */
    boolean hasExplicitFlags() {
        return hidden != null || layers != null || heads != null || kvHeads != null || headDim != null
                || ffn != null || vocab != null || mlp != null || norm != null || position != null || bias != null
                || tied != null || untied != null || maxPosition != null || experts != null
                || expertsPerToken != null || expertFfn != null || arch != null || head != null
                || mlaCache != null;
    }

    /** The model from {@code --params} alone, or {@code null} when the flag is absent. */
    ModelSpec fromParams() {
        return params == null ? null : ModelShapes.fromParameterCount(Quantities.parseCount(params));
    }

    /**
     * Applies explicit flags to a base model, or builds a model from them when {@code base} is {@code null}.
     *
     * @throws IllegalArgumentException naming the missing or invalid flag
     */
    ModelSpec applyTo(ModelSpec base) {
        requireInRange();
        ModelSpec.Builder b;
        if (base == null) {
            for (Object[] required : new Object[][] {
                    {hidden, "--hidden"}, {layers, "--layers"}, {heads, "--heads"}, {vocab, "--vocab"}}) {
                if (required[0] == null) {
                    throw new IllegalArgumentException("no model given: use --preset, --config, --params, or "
                            + "describe one with --hidden, --layers, --heads and --vocab (missing " + required[1]
                            + ")");
                }
            }
            b = ModelSpec.builder().id("custom").name("Custom model").mlp(MlpKind.GELU).norm(NormKind.LAYERNORM)
                    .position(PositionKind.LEARNED).maxPositions(2048).biases(true).tiedEmbeddings(true);
        } else {
            b = base.toBuilder();
        }
        if (hidden != null) {
            b.hiddenSize(hidden);
        }
        if (layers != null) {
            b.layers(layers);
        }
        if (heads != null) {
            b.heads(heads);
            if (kvHeads == null && base == null) {
                b.kvHeads(heads);
            }
        }
        if (kvHeads != null) {
            b.kvHeads(kvHeads);
        }
        if (vocab != null) {
            b.vocabSize(vocab);
        }
        if (mlp != null) {
            b.mlp(parseMlp(mlp));
        }
        if (norm != null) {
            b.norm(switch (mlpKey(norm)) {
                case "layernorm", "ln" -> NormKind.LAYERNORM;
                case "rmsnorm", "rms" -> NormKind.RMSNORM;
                default -> throw new IllegalArgumentException(
                        "--norm must be layernorm or rmsnorm, got '" + norm + "'");
            });
        }
        if (position != null) {
            b.position(switch (mlpKey(position)) {
                case "learned", "absolute" -> PositionKind.LEARNED;
                case "rotary", "rope" -> PositionKind.ROTARY;
                case "none", "alibi" -> PositionKind.NONE;
                default -> throw new IllegalArgumentException(
                        "--position must be learned, rotary or none, got '" + position + "'");
            });
        }
        if (bias != null) {
            b.biases(bias);
        }
        if (tied != null && untied != null) {
            throw new IllegalArgumentException("--tied and --untied contradict each other");
        }
        if (tied != null) {
            b.tiedEmbeddings(tied);
        }
        if (untied != null) {
            b.tiedEmbeddings(!untied);
        }
        if (maxPosition != null) {
            b.maxPositions(maxPosition);
            b.positionTableSize(maxPosition);
        }
        if (arch != null) {
            b.arch(switch (mlpKey(arch)) {
                case "decoder" -> ArchitectureKind.DECODER;
                case "encoder" -> ArchitectureKind.ENCODER;
                default -> throw new IllegalArgumentException("--arch must be decoder or encoder, got '" + arch + "'");
            });
        }
        if (head != null) {
            HeadKind kind = switch (mlpKey(head)) {
                case "lm" -> HeadKind.LM;
                case "classifier" -> HeadKind.CLASSIFIER;
                case "none" -> HeadKind.NONE;
                default -> throw new IllegalArgumentException("--head must be lm, classifier or none, got '" + head
                        + "'");
            };
            b.head(kind);
            if (kind == HeadKind.CLASSIFIER) {
                b.classifierOutputs(2);
            }
        }
        int width = hidden != null ? hidden : base.hiddenSize();
        int headCount = heads != null ? heads : base.heads();
        MlpKind mlpKind = mlp != null ? parseMlp(mlp) : base != null ? base.mlp() : MlpKind.GELU;
        if (ffn != null) {
            b.ffnSize(ffn);
        } else if (base == null || hidden != null || mlp != null) {
            b.ffnSize(mlpKind == MlpKind.GATED ? roundUp(8 * width / 3, 256) : 4 * width);
        }
        if (headDim != null) {
            b.headDim(headDim);
        } else if (base == null || hidden != null || heads != null) {
            if (width % headCount != 0) {
                throw new IllegalArgumentException("--heads (" + headCount + ") must divide --hidden (" + width
                        + "), or give --head-dim");
            }
            b.headDim(width / headCount);
        }
        if (experts != null || expertsPerToken != null || expertFfn != null) {
            MoeSpec old = base == null ? null : base.moe();
            int e = experts != null ? experts : old != null ? old.experts() : 8;
            int k = expertsPerToken != null ? expertsPerToken : old != null ? old.expertsPerToken() : 2;
            int size = expertFfn != null ? expertFfn
                    : ffn != null ? ffn : old != null ? old.expertFfnSize() : b.build().ffnSize();
            b.moe(e <= 1 ? null : MoeSpec.topK(e, k, size));
        }
        if (mlaCache != null) {
            boolean naive = switch (mlpKey(mlaCache)) {
                case "absorbed" -> false;
                case "naive" -> true;
                default -> throw new IllegalArgumentException(
                        "--mla-cache must be absorbed or naive, got '" + mlaCache + "'");
            };
            if (base == null || base.mla() == null) {
                throw new IllegalArgumentException("--mla-cache applies only to models with multi-head latent "
                        + "attention (DeepSeek-V2, V3, R1)");
            }
            b.mla(base.mla().withNaiveCache(naive));
        }
        return b.build();
    }

    /**
     * Every whole-number architecture flag within its range, checked before any of them is used: widths up to the
     * catalog's 10,000,000, layers up to {@link ModelSpec#MAX_LAYERS}, experts up to {@link MoeSpec#MAX_EXPERTS} (0
     * or 1: a dense model). Widths this large still multiply beyond what a model may have; {@link ModelSpec} refuses
     * those by their parameter count.
     */
    private void requireInRange() {
        Object[][] flags = {{hidden, "--hidden", 1, MAX_WIDTH}, {layers, "--layers", 1, ModelSpec.MAX_LAYERS},
            {heads, "--heads", 1, MAX_WIDTH}, {kvHeads, "--kv-heads", 1, MAX_WIDTH},
            {headDim, "--head-dim", 1, MAX_WIDTH}, {ffn, "--ffn", 1, MAX_WIDTH}, {vocab, "--vocab", 1, MAX_WIDTH},
            {maxPosition, "--max-position", 1, Integer.MAX_VALUE}, {experts, "--experts", 0, MoeSpec.MAX_EXPERTS},
            {expertsPerToken, "--experts-per-token", 1, MoeSpec.MAX_EXPERTS}, {expertFfn, "--expert-ffn", 1, MAX_WIDTH}};
        for (Object[] f : flags) {
            Integer value = (Integer) f[0];
            int min = (Integer) f[2];
            int max = (Integer) f[3];
            if (value != null && (value < min || value > max)) {
                throw new CliInputException(String.format(Locale.ROOT, "%s must be %,d to %,d, got %d", f[1], min,
                        max, value));
            }
        }
    }

    private static MlpKind parseMlp(String text) {
        return switch (mlpKey(text)) {
            case "gelu", "relu", "standard" -> MlpKind.GELU;
            case "swiglu", "geglu", "gated" -> MlpKind.GATED;
            default -> throw new IllegalArgumentException("--mlp must be gelu or swiglu, got '" + text + "'");
        };
    }

    private static String mlpKey(String text) {
        return text.trim().toLowerCase(Locale.ROOT);
    }

    private static int roundUp(int value, int multiple) {
        return (value + multiple - 1) / multiple * multiple;
    }
}
