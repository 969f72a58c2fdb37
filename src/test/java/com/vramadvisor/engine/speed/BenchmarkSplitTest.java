package com.vramadvisor.engine.speed;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The split as {@code catalog/benchmarks/README.md} states it. The first bytes below were computed outside this
 * project with coreutils ({@code printf '%s' ID | sha256sum}), not by {@link BenchmarkSplit}.
 */
class BenchmarkSplitTest {

    @Test
    void theFirstByteIsSha256OfTheUtf8Text() {
        // printf '%s' mlperf-inference-v4.1 | sha256sum -> 4b...; 'amd-rocm-blog-2024-10-vllm-mi300x' -> 09...;
        // 'nvidia-dle-resnet50-pytorch' -> d0...
        assertThat(BenchmarkSplit.firstByte("mlperf-inference-v4.1")).isEqualTo(0x4b);
        assertThat(BenchmarkSplit.firstByte("amd-rocm-blog-2024-10-vllm-mi300x")).isEqualTo(0x09);
        assertThat(BenchmarkSplit.firstByte("nvidia-dle-resnet50-pytorch")).isEqualTo(0xd0);
    }

    @Test
    void theReadmesExamplesFallWhereTheRuleSays() {
        // The README's example sources: 0x4b = 75, 0x09 = 9, 0xd0 = 208; none is divisible by 6, so none is held out
        // whole. Its example measurement id hashes to 0x6b = 107, not divisible by 3: fit.
        assertThat(BenchmarkSplit.sourceHeldOut("mlperf-inference-v4.1")).isFalse();
        assertThat(BenchmarkSplit.sourceHeldOut("amd-rocm-blog-2024-10-vllm-mi300x")).isFalse();
        assertThat(BenchmarkSplit.sourceHeldOut("nvidia-dle-resnet50-pytorch")).isFalse();
        assertThat(BenchmarkSplit.part("mlperf-inference-v4.1",
                "mlperf-inference-v4.1/llama-2-70b/8xh100-sxm-80gb/offline-fp8")).isEqualTo(BenchmarkSplit.Part.FIT);
    }

    @Test
    void aHeldOutSourceHoldsOutEveryPointAndOtherSourcesHoldOutPointsByTheirOwnHash() {
        // 'fixture-serving' -> 0xb4 = 180 = 6 x 30: held out whole, whatever its points hash to.
        assertThat(BenchmarkSplit.part("fixture-serving", "fixture-serving/llama-3.1-8b/1xh100-sxm-80gb/"
                + "c32-in128-out128")).isEqualTo(BenchmarkSplit.Part.HELD_OUT);
        // 'test-fixture-a' -> 0xcf = 207, not divisible by 6; its '...-ttft' point -> 0x63 = 99 = 3 x 33: held out;
        // its '...-c8-bf16-in1024-out128' point -> 0xa3 = 163: fit.
        String a = "test-fixture-a/llama-3.1-8b/1xh100-sxm-80gb/c8-bf16-in1024-out128";
        assertThat(BenchmarkSplit.part("test-fixture-a", a + "-ttft")).isEqualTo(BenchmarkSplit.Part.HELD_OUT);
        assertThat(BenchmarkSplit.part("test-fixture-a", a)).isEqualTo(BenchmarkSplit.Part.FIT);
    }

    @Test
    void theCodeUsesTheDivisorsTheReadmeStates() throws IOException {
        String readme = Files.readString(Path.of("catalog/benchmarks/README.md"), StandardCharsets.UTF_8)
                .replaceAll("\\s+", " ");
        assertThat(readme).contains("the first byte of SHA-256 of its `sourceId` (UTF-8) is divisible by "
                + BenchmarkSplit.SOURCE_DIVISOR);
        assertThat(readme).contains("a measurement is `held-out` when the first byte of SHA-256 of its `id` (UTF-8)"
                + " is divisible by " + BenchmarkSplit.POINT_DIVISOR);
    }

    @Test
    void aboutOneSourceInSixAndOnePointInThreeIsHeldOut() {
        // Over 6,000 synthetic ids the shares approach 1/6 and, of the rest, 1/3 (SHA-256 spreads its first byte
        // evenly; 256 is not a multiple of 6 or 3, so the exact shares are 43/256 and 86/256).
        int sources = 0;
        int points = 0;
        int n = 6000;
        for (int i = 0; i < n; i++) {
            sources += BenchmarkSplit.sourceHeldOut("source-" + i) ? 1 : 0;
            points += BenchmarkSplit.firstByte("point-" + i) % BenchmarkSplit.POINT_DIVISOR == 0 ? 1 : 0;
        }
        assertThat(sources / (double) n).isBetween(43 / 256.0 - 0.02, 43 / 256.0 + 0.02);
        assertThat(points / (double) n).isBetween(86 / 256.0 - 0.02, 86 / 256.0 + 0.02);
    }
}
