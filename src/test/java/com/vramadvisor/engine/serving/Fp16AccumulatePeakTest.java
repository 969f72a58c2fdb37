package com.vramadvisor.engine.serving;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.catalog.Catalog;
import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.llm.DataType;
import com.vramadvisor.engine.llm.Framework;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.Workload;
import org.junit.jupiter.api.Test;

/**
 * Prefill's peak where the engine multiplies with FP16 accumulation. NVIDIA's whitepapers give a GeForce card two FP16
 * tensor rates: the RTX 4090 330.3 dense TFLOPS with FP16 accumulate and 165.2 with FP32 accumulate (Ada GPU
 * Architecture whitepaper, appendix); the RTX 3090 142 and 71 (Ampere GA102 whitepaper, appendix). The catalog gives
 * the FP32-accumulate figure, which PyTorch's matrix multiplications (and vLLM's) use. llama.cpp's CUDA back-end asks
 * cuBLAS for FP16 accumulation ({@code CUBLAS_COMPUTE_16F}) for FP16 weights and for quantised weights it dequantises
 * to FP16, so on a GeForce card it gets the first. A data-centre GPU has one rate for both (A100: 312).
 */
class Fp16AccumulatePeakTest {

    private static final Catalog CATALOG = CatalogLoader.shippedOnly().load();

    private static double peak(String gpuId, Framework engine, DataType weights) {
        GpuSpec gpu = CATALOG.gpu(gpuId).orElseThrow();
        Workload w = Workload.builder().mode(Mode.INFER).framework(engine).weightType(weights).build();
        return ServingLatency.peak(gpu, w).tflops();
    }

    @Test
    void llamaCppOnAGeForceCardMultipliesAtTheFp16AccumulateRateFromTheWhitepapers() {
        assertThat(peak("rtx-4090", Framework.LLAMA_CPP, DataType.GGUF_Q4_K)).isCloseTo(330.4, org.assertj.core.data.Offset.offset(0.2));
        assertThat(peak("rtx-3090", Framework.LLAMA_CPP, DataType.FP16)).isEqualTo(142.0);
    }

    @Test
    void otherEnginesOtherWeightsAndDataCentreGpusKeepTheCatalogRate() {
        assertThat(peak("rtx-4090", Framework.VLLM, DataType.FP16)).isEqualTo(165.2);
        assertThat(peak("rtx-4090", Framework.LLAMA_CPP, DataType.FP32)).isEqualTo(82.6);
        assertThat(peak("a100-sxm-80gb", Framework.LLAMA_CPP, DataType.GGUF_Q4_K)).isEqualTo(312.0);
        assertThat(peak("titan-rtx", Framework.LLAMA_CPP, DataType.FP16)).isEqualTo(130.5);
    }
}
