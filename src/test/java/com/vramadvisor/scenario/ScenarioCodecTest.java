package com.vramadvisor.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.vramadvisor.scenario.ScenarioFileException.Reason;
import com.vramadvisor.scenario.SizeUnit;
import com.vramadvisor.scenario.ScenarioInputs;
import com.vramadvisor.scenario.SweepAxis;
import com.vramadvisor.engine.llm.DataType;
import com.vramadvisor.engine.llm.Implementation;
import com.vramadvisor.engine.llm.LoraSpec;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.MoeSpec;
import com.vramadvisor.engine.llm.Optimizer;
import com.vramadvisor.engine.llm.Parallelism;
import com.vramadvisor.engine.llm.Recompute;
import com.vramadvisor.engine.llm.RuntimeOverhead;
import com.vramadvisor.engine.ranking.RankingOptions;
import com.vramadvisor.engine.serving.ServingEngine;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ScenarioCodecTest {

    private final ScenarioCodec codec = new ScenarioCodec();

    @Test
    void theDefaultScenarioSurvivesAWriteReadRoundTrip() throws Exception {
        ScenarioInputs original = ScenarioInputs.defaults();
        assertThat(codec.read(codec.write(original))).isEqualTo(original);
    }

    @Test
    void everyNonDefaultFieldSurvivesARoundTrip() throws Exception {
        // Mixtral-8x7B's published config: h 4096, 32 layers, 32 heads, 8 KV heads, 8 experts, top-2, ffn 14336.
        ModelSpec moe = ScenarioInputs.llama3_8b().toBuilder().id("mixtral-8x7b").name("Mixtral 8x7B")
                .vocabSize(32000).maxPositions(32768).slidingWindow(4096).moe(MoeSpec.topK(8, 2, 14336)).build();
        ScenarioInputs original = new ScenarioInputs(moe, "", ScenarioInputs.defaults().workload().toBuilder()
                .mode(Mode.QLORA).batch(4).sequenceLength(2048).context(8192).optimizer(Optimizer.ADAMW_8BIT)
                .parallelism(new Parallelism(2, 2, 4, 3, true)).gradientAccumulation(8).recompute(Recompute.FULL)
                .dropout(0.1).lora(new LoraSpec(64, Set.of(LoraSpec.LoraTarget.Q_PROJ, LoraSpec.LoraTarget.V_PROJ)))
                .weightType(DataType.GGUF_Q4_K).kvCacheType(DataType.FP8)
                .overhead(new RuntimeOverhead(true, 512L << 20, 0.1)).gpuMemoryUtilization(0.9)
                .implementation(Implementation.MEGATRON).build(),
                "h100-sxm-80gb", SweepAxis.CONTEXT, SizeUnit.GB, 250_000_000_000L, 64);
        assertThat(codec.read(codec.write(original))).isEqualTo(original);
    }

    private static ScenarioInputs serving() {
        ScenarioInputs d = ScenarioInputs.defaults();
        return d.withWorkload(d.workload().toBuilder().mode(Mode.INFER).batch(8).sequenceLength(4096).context(8192)
                .build());
    }

    @Test
    void theServingEngineAndItsChunkSurviveARoundTrip() throws Exception {
        ScenarioInputs llama = serving().withServing(ServingEngine.LLAMA_CPP, 256);
        ScenarioInputs read = codec.read(codec.write(llama));
        assertThat(read).isEqualTo(llama);
        assertThat(read.workload().prefillChunkTokens()).isEqualTo(256);
        assertThat(read.workload().kvBlockTokens()).isZero();
        ScenarioInputs hf = serving().withServing(ServingEngine.HF_GENERATE, 0);
        assertThat(codec.read(codec.write(hf))).isEqualTo(hf);
        assertThat(codec.write(hf)).contains("\"servingEngine\" : \"hf\"");
    }

    @Test
    void aFileWithoutServingFieldsReadsAsVllmWithItsDefaultChunk() throws Exception {
        String json = codec.write(serving().withServing(ServingEngine.HF_GENERATE, 0));
        String old = json.replaceAll(",\\s*\"servingEngine\" : \"hf\"", "")
                .replaceAll(",\\s*\"maxBatchedTokens\" : 0", "");
        assertThat(old).doesNotContain("servingEngine").doesNotContain("maxBatchedTokens");
        ScenarioInputs read = codec.read(old);
        assertThat(read.servingEngine()).isEqualTo(ServingEngine.VLLM);
        assertThat(read.maxBatchedTokens()).isZero();
        assertThat(read.workload().kvBlockTokens()).isEqualTo(16);
        assertThat(read.workload().prefillChunkTokens()).isEqualTo(8192);
    }

    @Test
    void anUnknownServingEngineIsAnInvalidValue() {
        String json = codec.write(serving()).replace("\"servingEngine\" : \"vllm\"", "\"servingEngine\" : \"tgi\"");
        assertThat(json).contains("tgi");
        assertThatThrownBy(() -> codec.read(json)).isInstanceOfSatisfying(ScenarioFileException.class,
                e -> assertThat(e.reason()).isEqualTo(Reason.INVALID_VALUE));
    }

    @Test
    void theWrittenFileNamesItsFormatVersion() {
        assertThat(codec.write(ScenarioInputs.defaults())).contains("\"formatVersion\" : 1");
    }

    @Test
    void aFileFromANewerFormatVersionIsRejectedAsSuch() {
        String newer = codec.write(ScenarioInputs.defaults()).replace("\"formatVersion\" : 1",
                "\"formatVersion\" : " + (ScenarioCodec.FORMAT_VERSION + 1));
        assertThatThrownBy(() -> codec.read(newer)).isInstanceOfSatisfying(ScenarioFileException.class,
                e -> assertThat(e.reason()).isEqualTo(Reason.NEWER_VERSION));
    }

    @Test
    void aHalfWrittenFileIsRejectedAsIncomplete() {
        String full = codec.write(ScenarioInputs.defaults());
        String half = full.substring(0, full.length() / 2);
        assertThatThrownBy(() -> codec.read(half)).isInstanceOfSatisfying(ScenarioFileException.class,
                e -> assertThat(e.reason()).isEqualTo(Reason.INCOMPLETE));
    }

    @Test
    void aFileCutAtAnyPointIsReportedAsIncomplete() {
        String full = codec.write(ScenarioInputs.defaults()).stripTrailing();
        for (int cut = 0; cut < full.length(); cut += 7) {
            String prefix = full.substring(0, cut);
            assertThatThrownBy(() -> codec.read(prefix)).as("cut at %d", cut)
                    .isInstanceOfSatisfying(ScenarioFileException.class,
                            e -> assertThat(e.reason()).isEqualTo(Reason.INCOMPLETE));
        }
    }

    @Test
    void trailingTextAfterTheScenarioIsMalformed() {
        String json = codec.write(ScenarioInputs.defaults()) + "}";
        assertThatThrownBy(() -> codec.read(json)).isInstanceOfSatisfying(ScenarioFileException.class,
                e -> assertThat(e.reason()).isEqualTo(Reason.MALFORMED));
    }

    @Test
    void textThatIsNotJsonIsRejectedAsMalformed() {
        assertThatThrownBy(() -> codec.read("model: llama\nbatch: 4\n")).isInstanceOfSatisfying(
                ScenarioFileException.class, e -> assertThat(e.reason()).isEqualTo(Reason.MALFORMED));
    }

    @Test
    void jsonWithoutAFormatVersionIsNotAScenario() {
        assertThatThrownBy(() -> codec.read("{\"gpus\": []}")).isInstanceOfSatisfying(ScenarioFileException.class,
                e -> assertThat(e.reason()).isEqualTo(Reason.MALFORMED));
    }

    @Test
    void aMissingFieldIsNamedByItsJsonPath() {
        String json = codec.write(ScenarioInputs.defaults()).replace("\"batch\" : 1,", "");
        assertThatThrownBy(() -> codec.read(json)).isInstanceOfSatisfying(ScenarioFileException.class, e -> {
            assertThat(e.reason()).isEqualTo(Reason.MALFORMED);
            assertThat(e.detail()).contains("$.workload.batch");
        });
    }

    @Test
    void anOutOfRangeValueIsRejectedAsInvalid() {
        String json = codec.write(ScenarioInputs.defaults()).replace("\"batch\" : 1,", "\"batch\" : -3,");
        assertThatThrownBy(() -> codec.read(json)).isInstanceOfSatisfying(ScenarioFileException.class, e -> {
            assertThat(e.reason()).isEqualTo(Reason.INVALID_VALUE);
            assertThat(e.detail()).contains("$.workload.batch");
        });
    }

    @Test
    void anArchitectureTheEngineRejectsIsInvalid() {
        // 32 query heads cannot be shared by 5 key/value heads.
        String json = codec.write(ScenarioInputs.defaults()).replace("\"kvHeads\" : 8", "\"kvHeads\" : 5");
        assertThatThrownBy(() -> codec.read(json)).isInstanceOfSatisfying(ScenarioFileException.class,
                e -> assertThat(e.reason()).isEqualTo(Reason.INVALID_VALUE));
    }

    @Test
    void anUnknownEnumValueListsTheAcceptedOnes() {
        String json = codec.write(ScenarioInputs.defaults()).replace("\"recompute\" : \"none\"",
                "\"recompute\" : \"sometimes\"");
        assertThatThrownBy(() -> codec.read(json)).isInstanceOfSatisfying(ScenarioFileException.class,
                e -> assertThat(e.detail()).contains("sometimes").contains("selective"));
    }

    private static ScenarioInputs withImplementation(Implementation implementation) {
        ScenarioInputs d = ScenarioInputs.defaults();
        return d.withWorkload(d.workload().toBuilder().implementation(implementation).build());
    }

    @Test
    void theTrainingImplementationSurvivesARoundTrip() throws Exception {
        for (Implementation implementation : Implementation.values()) {
            ScenarioInputs original = withImplementation(implementation);
            String json = codec.write(original);
            assertThat(json).contains("\"implementation\" : \"" + implementation.id() + "\"");
            assertThat(codec.read(json).workload().implementation()).isEqualTo(implementation);
        }
    }

    @Test
    void theLossUpcastSurvivesARoundTripAndOlderFilesReadAsFp32() throws Exception {
        ScenarioInputs d = ScenarioInputs.defaults();
        ScenarioInputs plain = d.withWorkload(d.workload().toBuilder()
                .lossUpcast(com.vramadvisor.engine.llm.LossUpcast.NONE).build());
        String json = codec.write(plain);
        assertThat(json).contains("\"lossUpcast\" : \"none\"");
        assertThat(codec.read(json)).isEqualTo(plain);
        String older = json.replaceAll(",\\s*\"lossUpcast\" : \"none\"", "");
        assertThat(older).doesNotContain("lossUpcast");
        assertThat(codec.read(older).workload().lossUpcast()).isEqualTo(com.vramadvisor.engine.llm.LossUpcast.FP32);
    }

    @Test
    void aFileWrittenBeforeTheImplementationFieldReadsAsPytorch() throws Exception {
        String json = codec.write(withImplementation(Implementation.MEGATRON))
                .replaceAll(",\\s*\"implementation\" : \"megatron\"", "");
        assertThat(json).doesNotContain("implementation").contains("\"formatVersion\" : 1");
        ScenarioInputs read = codec.read(json);
        assertThat(read.workload().implementation()).isEqualTo(Implementation.PYTORCH);
        assertThat(read).isEqualTo(withImplementation(Implementation.PYTORCH));
    }

    @Test
    void anUnknownImplementationIsAnInvalidValueNamingThePath() {
        String json = codec.write(ScenarioInputs.defaults()).replace("\"implementation\" : \"pytorch\"",
                "\"implementation\" : \"jax\"");
        assertThatThrownBy(() -> codec.read(json)).isInstanceOfSatisfying(ScenarioFileException.class, e -> {
            assertThat(e.reason()).isEqualTo(Reason.INVALID_VALUE);
            assertThat(e.detail()).contains("$.workload.implementation").contains("jax").contains("megatron");
        });
    }

    @Test
    void theTokenBudgetGpuLimitAndDeadlineAreWrittenAsARankingObjectAndReadBack() throws Exception {
        ScenarioInputs original = ScenarioInputs.defaults().withTokenBudget(2_000_000_000L).withMaxGpus(16)
                .withDeadlineDays(30);
        String json = codec.write(original);
        assertThat(json).containsPattern("\"ranking\" : \\{\\s*\"tokenBudget\" : 2000000000,\\s*\"maxGpus\" : 16,"
                + "\\s*\"deadlineDays\" : 30,\\s*\"tpotTargetMs\" : 50.0,\\s*\"ttftTargetMs\" : 0.0,"
                + "\\s*\"maxRunningRequests\" : 0\\s*}");
        ScenarioInputs read = codec.read(json);
        assertThat(read.tokenBudget()).isEqualTo(2_000_000_000L);
        assertThat(read.maxGpus()).isEqualTo(16);
        assertThat(read.deadlineDays()).isEqualTo(30);
        assertThat(read).isEqualTo(original);
    }

    @Test
    void aDeadlineOfAFractionOfADaySurvivesARoundTrip() throws Exception {
        ScenarioInputs original = ScenarioInputs.defaults().withDeadlineDays(0.5);
        String json = codec.write(original);
        assertThat(json).contains("\"deadlineDays\" : 0.5");
        assertThat(codec.read(json)).isEqualTo(original);
    }

    @Test
    void aFileWrittenBeforeTheDeadlineReadsWithTheDefaultOf90Days() throws Exception {
        String json = codec.write(ScenarioInputs.defaults().withDeadlineDays(7).withMaxGpus(8))
                .replaceAll(",\\s*\"deadlineDays\" : \\d+", "");
        assertThat(json).doesNotContain("deadlineDays").contains("\"maxGpus\" : 8");
        ScenarioInputs read = codec.read(json);
        assertThat(read.deadlineDays()).isEqualTo(RankingOptions.DEFAULT_DEADLINE_DAYS).isEqualTo(90);
        assertThat(read.maxGpus()).isEqualTo(8);
    }

    @Test
    void aDeadlineOfNoDaysOrNotANumberIsRefusedNamingThePath() {
        String zero = codec.write(ScenarioInputs.defaults()).replace("\"deadlineDays\" : 90",
                "\"deadlineDays\" : 0");
        assertThatThrownBy(() -> codec.read(zero)).isInstanceOfSatisfying(ScenarioFileException.class, e -> {
            assertThat(e.reason()).isEqualTo(Reason.INVALID_VALUE);
            assertThat(e.detail()).isEqualTo("$.ranking.deadlineDays: 0 is not a positive number of days");
        });
        String negative = codec.write(ScenarioInputs.defaults()).replace("\"deadlineDays\" : 90",
                "\"deadlineDays\" : -2");
        assertThatThrownBy(() -> codec.read(negative)).isInstanceOfSatisfying(ScenarioFileException.class,
                e -> assertThat(e.detail()).contains("$.ranking.deadlineDays"));
        String text = codec.write(ScenarioInputs.defaults()).replace("\"deadlineDays\" : 90",
                "\"deadlineDays\" : \"a year\"");
        assertThatThrownBy(() -> codec.read(text)).isInstanceOfSatisfying(ScenarioFileException.class, e -> {
            assertThat(e.reason()).isEqualTo(Reason.MALFORMED);
            assertThat(e.detail()).contains("$.ranking.deadlineDays");
        });
    }

    @Test
    void aFileWithoutARankingObjectReadsWithTheDecisionTablesDefaults() throws Exception {
        String json = codec.write(ScenarioInputs.defaults().withTokenBudget(5).withMaxGpus(2))
                .replaceAll(",\\s*\"ranking\" : \\{[^}]*\\}", "");
        assertThat(json).doesNotContain("ranking").contains("\"formatVersion\" : 1");
        ScenarioInputs read = codec.read(json);
        assertThat(read.tokenBudget()).isEqualTo(RankingOptions.DEFAULT_TOKEN_BUDGET).isEqualTo(1_000_000_000L);
        assertThat(read.maxGpus()).isEqualTo(RankingOptions.DEFAULT_MAX_GPUS).isEqualTo(1024);
        assertThat(read).isEqualTo(ScenarioInputs.defaults());
    }

    @Test
    void aRankingObjectMissingOneValueDefaultsThatValue() throws Exception {
        String json = codec.write(ScenarioInputs.defaults().withMaxGpus(8))
                .replaceAll("\"tokenBudget\" : \\d+,\\s*", "");
        ScenarioInputs read = codec.read(json);
        assertThat(read.tokenBudget()).isEqualTo(RankingOptions.DEFAULT_TOKEN_BUDGET);
        assertThat(read.maxGpus()).isEqualTo(8);
    }

    @Test
    void aTokenBudgetBelowOneIsAnInvalidValueNamingThePath() {
        String json = codec.write(ScenarioInputs.defaults()).replace("\"tokenBudget\" : 1000000000",
                "\"tokenBudget\" : 0");
        assertThatThrownBy(() -> codec.read(json)).isInstanceOfSatisfying(ScenarioFileException.class, e -> {
            assertThat(e.reason()).isEqualTo(Reason.INVALID_VALUE);
            assertThat(e.detail()).contains("$.ranking.tokenBudget").contains("0 is outside 1..");
        });
    }

    @Test
    void aTokenBudgetThatIsNotAWholeNumberIsMalformedNamingThePath() {
        String json = codec.write(ScenarioInputs.defaults()).replace("\"tokenBudget\" : 1000000000",
                "\"tokenBudget\" : \"1B\"");
        assertThatThrownBy(() -> codec.read(json)).isInstanceOfSatisfying(ScenarioFileException.class, e -> {
            assertThat(e.reason()).isEqualTo(Reason.MALFORMED);
            assertThat(e.detail()).contains("$.ranking.tokenBudget").contains("whole number");
        });
    }

    @Test
    void aGpuLimitBelowOneOrBeyondAnIntIsAnInvalidValueNamingThePath() {
        for (String bad : new String[] {"0", "-4", "2147483648"}) {
            String json = codec.write(ScenarioInputs.defaults()).replace("\"maxGpus\" : 1024",
                    "\"maxGpus\" : " + bad);
            assertThatThrownBy(() -> codec.read(json)).as(bad).isInstanceOfSatisfying(ScenarioFileException.class,
                    e -> {
                        assertThat(e.reason()).isEqualTo(Reason.INVALID_VALUE);
                        assertThat(e.detail()).contains("$.ranking.maxGpus").contains(bad + " is outside 1..");
                    });
        }
    }

    @Test
    void aRankingThatIsNotAnObjectIsMalformed() {
        String json = codec.write(ScenarioInputs.defaults()).replaceAll("\"ranking\" : \\{[^}]*\\}",
                "\"ranking\" : 7");
        assertThatThrownBy(() -> codec.read(json)).isInstanceOfSatisfying(ScenarioFileException.class, e -> {
            assertThat(e.reason()).isEqualTo(Reason.MALFORMED);
            assertThat(e.detail()).contains("$.ranking").contains("expected an object");
        });
    }

    @Test
    void jsonNestedTooDeepOrWithATooLongNumberIsMalformedWithItsPlace() {
        String deep = "{\"formatVersion\": 1, \"x\": " + "[".repeat(1_001) + "]".repeat(1_001) + "}";
        assertThatThrownBy(() -> codec.read(deep)).isInstanceOfSatisfying(ScenarioFileException.class, e -> {
            assertThat(e.reason()).isEqualTo(Reason.MALFORMED);
            assertThat(e.detail()).isEqualTo("not valid JSON: line 1, column 1027: Document nesting depth (1001)"
                    + " exceeds the maximum allowed (1000)");
        });
        String digits = "{\"formatVersion\": " + "1".repeat(1_001) + "}";
        assertThatThrownBy(() -> codec.read(digits)).isInstanceOfSatisfying(ScenarioFileException.class, e -> {
            assertThat(e.reason()).isEqualTo(Reason.MALFORMED);
            assertThat(e.detail()).startsWith("not valid JSON: line 1, column ")
                    .contains("Number value length (1001) exceeds the maximum allowed (1000)");
        });
    }

    @Test
    void aModelNameFromTheFileIsEscapedAndCut() throws Exception {
        String json = codec.write(ScenarioInputs.defaults()).replaceFirst("\"name\" : \"[^\"]*\"",
                "\"name\" : \"Llama\\\\u001b[2J" + "x".repeat(300) + "\"");
        ScenarioInputs read = codec.read(json);
        assertThat(read.model().name()).startsWith("Llama\\u001b[2Jxxx").doesNotContain("\u001b")
                .endsWith("\u2026 (309 characters)");
    }
}
