package com.vramadvisor.catalog.model;

import com.vramadvisor.engine.llm.ArchitectureKind;
import com.vramadvisor.engine.llm.DataType;
import com.vramadvisor.engine.llm.HeadKind;
import com.vramadvisor.engine.llm.MlpKind;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.NormKind;
import com.vramadvisor.engine.llm.PositionKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** GPT-style decoders and encoders read from official configurations (sources in the fixtures' README). */
class HfConfigImporterGptAndEncoderTest {

    private static ModelSpec spec(String fixture) throws ModelImportException {
        return HfConfigImporter.read(Fixtures.configFolder(fixture)).spec().orElseThrow();
    }

    @Test
    void gpt2HasLearnedPositionsBiasesEverywhereAndFourTimesWidthFeedForward() throws Exception {
        ModelSpec m = spec("gpt2");
        assertThat(m.hiddenSize()).isEqualTo(768);
        assertThat(m.layers()).isEqualTo(12);
        assertThat(m.heads()).isEqualTo(12);
        assertThat(m.ffnSize()).as("n_inner absent means 4 * n_embd").isEqualTo(3072);
        assertThat(m.mlp()).isEqualTo(MlpKind.GELU);
        assertThat(m.norm()).isEqualTo(NormKind.LAYERNORM);
        assertThat(m.qkvBias() && m.outBias() && m.mlpBias()).isTrue();
        assertThat(m.position()).isEqualTo(PositionKind.LEARNED);
        assertThat(m.positionTableSize()).isEqualTo(1024);
        assertThat(m.tiedEmbeddings()).isTrue();
        assertThat(m.head()).isEqualTo(HeadKind.LM);
        assertThat(spec("gpt2-medium").layers()).isEqualTo(24);
    }

    @Test
    void gpt2WithAnExplicitNullInnerWidthAlsoUsesFourTimesTheWidth(@TempDir Path dir) throws Exception {
        Path file = Fixtures.writeConfig(dir, "gpt2-null-inner", """
                {"model_type": "gpt2", "architectures": ["GPT2LMHeadModel"], "n_embd": 256, "n_head": 4,
                 "n_layer": 2, "n_inner": null, "n_positions": 128, "vocab_size": 1000}""");
        assertThat(HfConfigImporter.read(file).spec().orElseThrow().ffnSize()).isEqualTo(1024);
    }

    @Test
    void santacoderUsesMultiQueryAttention() throws Exception {
        ModelSpec m = spec("gpt_bigcode-santacoder");
        assertThat(m.kvHeads()).isEqualTo(1);
        assertThat(m.heads()).isEqualTo(16);
        assertThat(m.ffnSize()).isEqualTo(8192);
        assertThat(m.positionTableSize()).isEqualTo(2048);
        assertThat(m.vocabSize()).isEqualTo(49280);
    }

    @Test
    void gptNeoxReadsParallelResidualAndUntiedOutputEmbedding() throws Exception {
        ModelSpec m = spec("redpajama-incite-chat-3b-v1");
        assertThat(m.parallelBlock()).isFalse();
        assertThat(m.tiedEmbeddings()).isFalse();
        assertThat(m.qkvBias() && m.outBias() && m.mlpBias()).as("attention_bias default true, MLP always").isTrue();
        assertThat(m.position()).isEqualTo(PositionKind.ROTARY);
        assertThat(m.norm()).isEqualTo(NormKind.LAYERNORM);
        assertThat(m.normsPerLayer()).isEqualTo(2);
        assertThat(m.ffnSize()).isEqualTo(10240);
    }

    @Test
    void optKeepsTwoExtraPositionRows() throws Exception {
        ModelSpec m = spec("opt-125m");
        assertThat(m.positionTableSize()).isEqualTo(2048 + 2);
        assertThat(m.maxPositions()).isEqualTo(2048);
        assertThat(m.finalNorm()).isTrue();
        assertThat(m.qkvBias() && m.outBias() && m.mlpBias()).isTrue();
        assertThat(m.tiedEmbeddings()).isTrue();
        assertThat(m.ffnSize()).isEqualTo(3072);
    }

    @Test
    void falcon7bHasOneKeyValueHeadOneNormPerBlockAndAParallelBlock() throws Exception {
        ModelSpec m = spec("falcon-7b");
        assertThat(m.kvHeads()).isEqualTo(1);
        assertThat(m.heads()).isEqualTo(71);
        assertThat(m.headDim()).isEqualTo(64);
        assertThat(m.normsPerLayer()).isEqualTo(1);
        assertThat(m.parallelBlock()).isTrue();
        assertThat(m.ffnSize()).as("ffn_hidden_size defaults to 4 * hidden_size").isEqualTo(18176);
        assertThat(m.qkvBias() || m.outBias() || m.mlpBias()).isFalse();
        assertThat(m.tiedEmbeddings()).isTrue();
        assertThat(m.position()).isEqualTo(PositionKind.ROTARY);
        assertThat(m.maxPositions()).as("FalconConfig max_position_embeddings default").isEqualTo(2048);
    }

    @Test
    void falcon40bInTheOldRefinedWebFormatIsTheNewArchitectureWithEightKeyValueHeads() throws Exception {
        ImportedModel imported = HfConfigImporter.read(Fixtures.configFolder("falcon-40b-refinedweb"));
        ModelSpec m = imported.spec().orElseThrow();
        assertThat(imported.architecture()).isEqualTo("RefinedWeb");
        assertThat(m.layers()).isEqualTo(60);
        assertThat(m.heads()).isEqualTo(128);
        assertThat(m.kvHeads()).isEqualTo(8);
        assertThat(m.normsPerLayer()).as("ln_attn and ln_mlp").isEqualTo(2);
        assertThat(m.parallelBlock()).isTrue();
        assertThat(m.head()).as("RWForCausalLM").isEqualTo(HeadKind.LM);
    }

    @Test
    void falcon7bInTheOldRefinedWebModelFormatReadsNHeadAndNLayer() throws Exception {
        ImportedModel imported = HfConfigImporter.read(Fixtures.configFolder("falcon-7b-refinedwebmodel"));
        ModelSpec m = imported.spec().orElseThrow();
        assertThat(imported.architecture()).isEqualTo("RefinedWebModel");
        assertThat(m.heads()).isEqualTo(71);
        assertThat(m.layers()).isEqualTo(32);
        assertThat(m.kvHeads()).as("no n_head_kv: the old architecture, multi_query").isEqualTo(1);
        assertThat(m.normsPerLayer()).isEqualTo(1);
    }

    @Test
    void falcon40bInTheFalconFormatUsesNumKvHeads() throws Exception {
        ModelSpec m = spec("falcon-40b");
        assertThat(m.kvHeads()).isEqualTo(8);
        assertThat(m.normsPerLayer()).isEqualTo(2);
        assertThat(m.ffnSize()).isEqualTo(4 * 8192);
    }

    @Test
    void falconWithoutParallelAttentionHasTwoNormsAndAlibiHasNoRotaryPositions(@TempDir Path dir)
            throws Exception {
        Path file = Fixtures.writeConfig(dir, "falcon-rw", """
                {"model_type": "falcon", "architectures": ["FalconForCausalLM"], "hidden_size": 2048,
                 "num_attention_heads": 32, "num_hidden_layers": 24, "vocab_size": 50304, "alibi": true,
                 "bias": true, "multi_query": false, "parallel_attn": false}""");
        ModelSpec m = HfConfigImporter.read(file).spec().orElseThrow();
        assertThat(m.normsPerLayer()).isEqualTo(2);
        assertThat(m.parallelBlock()).isFalse();
        assertThat(m.kvHeads()).isEqualTo(32);
        assertThat(m.position()).isEqualTo(PositionKind.NONE);
        assertThat(m.qkvBias() && m.outBias() && m.mlpBias()).isTrue();
    }

    @Test
    void bertForMaskedLmIsAnEncoderWithAnLmHeadAndNoPooler() throws Exception {
        ModelSpec m = spec("bert-base-uncased");
        assertThat(m.arch()).isEqualTo(ArchitectureKind.ENCODER);
        assertThat(m.head()).isEqualTo(HeadKind.LM);
        assertThat(m.pooler()).isFalse();
        assertThat(m.tokenTypes()).isEqualTo(2);
        assertThat(m.embeddingNorm()).isTrue();
        assertThat(m.finalNorm()).isFalse();
        assertThat(m.positionTableSize()).isEqualTo(512);
        assertThat(m.maxPositions()).isEqualTo(512);
        assertThat(m.tiedEmbeddings()).isTrue();
        assertThat(m.vocabSize()).isEqualTo(30522);
    }

    @Test
    void bareBertModelHasNoHeadButAPooler() throws Exception {
        ImportedModel imported = HfConfigImporter.read(Fixtures.configFolder("bert-base-uncased-bertmodel"));
        ModelSpec m = imported.spec().orElseThrow();
        assertThat(m.head()).isEqualTo(HeadKind.NONE);
        assertThat(m.pooler()).isTrue();
        assertThat(imported.declaredDtype()).as("the newer 'dtype' key").contains(DataType.FP32);
        ModelSpec arctic = spec("snowflake-arctic-embed-m");
        assertThat(arctic.head()).isEqualTo(HeadKind.NONE);
        assertThat(arctic.pooler()).isTrue();
    }

    @Test
    void robertaModelStartsPositionsAfterThePaddingIndex() throws Exception {
        ModelSpec m = spec("roberta-base-robertamodel");
        assertThat(m.positionTableSize()).isEqualTo(514);
        assertThat(m.maxPositions()).isEqualTo(512);
        assertThat(m.tokenTypes()).isEqualTo(1);
        assertThat(m.head()).isEqualTo(HeadKind.NONE);
        assertThat(m.pooler()).isTrue();
        assertThat(m.vocabSize()).isEqualTo(50265);
    }

    @Test
    void sequenceClassifiersTakeTheirOutputsFromId2LabelThenNumLabelsThenTwo(@TempDir Path dir)
            throws Exception {
        String bert = """
                {"model_type": "bert", "architectures": ["BertForSequenceClassification"], "hidden_size": 128,
                 "num_hidden_layers": 2, "num_attention_heads": 2, "intermediate_size": 512,
                 "vocab_size": 1000 %s}""";
        ModelSpec byId2Label = HfConfigImporter.read(Fixtures.writeConfig(dir, "a", bert.formatted(
                ", \"id2label\": {\"0\": \"a\", \"1\": \"b\", \"2\": \"c\", \"3\": \"d\", \"4\": \"e\"},"
                        + " \"num_labels\": 9"))).spec().orElseThrow();
        assertThat(byId2Label.head()).isEqualTo(HeadKind.CLASSIFIER);
        assertThat(byId2Label.classifierOutputs()).isEqualTo(5);
        assertThat(byId2Label.pooler()).isTrue();
        ModelSpec byNumLabels = HfConfigImporter.read(Fixtures.writeConfig(dir, "b",
                bert.formatted(", \"num_labels\": 3"))).spec().orElseThrow();
        assertThat(byNumLabels.classifierOutputs()).isEqualTo(3);
        ModelSpec byDefault = HfConfigImporter.read(Fixtures.writeConfig(dir, "c", bert.formatted("")))
                .spec().orElseThrow();
        assertThat(byDefault.classifierOutputs()).isEqualTo(2);
        ModelSpec token = HfConfigImporter.read(Fixtures.writeConfig(dir, "d",
                bert.formatted("").replace("ForSequenceClassification", "ForTokenClassification")))
                .spec().orElseThrow();
        assertThat(token.pooler()).as("BertForTokenClassification has no pooler").isFalse();
        ModelSpec llama = HfConfigImporter.read(Fixtures.writeConfig(dir, "e", """
                {"model_type": "llama", "architectures": ["LlamaForSequenceClassification"], "hidden_size": 64,
                 "num_hidden_layers": 2, "num_attention_heads": 4, "intermediate_size": 128, "vocab_size": 100,
                 "num_labels": 4}""")).spec().orElseThrow();
        assertThat(llama.head()).isEqualTo(HeadKind.CLASSIFIER);
        assertThat(llama.classifierOutputs()).isEqualTo(4);
        assertThat(llama.pooler()).isFalse();
    }

    @Test
    void t5EncoderModelIsAGatedRmsNormEncoderWithoutHeadAndReportsNf4Quantization() throws Exception {
        ImportedModel imported = HfConfigImporter.read(Fixtures.configFolder("flux.1-schnell-text-encoder-2"));
        ModelSpec m = imported.spec().orElseThrow();
        assertThat(m.arch()).isEqualTo(ArchitectureKind.ENCODER);
        assertThat(m.hiddenSize()).isEqualTo(4096);
        assertThat(m.layers()).isEqualTo(24);
        assertThat(m.heads()).isEqualTo(64);
        assertThat(m.headDim()).isEqualTo(64);
        assertThat(m.ffnSize()).isEqualTo(10240);
        assertThat(m.mlp()).isEqualTo(MlpKind.GATED);
        assertThat(m.norm()).isEqualTo(NormKind.RMSNORM);
        assertThat(m.position()).isEqualTo(PositionKind.NONE);
        assertThat(m.head()).isEqualTo(HeadKind.NONE);
        assertThat(m.qkvBias() || m.outBias() || m.mlpBias()).isFalse();
        assertThat(imported.declaredDtype()).contains(DataType.FP16);
        // bnb_4bit_quant_type nf4 with bnb_4bit_use_double_quant false: an fp32 absmax per 64 weights, 4.5 bits.
        assertThat(imported.quantization()).contains(DataType.NF4_SINGLE);
        assertThat(imported.weightStorageType()).contains(DataType.NF4_SINGLE);
        assertThat(imported.warnings()).anyMatch(w -> w.contains("relative position bias"))
                .anyMatch(w -> w.contains("nf4"));
    }
}
