package com.vramadvisor.cli;

import com.vramadvisor.catalog.Catalog;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.serving.ServingEngine;
import java.io.PrintWriter;
import picocli.CommandLine.Option;

/**
 * What a workload must fit on one GPU, for {@code fit} and {@code advise}: a catalog GPU's capacity for the workload
 * ({@link ServingEngine#capacityBytes}, as the decision table judges fit) or a number of GiB given directly.
 */
final class MemoryTargetOption {

    @Option(names = "--gpu", paramLabel = "ID", description = "A GPU id from 'catalog list gpus' (its usable"
            + " memory), or 'mine' for this machine's GPU ('catalog detect'). fit with a --scenario of a kind other"
            + " than llm: default the GPU the file names, if any.")
    String gpuId;

    @Option(names = {"--memory-gib", "--budget-gib"}, paramLabel = "GiB",
            description = "Usable memory per GPU in GiB (2^30 bytes) instead of a catalog GPU.")
    Double memoryGib;

    /**
     * @param usableBytes the memory the workload may use on one GPU
     * @param description what it is, for the output: the GPU and its usable memory, or the GiB given
     * @param gpu         the catalog GPU, {@code null} when GiB were given
     */
    record Target(long usableBytes, String description, GpuSpec gpu) {
    }

    /**
     * The target for a workload beyond language models: a catalog GPU's usable memory (no serving memory fraction)
     * or the GiB given; {@code fallback} (a scenario file's GPU, or {@code null}) when neither flag is given.
     */
    Target resolveDevice(CatalogOption catalogOption, PrintWriter err, GpuSpec fallback) {
        if (gpuId == null && memoryGib == null && fallback != null) {
            return DomainRun.target(fallback);
        }
        if ((gpuId == null) == (memoryGib == null)) {
            throw new CliInputException("give exactly one of --gpu ID and --memory-gib GiB (also --budget-gib)");
        }
        if (gpuId != null) {
            return DomainRun.target(LatencyFigures.gpu(catalogOption.catalog(err), gpuId));
        }
        return resolve(null, catalogOption, err);
    }

    /** The target the flags name; a one-line input error when neither or both are given or the GiB are absurd. */
    Target resolve(Workload workload, CatalogOption catalogOption, PrintWriter err) {
        if ((gpuId == null) == (memoryGib == null)) {
            throw new CliInputException("give exactly one of --gpu ID and --memory-gib GiB (also --budget-gib)");
        }
        if (gpuId != null) {
            Catalog catalog = catalogOption.catalog(err);
            GpuSpec gpu = LatencyFigures.gpu(catalog, gpuId);
            long usable = ServingEngine.capacityBytes(gpu, workload);
            return new Target(usable, ReservationOutput.against(gpu, workload, usable), gpu);
        }
        if (!(memoryGib > 0 && memoryGib < 1e6)) {
            throw new CliInputException("--memory-gib must be above 0 and below 1e6, got " + memoryGib);
        }
        long usable = Math.round(memoryGib * (1L << 30));
        return new Target(usable, Quantities.gib(usable), null);
    }
}
