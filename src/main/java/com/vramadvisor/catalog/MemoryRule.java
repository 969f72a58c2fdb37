package com.vramadvisor.catalog;

/**
 * How the catalog turns a GPU's memory "as sold" into the memory a process can really use, when no driver reading
 * has been published for that GPU. See {@code docs/catalog.md}, "Usable memory".
 *
 * <ul>
 *   <li><b>Total</b> (what the driver reports, e.g. {@code nvidia-smi}'s FB total): the vendor's "GB" label is
 *       binary for DRAM capacities (an RTX 3090 "24 GB" reports 24576 MiB, an A100 "80 GB" 81920 MiB), so
 *       {@code total = GB x 1024 MiB}; with ECC on by default on a GDDR card, 1/16 of it holds check bits
 *       (a T4 "16 GB" with ECC reports 15360 MiB = 16384 x 15/16). HBM and LPDDR carry ECC outside the data
 *       capacity.</li>
 *   <li><b>Usable</b> on a discrete GPU: total less what the driver reserves for itself before any process runs
 *       ({@code nvidia-smi -q}, "FB Memory Usage: Reserved"). Published readings on eight data-centre and
 *       workstation GPUs lie between 354 and 763 MiB, median 562.5 MiB; {@link #DEFAULT_RESERVED_MIB} uses that
 *       median. The CUDA context each process adds is counted by the engine
 *       ({@link com.vramadvisor.engine.llm.RuntimeOverhead}), not here.</li>
 *   <li><b>Usable</b> with Apple unified memory: the GPU's default wired limit, Metal's
 *       {@code recommendedMaxWorkingSetSize}: two thirds of the RAM up to 32 GiB, three quarters above
 *       (llama.cpp logs: 16 GiB gives 10922.67 MiB, 32 GiB 21845.34 MiB, 96 GiB 73728 MiB).</li>
 * </ul>
 */
public final class MemoryRule {

    /** Driver reservation assumed when no reading is published, in MiB (median of published readings). */
    public static final int DEFAULT_RESERVED_MIB = 560;

    /** Unified-memory size (MiB) up to which macOS wires two thirds for the GPU; above it, three quarters. */
    public static final long APPLE_SMALL_MEMORY_LIMIT_MIB = 32L * 1024;

    private MemoryRule() {
    }

    /**
     * Driver-reported total in MiB for a card sold as {@code nominalGb} "GB".
     *
     * @param eccOnByDefault whether the card ships with ECC on and keeps the check bits in its GDDR capacity
     */
    public static double totalMiB(double nominalGb, boolean eccOnByDefault) {
        double mib = nominalGb * 1024;
        return eccOnByDefault ? mib * 15 / 16 : mib;
    }

    /**
     * Usable MiB out of a driver-reported total.
     *
     * @param unifiedMemory whether the GPU shares the system's memory (Apple silicon)
     */
    public static double usableMiB(double totalMiB, boolean unifiedMemory) {
        if (unifiedMemory) {
            return totalMiB <= APPLE_SMALL_MEMORY_LIMIT_MIB ? totalMiB * 2 / 3 : totalMiB * 3 / 4;
        }
        return totalMiB - DEFAULT_RESERVED_MIB;
    }

    /** MiB to bytes, rounded to a whole byte. */
    public static long bytes(double mib) {
        return Math.round(mib * (1L << 20));
    }
}
