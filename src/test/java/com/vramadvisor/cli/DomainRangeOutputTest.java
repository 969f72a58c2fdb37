package com.vramadvisor.cli;

import static com.vramadvisor.cli.EstimateCommandTest.runJson;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * {@code estimate --workload X} reports a range beside the peak: the CUDA context of the kind's library set from the
 * smallest lazily loaded context measured (287,047,680 bytes, pytorch/pytorch pull request 86509) to the largest
 * eager one (1,343 MiB, Hugging Face "Efficient Training on a Single GPU") plus 512 MiB for libraries loaded at first
 * use, and the allocator reserve from none to twice the estimate's.
 */
class DomainRangeOutputTest {

    private static final long MIB = 1L << 20;

    @Test
    void visionTrainingSpansTheTorchContextAndTwiceTheReserve() throws IOException {
        JsonNode e = runJson("estimate", "--workload", "vision", "--preset", "resnet-50", "--mode", "train", "--batch",
                "128", "--resolution", "224", "--format", "json");
        long peak = e.get("peakBytes").asLong();
        long context = e.get("components").get("cudaContext").asLong();
        long reserve = e.get("components").get("allocatorReserve").asLong();
        long tensors = peak - context - reserve;
        assertThat(context).isEqualTo(1L << 30);
        assertThat(e.get("range").get("lowBytes").asLong()).isEqualTo(tensors + 287_047_680L);
        assertThat(e.get("range").get("highBytes").asLong()).isEqualTo(tensors + (1_343 + 512) * MIB + 2 * reserve);
    }

    @Test
    void molecularDynamicsHasNoAllocatorReserveOnlyTheContext() throws IOException {
        JsonNode e = runJson("estimate", "--workload", "md", "--atoms", "1000000", "--format", "json");
        long tensors = e.get("peakBytes").asLong() - 512 * MIB;
        assertThat(e.get("range").get("lowBytes").asLong()).isEqualTo(tensors + 287_047_680L);
        assertThat(e.get("range").get("highBytes").asLong()).isEqualTo(tensors + 1024 * MIB);
    }

    @Test
    void fitOnACardInsideTheRangeSaysTight() throws IOException {
        // ResNet-50 at batch 680 and 224 x 224, one below the largest batch whose estimate fits a V100 32 GB
        // (fit: 681): the peak fits, the high end of its range does not.
        JsonNode at = runJson("estimate", "--workload", "vision", "--preset", "resnet-50", "--mode", "train", "--batch",
                "680", "--resolution", "224", "--gpu", "v100-pcie-32gb", "--format", "json");
        long low = at.get("range").get("lowBytes").asLong();
        long high = at.get("range").get("highBytes").asLong();
        long capacity = at.get("fit").get("capacityBytes").asLong();
        String expected = high <= capacity ? "fits" : low <= capacity ? "tight" : "does-not-fit";
        assertThat(at.get("fit").get("verdict").asText()).isEqualTo(expected).isEqualTo("tight");
    }
}
