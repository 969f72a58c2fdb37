package com.vramadvisor.scenario;

import com.fasterxml.jackson.databind.node.ObjectNode;
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

/** The {@code model.architecture} object of a scenario file: every field of {@link ModelSpec} by its record name. */
final class ModelSpecJson {

    private static final int MAX = Integer.MAX_VALUE;
    /** Characters of a model's id and name kept from a file. */
    private static final int MAX_NAME_CHARS = 200;

    private ModelSpecJson() {
    }

    static ObjectNode write(ModelSpec m) {
        ObjectNode o = com.vramadvisor.json.JsonTrees.object();
        o.put("id", m.id());
        o.put("name", m.name());
        o.put("arch", Ids.of(m.arch()));
        o.put("hiddenSize", m.hiddenSize());
        o.put("layers", m.layers());
        o.put("heads", m.heads());
        o.put("kvHeads", m.kvHeads());
        o.put("headDim", m.headDim());
        o.put("ffnSize", m.ffnSize());
        o.put("mlp", Ids.of(m.mlp()));
        o.put("vocabSize", m.vocabSize());
        o.put("tiedEmbeddings", m.tiedEmbeddings());
        o.put("norm", Ids.of(m.norm()));
        o.put("normsPerLayer", m.normsPerLayer());
        o.put("finalNorm", m.finalNorm());
        o.put("embeddingNorm", m.embeddingNorm());
        o.put("qkvBias", m.qkvBias());
        o.put("outBias", m.outBias());
        o.put("mlpBias", m.mlpBias());
        o.put("position", Ids.of(m.position()));
        o.put("positionTableSize", m.positionTableSize());
        o.put("maxPositions", m.maxPositions());
        o.put("tokenTypes", m.tokenTypes());
        o.put("head", Ids.of(m.head()));
        o.put("classifierOutputs", m.classifierOutputs());
        o.put("pooler", m.pooler());
        o.put("parallelBlock", m.parallelBlock());
        o.put("slidingWindow", m.slidingWindow());
        if (m.moe() == null) {
            o.putNull("moe");
        } else {
            MoeSpec e = m.moe();
            ObjectNode moe = o.putObject("moe");
            moe.put("experts", e.experts());
            moe.put("expertsPerToken", e.expertsPerToken());
            moe.put("expertFfnSize", e.expertFfnSize());
            moe.put("sharedExpertFfnSize", e.sharedExpertFfnSize());
            moe.put("sharedExpertGate", e.sharedExpertGate());
            moe.put("denseLayers", e.denseLayers());
            moe.put("routerBias", e.routerBias());
        }
        o.put("qkNorm", m.qkNorm());
        o.put("attentionSinks", m.attentionSinks());
        o.put("globalEvery", m.globalEvery());
        if (m.mla() != null) {
            MlaSpec a = m.mla();
            ObjectNode mla = o.putObject("mla");
            mla.put("qLoraRank", a.qLoraRank());
            mla.put("kvLoraRank", a.kvLoraRank());
            mla.put("qkNopeHeadDim", a.qkNopeHeadDim());
            mla.put("qkRopeHeadDim", a.qkRopeHeadDim());
            mla.put("vHeadDim", a.vHeadDim());
            mla.put("naiveCache", a.naiveCache());
        }
        o.put("mtpLayers", m.mtpLayers());
        o.put("visionParams", m.visionParams());
        if (m.expertWeightType() != null) {
            o.put("expertWeightType", Ids.of(m.expertWeightType()));
        }
        return o;
    }

    /** Reads an architecture; absent optional fields take the Llama-style defaults of {@link ModelSpec.Builder}. */
    static ModelSpec read(JsonReader r) throws ScenarioFileException {
        ModelSpec.Builder b = ModelSpec.builder()
                // Shown wherever the model is: escaped and cut like any text from a file.
                .id(UntrustedText.escape(r.optionalText("id", ""), MAX_NAME_CHARS))
                .name(UntrustedText.escape(r.optionalText("name", ""), MAX_NAME_CHARS))
                .hiddenSize(r.integer("hiddenSize", 1, MAX))
                .layers(r.integer("layers", 1, ModelSpec.MAX_LAYERS))
                .heads(r.integer("heads", 1, MAX))
                .kvHeads(r.optionalInteger("kvHeads", 1, MAX, 0))
                .headDim(r.optionalInteger("headDim", 1, MAX, 0))
                .ffnSize(r.integer("ffnSize", 1, MAX))
                .vocabSize(r.integer("vocabSize", 1, MAX))
                .tiedEmbeddings(r.optionalBool("tiedEmbeddings", false))
                .normsPerLayer(r.optionalInteger("normsPerLayer", 0, ModelSpec.MAX_NORMS_PER_LAYER, 2))
                .finalNorm(r.optionalBool("finalNorm", true))
                .embeddingNorm(r.optionalBool("embeddingNorm", false))
                .qkvBias(r.optionalBool("qkvBias", false))
                .outBias(r.optionalBool("outBias", false))
                .mlpBias(r.optionalBool("mlpBias", false))
                .positionTableSize(r.optionalInteger("positionTableSize", 0, MAX, 0))
                .maxPositions(r.optionalInteger("maxPositions", 0, MAX, 0))
                .tokenTypes(r.optionalInteger("tokenTypes", 0, MAX, 0))
                .classifierOutputs(r.optionalInteger("classifierOutputs", 0, MAX, 0))
                .pooler(r.optionalBool("pooler", false))
                .parallelBlock(r.optionalBool("parallelBlock", false))
                .slidingWindow(r.optionalInteger("slidingWindow", 0, MAX, 0))
                .arch(r.optionalEnumValue("arch", ArchitectureKind.class, ArchitectureKind.DECODER))
                .mlp(r.optionalEnumValue("mlp", MlpKind.class, MlpKind.GATED))
                .norm(r.optionalEnumValue("norm", NormKind.class, NormKind.RMSNORM))
                .position(r.optionalEnumValue("position", PositionKind.class, PositionKind.ROTARY))
                .head(r.optionalEnumValue("head", HeadKind.class, HeadKind.LM));
        if (r.has("moe")) {
            JsonReader e = r.object("moe");
            b.moe(new MoeSpec(e.integer("experts", 1, MoeSpec.MAX_EXPERTS),
                    e.integer("expertsPerToken", 1, MoeSpec.MAX_EXPERTS),
                    e.integer("expertFfnSize", 1, MAX), e.optionalInteger("sharedExpertFfnSize", 0, MAX, 0),
                    e.optionalBool("sharedExpertGate", false), e.optionalInteger("denseLayers", 0, MAX, 0),
                    e.optionalBool("routerBias", false)));
        }
        b.qkNorm(r.optionalBool("qkNorm", false))
                .attentionSinks(r.optionalBool("attentionSinks", false))
                .globalEvery(r.optionalInteger("globalEvery", 0, MAX, 0))
                .mtpLayers(r.optionalInteger("mtpLayers", 0, ModelSpec.MAX_LAYERS, 0))
                .visionParams(r.optionalLong("visionParams", 0, 1_000_000_000_000L, 0));
        if (r.has("mla")) {
            JsonReader a = r.object("mla");
            b.mla(new MlaSpec(a.optionalInteger("qLoraRank", 0, MAX, 0), a.integer("kvLoraRank", 1, MAX),
                    a.optionalInteger("qkNopeHeadDim", 0, MAX, 0), a.optionalInteger("qkRopeHeadDim", 0, MAX, 0),
                    a.integer("vHeadDim", 1, MAX), a.optionalBool("naiveCache", false)));
        }
        if (r.has("expertWeightType")) {
            b.expertWeightType(r.optionalEnumValue("expertWeightType", DataType.class, DataType.BF16));
        }
        return b.build();
    }
}
