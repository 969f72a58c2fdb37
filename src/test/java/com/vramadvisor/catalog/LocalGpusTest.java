package com.vramadvisor.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.engine.hardware.GpuSpec;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** This machine's GPUs from nvidia-smi's CSV, matched to the shipped catalog. */
class LocalGpusTest {

    private static final List<GpuSpec> CATALOG = CatalogLoader.shippedOnly().load().gpus();

    @Test
    void nvidiaSmiLinesBecomeNamesAndBytes() {
        // nvidia-smi --query-gpu=name,memory.total --format=csv,noheader,nounits: one "name, MiB" line per GPU.
        List<LocalGpus.Detected> found = LocalGpus.parseNvidiaSmi(
                "NVIDIA H100 80GB HBM3, 81559\nNVIDIA GeForce RTX 4090, 24564\n\nnot a gpu line\n");
        assertThat(found).containsExactly(new LocalGpus.Detected("NVIDIA H100 80GB HBM3", 81559L << 20),
                new LocalGpus.Detected("NVIDIA GeForce RTX 4090", 24564L << 20));
    }

    @Test
    void detectedGpusMatchTheirCatalogEntriesByModelAndMemory() {
        // Totals as nvidia-smi -q reports them (the catalog's memoryReadingSource for each entry).
        assertThat(match("NVIDIA H100 80GB HBM3", 81559)).contains("h100-sxm-80gb");
        assertThat(match("NVIDIA A100-SXM4-80GB", 81920)).contains("a100-sxm-80gb");
        assertThat(match("NVIDIA GeForce RTX 4090", 24564)).contains("rtx-4090");
        assertThat(match("NVIDIA H200", 143771)).contains("h200-sxm-141gb");
        assertThat(match("NVIDIA GeForce RTX 4090", 12000)).isEmpty();
        assertThat(match("Some Unknown Accelerator", 81559)).isEmpty();
    }

    @Test
    void aMachineWithoutNvidiaSmiHasNoGpus() {
        assertThat(LocalGpus.detect(command -> Optional.empty())).isEmpty();
        assertThat(LocalGpus.detect(command -> Optional.of("NVIDIA L4, 23034\n"))).hasSize(1);
    }

    private static Optional<String> match(String name, long mib) {
        return LocalGpus.match(new LocalGpus.Detected(name, mib << 20), CATALOG).map(GpuSpec::id);
    }
}
