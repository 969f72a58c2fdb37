package com.vramadvisor.cli;

import static com.vramadvisor.cli.EstimateCommandTest.run;
import static com.vramadvisor.cli.EstimateCommandTest.runJson;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.vramadvisor.app.scenario.ScenarioStore;
import com.vramadvisor.engine.core.WorkloadKind;
import com.vramadvisor.scenario.DiffusionInputs;
import com.vramadvisor.scenario.DomainInputs;
import com.vramadvisor.scenario.DomainJob;
import com.vramadvisor.scenario.GridInputs;
import com.vramadvisor.scenario.MdInputs;
import com.vramadvisor.scenario.RenderInputs;
import com.vramadvisor.scenario.ScenarioFileException;
import com.vramadvisor.scenario.ScenarioInputs;
import com.vramadvisor.scenario.VisionInputs;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --scenario} with a file the window saved for a workload beyond language models: the same workload, job, GPU
 * limit and deadline as the equivalent flags, so a user who sized a run in the window gets its numbers in a script.
 * The files are written by the window's own save path ({@link ScenarioStore}), not typed by hand.
 */
class DomainScenarioCommandTest {

    @TempDir
    Path dir;

    /** A scenario of {@code kind} with {@code domain}'s inputs, saved as the window saves it. */
    private Path saved(String name, WorkloadKind kind, UnaryOperator<DomainInputs> domain,
                       UnaryOperator<ScenarioInputs> more) throws ScenarioFileException {
        ScenarioInputs in = more.apply(ScenarioInputs.defaults().withDomain(domain.apply(DomainInputs.defaults()))
                .withKind(kind));
        Path file = dir.resolve(name + ".vram");
        new ScenarioStore().save(file, in);
        return file;
    }

    private Path saved(String name, WorkloadKind kind, UnaryOperator<DomainInputs> domain)
            throws ScenarioFileException {
        return saved(name, kind, domain, s -> s);
    }

    private static String[] args(String command, Object... rest) {
        List<String> a = new ArrayList<>(List.of(command));
        for (Object o : rest) {
            if (o instanceof String[] many) {
                a.addAll(List.of(many));
            } else {
                a.add(o.toString());
            }
        }
        return a.toArray(String[]::new);
    }

    /** {@code estimate} and {@code recommend} from the file and from {@code flags} agree on the peak and first row. */
    private static void sameAsFlags(Path file, String[] flags, String[] jobFlags) throws IOException {
        JsonNode fromFile = runJson("estimate", "--scenario", file.toString(), "--format", "json");
        JsonNode fromFlags = runJson(args("estimate", flags, "--format", "json"));
        assertThat(fromFile.get("peakBytes").asLong()).isPositive()
                .isEqualTo(fromFlags.get("peakBytes").asLong());
        assertThat(fromFile).isEqualTo(fromFlags);
        JsonNode rankedFile = runJson("recommend", "--scenario", file.toString(), "--format", "json");
        JsonNode rankedFlags = runJson(args("recommend", flags, jobFlags, "--format", "json"));
        assertThat(rankedFile.get("rows").size()).isPositive();
        assertThat(rankedFile.get("rows").get(0)).isEqualTo(rankedFlags.get("rows").get(0));
        assertThat(rankedFile.get("job")).isEqualTo(rankedFlags.get("job"));
        assertThat(rankedFile.get("maxGpus")).isEqualTo(rankedFlags.get("maxGpus"));
    }

    @Test
    void aVisionTrainingScenarioGivesTheFlagsPeakJobAndFirstRow() throws Exception {
        Path file = saved("resnet", WorkloadKind.VISION, d -> d.withVision(new VisionInputs("resnet-50", "train",
                        64, 224, 224, "bf16-mixed", "sgd-momentum", false))
                .withJob(DomainJob.defaults().withEpochs(10).withDatasetSize(100_000)),
                s -> s.withMaxGpus(8).withDeadlineDays(2));
        String[] flags = {"--workload", "vision", "--preset", "resnet-50", "--mode", "train", "--batch", "64",
            "--resolution", "224", "--precision", "bf16-mixed", "--optimizer", "sgd-momentum"};
        sameAsFlags(file, flags, new String[] {"--epochs", "10", "--dataset-size", "100000", "--max-gpus", "8",
            "--days", "2"});
        // torchvision.models.resnet50, IMAGENET1K_V1 weights: "num_params": 25557032 (torchvision model docs).
        assertThat(runJson("estimate", "--scenario", file.toString(), "--format", "json").get("parameters").asLong())
                .isEqualTo(25_557_032L);
        JsonNode ranked = runJson("recommend", "--scenario", file.toString(), "--format", "json");
        assertThat(ranked.get("jobItems").asLong()).isEqualTo(10L * 100_000);
        assertThat(ranked.get("maxGpus").asInt()).isEqualTo(8);
    }

    @Test
    void anSdxlFineTuneScenarioGivesTheFlagsPeakAndFirstRow() throws Exception {
        Path file = saved("sdxl-lora", WorkloadKind.DIFFUSION, d -> d.withDiffusion(new DiffusionInputs("sdxl",
                "lora", 2, 1024, 1024, "bf16", "sdpa", false, "none")));
        sameAsFlags(file, new String[] {"--workload", "diffusion", "--preset", "sdxl", "--mode", "lora", "--batch",
            "2", "--resolution", "1024", "--precision", "bf16", "--attention", "sdpa"}, new String[0]);
    }

    @Test
    void aRenderingScenarioGivesTheFlagsPeakAndFirstRow() throws Exception {
        Path file = saved("render", WorkloadKind.RENDER, d -> d.withRender(new RenderInputs("game-4k", "", 1920,
                1080, 2)));
        sameAsFlags(file, new String[] {"--workload", "render", "--scene", "game-4k", "--resolution", "1920x1080",
            "--viewers", "2"}, new String[0]);
    }

    @Test
    void aMolecularDynamicsScenarioGivesTheFlagsPeakStepsAndFirstRow() throws Exception {
        Path file = saved("md", WorkloadKind.MD, d -> d.withMd(new MdInputs(32_000_000, "lj", "mixed", 0, 1))
                .withJob(DomainJob.defaults().withMdSteps(50_000)), s -> s.withDeadlineDays(0.5));
        sameAsFlags(file, new String[] {"--workload", "md", "--atoms", "32M", "--potential", "lj", "--precision",
            "mixed"}, new String[] {"--steps", "50000", "--days", "0.5"});
    }

    @Test
    void aGridScenarioGivesTheFlagsPeakStepsAndFirstRow() throws Exception {
        Path file = saved("grid", WorkloadKind.GRID, d -> d.withGrid(new GridInputs(1024, 1024, 512, 5, 2, "double",
                "none", 1)).withJob(DomainJob.defaults().withGridSteps(2_000)), s -> s.withMaxGpus(16));
        sameAsFlags(file, new String[] {"--workload", "grid", "--cells", "1024x1024x512", "--fields", "5", "--halo",
            "2", "--precision", "double"}, new String[] {"--steps", "2000", "--max-gpus", "16"});
    }

    @Test
    void aDomainSplitOverFourGpusIsEstimatedPerGpuAndStillTimedInTheTable() throws Exception {
        Path four = saved("md4", WorkloadKind.MD, d -> d.withMd(new MdInputs(32_000_000, "lj", "mixed", 0, 4)));
        Path one = saved("md1", WorkloadKind.MD, d -> d.withMd(new MdInputs(32_000_000, "lj", "mixed", 0, 1)));
        long perGpu = runJson("estimate", "--scenario", four.toString(), "--format", "json").get("peakBytes").asLong();
        long whole = runJson("estimate", "--scenario", one.toString(), "--format", "json").get("peakBytes").asLong();
        assertThat(perGpu).isLessThan(whole);
        // The table counts GPUs from the whole system either way (one GPU holds all of it, not a quarter), and an LJ
        // system has a speed model on four GPUs as on one.
        JsonNode ranked = runJson("recommend", "--scenario", four.toString(), "--format", "json");
        JsonNode flags = runJson("recommend", "--workload", "md", "--atoms", "32M", "--format", "json");
        assertThat(ranked.get("speedEstimated").asBoolean()).isTrue();
        assertThat(ranked).isEqualTo(flags);
    }

    @Test
    void jobFlagsWinOverTheScenarioFilesJobCountByCount() throws Exception {
        Path file = saved("resnet-job", WorkloadKind.VISION, d -> d.withJob(DomainJob.defaults().withEpochs(10)
                .withDatasetSize(100_000)));
        JsonNode ranked = runJson("recommend", "--scenario", file.toString(), "--epochs", "20", "--format", "json");
        assertThat(ranked.get("jobItems").asLong()).isEqualTo(20L * 100_000);
        JsonNode gpus = runJson("recommend", "--scenario", file.toString(), "--max-gpus", "2", "--format", "json");
        assertThat(gpus.get("maxGpus").asInt()).isEqualTo(2);
        EstimateCommandTest.Result steps = run("recommend", "--scenario", file.toString(), "--steps", "10");
        assertThat(steps.status()).isEqualTo(2);
        assertThat(steps.err().strip()).contains("--steps").doesNotContain("\n");
    }

    @Test
    void theScenariosGpuIsTheDefaultTargetOfEstimateAndFit() throws Exception {
        Path file = saved("grid-gpu", WorkloadKind.GRID, d -> d, s -> s.withGpuId("h100-sxm-80gb"));
        JsonNode estimate = runJson("estimate", "--scenario", file.toString(), "--format", "json");
        assertThat(estimate.get("fit").get("against").asText()).contains("H100");
        JsonNode other = runJson("estimate", "--scenario", file.toString(), "--gpu", "rtx-4090", "--format", "json");
        assertThat(other.get("fit").get("against").asText()).contains("4090");
        JsonNode fit = runJson("fit", "--scenario", file.toString(), "--format", "json");
        JsonNode fitFlags = runJson("fit", "--workload", "grid", "--cells", "512x512x512", "--fields", "5", "--halo",
                "2", "--precision", "double", "--gpu", "h100-sxm-80gb", "--format", "json");
        assertThat(fit).isEqualTo(fitFlags);
        JsonNode budget = runJson("fit", "--scenario", file.toString(), "--memory-gib", "8", "--format", "json");
        assertThat(budget.get("budgetBytes").asLong()).isEqualTo(8L << 30);
    }

    @Test
    void aVisionScenarioWithAMolecularDynamicsFlagIsRefusedNamingTheFlag() throws Exception {
        Path file = saved("vision", WorkloadKind.VISION, d -> d);
        EstimateCommandTest.Result r = run("estimate", "--scenario", file.toString(), "--atoms", "1M");
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.out()).isEmpty();
        assertThat(r.err().strip()).contains("--atoms").contains("--scenario").doesNotContain("\n");
        EstimateCommandTest.Result batch = run("recommend", "--scenario", file.toString(), "--batch", "8");
        assertThat(batch.status()).isEqualTo(2);
        assertThat(batch.err().strip()).contains("--batch").doesNotContain("\n");
    }

    @Test
    void aWorkloadFlagOfAnotherKindIsRefusedAndTheFilesOwnKindIsAccepted() throws Exception {
        Path file = saved("md-kind", WorkloadKind.MD, d -> d);
        EstimateCommandTest.Result wrong = run("estimate", "--scenario", file.toString(), "--workload", "vision");
        assertThat(wrong.status()).isEqualTo(2);
        assertThat(wrong.err().strip()).contains("md-kind.vram").contains("md scenario").contains("--workload vision")
                .doesNotContain("\n");
        EstimateCommandTest.Result llm = run("recommend", "--scenario", file.toString(), "--workload", "llm");
        assertThat(llm.status()).isEqualTo(2);
        assertThat(llm.err().strip()).contains("md scenario").doesNotContain("\n");
        JsonNode same = runJson("estimate", "--scenario", file.toString(), "--workload", "md", "--format", "json");
        assertThat(same.get("workload").asText()).isEqualTo("md");
    }

    @Test
    void theLanguageModelOnlyCommandsNameTheScenariosKind() throws Exception {
        Path file = saved("grid-plan", WorkloadKind.GRID, d -> d);
        for (String command : new String[] {"plan", "advise"}) {
            EstimateCommandTest.Result r = command.equals("advise")
                    ? run(command, "--scenario", file.toString(), "--memory-gib", "24")
                    : run(command, "--scenario", file.toString(), "--hardware", "dgx-h100");
            assertThat(r.status()).as(command).isEqualTo(2);
            assertThat(r.err().strip()).as(command).contains("grid-plan.vram").contains("grid scenario")
                    .doesNotContain("\n");
        }
    }

    @Test
    void aPresetThisVersionDoesNotKnowIsOneLineNamingTheFile() throws Exception {
        Path file = saved("future", WorkloadKind.VISION, d -> d.withVision(VisionInputs.defaults()
                .withPresetId("resnet-9000")));
        EstimateCommandTest.Result r = run("estimate", "--scenario", file.toString());
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.err().strip()).contains("future.vram").contains("resnet-9000").doesNotContain("\n")
                .doesNotContain("Exception");
        EstimateCommandTest.Result calibration = run("estimate", "--scenario", saved("md-cal", WorkloadKind.MD,
                d -> d).toString(), "--calibration", dir.resolve("none.json").toString());
        assertThat(calibration.status()).isEqualTo(2);
        assertThat(calibration.err().strip()).contains("--calibration").doesNotContain("\n");
    }

    @Test
    void reportWritesTheScenariosWorkloadWithItsJob() throws Exception {
        Path file = saved("report", WorkloadKind.MD, d -> d.withJob(DomainJob.defaults().withMdSteps(50_000)));
        Path fromFile = dir.resolve("file.json");
        Path fromFlags = dir.resolve("flags.json");
        EstimateCommandTest.Result r = run("report", "--scenario", file.toString(), "--json", fromFile.toString());
        assertThat(r.status()).as(r.err()).isZero();
        EstimateCommandTest.Result f = run("report", "--workload", "md", "--steps", "50000", "--json",
                fromFlags.toString());
        assertThat(f.status()).as(f.err()).isZero();
        assertThat(java.nio.file.Files.readString(fromFile)).isEqualTo(java.nio.file.Files.readString(fromFlags));
    }
}
