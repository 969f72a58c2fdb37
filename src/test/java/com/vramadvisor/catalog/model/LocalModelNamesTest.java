package com.vramadvisor.catalog.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Listing downloaded models by the names {@link LocalModels#find} takes. Layouts: huggingface_hub's cache
 * ({@code models--ORG--NAME/snapshots}), LM Studio's {@code ~/.lmstudio/models/PUBLISHER/REPO}, Ollama's
 * {@code manifests/registry.ollama.ai/library/MODEL/TAG}.
 */
class LocalModelNamesTest {

    @TempDir
    Path home;

    @Test
    void everyToolsDownloadsAreListedByTheirFindableName() throws Exception {
        Path hub = home.resolve(".cache/huggingface/hub");
        Path snapshot = Files.createDirectories(hub.resolve("models--mistralai--Mistral-7B-v0.1/snapshots/abc1234"));
        Files.createDirectories(hub.resolve("datasets--foo--bar/snapshots"));
        Files.createDirectories(home.resolve(".lmstudio/models/lmstudio-community/Qwen2.5-7B-Instruct-GGUF"));
        Path manifests = home.resolve(".ollama/models/manifests");
        Files.createDirectories(manifests.resolve("registry.ollama.ai/library/llama3.2"));
        Files.writeString(manifests.resolve("registry.ollama.ai/library/llama3.2/3b"), "{}");
        Files.createDirectories(manifests.resolve("registry.ollama.ai/someone/tiny"));
        Files.writeString(manifests.resolve("registry.ollama.ai/someone/tiny/latest"), "{}");

        LocalModels local = new LocalModels(home, Map.of());
        assertThat(LocalModelNames.list(local)).containsExactly("llama3.2:3b",
                "lmstudio-community/Qwen2.5-7B-Instruct-GGUF", "mistralai/Mistral-7B-v0.1", "someone/tiny:latest");
        assertThat(local.find("mistralai/Mistral-7B-v0.1")).isEqualTo(snapshot);
    }

    @Test
    void nothingDownloadedListsNothing() {
        assertThat(LocalModelNames.list(new LocalModels(home, Map.of()))).isEmpty();
    }
}
