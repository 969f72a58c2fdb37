package com.vramadvisor.catalog;

import com.vramadvisor.engine.llm.ArchitectureKind;
import com.vramadvisor.engine.llm.DataType;
import com.vramadvisor.engine.llm.HeadKind;
import com.vramadvisor.engine.llm.MlaSpec;
import com.vramadvisor.engine.llm.MlpKind;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.MoeSpec;
import com.vramadvisor.engine.llm.NormKind;
import com.vramadvisor.engine.llm.PositionKind;
import com.vramadvisor.files.UntrustedText;

import java.math.BigDecimal;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads one entry of {@code models.json} into a {@link ModelPreset}. Absent optional fields take the defaults of
 * {@link ModelSpec#builder()} (a Llama-style decoder), so a Llama-like entry lists only its sizes.
 */
final class ModelEntryParser {

    private static final int MAX_DIM = 10_000_000;
    /** Longer texts are not counts; a long run of digits would only cost time to reject. */
    private static final int MAX_COUNT_CHARS = 40;
    private static final Pattern COUNT = Pattern.compile("(\\d+)(\\.\\d+)?([KMBT])?");

    private ModelEntryParser() {
    }

    static ModelPreset parse(EntryReader r) {
        ModelSpec defaults = ModelSpec.builder().hiddenSize(1).layers(1).heads(1).ffnSize(1).vocabSize(1).build();
        String id = r.id();
        String name = r.optionalText("name", id);
        ArchitectureKind arch = r.optionalEnum("arch", ArchitectureKind.class, defaults.arch());
        int hidden = r.integer("hiddenSize", 1, MAX_DIM);
        int layers = r.integer("layers", 1, ModelSpec.MAX_LAYERS);
        int heads = r.integer("heads", 1, 100_000);
        int kvHeads = r.optionalInteger("kvHeads", heads, 1, 100_000);
        int headDim = r.optionalInteger("headDim", 0, 1, MAX_DIM);
        if (heads % kvHeads != 0) {
            r.fail("kvHeads", "key/value heads (" + kvHeads + ") must divide attention heads (" + heads + ")");
        }
        if (headDim == 0 && hidden % heads != 0) {
            r.fail("headDim", "required when attention heads (" + heads + ") do not divide hiddenSize (" + hidden
                    + ")");
        }
        int ffn = r.integer("ffnSize", 1, MAX_DIM);
        MlpKind mlp = r.optionalEnum("mlp", MlpKind.class, defaults.mlp());
        int vocab = r.integer("vocabSize", 1, MAX_DIM);
        boolean tied = r.optionalBoolean("tiedEmbeddings", defaults.tiedEmbeddings());
        NormKind norm = r.optionalEnum("norm", NormKind.class, defaults.norm());
        int normsPerLayer = r.optionalInteger("normsPerLayer", defaults.normsPerLayer(), 0,
                ModelSpec.MAX_NORMS_PER_LAYER);
        boolean finalNorm = r.optionalBoolean("finalNorm", defaults.finalNorm());
        boolean embeddingNorm = r.optionalBoolean("embeddingNorm", defaults.embeddingNorm());
        boolean qkvBias = r.optionalBoolean("qkvBias", defaults.qkvBias());
        boolean outBias = r.optionalBoolean("outBias", defaults.outBias());
        boolean mlpBias = r.optionalBoolean("mlpBias", defaults.mlpBias());
        PositionKind position = r.optionalEnum("position", PositionKind.class, defaults.position());
        int maxPositions = r.integer("maxPositions", 1, 100_000_000);
        int positionTable = r.optionalInteger("positionTableSize", 0, 1, 100_000_000);
        int tokenTypes = r.optionalInteger("tokenTypes", 0, 0, 100_000);
        HeadKind head = r.optionalEnum("head", HeadKind.class, defaults.head());
        int classifierOutputs = r.optionalInteger("classifierOutputs", 0, 1, 1_000_000);
        if (head == HeadKind.CLASSIFIER && classifierOutputs == 0) {
            r.fail("classifierOutputs", "required with a classifier head");
        }
        boolean pooler = r.optionalBoolean("pooler", defaults.pooler());
        boolean parallelBlock = r.optionalBoolean("parallelBlock", defaults.parallelBlock());
        int slidingWindow = r.optionalInteger("slidingWindow", 0, 1, 100_000_000);
        MoeSpec moe = readMoe(r, layers);
        boolean qkNorm = r.optionalBoolean("qkNorm", false);
        boolean sinks = r.optionalBoolean("attentionSinks", false);
        int globalEvery = r.optionalInteger("globalEvery", 0, 1, ModelSpec.MAX_LAYERS);
        if (globalEvery > 0 && slidingWindow == 0) {
            r.fail("globalEvery", "needs a slidingWindow for the local layers");
        }
        MlaSpec mla = readMla(r);
        int mtpLayers = r.optionalInteger("mtpLayers", 0, 1, 64);
        int visionParams = r.optionalInteger("visionParameters", 0, 1, 2_000_000_000);
        DataType expertType = null;
        String expertTypeText = r.optionalText("expertWeightType", "");
        if (!expertTypeText.isEmpty()) {
            try {
                expertType = DataType.parse(expertTypeText);
            } catch (IllegalArgumentException e) {
                r.fail("expertWeightType", e.getMessage());
            }
            if (moe == null) {
                r.fail("expertWeightType", "needs a moe object: only routed experts have their own storage");
            }
        }
        String publishedText = r.optionalText("publishedParameters", "");
        long[] published = publishedText.isEmpty() ? new long[] {0, 0} : parseCount(publishedText);
        if (published == null) {
            r.fail("publishedParameters", "expected a whole number of parameters below 2^63 such as \"7.3B\","
                    + " \"124M\" or \"20554567680\", found " + UntrustedText.quote(publishedText));
            published = new long[] {0, 0};
        }
        String publishedSource = r.optionalText("publishedParametersSource", "");
        if (!publishedText.isEmpty() && publishedSource.isEmpty()) {
            r.fail("publishedParametersSource", "required with publishedParameters: the model card or paper");
        }
        String source = r.text("source");
        r.rejectUnknownFields();
        if (!r.ok()) {
            return null;
        }
        try {
            ModelSpec spec = ModelSpec.builder().id(id).name(name).arch(arch).hiddenSize(hidden).layers(layers)
                    .heads(heads).kvHeads(kvHeads).headDim(headDim).ffnSize(ffn).mlp(mlp).vocabSize(vocab)
                    .tiedEmbeddings(tied).norm(norm).normsPerLayer(normsPerLayer).finalNorm(finalNorm)
                    .embeddingNorm(embeddingNorm).qkvBias(qkvBias).outBias(outBias).mlpBias(mlpBias)
                    .position(position).positionTableSize(positionTable).maxPositions(maxPositions)
                    .tokenTypes(tokenTypes).head(head).classifierOutputs(classifierOutputs).pooler(pooler)
                    .parallelBlock(parallelBlock).slidingWindow(slidingWindow).moe(moe).qkNorm(qkNorm)
                    .attentionSinks(sinks).globalEvery(globalEvery).mla(mla).mtpLayers(mtpLayers)
                    .visionParams(visionParams).expertWeightType(expertType).build();
            return new ModelPreset(spec, published[0], published[1], publishedText, publishedSource, source);
        } catch (IllegalArgumentException e) {
            r.fail(null, e.getMessage());
            return null;
        }
    }

    /**
     * Parses a published parameter count: digits only for an exact count, or a decimal with a suffix K, M, B or T
     * (10^3, 10^6, 10^9, 10^12) for a rounded one. Returns {value, rounding unit}, or {@code null} when the text is
     * not a count, names a fraction of a parameter ({@code 1.0005K}) or a count of 2^63 or more.
     */
    static long[] parseCount(String text) {
        if (text.length() > MAX_COUNT_CHARS) {
            return null;
        }
        Matcher m = COUNT.matcher(text.trim());
        if (!m.matches()) {
            return null;
        }
        if (m.group(3) == null) {
            if (m.group(2) != null) {
                return null;
            }
            try {
                return new long[] {Long.parseLong(m.group(1)), 1};
            } catch (NumberFormatException e) {
                return null;
            }
        }
        BigDecimal number = new BigDecimal(m.group(1) + (m.group(2) == null ? "" : m.group(2)));
        BigDecimal multiplier = BigDecimal.TEN.pow(switch (m.group(3)) {
            case "K" -> 3;
            case "M" -> 6;
            case "B" -> 9;
            default -> 12;
        });
        BigDecimal unit = BigDecimal.ONE.movePointLeft(number.scale()).multiply(multiplier);
        try {
            return new long[] {number.multiply(multiplier).longValueExact(), unit.longValueExact()};
        } catch (ArithmeticException e) {
            return null;
        }
    }

    private static MoeSpec readMoe(EntryReader r, int layers) {
        EntryReader m = r.optionalObject("moe");
        if (m == null) {
            return null;
        }
        int experts = m.integer("experts", 1, 1_000_000);
        int perToken = m.integer("expertsPerToken", 1, 1_000_000);
        int expertFfn = m.integer("expertFfnSize", 1, MAX_DIM);
        int sharedFfn = m.optionalInteger("sharedExpertFfnSize", 0, 0, MAX_DIM);
        boolean sharedGate = m.optionalBoolean("sharedExpertGate", false);
        int denseLayers = m.optionalInteger("denseLayers", 0, 0, layers);
        boolean routerBias = m.optionalBoolean("routerBias", false);
        if (perToken > experts) {
            m.fail("expertsPerToken", "more experts per token (" + perToken + ") than experts (" + experts + ")");
        }
        m.rejectUnknownFields();
        if (!m.ok()) {
            return null;
        }
        return new MoeSpec(experts, perToken, expertFfn, sharedFfn, sharedGate, denseLayers, routerBias);
    }

    /** The {@code mla} object: DeepSeek's latent-attention sizes under their {@code config.json} meanings. */
    private static MlaSpec readMla(EntryReader r) {
        EntryReader a = r.optionalObject("mla");
        if (a == null) {
            return null;
        }
        int qLora = a.optionalInteger("qLoraRank", 0, 1, MAX_DIM);
        int kvLora = a.integer("kvLoraRank", 1, MAX_DIM);
        int nope = a.integer("qkNopeHeadDim", 0, MAX_DIM);
        int rope = a.integer("qkRopeHeadDim", 0, MAX_DIM);
        int v = a.integer("vHeadDim", 1, MAX_DIM);
        boolean naive = a.optionalBoolean("naiveCache", false);
        a.rejectUnknownFields();
        if (!a.ok()) {
            return null;
        }
        if (nope + rope < 1) {
            a.fail("qkNopeHeadDim", "the query/key head width (qkNopeHeadDim + qkRopeHeadDim) must be at least 1");
            return null;
        }
        return new MlaSpec(qLora, kvLora, nope, rope, v, naive);
    }
}
