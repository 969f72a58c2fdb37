package com.vramadvisor.scenario;

import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.engine.llm.ModelSpec;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** A scenario file keeps every field of today's architectures: latent attention, layer patterns, MTP, vision. */
class ArchitectureScenarioTest {

    private final ScenarioCodec codec = new ScenarioCodec();

    @Test
    void everyShippedPresetSurvivesAScenarioFileUnchanged() throws Exception {
        for (ModelSpec preset : CatalogLoader.shippedOnly().load().models()) {
            ScenarioInputs original = ScenarioInputs.defaults().withModel(preset, preset.id());
            assertThat(codec.read(codec.write(original)).model()).as(preset.id()).isEqualTo(preset);
        }
    }

    @Test
    void theNaiveLatentCacheChoiceIsKept() throws Exception {
        ModelSpec v3 = CatalogLoader.shippedOnly().load().model("deepseek-v3").orElseThrow();
        ModelSpec naive = v3.toBuilder().mla(v3.mla().withNaiveCache(true)).build();
        ScenarioInputs original = ScenarioInputs.defaults().withModel(naive, "");
        assertThat(codec.read(codec.write(original)).model().mla().naiveCache()).isTrue();
    }
}
