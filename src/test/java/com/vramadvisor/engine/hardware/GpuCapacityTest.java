package com.vramadvisor.engine.hardware;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.engine.Mode;
import com.vramadvisor.engine.Workload;
import com.vramadvisor.engine.serving.ServingEngine;
import org.junit.jupiter.api.Test;

/** The one rule every fit is judged by: usable memory, or for serving the smaller of it and vLLM's reservation. */
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
    void servingWithAReservationGetsItsFractionOfTheTotalWhenThatIsSmaller() {
        // vLLM's gpu_memory_utilization is a fraction of the device's total memory.
        assertThat(ServingEngine.capacityBytes(h100, Workload.builder().mode(Mode.INFER).gpuMemoryUtilization(0.9).build()))
                .isEqualTo((long) Math.floor(TOTAL * 0.9));
        assertThat(ServingEngine.capacityBytes(h100, Workload.builder().mode(Mode.INFER).gpuMemoryUtilization(0.999).build()))
                .isEqualTo(USABLE);
    }
}
