package com.vramadvisor.cli;

import static com.vramadvisor.cli.EstimateCommandTest.run;
import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * {@code estimate --gpu}'s speed note names the peak the matrix multiplications were timed against, from the
 * catalog's datasheet figures: the H100 SXM's dense FP8 rate (1,979 TFLOPS) for FP8 weights and its dense BF16 rate
 * (989.5) for BF16 weights; on an RTX 4090 under llama.cpp the FP16-accumulate rate, twice the catalog's 165.2
 * (Ada whitepaper appendix: 330.3), and which engine's fit the shares are.
 */
class LatencyNoteTest {

    private static String note(String... args) {
        EstimateCommandTest.Result r = run(args);
        assertThat(r.status()).as(r.err()).isZero();
        return r.out().lines().filter(l -> l.contains("matrix multiplications at")).findFirst().orElseThrow();
    }

    @Test
    void theNoteNamesThePeakOfTheWeightsRateAndTheEngine() {
        assertThat(note("estimate", "--preset", "llama-3.1-8b", "--mode", "infer", "--weights", "fp8", "--gpu",
                "h100-sxm-80gb")).contains("a peak of 1,979 TFLOPS,").contains("as fitted for vllm on the cuda stack");
        assertThat(note("estimate", "--preset", "llama-3.1-8b", "--mode", "infer", "--gpu", "h100-sxm-80gb"))
                .contains("a peak of 990 TFLOPS,");
        assertThat(note("estimate", "--preset", "llama-3.1-8b", "--mode", "infer", "--weights", "q4_k_m",
                "--engine", "llama.cpp", "--gpu", "rtx-4090"))
                .contains("a peak of 330 TFLOPS (FP16 accumulation").contains("as fitted for llama.cpp");
    }
}
