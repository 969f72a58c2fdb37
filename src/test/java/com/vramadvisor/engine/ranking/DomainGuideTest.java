package com.vramadvisor.engine.ranking;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The guide's rendering and scientific-computing lines over {@link TestHardware}'s cards (usable: RTX 3060 11.45 GiB,
 * RTX 4090 23.45 GiB, A100 40GB 39.45 GiB, A100 80GB and H100 79.45 GiB, MI300X 191.45 GiB).
 */
class DomainGuideTest {

    private static DomainGuideRow line(SizeClass sizeClass, TestWorkload w) {
        DomainGuideScenario s = new DomainGuideScenario("test", sizeClass, "a test scene", w);
        return DomainGuide.build(List.of(s), RuleOfThumb.beyondLanguageModels(), TestHardware.gpus(), List.of(),
                List.of(), RankingOptions.defaults()).get(0);
    }

    @Test
    void aTenGibSceneFitsTheRulesCardAndASmallerOne() {
        DomainGuideRow row = line(SizeClass.RENDERING, TestWorkload.whole(2, 8));
        assertThat(row.needBytes()).isEqualTo(10 * TestWorkload.GIB);
        assertThat(row.largestPart().id()).isEqualTo("shared");
        assertThat(row.ruleOption().hardwareId()).isEqualTo("rtx-4090");
        assertThat(row.findings()).containsExactly(GuideFinding.RULE_GPU_FITS, GuideFinding.SMALLER_GPU_FITS);
        assertThat(row.smallestSingle().hardwareId()).isEqualTo("rtx-3060-12gb");
        assertThat(row.agreesWithRule()).isFalse();
        assertThat(row.explanations().get(0)).contains("10.0 GiB", "NVIDIA GeForce RTX 4090");
    }

    @Test
    void aSceneLargerThanTheRulesCardNeedsABiggerCardNotMoreOfThem() {
        DomainGuideRow row = line(SizeClass.RENDERING, TestWorkload.whole(10, 20));
        assertThat(row.findings()).startsWith(GuideFinding.RULE_GPU_TOO_SMALL);
        assertThat(row.explanations().get(0)).contains("more of them do not help");
        // 30 GiB: the A100 SXM 40GB holds it, but comes only on boards of eight, so no card sold alone does.
        assertThat(row.smallestSingle()).isNull();
        assertThat(row.fewestGpus().gpuId()).isEqualTo("a100-sxm-40gb");
        assertThat(row.spreads()).isFalse();
    }

    @Test
    void aSimulationLargerThanTheRulesCardTakesSeveralOfThem() {
        DomainGuideRow row = line(SizeClass.SCIENTIFIC_COMPUTING, TestWorkload.spreading(1, 100));
        assertThat(row.findings()).startsWith(GuideFinding.RULE_GPU_TOO_SMALL);
        // 1 + 100/2 = 51 GiB fits 79.45 GiB, but SXM GPUs come on boards of eight: one board, each GPU a share.
        assertThat(row.ruleOption().gpusBought()).isEqualTo(8);
        assertThat(row.explanations().get(0)).contains("it takes 8 of them");
        assertThat(row.smallestSingle()).isNull();
    }

    @Test
    void nothingFitsWhenNoCardHoldsASceneThatDoesNotSpread() {
        DomainGuideRow row = line(SizeClass.RENDERING, TestWorkload.whole(100, 200));
        assertThat(row.findings()).contains(GuideFinding.NOTHING_FITS);
        assertThat(row.fewestGpus()).isNull();
        assertThat(row.explanations()).anyMatch(e -> e.contains("more GPUs do not pool their memory"));
    }
}
