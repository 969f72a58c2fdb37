package com.vramadvisor.engine.hardware;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.serving.MemoryReservation;
import com.vramadvisor.engine.serving.ServingEngine;
import org.junit.jupiter.api.Test;

/** The one rule every fit is judged by: usable memory, or for serving the engine's reservation of it. */
class GpuCapacityTest {

    /** nvidia-smi on an H100 80GB HBM3: total 81,559 MiB, reserved 551 MiB (the catalog's reading). */
    private static final long TOTAL = 81_559L << 20;
    private static final long USABLE = 81_008L << 20;
    private final GpuSpec h100 = CatalogLoader.shippedOnly().load().gpu("h100-sxm-80gb").orElseThrow();

    @Test
    void theCatalogHoldsTheDriverReading() {
        assertThat(h100.memoryBytesTotal()).isEqualTo(TOTAL);
        assertThat(h100.memoryBytesUsable()).isEqualTo(USABLE);
    }

    @Test
    void trainingAndUnreservedServingGetTheUsableMemory() {
        assertThat(ServingEngine.capacityBytes(h100, Workload.builder().mode(Mode.TRAIN).build())).isEqualTo(USABLE);
        // A reservation is a serving engine's setting: training ignores it.
        assertThat(ServingEngine.capacityBytes(h100, Workload.builder().mode(Mode.TRAIN).gpuMemoryUtilization(0.5).build()))
                .isEqualTo(USABLE);
        assertThat(ServingEngine.capacityBytes(h100, Workload.builder().mode(Mode.INFER).build())).isEqualTo(USABLE);
    }

    @Test
    void aGivenReservationIsAFractionOfTheDeviceMemoryCudaReports() {
        // vLLM's request_memory: ceil(total_memory * gpu_memory_utilization), total_memory from
        // torch.cuda.mem_get_info(), nvidia-smi's total less the driver's reserve: the usable memory.
        assertThat(ServingEngine.capacityBytes(h100, Workload.builder().mode(Mode.INFER).gpuMemoryUtilization(0.9).build()))
                .isEqualTo((long) Math.ceil(USABLE * 0.9));
        assertThat(ServingEngine.capacityBytes(h100, Workload.builder().mode(Mode.INFER).gpuMemoryUtilization(0.5).build()))
                .isEqualTo((long) Math.ceil(USABLE * 0.5));
        assertThat(ServingEngine.capacityBytes(h100, Workload.builder().mode(Mode.INFER).gpuMemoryUtilization(1).build()))
                .isEqualTo(USABLE);
    }

    @Test
    void eachEngineWithoutAGivenReservationTakesItsOwnDefault() {
        Workload infer = Workload.builder().mode(Mode.INFER).build();
        // vLLM: EngineArgs.gpu_memory_utilization = 0.9 of the device memory, for the fit and the KV pool alike.
        Workload vllm = ServingEngine.VLLM.configure(infer, 0);
        assertThat(ServingEngine.capacityBytes(h100, vllm)).isEqualTo((long) Math.ceil(USABLE * 0.9));
        MemoryReservation r = ServingEngine.VLLM.reservation(vllm, TOTAL);
        assertThat(r.given()).isFalse();
        assertThat(r.describe()).isEqualTo("vllm gpu_memory_utilization 0.90 of the device memory, engine default");
        // SGLang's mem_fraction_static (0.835 on this GPU at TP 1 with its 8,192-token chunk) holds the weights and
        // the pool; activations use the rest, so the fit is judged against the usable memory.
        Workload sglang = ServingEngine.SGLANG.configure(infer, 0);
        assertThat(ServingEngine.SGLANG.reservation(sglang, TOTAL).fraction()).isEqualTo(0.835);
        assertThat(ServingEngine.capacityBytes(h100, sglang)).isEqualTo(USABLE);
        // TensorRT-LLM: 0.9 of what is free after weights and activations; llama.cpp and HF generate: none.
        assertThat(ServingEngine.capacityBytes(h100, ServingEngine.TRTLLM.configure(infer, 0))).isEqualTo(USABLE);
        assertThat(ServingEngine.capacityBytes(h100, ServingEngine.HF_GENERATE.configure(infer, 0))).isEqualTo(USABLE);
        assertThat(ServingEngine.HF_GENERATE.reservation(infer, TOTAL).describe())
                .isEqualTo("no serving reservation (hf)");
        // A given fraction replaces the default and says so.
        Workload given = vllm.toBuilder().gpuMemoryUtilization(0.95).build();
        assertThat(ServingEngine.VLLM.reservation(given, TOTAL).describe())
                .isEqualTo("vllm gpu_memory_utilization 0.95 of the device memory, given");
        // llama.cpp and HF generate have no memory share of their own: a given one caps the budget, and the text
        // names no setting they lack (llama.cpp's flags: -ngl, -c, -ub; no gpu_memory_utilization).
        Workload llamaCpp = ServingEngine.LLAMA_CPP.configure(infer, 0).toBuilder().gpuMemoryUtilization(0.5).build();
        assertThat(ServingEngine.LLAMA_CPP.reservation(llamaCpp, TOTAL).describe())
                .isEqualTo("a memory share of 0.50 of the device memory, given (llama.cpp has no such setting)");
        assertThat(ServingEngine.capacityBytes(h100, llamaCpp)).isEqualTo((long) Math.ceil(USABLE * 0.5));
    }

    /**
     * Published vLLM start-up lines give the budget it requests and the total it multiplies. llm-d/llm-d-benchmark,
     * config_explorer/empirical-vllm-memory-results.md
     * (https://github.com/llm-d/llm-d-benchmark/blob/main/config_explorer/empirical-vllm-memory-results.md), H100,
     * default utilization: "Free memory on device: 78.57/79.18 GiB on startup", "Desired GPU utilization: 0.9 (71.26
     * GiB)". A vLLM 0.10.2 log of Qwen3-Next-80B-A3B-Instruct at TP 2 on H200s: "Free memory on device
     * (139.21/139.81 GiB) on startup. Desired GPU memory utilization is (0.9, 125.83 GiB)". The catalog's usable
     * memory (nvidia-smi total less reserved, read on other hosts and drivers) gives 71.20 and 125.75 GiB;
     * nvidia-smi's total would give 71.69 and 126.36 GiB. The 0.2 % tolerance covers the reserve that differs by
     * driver and tells the two apart.
     */
    @Test
    void vllmsDefaultBudgetMatchesTheBudgetItsStartUpLogRequests() {
        var catalog = CatalogLoader.shippedOnly().load();
        Workload vllm = ServingEngine.VLLM.configure(Workload.builder().mode(Mode.INFER).build(), 0);
        double gib = 1L << 30;
        assertThat(ServingEngine.capacityBytes(catalog.gpu("h200-sxm-141gb").orElseThrow(), vllm) / gib)
                .isCloseTo(125.83, org.assertj.core.api.Assertions.withinPercentage(0.2));
        assertThat(ServingEngine.capacityBytes(h100, vllm) / gib)
                .isCloseTo(71.26, org.assertj.core.api.Assertions.withinPercentage(0.2));
    }
}
