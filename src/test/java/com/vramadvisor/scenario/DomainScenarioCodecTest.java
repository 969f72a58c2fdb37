package com.vramadvisor.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.vramadvisor.engine.core.WorkloadKind;
import com.vramadvisor.scenario.ScenarioFileException.Reason;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class DomainScenarioCodecTest {

    private final ScenarioCodec codec = new ScenarioCodec();

    private static DomainInputs edited() {
        return new DomainInputs(
                new VisionInputs("vit-b-16", "infer", 64, 384, 256, "int8", "adamw", true),
                new DiffusionInputs("sd-1.5", "lora", 2, 512, 768, "bf16-mixed", "eager", true, "sequential"),
                new RenderInputs("archviz-path-traced", "/tmp/scenes/lobby.json", 1920, 1080, 3),
                new MdInputs(32_000_000, "eam", "double", 4.95, 8),
                new GridInputs(1024, 1024, 512, 7, 3, "single", "gmres", 4),
                new DomainJob(300, 14_197_122, 2_000_000, 5_000_000_000L, 250, 12_000, 30, 2_500));
    }

    @Test
    void aFileWithoutAJobTimesTheDefaultJobs() throws Exception {
        ScenarioInputs original = ScenarioInputs.defaults().withDomain(edited()).withKind(WorkloadKind.MD);
        String json = codec.write(original).replaceAll(",\\s*\"job\" : \\{[^}]*\\}", "");
        assertThat(json).contains("\"grid\"").doesNotContain("mdSteps");
        ScenarioInputs read = codec.read(json);
        assertThat(read.domain().job()).isEqualTo(DomainJob.defaults());
        assertThat(read.domain().md()).isEqualTo(edited().md());
    }

    @Test
    void aJobMayNameOnlyOneCountAndAnOutOfRangeCountIsRefused() throws Exception {
        String json = codec.write(ScenarioInputs.defaults().withKind(WorkloadKind.GRID))
                .replaceAll("\"domainWorkloads\" : \\{[\\s\\S]*\\}\\s*\\}\\s*\\}\\s*$",
                        "\"domainWorkloads\" : { \"job\" : { \"gridSteps\" : 500 } }\n}");
        assertThat(codec.read(json).domain().job()).isEqualTo(DomainJob.defaults().withGridSteps(500));
        assertThatThrownBy(() -> codec.read(json.replace("500", "0"))).isInstanceOf(ScenarioFileException.class)
                .hasMessageContaining("gridSteps");
    }

    @ParameterizedTest
    @EnumSource(WorkloadKind.class)
    void everyKindAndEveryDomainFieldSurvivesARoundTrip(WorkloadKind kind) throws Exception {
        ScenarioInputs original = ScenarioInputs.defaults().withDomain(edited()).withKind(kind);
        ScenarioInputs read = codec.read(codec.write(original));
        assertThat(read).isEqualTo(original);
        assertThat(read.kind()).isEqualTo(kind);
    }

    @Test
    void aFileWithoutAWorkloadKindIsALanguageModelScenario() throws Exception {
        String json = codec.write(ScenarioInputs.defaults())
                .replaceAll("\\s*\"workloadKind\" : \"llm\",", "")
                .replaceAll(",\\s*\"domainWorkloads\" : \\{[\\s\\S]*\\}\\s*\\}\\s*\\}\\s*$", "\n}");
        assertThat(json).doesNotContain("workloadKind").doesNotContain("domainWorkloads");
        ScenarioInputs read = codec.read(json);
        assertThat(read.kind()).isEqualTo(WorkloadKind.LLM);
        assertThat(read.domain()).isEqualTo(DomainInputs.defaults());
        assertThat(read).isEqualTo(ScenarioInputs.defaults());
    }

    @Test
    void aLanguageModelScenarioIsStillWrittenAsVersionOneAndAnotherKindAsVersionTwo() {
        assertThat(codec.write(ScenarioInputs.defaults())).contains("\"formatVersion\" : 1");
        assertThat(codec.write(ScenarioInputs.defaults().withKind(WorkloadKind.MD)))
                .contains("\"formatVersion\" : 2").contains("\"workloadKind\" : \"md\"");
    }

    @Test
    void aDomainObjectMayNameOnlyWhatDiffersFromTheDefaults() throws Exception {
        String json = codec.write(ScenarioInputs.defaults().withKind(WorkloadKind.VISION))
                .replaceAll("\"domainWorkloads\" : \\{[\\s\\S]*\\}\\s*\\}\\s*\\}\\s*$",
                        "\"domainWorkloads\" : { \"vision\" : { \"batch\" : 256 } }\n}");
        ScenarioInputs read = codec.read(json);
        assertThat(read.domain().vision()).isEqualTo(VisionInputs.defaults().withBatch(256));
        assertThat(read.domain().md()).isEqualTo(MdInputs.defaults());
    }

    @Test
    void anUnknownWorkloadKindIsRefusedNamingTheField() {
        String json = codec.write(ScenarioInputs.defaults()).replace("\"workloadKind\" : \"llm\"",
                "\"workloadKind\" : \"weather\"");
        assertThatThrownBy(() -> codec.read(json)).isInstanceOfSatisfying(ScenarioFileException.class, e -> {
            assertThat(e.reason()).isEqualTo(Reason.MALFORMED);
            assertThat(e.detail()).contains("$.workloadKind").contains("weather");
        });
    }

    @Test
    void anOutOfRangeOrUnprintableDomainValueIsRefusedAsAnInvalidValue() {
        String base = codec.write(ScenarioInputs.defaults().withKind(WorkloadKind.MD));
        String atoms = base.replace("\"atoms\" : 1000000", "\"atoms\" : 0");
        assertThatThrownBy(() -> codec.read(atoms)).isInstanceOfSatisfying(ScenarioFileException.class, e -> {
            assertThat(e.reason()).isEqualTo(Reason.INVALID_VALUE);
            assertThat(e.detail()).contains("$.domainWorkloads.md.atoms");
        });
        String potential = base.replace("\"potential\" : \"lj\"", "\"potential\" : \"l j\\u0000\"");
        assertThatThrownBy(() -> codec.read(potential)).isInstanceOfSatisfying(ScenarioFileException.class,
                e -> assertThat(e.reason()).isEqualTo(Reason.INVALID_VALUE));
    }
}
