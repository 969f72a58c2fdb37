package com.vramadvisor.engine.llm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;
import org.junit.jupiter.api.Test;

class LoraSpecTest {

    @Test
    void theLargestUsefulRankIsTheSmallerSideOfTheSmallestAdaptedMatrix() {
        // Llama-3-8B: h 4096, 32 query heads and 8 key/value heads of 128, ffn 14336 (meta-llama config.json).
        ModelSpec llama = PublicModels.llama3_8b();
        assertThat(new LoraSpec(16, LoraSpec.ALL_LINEAR).maxUsefulRank(llama)).as("k/v: 4096 x 1024").isEqualTo(1024);
        assertThat(new LoraSpec(16, Set.of(LoraSpec.LoraTarget.Q_PROJ)).maxUsefulRank(llama)).isEqualTo(4096);
        assertThat(new LoraSpec(16, Set.of(LoraSpec.LoraTarget.DOWN_PROJ)).maxUsefulRank(llama)).isEqualTo(4096);
    }

    @Test
    void expertMatricesBoundTheRankOfAMixtureOfExperts() {
        ModelSpec moe = PublicModels.llama3_8b().toBuilder().moe(MoeSpec.topK(8, 2, 512)).build();
        assertThat(new LoraSpec(16, Set.of(LoraSpec.LoraTarget.UP_PROJ)).maxUsefulRank(moe)).isEqualTo(512);
    }

    @Test
    void aGateOnAnUngatedBlockAdaptsNothingAndBoundsNothing() {
        ModelSpec gpt2 = PublicModels.gpt2();
        assertThat(new LoraSpec(16, Set.of(LoraSpec.LoraTarget.GATE_PROJ)).maxUsefulRank(gpt2))
                .isEqualTo(Long.MAX_VALUE);
    }
}
