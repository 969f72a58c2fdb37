package com.vramadvisor.catalog.model;

import com.vramadvisor.engine.llm.DataType;
import com.vramadvisor.engine.llm.HeadKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** {@link ModelImporter#importPath} recognises each kind of file and folder a user may point at. */
class ModelImporterTest {

    @TempDir
    Path dir;

    @Test
    void aBertModelConfigHasNoHeadButAPoolerAndALlamaForCausalLmAnLmHead() throws Exception {
        ImportedModel bert = ModelImporter.importPath(
                Fixtures.configFolder("snowflake-arctic-embed-m").resolve("config.json"));
        assertThat(bert.kind()).isEqualTo(SourceKind.HF_CONFIG);
        assertThat(bert.spec().orElseThrow().head()).isEqualTo(HeadKind.NONE);
        assertThat(bert.spec().orElseThrow().pooler()).isTrue();
        ImportedModel llama = ModelImporter.importPath(Fixtures.configFolder("llama-2-7b-hf").resolve("config.json"));
        assertThat(llama.spec().orElseThrow().head()).isEqualTo(HeadKind.LM);
        assertThat(llama.spec().orElseThrow().pooler()).isFalse();
    }

    @Test
    void aModelFolderCombinesTheConfigWithExactSafetensorsWeights() throws Exception {
        Path folder = Files.createDirectories(dir.resolve("Tiny-Llama"));
        Fixtures.writeConfig(dir, "Tiny-Llama", """
                {"model_type": "llama", "architectures": ["LlamaForCausalLM"], "hidden_size": 4,
                 "num_hidden_layers": 1, "num_attention_heads": 2, "intermediate_size": 8, "vocab_size": 10,
                 "torch_dtype": "bfloat16"}""");
        // 10 x 4 BF16 = 80 bytes and 4 x 4 BF16 = 32 bytes.
        new TinySafetensors().tensor("model.embed_tokens.weight", "BF16", 80, 10, 4)
                .tensor("model.layers.0.self_attn.q_proj.weight", "BF16", 32, 4, 4)
                .write(folder.resolve("model.safetensors"));
        ImportedModel m = ModelImporter.importPath(folder);
        assertThat(m.kind()).isEqualTo(SourceKind.HF_FOLDER);
        assertThat(m.source()).isEqualTo(folder);
        assertThat(m.spec().orElseThrow().id()).isEqualTo("tiny-llama");
        assertThat(m.weights().orElseThrow().bytes()).isEqualTo(112);
        assertThat(m.weights().orElseThrow().parameters()).hasValue(56);
        assertThat(m.declaredDtype()).contains(DataType.BF16);
        assertThat(m.weightStorageType()).contains(DataType.BF16);
    }

    @Test
    void aFolderWithConfigAndIndexReadsTheShardsAndAConfigAloneSaysSo() throws Exception {
        Path folder = Fixtures.writeConfig(dir, "sharded", """
                {"model_type": "gpt2", "architectures": ["GPT2LMHeadModel"], "n_embd": 4, "n_head": 2, "n_layer": 1,
                 "vocab_size": 10}""").getParent();
        Files.writeString(folder.resolve(SafetensorsIndexReader.INDEX_FILE), """
                {"metadata": {"total_size": 200}, "weight_map": {"wte.weight": "a.safetensors",
                 "wpe.weight": "b.safetensors"}}""");
        new TinySafetensors().tensor("wte.weight", "F32", 160, 10, 4).write(folder.resolve("a.safetensors"));
        ImportedModel partial = ModelImporter.importPath(folder);
        assertThat(partial.weights().orElseThrow().bytes()).as("total_size while b is missing").isEqualTo(200);
        assertThat(partial.weights().orElseThrow().missingShards()).containsExactly("b.safetensors");
        new TinySafetensors().tensor("wpe.weight", "F32", 40, 10, 1).write(folder.resolve("b.safetensors"));
        ImportedModel complete = ModelImporter.importPath(folder);
        assertThat(complete.weights().orElseThrow().isComplete()).isTrue();
        assertThat(complete.weights().orElseThrow().bytes()).isEqualTo(200);

        ImportedModel configOnly = ModelImporter.importPath(Fixtures.configFolder("gpt2"));
        assertThat(configOnly.kind()).isEqualTo(SourceKind.HF_FOLDER);
        assertThat(configOnly.weights()).isEmpty();
        assertThat(configOnly.warnings()).anyMatch(w -> w.contains("no safetensors weights"));
    }

    @Test
    void aFolderWarnsWhenTheWeightsHoldOtherThanTheConfiguredParameterCount() throws Exception {
        // GPT-2 with n_embd 4, n_head 2, n_layer 1, 8 positions, 10 tokens: wte 40 + wpe 32 + block 244
        // (c_attn 48 + 12, c_proj 16 + 4, c_fc 64 + 16, mlp c_proj 64 + 4, two LayerNorms 16) + ln_f 8 = 324.
        String config = """
                {"model_type": "gpt2", "architectures": ["GPT2LMHeadModel"], "n_embd": 4, "n_head": 2,
                 "n_layer": 1, "n_positions": 8, "vocab_size": 10}""";
        Path match = Fixtures.writeConfig(dir, "match", config).getParent();
        new TinySafetensors().tensor("wte.weight", "F32", 160, 10, 4).tensor("wpe.weight", "F32", 128, 8, 4)
                .tensor("h.0", "F32", 976, 244).tensor("ln_f", "F32", 32, 8).write(match.resolve("model.safetensors"));
        ImportedModel same = ModelImporter.importPath(match);
        assertThat(same.weights().orElseThrow().parameters()).hasValue(324);
        assertThat(same.warnings()).noneMatch(w -> w.contains("parameters but the configuration"));

        Path extra = Fixtures.writeConfig(dir, "extra", config).getParent();
        new TinySafetensors().tensor("wte.weight", "F32", 160, 10, 4).tensor("wpe.weight", "F32", 128, 8, 4)
                .tensor("h.0", "F32", 976, 244).tensor("ln_f", "F32", 32, 8).tensor("adapter", "F32", 400, 100)
                .write(extra.resolve("model.safetensors"));
        assertThat(ModelImporter.importPath(extra).warnings())
                .anyMatch(w -> w.contains("hold 424 parameters but the configuration describes 324 (-23.6 % apart)"));
    }

    @Test
    void safetensorsFilesAndIndexesAloneGiveWeightsWithoutArchitecture() throws Exception {
        Path file = new TinySafetensors().tensor("w", "F16", 8, 2, 2).write(dir.resolve("weights.safetensors"));
        ImportedModel single = ModelImporter.importPath(file);
        assertThat(single.kind()).isEqualTo(SourceKind.SAFETENSORS);
        assertThat(single.spec()).isEmpty();
        assertThat(single.weights().orElseThrow().bytes()).isEqualTo(8);
        assertThat(single.weightStorageType()).contains(DataType.FP16);
        Path index = Files.writeString(dir.resolve("model.safetensors.index.json"),
                "{\"metadata\": {\"total_size\": 8}, \"weight_map\": {\"w\": \"weights.safetensors\"}}");
        ImportedModel indexed = ModelImporter.importPath(index);
        assertThat(indexed.kind()).isEqualTo(SourceKind.SAFETENSORS_INDEX);
        assertThat(indexed.weights().orElseThrow().parameters()).hasValue(4);
    }

    @Test
    void ggufIsRecognisedByExtensionByMagicAndAsTheOnlyFileOfAFolder() throws Exception {
        TinyGguf gguf = new TinyGguf().string("general.architecture", "llama").tensor("w", 0, 64, 16);
        Path folder = Files.createDirectories(dir.resolve("gguf-folder"));
        gguf.write(folder.resolve("model.Q4_K_M.gguf"));
        assertThat(ModelImporter.importPath(folder).kind()).isEqualTo(SourceKind.GGUF);
        Path noExtension = gguf.write(dir.resolve("model.bin"));
        assertThat(ModelImporter.importPath(noExtension).weights().orElseThrow().bytes()).isEqualTo(64);
        gguf.write(folder.resolve("other.gguf"));
        assertThatThrownBy(() -> ModelImporter.importPath(folder)).hasMessageContaining("2 GGUF files");
    }

    @Test
    void unknownFilesEmptyFoldersAndMissingPathsAreReported() throws Exception {
        Path text = Files.writeString(dir.resolve("notes.txt"), "hello");
        assertThatThrownBy(() -> ModelImporter.importPath(text)).isInstanceOf(ModelImportException.class)
                .hasMessageContaining("unrecognised file");
        Path empty = Files.createDirectories(dir.resolve("empty"));
        assertThatThrownBy(() -> ModelImporter.importPath(empty))
                .hasMessage(empty + ": no config.json, safetensors or GGUF file in this folder");
        assertThatThrownBy(() -> ModelImporter.importPath(dir.resolve("missing")))
                .hasMessageContaining("no such file or folder");
    }

    @Test
    void aSplitGgufSaysOnlyItsOwnTensorsAreCounted() throws Exception {
        Path file = new TinyGguf().string("general.architecture", "llama").raw("split.no", o -> o.u32(2).u8(0)
                .u8(0)).raw("split.count", o -> o.u32(2).u8(3).u8(0)).write(dir.resolve("m-00001-of-00003.gguf"));
        assertThat(ModelImporter.importPath(file).warnings()).anyMatch(w -> w.contains("split 1 of 3"));
    }
}
