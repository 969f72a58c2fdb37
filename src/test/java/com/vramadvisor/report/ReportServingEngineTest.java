package com.vramadvisor.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.ranking.ReferenceModels;
import com.vramadvisor.engine.serving.ServingEngine;
import com.vramadvisor.report.ReportModel.LabeledValue;
import org.junit.jupiter.api.Test;

/** The report's inputs name the serving engine an inference estimate follows, and its prefill chunk. */
class ReportServingEngineTest {

    private static Workload serving() {
        return ReportModelsTest.defaultScenario().toBuilder().mode(Mode.INFER).batch(16).sequenceLength(6144)
                .context(8192).build();
    }

    private static String engineInput(Workload workload, ReportLanguage language) {
        ReportModel report = ReportModels.from(ReferenceModels.llama3_8b(), workload, null,
                ReportModelsTest.context(language));
        return report.inputs().stream().filter(v -> v.key().equals("servingEngine")).map(LabeledValue::value)
                .findFirst().orElseThrow(() -> new AssertionError("no servingEngine input in " + report.inputs()));
    }

    @Test
    void vllmIsNamedWithItsChunkInBothLanguages() {
        Workload vllm = ServingEngine.VLLM.configure(serving(), 0);
        assertThat(engineInput(vllm, ReportLanguage.EN)).contains("vLLM").contains("8,192");
        assertThat(engineInput(vllm, ReportLanguage.ZH_CN)).contains("vLLM").contains("预填充分块");
    }

    @Test
    void huggingFaceGenerateAndLlamaCppAreNamed() {
        Workload hf = ServingEngine.HF_GENERATE.configure(serving(), 0);
        assertThat(engineInput(hf, ReportLanguage.EN)).contains("Hugging Face generate").contains("one pass");
        Workload llama = ServingEngine.LLAMA_CPP.configure(serving(), 256);
        assertThat(engineInput(llama, ReportLanguage.EN)).contains("llama.cpp").contains("256");
    }

    @Test
    void trainingReportsNameNoEngine() {
        ReportModel report = ReportModels.from(ReferenceModels.llama3_8b(), ReportModelsTest.defaultScenario(), null,
                ReportModelsTest.context(ReportLanguage.EN));
        assertThat(report.inputs()).noneSatisfy(v -> assertThat(v.key()).isEqualTo("servingEngine"));
    }
}
