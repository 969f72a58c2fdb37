package com.vramadvisor.cli;

import static com.vramadvisor.cli.EstimateCommandTest.reasons;
import static com.vramadvisor.cli.EstimateCommandTest.run;
import static com.vramadvisor.cli.EstimateCommandTest.runJson;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.vramadvisor.engine.ranking.RankingOptions;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The decision table and the guide leave out hardware that no software runs the work on: H100, MI300X, Gaudi 3 and
 * the GB200 rack have no graphics driver (NVIDIA's and AMD's data-centre spec sheets list no display output or
 * graphics API), Apple GPUs have no NCCL, RCCL, HCCL or oneCCL for DeepSpeed or FSDP.
 */
class CapabilityCommandTest {

    @Test
    void aUe5GameSceneFitsNoComputeOnlyAcceleratorAndListsThemOnlyWhenAsked() throws IOException {
        JsonNode table = runJson("recommend", "--workload", "render", "--scene", "game-4k", "--format", "json");
        assertThat(table.get("optionsUnsupported").asInt()).isPositive();
        for (JsonNode row : table.get("rows")) {
            assertThat(row.get("hardwareId").asText()).doesNotContain("h100", "mi300x", "gaudi", "gb200");
        }
        JsonNode all = runJson("recommend", "--workload", "render", "--scene", "game-4k", "--show-unsupported",
                "--format", "json");
        boolean h100 = false;
        for (JsonNode row : all.get("rows")) {
            if (row.get("hardwareId").asText().contains("h100")) {
                h100 = true;
                assertThat(row.get("fits").asBoolean()).isFalse();
                assertThat(reasons(row)).contains("no-graphics-api");
            }
        }
        assertThat(h100).as("H100 rows listed with --show-unsupported").isTrue();
    }

    @Test
    void aZero3FineTuneOf70bFitsNoMacsOverEthernetNorTowersOverTenGigabit() throws IOException {
        JsonNode table = runJson("recommend", "--preset", "llama-2-70b", "--mode", "train", "--zero", "3", "--dp", "8",
                "--recompute", "full", "--show-unsupported", "--format", "json");
        for (JsonNode row : table.get("rows")) {
            if (row.get("fits").asBoolean()) {
                assertThat(row.get("vendor").asText()).as(row.get("hardware").asText()).isNotEqualTo("Apple");
                assertThat(reasons(row)).doesNotContain("no-collectives", "slow-network-layout");
            } else if ("Apple".equals(row.get("vendor").asText()) && row.get("gpusBought").asInt() > 1) {
                assertThat(reasons(row)).contains("no-collectives");
            }
        }
    }

    @Test
    void a70bQloraFitsNoRowThatCrossesSlowNetworksOrLacksCollectives() throws IOException {
        JsonNode table = runJson("recommend", "--preset", "llama-2-70b", "--mode", "qlora", "--format", "json");
        for (JsonNode row : table.get("rows")) {
            assertThat(reasons(row)).doesNotContain("no-collectives", "slow-network-layout", "no-graphics-api");
            if (row.get("fits").asBoolean() && row.get("gpusBought").asInt() > 1) {
                assertThat(row.get("vendor").asText()).isNotEqualTo("Apple");
            }
        }
    }

    @Test
    void whenNothingFitsTheFirstLineSaysSoAndNamesTheNearestOptionAndAChange() throws IOException {
        // 70B at ZeRO-3 on one GPU as given: about 1.1 TiB, more than any single GPU or machine holds.
        EstimateCommandTest.Result text = run("recommend", "--preset", "llama-2-70b", "--mode", "train", "--zero",
                "3", "--fits-only");
        assertThat(text.status()).as(text.err()).isZero();
        String first = text.out().lines().findFirst().orElse("");
        assertThat(first).startsWith("Nothing fits. Nearest: ").contains("GiB").contains("to make it fit");
        JsonNode table = runJson("recommend", "--preset", "llama-2-70b", "--mode", "train", "--zero", "3",
                "--fits-only", "--format", "json");
        assertThat(table.get("rows")).isEmpty();
        JsonNode nothing = table.get("nothingFits");
        assertThat(nothing.get("sentence").asText()).isEqualTo(first);
        assertThat(nothing.get("needOverCapacity").asDouble()).isGreaterThan(1);
        List<String> changes = new ArrayList<>();
        nothing.get("changes").forEach(c -> changes.add(c.asText()));
        assertThat(changes).contains("offload");
    }

    @Test
    void aTableWithAFittingRowHasNoNothingFitsNote() throws IOException {
        JsonNode table = runJson("recommend", "--workload", "render", "--scene", "game-4k", "--format", "json");
        assertThat(table.get("nothingFits").isNull()).isTrue();
    }

    @Test
    void theGuideHasARowPerSeedScenarioAndEveryPickIsOutsideTheMarginAndTheCheapestItLists() throws IOException {
        JsonNode rows = runJson("guide", "--format", "json");
        Set<String> scenarios = new HashSet<>();
        for (JsonNode row : rows) {
            scenarios.add(row.get("scenario").asText());
        }
        assertThat(scenarios).contains("small-full-finetune", "small-inference", "medium-full-finetune",
                "medium-inference", "large-inference", "large-qlora", "large-full-finetune", "small-bert-pretrain",
                "vision-resnet50-train", "vision-vitb16-train", "diffusion-sd15-generate", "diffusion-sdxl-generate",
                "diffusion-sdxl-lora", "diffusion-flux-generate", "diffusion-flux-lora", "render-game-4k",
                "render-film-frame", "render-usd-review", "md-lj-100m", "grid-1024x1024x512");
        for (JsonNode row : rows) {
            JsonNode pick = row.get("pick");
            String scenario = row.get("scenario").asText();
            assertThat(pick).as(scenario).isNotNull();
            if (pick.isNull()) {
                continue;
            }
            assertThat(pick.get("why").asText()).as(scenario).isNotBlank();
            assertThat(pick.get("headroom").asDouble()).as(scenario)
                    .isGreaterThanOrEqualTo(RankingOptions.DEFAULT_TIGHT_FIT_FRACTION);
            double usd = pick.get("capitalUsd").asDouble();
            for (String other : List.of("smallestSingleGpuUsd", "fewestGpusUsd")) {
                if (!row.get(other).isNull()) {
                    assertThat(usd).as(scenario + " pick against " + other).isLessThanOrEqualTo(
                            row.get(other).asDouble());
                }
            }
        }
        EstimateCommandTest.Result text = run("guide");
        assertThat(text.out()).doesNotContainPattern("\\d GB\\b").contains("GiB");
    }

    @Test
    void theGuidesSmallestCardIsNeverABoardOnlyGpu() throws IOException {
        for (JsonNode row : runJson("guide", "--format", "json")) {
            JsonNode smallest = row.get("smallestSingleGpu");
            if (smallest != null && !smallest.isNull()) {
                assertThat(smallest.asText()).doesNotContain("sxm", "gaudi3", "mi300x", "oam");
            }
        }
    }
}
