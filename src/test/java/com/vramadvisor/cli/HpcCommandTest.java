package com.vramadvisor.cli;

import static com.vramadvisor.cli.EstimateCommandTest.run;
import static com.vramadvisor.cli.EstimateCommandTest.runJson;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class HpcCommandTest {

    @Test
    void fitAnswersTheLargestLennardJonesSystemOnAV100() throws IOException {
        JsonNode fit = runJson("fit", "--workload", "md", "--potential", "lj", "--precision", "mixed", "--gpu",
                "v100-pcie-32gb", "--format", "json");
        long max = fit.get("maxAtoms").asLong();
        // Per atom at least positions, velocities and forces (3 x 4 + 6 x 8 bytes in mixed precision) and a full
        // list of 77.6 4-byte neighbours (0.8442 x 4/3 pi 2.8^3): fewer than 32 GiB / 370 bytes atoms fit.
        assertThat(max).isPositive().isLessThan((32L << 30) / 370);
        assertThat(fit.get("gpusNeeded").asInt()).isEqualTo(1);
        JsonNode justOver = runJson("fit", "--workload", "md", "--atoms", String.valueOf(max + 1), "--precision",
                "mixed", "--gpu", "v100-pcie-32gb", "--format", "json");
        assertThat(justOver.get("fits").asBoolean()).isFalse();
        assertThat(justOver.get("gpusNeeded").asInt()).isEqualTo(2);
    }

    @Test
    void estimateNamesTheMolecularDynamicsPartsWithTheirFormulas() throws IOException {
        JsonNode e = runJson("estimate", "--workload", "md", "--atoms", "32M", "--potential", "lj", "--precision",
                "mixed", "--format", "json");
        for (String id : new String[] {"atoms", "ghostAtoms", "neighbourLists", "longRange", "potentialScratch",
                "runtimeOverhead"}) {
            assertThat(e.get("components").has(id)).as(id).isTrue();
            assertThat(e.get("formulas").get(id).asText()).as(id).isNotBlank();
        }
        assertThat(e.get("caveats").toString()).contains("NVLink").contains("does not pool");
    }

    @Test
    void aLongerCutoffMeansLongerNeighbourLists() throws IOException {
        long at25 = runJson("estimate", "--workload", "md", "--atoms", "1e6", "--format", "json")
                .get("components").get("neighbourLists").asLong();
        long at30 = runJson("estimate", "--workload", "md", "--atoms", "1e6", "--cutoff", "3.0", "--format", "json")
                .get("components").get("neighbourLists").asLong();
        // (3.3 / 2.8)^3 = 1.64 times the neighbours
        assertThat((double) at30 / at25).isBetween(1.5, 1.7);
    }

    @Test
    void gridEstimateAndFitAnswerInCells() throws IOException {
        JsonNode e = runJson("estimate", "--workload", "grid", "--cells", "1024x1024x512", "--fields", "5", "--halo",
                "2", "--precision", "double", "--format", "json");
        assertThat(e.get("components").get("grids").asLong()).isEqualTo(1024L * 1024 * 512 * 5 * 2 * 8);
        assertThat(e.get("components").has("halos")).isTrue();
        JsonNode fit = runJson("fit", "--workload", "grid", "--cells", "1024x1024x512", "--fields", "5", "--halo", "2",
                "--precision", "double", "--gpu", "v100-pcie-32gb", "--format", "json");
        long maxCells = fit.get("maxCells").asLong();
        // 80 bytes per cell for the fields alone: fewer than 32 GiB / 80 cells fit
        assertThat(maxCells).isPositive().isLessThan((32L << 30) / 80);
        assertThat(fit.get("gpusNeeded").asInt()).isEqualTo(2);
    }

    @Test
    void hpcgSolverUsesTheReferenceFootprint() throws IOException {
        JsonNode e = runJson("estimate", "--workload", "grid", "--cells", "128x128x128", "--solver", "hpcg",
                "--format", "json");
        long matrix = e.get("components").get("matrix").asLong();
        long vectors = e.get("components").get("solverVectors").asLong();
        // HPCG 3.1 reference, 128^3 on one process: 714.69 bytes per equation (see HpcgReferenceTest)
        assertThat((matrix + vectors) / (128.0 * 128 * 128)).isBetween(714.6, 714.8);
        assertThat(e.get("components").get("grids").asLong()).isZero();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "estimate --workload md --precision bf16-mixed|--precision",
        "estimate --workload md --atoms lots|--atoms",
        "estimate --workload md --potential morse|--potential",
        "estimate --workload md --cutoff -1|--cutoff",
        "estimate --workload md --cells 10x10x10|--cells",
        "estimate --workload md --grid-spacing 1.0|--grid-spacing",
        "estimate --workload md --box 1x2|--box",
        "estimate --workload md --box 1x0x1|--box",
        "estimate --workload grid --box 1x1x1|--box",
        "estimate --workload md --viewers 2|--viewers",
        "estimate --workload md --batch 8|--batch",
        "estimate --workload grid --preset llama-3-8b|--preset",
        "estimate --workload grid --atoms 1000|--atoms",
        "estimate --workload grid --precision mixed|--precision",
        "estimate --workload grid --cells 10x10|--cells",
        "estimate --workload grid --cells 0x10x10|--cells",
        "estimate --workload grid --solver lu|--solver",
        "estimate --workload grid --solver hpcg --stencil 7|--stencil",
        "estimate --workload grid --solver hpcg --fields 3|--fields",
        "estimate --workload grid --solver hpcg --precision single|--precision",
        "estimate --workload grid --halo 100|--halo"})
    void badInputIsOneLineNamingTheFlag(String args, String flag) {
        EstimateCommandTest.Result r = run(args.split(" "));
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err()).contains(flag).doesNotContain("Exception").doesNotContain("\tat ");
        assertThat(r.err().strip().lines().count()).isEqualTo(1);
    }
}
