package com.vramadvisor.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.vramadvisor.cli.Cli;
import com.vramadvisor.engine.core.Sizable;
import com.vramadvisor.engine.core.SizedEstimate;
import com.vramadvisor.engine.core.WorkloadKind;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A scenario builds each kind through its estimator exactly as the command line's flags do for the same inputs. */
class ScenarioWorkloadsTest {

    @TempDir
    Path dir;

    private Sizable build(WorkloadKind kind, DomainInputs domain) {
        return ScenarioWorkloads.build(ScenarioInputs.defaults().withDomain(domain).withKind(kind)).orElseThrow();
    }

    private static JsonNode cli(String... args) throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = Cli.run(new PrintWriter(out), new PrintWriter(err), args);
        assertThat(status).as(err.toString()).isZero();
        return new ObjectMapper().readTree(out.toString());
    }

    @Test
    void resNet50HasTorchvisionsPublishedParameterCountAndTheCommandLinesPeak() throws Exception {
        VisionInputs v = new VisionInputs("resnet-50", "train", 128, 224, 224, "fp32", "sgd-momentum", false);
        SizedEstimate e = build(WorkloadKind.VISION, DomainInputs.defaults().withVision(v)).estimate();
        // torchvision.models.resnet50, IMAGENET1K_V1 weights: "num_params": 25557032 (torchvision model docs).
        assertThat(e.parameters().getAsLong()).isEqualTo(25_557_032L);
        JsonNode json = cli("estimate", "--workload", "vision", "--preset", "resnet-50", "--mode", "train",
                "--batch", "128", "--resolution", "224", "--precision", "fp32", "--optimizer", "sgd-momentum",
                "--format", "json");
        assertThat(e.peakBytes()).isEqualTo(json.get("peakBytes").asLong());
    }

    @Test
    void aMolecularDynamicsSystemOnFourGpusIsWhatEachOfThemHolds() throws Exception {
        MdInputs m = new MdInputs(32_000_000, "lj", "mixed", 0, 4);
        Sizable spread = build(WorkloadKind.MD, DomainInputs.defaults().withMd(m));
        Sizable one = build(WorkloadKind.MD, DomainInputs.defaults().withMd(m.withGpus(1)));
        assertThat(spread.estimate()).isEqualTo(one.perGpu(4).orElseThrow());
        assertThat(spread.estimate().peakBytes()).isLessThan(one.estimate().peakBytes());
        JsonNode json = cli("estimate", "--workload", "md", "--atoms", "32M", "--potential", "lj", "--precision",
                "mixed", "--format", "json");
        assertThat(one.estimate().peakBytes()).isEqualTo(json.get("peakBytes").asLong());
    }

    @Test
    void aGridMatchesTheCommandLineAndRefusesMixedPrecision() throws Exception {
        GridInputs g = new GridInputs(1024, 1024, 512, 5, 2, "double", "none", 1);
        long peak = build(WorkloadKind.GRID, DomainInputs.defaults().withGrid(g)).estimate().peakBytes();
        JsonNode json = cli("estimate", "--workload", "grid", "--cells", "1024x1024x512", "--fields", "5", "--halo",
                "2", "--precision", "double", "--format", "json");
        assertThat(peak).isEqualTo(json.get("peakBytes").asLong());
        assertThatThrownBy(() -> build(WorkloadKind.GRID, DomainInputs.defaults().withGrid(g.withPrecision("mixed"))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("single or double");
    }

    @Test
    void aScenePresetWithAnotherResolutionMatchesTheCommandLineAndABadSceneFileIsNamed() throws Exception {
        RenderInputs r = new RenderInputs("game-4k", "", 1920, 1080, 2);
        long peak = build(WorkloadKind.RENDER, DomainInputs.defaults().withRender(r)).estimate().peakBytes();
        JsonNode json = cli("estimate", "--workload", "render", "--scene", "game-4k", "--resolution", "1920x1080",
                "--viewers", "2", "--format", "json");
        assertThat(peak).isEqualTo(json.get("peakBytes").asLong());
        Path bad = Files.writeString(dir.resolve("broken.json"), "{ \"resolution\": ");
        assertThatThrownBy(() -> build(WorkloadKind.RENDER,
                DomainInputs.defaults().withRender(r.withSceneFile(bad.toString()))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageStartingWith("broken.json: ");
    }

    @Test
    void sdxlGenerationAndSlicedAttentionFollowTheCommandLine() throws Exception {
        DiffusionInputs f = DiffusionInputs.defaults();
        long peak = build(WorkloadKind.DIFFUSION, DomainInputs.defaults().withDiffusion(f)).estimate().peakBytes();
        JsonNode json = cli("estimate", "--workload", "diffusion", "--preset", "sdxl", "--mode", "infer", "--batch",
                "1", "--resolution", "1024", "--precision", "fp16", "--format", "json");
        assertThat(peak).isEqualTo(json.get("peakBytes").asLong());
        assertThatThrownBy(() -> build(WorkloadKind.DIFFUSION, DomainInputs.defaults().withDiffusion(
                f.withMode("lora").withAttention("sliced")))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("inference");
    }

    @Test
    void int8TrainingIsRefusedWithAReason() {
        VisionInputs v = VisionInputs.defaults().withPrecision("int8");
        assertThatThrownBy(() -> build(WorkloadKind.VISION, DomainInputs.defaults().withVision(v)))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("inference");
    }
}
