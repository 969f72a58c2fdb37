package com.vramadvisor.engine.ranking;

import com.vramadvisor.engine.hardware.GpuSpec;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The regenerated guide against facts worked out by hand. Usable memory per the catalog rule: RTX 3060 12.30 GB,
 * RTX 4090 25.18 GB, A100 40GB 42.36 GB, A100/H100 80GB 85.31 GB, MI300X 205.57 GB (GB = 10^9 bytes).
 */
class HardwareGuideTest {

    private static Map<String, GuideRow> guide(List<GpuSpec> gpus) {
        return new HardwareGuide(new Recommender()).build(gpus, List.of(TestHardware.dgxA100()),
                        List.of(TestHardware.p4d()), RankingOptions.defaults()).stream()
                .collect(Collectors.toMap(r -> r.scenario().id(), Function.identity()));
    }

    @Test
    void everySizeClassHasAVerdictWithOneSentencePerFinding() {
        Map<String, GuideRow> g = guide(TestHardware.gpus());
        assertThat(g.keySet()).containsExactlyInAnyOrder("small-full-finetune", "small-inference",
                "medium-full-finetune", "medium-lora", "medium-qlora", "medium-inference", "large-inference",
                "large-qlora", "large-full-finetune");
        for (GuideRow row : g.values()) {
            assertThat(row.findings()).isNotEmpty().doesNotHaveDuplicates();
            assertThat(row.explanations()).hasSameSizeAs(row.findings()).allMatch(s -> s.endsWith("."));
            assertThat(row.largestPartBytes()).isPositive().isLessThanOrEqualTo(row.needBytes());
        }
    }

    @Test
    void seventyBInBf16IsTooBigForThe80GbCardOfTheRule() {
        GuideRow large = guide(TestHardware.gpus()).get("large-inference");
        // 68,976,648,192 x 2 bytes = 137.95 GB of weights > 85.31 GB usable on an A100 80GB.
        assertThat(large.needBytes()).isGreaterThan(137_953_296_384L);
        assertThat(large.findings()).contains(GuideFinding.RULE_GPU_TOO_SMALL);
        // A copy takes two of the rule's GPUs; SXM GPUs come on boards of eight, so the board serves four copies.
        assertThat(large.ruleOption().layout().gpus()).isEqualTo(2);
        assertThat(large.ruleOption().hardwareId()).isEqualTo("a100-sxm-80gb");
        assertThat(large.ruleOption().gpusBought()).isEqualTo(8);
        // The 192 GB MI300X holds it alone, but it is sold only on 8-GPU OAM boards: no card sold alone does.
        assertThat(large.smallestSingle()).isNull();
        assertThat(large.fewestGpus().gpusBought()).isEqualTo(8);
        assertThat(large.agreesWithRule()).isFalse();
    }

    @Test
    void fullFineTuningOfA7bModelOutgrowsTheA100FortyOfTheRule() {
        GuideRow medium = guide(TestHardware.gpus()).get("medium-full-finetune");
        // 16 bytes x 6,738,415,616 = 107.8 GB of model state alone; over 42.36 GB a card, sharding over at least 3.
        assertThat(medium.findings()).contains(GuideFinding.RULE_GPU_TOO_SMALL);
        assertThat(medium.ruleOption().gpusNeeded()).isGreaterThanOrEqualTo(3);
        assertThat(medium.ruleOption().sharding()).containsAnyOf("zero3", "pp");
        assertThat(medium.explanations().get(0)).contains("A100 SXM 40GB")
                .contains(medium.ruleOption().sharding());
    }

    @Test
    void servingAnEightBModelNeedsLessThanTheRulesCard() {
        GuideRow medium = guide(TestHardware.gpus()).get("medium-inference");
        // Llama-3-8B: 16.06 GB of weights + 1 GiB of KV cache for 8192 tokens fit a 24 GB card's 25.18 GB.
        assertThat(medium.findings()).containsSubsequence(GuideFinding.RULE_GPU_FITS, GuideFinding.SMALLER_GPU_FITS);
        assertThat(medium.smallestSingle().hardwareId()).isEqualTo("rtx-4090");
        assertThat(medium.agreesWithRule()).isFalse();
    }

    @Test
    void smallModelInferenceAgreesWithTheRule() {
        GuideRow small = guide(TestHardware.gpus()).get("small-inference");
        // Qwen2.5-0.5B: 494,032,768 x 2 = 0.99 GB of weights; KV 2 x 24 x 2 x 64 x 2 bytes x 4096 x 8 = 0.40 GB.
        assertThat(small.findings()).startsWith(GuideFinding.RULE_GPU_FITS);
        assertThat(small.findings()).doesNotContain(GuideFinding.SMALLER_GPU_FITS);
        assertThat(small.agreesWithRule()).isTrue();
    }

    @Test
    void seventyBFullFineTuningNeedsSeveralOfEvenTheLargestCard() {
        GuideRow large = guide(TestHardware.gpus()).get("large-full-finetune");
        // 16 x 68,976,648,192 = 1,103.6 GB of model state > the MI300X's 205.57 GB.
        assertThat(large.findings()).contains(GuideFinding.RULE_GPU_TOO_SMALL, GuideFinding.NEEDS_SEVERAL_GPUS);
        assertThat(large.smallestSingle()).isNull();
        assertThat(large.fewestGpus().gpusNeeded()).isGreaterThan(1);
    }

    @Test
    void theVerdictFollowsTheHardwareListRatherThanATypedTable() {
        List<GpuSpec> without4090 = TestHardware.gpus().stream().filter(g -> !g.id().equals("rtx-4090")).toList();
        GuideRow medium = guide(without4090).get("medium-inference");
        // Without a 24 GB card no card sold alone holds 17+ GB; one GPU of the rule's own A100 40GB board does.
        assertThat(medium.smallestSingle()).isNull();
        assertThat(medium.findings()).startsWith(GuideFinding.RULE_GPU_FITS);
        assertThat(medium.agreesWithRule()).isTrue();

        List<GpuSpec> without3060 = TestHardware.gpus().stream().filter(g -> !g.id().equals("rtx-3060-12gb"))
                .toList();
        assertThat(guide(without3060).get("small-inference").findings())
                .contains(GuideFinding.RULE_GPU_NOT_LISTED);
    }
}
