package com.vramadvisor.catalog.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The folder layouts are the tools' documented ones; see {@link LocalModels}. */
class LocalModelsTest {

    private static final String DIGEST = "a".repeat(64);

    @TempDir
    Path home;

    private LocalModels models(Map<String, String> env) {
        return new LocalModels(home, env);
    }

    @Test
    void aHuggingFaceRepositoryResolvesToTheSnapshotRefsMainNames() throws Exception {
        Path repo = home.resolve(".cache/huggingface/hub/models--meta-llama--Llama-3.1-8B");
        Path main = Files.createDirectories(repo.resolve("snapshots/0e9e39f249a16976918f6564b8830bc894c89659"));
        Path newer = Files.createDirectories(repo.resolve("snapshots/1111111111111111111111111111111111111111"));
        Files.setLastModifiedTime(newer, FileTime.fromMillis(System.currentTimeMillis() + 60_000));
        Files.createDirectories(repo.resolve("refs"));
        Files.writeString(repo.resolve("refs/main"), "0e9e39f249a16976918f6564b8830bc894c89659");

        assertThat(models(Map.of()).find("meta-llama/Llama-3.1-8B")).isEqualTo(main);
        assertThat(models(Map.of()).find("META-LLAMA/llama-3.1-8b")).isEqualTo(main);
    }

    @Test
    void withoutRefsMainTheNewestSnapshotIsUsedAndHfHomeIsHonoured() throws Exception {
        Path hub = home.resolve("elsewhere/hub");
        Path repo = hub.resolve("models--Qwen--Qwen2-7B");
        Path old = Files.createDirectories(repo.resolve("snapshots/aaaaaaa"));
        Path recent = Files.createDirectories(repo.resolve("snapshots/bbbbbbb"));
        Files.setLastModifiedTime(old, FileTime.fromMillis(1_000));
        Files.setLastModifiedTime(recent, FileTime.fromMillis(2_000_000));

        assertThat(models(Map.of("HF_HOME", home.resolve("elsewhere").toString())).find("Qwen/Qwen2-7B"))
                .isEqualTo(recent);
        assertThat(models(Map.of("HF_HUB_CACHE", hub.toString())).find("Qwen/Qwen2-7B")).isEqualTo(recent);
    }

    @Test
    void anLmStudioFolderWithOneGgufIsThatFileAndWithSeveralTheNameMustChoose() throws Exception {
        Path folder = Files.createDirectories(home.resolve(".lmstudio/models/lmstudio-community/Qwen3-8B-GGUF"));
        Path q4 = Files.writeString(folder.resolve("Qwen3-8B-Q4_K_M.gguf"), "GGUF");
        Files.writeString(folder.resolve("mmproj-model-f16.gguf"), "GGUF");
        assertThat(models(Map.of()).find("lmstudio-community/Qwen3-8B-GGUF")).isEqualTo(q4);

        Path q8 = Files.writeString(folder.resolve("Qwen3-8B-Q8_0.gguf"), "GGUF");
        assertThatThrownBy(() -> models(Map.of()).find("lmstudio-community/Qwen3-8B-GGUF"))
                .isInstanceOf(ModelImportException.class)
                .hasMessageContaining("holds 2 GGUF files")
                .hasMessageContaining("Qwen3-8B-Q4_K_M.gguf, Qwen3-8B-Q8_0.gguf");
        assertThat(models(Map.of()).find("lmstudio-community/Qwen3-8B-GGUF/Qwen3-8B-Q8_0.gguf")).isEqualTo(q8);
    }

    @Test
    void anOllamaNameResolvesThroughItsManifestToTheModelBlob() throws Exception {
        Path root = home.resolve(".ollama/models");
        Path manifest = root.resolve("manifests/registry.ollama.ai/library/llama3.1/8b");
        Files.createDirectories(manifest.getParent());
        Files.writeString(manifest, """
                {"schemaVersion":2,"mediaType":"application/vnd.docker.distribution.manifest.v2+json",
                 "config":{"mediaType":"application/vnd.docker.container.image.v1+json","digest":"sha256:%s","size":1},
                 "layers":[{"mediaType":"application/vnd.ollama.image.license","digest":"sha256:%s","size":1},
                           {"mediaType":"application/vnd.ollama.image.model","digest":"sha256:%s","size":4}]}
                """.formatted("c".repeat(64), "b".repeat(64), DIGEST));
        Path blob = Files.writeString(Files.createDirectories(root.resolve("blobs")).resolve("sha256-" + DIGEST),
                "GGUF");

        assertThat(models(Map.of()).find("llama3.1:8b")).isEqualTo(blob);
        assertThatThrownBy(() -> models(Map.of()).find("llama3.1"))
                .isInstanceOf(ModelImportException.class)
                .hasMessageContaining("no downloaded model of this name")
                .hasMessageContaining(root.toString());
    }

    @Test
    void aMissingBlobOrAHostileNameIsOneClearMessage() throws Exception {
        Path root = home.resolve("ollama");
        Path manifest = root.resolve("manifests/registry.ollama.ai/library/phi4/latest");
        Files.createDirectories(manifest.getParent());
        Files.writeString(manifest, "{\"layers\":[{\"mediaType\":\"application/vnd.ollama.image.model\","
                + "\"digest\":\"sha256:" + DIGEST + "\"}]}");
        LocalModels m = models(Map.of("OLLAMA_MODELS", root.toString()));
        assertThatThrownBy(() -> m.find("phi4")).hasMessageContaining("is missing; pull the model again");
        assertThatThrownBy(() -> m.find("../../etc/passwd")).hasMessageContaining("is not a model name");
        assertThatThrownBy(() -> m.find("a\u001b[31mb")).hasMessageContaining("is not a model name")
                .hasMessageNotContaining("\u001b");
    }
}
