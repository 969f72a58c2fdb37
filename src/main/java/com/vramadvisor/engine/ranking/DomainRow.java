package com.vramadvisor.engine.ranking;

import com.vramadvisor.engine.core.FitVerdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One option of the decision table for a workload beyond language models (vision, diffusion, rendering, molecular
 * dynamics, grids). Memory is in bytes. Whether the workload fits, on how many GPUs, what the option costs to buy or
 * to rent per hour, and, where the workload has a throughput model ({@code Sizable#work}: vision, MD with a pair
 * potential, stencil grids, HPCG), its speed, the time to finish the job and the job's cost
 * ({@link com.vramadvisor.engine.speed.DomainStepTime}).
 * Values that cannot be known (a price missing from the catalog, a speed for a rendering scene) are {@code null}.
 * Formulas: {@code docs/decision-table.md}, section "Workloads beyond language models".
 *
 * @param hardwareId        id of the GPU, system or cloud offer
 * @param hardwareName      display name ({@code 4 x NVIDIA RTX 6000 Ada} for several cards)
 * @param kind              single GPU, several cards of one GPU, system or cloud offer
 * @param acquisition       bought or rented
 * @param vendor            GPU vendor
 * @param formFactor        GPU form factor (PCIe, SXM5, ...)
 * @param gpuId             id of the GPU model the option is built from
 * @param gpuName           display name of that GPU model
 * @param fits              whether {@code perGpuBytes <= usableBytes}
 * @param gpusNeeded        GPUs the workload runs on: for a workload that spreads, the fewest counts of the option
 *                          (whole machines beyond one) whose per-GPU memory fits, or the largest within the GPU limit
 *                          when none does; for one that does not spread, 1 when it fits and 0 when it does not (one
 *                          GPU must hold it all)
 * @param gpusBought        GPUs the option comes with at that count (whole boards, systems or instances)
 * @param units             systems or cloud instances (1 for cards)
 * @param nodes             machines the option spans
 * @param gpusPerNode       GPUs in each of those machines
 * @param interconnect      the link between GPUs inside a machine, in words
 * @param network           the network between machines, in words; empty for a single machine
 * @param perGpuBytes       the workload's peak on one GPU at {@code gpusNeeded} GPUs (on one GPU when it does not
 *                          spread)
 * @param usableBytes       memory one process can allocate on the GPU ({@code GpuSpec#memoryBytesUsable})
 * @param headroomBytes     {@code usableBytes - perGpuBytes}; negative when it does not fit
 * @param headroomFraction  {@code headroomBytes / usableBytes}
 * @param purchaseUsd       bought: whole machines (cards plus hosts of the node class, or the systems' price);
 *                          {@code null} when rented or a price is missing
 * @param cardsUsd          bought: the GPUs alone; {@code null} when rented or unknown
 * @param rentalUsdPerHour  rented: all instances per hour; {@code null} when bought or unpriced
 * @param reasons           why it does not fit, and which assumptions matter
 * @param itemsPerSecond    items (images, time steps, iterations) the option completes per second; {@code null}
 *                          when it does not fit or no speed is modelled
 * @param stepSeconds       one step (a global batch, a time step) on {@code gpusNeeded} GPUs; {@code null} likewise
 * @param hours             the job: {@code items / itemsPerSecond / 3600}; {@code null} likewise
 * @param jobCostUsd        bought: the share of the capital the job uses over the amortisation plus its electricity;
 *                          rented: {@code hours x rentalUsdPerHour}; {@code null} when a price, power or speed is
 *                          missing
 * @param energyKWh         bought: electricity drawn for the job including the PUE; {@code null} when rented or
 *                          unknown
 * @param bound             what bounds the step ({@code compute}, {@code memory}, {@code network}); empty without a
 *                          speed
 */
public record DomainRow(String hardwareId, String hardwareName, HardwareKind kind, Acquisition acquisition,
                        String vendor, String formFactor, String gpuId, String gpuName, boolean fits, int gpusNeeded,
                        int gpusBought, int units, int nodes, int gpusPerNode, String interconnect, String network,
                        long perGpuBytes, long usableBytes, long headroomBytes, double headroomFraction,
                        Double purchaseUsd, Double cardsUsd, Double rentalUsdPerHour, List<Reason> reasons,
                        Double itemsPerSecond, Double stepSeconds, Double hours, Double jobCostUsd, Double energyKWh,
                        String bound) implements RankedOption {

    public DomainRow {
        Objects.requireNonNull(hardwareId, "hardwareId");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(acquisition, "acquisition");
        hardwareName = hardwareName == null ? hardwareId : hardwareName;
        vendor = vendor == null ? "" : vendor;
        formFactor = formFactor == null ? "" : formFactor;
        gpuId = gpuId == null ? "" : gpuId;
        gpuName = gpuName == null ? gpuId : gpuName;
        interconnect = interconnect == null ? "" : interconnect;
        network = network == null ? "" : network;
        if (fits && perGpuBytes > usableBytes) {
            throw new IllegalArgumentException(hardwareId + ": a row cannot fit when the need exceeds usable memory");
        }
        if (acquisition == Acquisition.RENTAL && (purchaseUsd != null || cardsUsd != null)) {
            throw new IllegalArgumentException(hardwareId + ": a rented option has no purchase price");
        }
        if (acquisition == Acquisition.PURCHASE && rentalUsdPerHour != null) {
            throw new IllegalArgumentException(hardwareId + ": a bought option has no hourly rent");
        }
        reasons = List.copyOf(reasons);
        bound = bound == null ? "" : bound;
    }

    /** Whether the row has a speed. */
    public boolean hasSpeed() {
        return itemsPerSecond != null;
    }

    /** GPU-hours of the job ({@code hours x gpusNeeded}), or {@code null} without a speed. */
    public Double gpuHours() {
        return hours == null ? null : hours * gpusNeeded;
    }

    /**
     * What the option costs in its own currency: the capital of whole machines when bought, the rent per hour of all
     * instances when rented; {@code null} when unpriced. The two are never compared with each other.
     */
    public Double cost() {
        return acquisition == Acquisition.PURCHASE ? purchaseUsd : rentalUsdPerHour;
    }

    /**
     * The three-state fit: {@link FitVerdict#DOES_NOT_FIT} when the row does not fit, {@link FitVerdict#TIGHT} when
     * it fits at the estimate but the capacity lies inside the estimate's range or the headroom is small
     * ({@link Reason#TIGHT_FIT}), else {@link FitVerdict#FITS}; as {@link RecommendationRow#verdict()}.
     */
    public FitVerdict verdict() {
        if (!fits) {
            return FitVerdict.DOES_NOT_FIT;
        }
        return reasons.contains(Reason.TIGHT_FIT) ? FitVerdict.TIGHT : FitVerdict.FITS;
    }

    /** The reason codes as strings, in order ({@code does-not-fit}, {@code does-not-spread}, ...). */
    public List<String> reasonCodes() {
        List<String> codes = new ArrayList<>(reasons.size());
        for (Reason r : reasons) {
            codes.add(r.code());
        }
        return codes;
    }
}
