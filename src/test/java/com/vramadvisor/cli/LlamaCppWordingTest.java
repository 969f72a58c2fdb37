package com.vramadvisor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.engine.llm.MemoryEstimator;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.serving.EngineWording;
import com.vramadvisor.engine.serving.ServingEngine;
import com.vramadvisor.report.ReportFormulasAccess;
import org.junit.jupiter.api.Test;

/**
 * An estimate served by llama.cpp speaks llama.cpp's language: buffers as its log names them, its split modes and
 * -ngl, no PyTorch allocator calls, no vLLM reservation, no ZeRO; the other engines keep PyTorch's and vLLM's.
 */
class LlamaCppWordingTest {

    @Test
    void aLlamaCppEstimateNamesBuffersAndSplitModesNotTorchOrVllm() {
        EstimateCommandTest.Result r = EstimateCommandTest.run("estimate", "--preset", "llama-3.1-8b", "--mode",
                "infer", "--weights", "q4_k_m", "--engine", "llama.cpp", "--tp", "2");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("Buffers ").contains("model, KV cache and compute buffers")
                .contains("rows split over 2 (--split-mode row)").contains("ggml")
                .doesNotContain("torch.cuda").doesNotContain("caching allocator").doesNotContain("ZeRO")
                .doesNotContain("gpu_memory_utilization").doesNotContain("vLLM")
                .contains("n_ubatch prompt tokens");
        EstimateCommandTest.Result vllm = EstimateCommandTest.run("estimate", "--preset", "llama-3.1-8b", "--mode",
                "infer", "--weights", "fp8");
        assertThat(vllm.out()).contains("torch.cuda.max_memory_allocated").contains("gpu_memory_utilization");
    }

    @Test
    void aLlamaCppReportSaysTheSame() {
        EstimateCommandTest.Result r = EstimateCommandTest.run("report", "--preset", "llama-3.1-8b", "--mode",
                "infer", "--weights", "q4_k_m", "--engine", "llama.cpp", "--md", "-");
        assertThat(r.status()).as(r.err()).isZero();
        assertThat(r.out()).contains("llama.cpp reserves no share of the device").contains("ggml")
                .doesNotContain("caching allocator").doesNotContain("gpu_memory_utilization");
    }

    @Test
    void theLlamaCppAssumptionsHaveEnglishAndChineseReportTexts() {
        ModelSpec llama = CatalogLoader.shippedOnly().load().model("llama-3.1-8b").orElseThrow();
        Workload w = ServingEngine.LLAMA_CPP.configure(Workload.builder().mode(com.vramadvisor.engine.llm.Mode.INFER)
                .build(), 0);
        for (String a : EngineWording.assumptions(w, new MemoryEstimator().estimate(llama, w).assumptions())) {
            assertThat(ReportFormulasAccess.translatedToChinese(a)).as(a).containsPattern("\\p{IsHan}");
        }
    }
}
