package com.vramadvisor.catalog;

import com.vramadvisor.engine.llm.DataType;
import com.vramadvisor.engine.llm.MlaSpec;
import com.vramadvisor.engine.llm.ModelSpec;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The models.json fields of today's architectures in a user's own catalog file: read, and refused when wrong. */
class ArchitectureEntryParserTest {

    @TempDir
    Path dir;

    private static final String BASE = """
            "hiddenSize": 64, "layers": 4, "heads": 4, "ffnSize": 128, "vocabSize": 100, "maxPositions": 1024,
            "source": "test entry\"""";

    private Catalog load(String fields) throws IOException {
        Files.writeString(dir.resolve("models.json"), "{\"catalogVersion\": \"1\", \"models\": [{\"id\": \"mine\", "
                + BASE + ", " + fields + "}]}");
        return CatalogLoader.withUserDirectory(dir).load();
    }

    @Test
    void latentAttentionLayerPatternsAndExpertStorageAreRead() throws IOException {
        Catalog c = load("""
                "mla": {"qLoraRank": 32, "kvLoraRank": 16, "qkNopeHeadDim": 16, "qkRopeHeadDim": 8, "vHeadDim": 16},
                "slidingWindow": 128, "globalEvery": 2, "qkNorm": true, "attentionSinks": true, "mtpLayers": 1,
                "visionParameters": 1000, "expertWeightType": "mxfp4",
                "moe": {"experts": 4, "expertsPerToken": 2, "expertFfnSize": 32, "routerBias": true}""");
        assertThat(c.problems()).isEmpty();
        ModelSpec m = c.model("mine").orElseThrow();
        assertThat(m.mla()).isEqualTo(new MlaSpec(32, 16, 16, 8, 16, false));
        assertThat(m.globalLayers()).isEqualTo(2);
        assertThat(m.expertWeightType()).isEqualTo(DataType.MXFP4);
        assertThat(m.moe().routerBias()).isTrue();
        assertThat(m.visionParams()).isEqualTo(1000);
    }

    @Test
    void aGlobalIntervalWithoutAWindowAndExpertStorageWithoutExpertsAreRefusedByPath() throws IOException {
        Catalog c = load("\"globalEvery\": 6, \"expertWeightType\": \"mxfp4\"");
        assertThat(c.problems()).extracting(CatalogProblem::jsonPath)
                .containsExactlyInAnyOrder("$.models[0].globalEvery", "$.models[0].expertWeightType");
        Catalog typo = load("\"expertWeightType\": \"q4_k_s\", \"moe\": {\"experts\": 4, \"expertsPerToken\": 2,"
                + " \"expertFfnSize\": 32}");
        assertThat(typo.problems()).singleElement().satisfies(p -> {
            assertThat(p.jsonPath()).isEqualTo("$.models[0].expertWeightType");
            assertThat(p.message()).contains("unknown data type 'q4_k_s'");
        });
    }
}
