package com.vramadvisor.cli;

import static com.vramadvisor.cli.EstimateCommandTest.run;
import static com.vramadvisor.cli.EstimateCommandTest.runJson;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import org.junit.jupiter.api.Test;

class DiffusionCliTest {

    @Test
    void sdxlEstimateNamesTheDomainPartsAndCountsThePublishedParameters() throws IOException {
        JsonNode e = runJson("estimate", "--workload", "diffusion", "--preset", "sdxl", "--mode", "infer", "--batch",
                "1", "--resolution", "1024", "--precision", "fp16", "--format", "json");
        assertThat(e.get("workload").asText()).isEqualTo("diffusion");
        // UNet 2,567,463,684 + CLIP ViT-L/14 123,060,480 + OpenCLIP bigG/14 694,659,840 + VAE 83,653,863.
        assertThat(e.get("parameters").asLong()).isEqualTo(3_468_837_867L);
        JsonNode c = e.get("components");
        assertThat(c.get("denoiserWeights").asLong()).isEqualTo(2_567_463_684L * 2);
        assertThat(c.has("textEncoders")).isTrue();
        assertThat(c.has("vae")).isTrue();
        assertThat(c.has("latents")).isTrue();
        assertThat(c.has("attentionScores")).isTrue();
        assertThat(c.has("runtimeOverhead")).isTrue();
        assertThat(e.get("peakPhase").asText()).isEqualTo("VAE decode");

        EstimateCommandTest.Result text = run("estimate", "--workload", "diffusion", "--preset", "sdxl", "--mode",
                "infer", "--resolution", "1024", "--precision", "fp16");
        assertThat(text.status()).isZero();
        assertThat(text.out()).contains("UNet weights").contains("VAE decode activations").contains("GiB");
    }

    @Test
    void fitAnswersTheLargestSquareSideOnATwelveGigabyteCard() throws IOException {
        JsonNode fit = runJson("fit", "--workload", "diffusion", "--preset", "sd-1.5", "--mode", "infer", "--gpu",
                "rtx-3060-12gb", "--format", "json");
        int side = fit.get("maxResolution").asInt();
        long budget = fit.get("budgetBytes").asLong();
        assertThat(side % 8).isZero();
        assertThat(side).isGreaterThan(1_024);
        assertThat(runJson("estimate", "--workload", "diffusion", "--preset", "sd-1.5", "--resolution",
                String.valueOf(side), "--format", "json").get("peakBytes").asLong()).isLessThanOrEqualTo(budget);
        assertThat(runJson("estimate", "--workload", "diffusion", "--preset", "sd-1.5", "--resolution",
                String.valueOf(side + 8), "--format", "json").get("peakBytes").asLong()).isGreaterThan(budget);
        // VAE tiling moves the limit to the denoiser.
        JsonNode tiled = runJson("fit", "--workload", "diffusion", "--preset", "sd-1.5", "--vae-tiling", "--gpu",
                "rtx-3060-12gb", "--format", "json");
        assertThat(tiled.get("maxResolution").asInt()).isGreaterThan(side);
    }

    @Test
    void sd3SidesAreMultiplesOfSixteen() throws IOException {
        JsonNode fit = runJson("fit", "--workload", "diffusion", "--preset", "sd3-medium", "--gpu", "rtx-4090",
                "--format", "json");
        assertThat(fit.get("maxResolution").asInt() % 16).isZero();
        EstimateCommandTest.Result odd = run("estimate", "--workload", "diffusion", "--preset", "sd3-medium",
                "--resolution", "1000");
        assertThat(odd.status()).isEqualTo(2);
        assertThat(odd.err()).contains("--resolution").contains("16");
    }

    @Test
    void trainingModesTakeTheirOwnFlags() throws IOException {
        JsonNode db = runJson("estimate", "--workload", "diffusion", "--preset", "sd-1.5", "--mode", "dreambooth",
                "--precision", "fp32", "--optimizer", "adamw-8bit", "--gradient-checkpointing", "--attention",
                "xformers", "--format", "json");
        assertThat(db.get("components").get("optimizerStates").asLong()).isEqualTo(859_520_964L * 2);
        JsonNode lora = runJson("estimate", "--workload", "diffusion", "--preset", "sdxl", "--mode", "lora",
                "--lora-rank", "8", "--format", "json");
        assertThat(lora.get("components").get("loraAdapters").asLong()).isPositive();
    }

    @Test
    void badInputGivesOneLineNamingTheFlag() {
        String[][] cases = {
            {"--preset", "llama-3-8b"}, {"--preset", "sdxl", "--resolution", "abc"},
            {"--preset", "sdxl", "--resolution", "1020"}, {"--preset", "sdxl", "--mode", "qlora"},
            {"--preset", "sdxl", "--precision", "int4"}, {"--preset", "sdxl", "--attention", "fast"},
            {"--preset", "sdxl", "--offload", "disk"}, {"--preset", "sdxl", "--seq", "512"},
            {"--preset", "sdxl", "--atoms", "1e6"}, {"--preset", "sdxl", "--no-t5"},
            {"--preset", "sdxl", "--mode", "train", "--vae-tiling"},
            {"--preset", "sdxl", "--gradient-checkpointing"},
            {"--preset", "sd3-medium", "--attention", "sliced"},
            {"--preset", "sdxl", "--attention-slice", "2"}, {"--preset", "sdxl", "--batch", "0"},
            {"--preset", "sdxl", "--no-safety-checker"}, {"--preset", "sdxl", "--mode", "lora", "--ema"},
            {"--preset", "sdxl", "--mode", "lora", "--lora-rank", "0"}, {"--preset", "sdxl", "--optimizer", "adamw"},
        };
        for (String[] c : cases) {
            String[] args = new String[c.length + 3];
            args[0] = "estimate";
            args[1] = "--workload";
            args[2] = "diffusion";
            System.arraycopy(c, 0, args, 3, c.length);
            EstimateCommandTest.Result r = run(args);
            assertThat(r.status()).as(String.join(" ", c)).isEqualTo(2);
            assertThat(r.err().strip()).as(String.join(" ", c)).doesNotContain("\n").doesNotContain("Exception")
                    .containsPattern("--[a-z]");
        }
    }
}
