package com.vramadvisor.cli;

import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.serving.MemoryReservation;
import com.vramadvisor.engine.serving.ServingEngine;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Which serving reservation a fit on a catalog GPU was judged against ({@link ServingEngine#reservation}), for the
 * text and JSON output of {@code fit} and {@code estimate --gpu}: vLLM's default 0.9 of the device memory, a given
 * {@code --gpu-memory-utilization}, SGLang's {@code mem_fraction_static}, TensorRT-LLM's free-memory fraction, or
 * none.
 */
final class ReservationOutput {

    private ReservationOutput() {
    }

    /** The reservation for an inference workload on {@code gpu}; {@code null} for training. */
    static MemoryReservation of(GpuSpec gpu, Workload w) {
        return w.mode() == Mode.INFER ? ServingEngine.of(w).reservation(w, gpu.memoryBytesTotal()) : null;
    }

    /**
     * "H100 SXM5 80GB, 71.20 GiB (vllm gpu_memory_utilization 0.90 of the device memory (engine default))", or
     * "..., 79.11 GiB usable" when no reservation applies.
     */
    static String against(GpuSpec gpu, Workload w, long capacityBytes) {
        MemoryReservation r = of(gpu, w);
        if (r == null || r.basis() == MemoryReservation.Basis.NONE && !r.given()) {
            return gpu.name() + ", " + Quantities.gib(capacityBytes) + " usable";
        }
        return gpu.name() + ", " + Quantities.gib(capacityBytes) + " (" + r.describe() + ")";
    }

    /** JSON member {@code reservation}: engine, parameter, fraction, of, source and the budget in bytes. */
    static void putJson(Map<String, Object> root, GpuSpec gpu, Workload w, long capacityBytes) {
        MemoryReservation r = of(gpu, w);
        if (r == null) {
            return;
        }
        Map<String, Object> o = new LinkedHashMap<>();
        o.put("engine", r.engine().id());
        o.put("parameter", r.parameter());
        o.put("fraction", r.fraction());
        o.put("of", r.basis().id());
        o.put("source", r.source());
        o.put("budgetBytes", capacityBytes);
        root.put("reservation", o);
    }
}
