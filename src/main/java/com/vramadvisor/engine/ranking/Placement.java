package com.vramadvisor.engine.ranking;

import com.vramadvisor.engine.plan.PlanLayout;

import java.util.List;

/**
 * How a workload is laid out on one option, as its kind's {@link OptionPlacer} found it: the GPUs it runs on and buys,
 * the per-GPU memory against the capacity, the speed there, and the notes only that kind knows. {@link RowBuilder}
 * adds what every kind shares (fit, tight fit, boards, machines, money) and makes the row.
 *
 * @param offer        the option
 * @param gpusNeeded   GPUs the workload runs on, all copies together (0 for a workload that does not spread and does
 *                     not fit: no count of GPUs holds it)
 * @param gpusBought   GPUs the option comes with at that count (whole boards, machines or instances)
 * @param replicas     language-model inference: model copies; else 1
 * @param layout       language models: the layout of one copy; {@code null} for the other kinds
 * @param perGpuBytes  the per-GPU peak there
 * @param capacityBytes the memory the fit is judged against
 * @param highBytes    the high end of the per-GPU estimate's range (the capacity inside it makes the fit tight)
 * @param runs         whether the workload can run on the option beyond memory: the GPU has the double precision it
 *                     needs, and a server within latency targets serves someone
 * @param exhausted    whether the search ran out of GPU counts within the limit without a fit
 * @param late         whether the search ran out of GPU counts without finishing the job within the deadline
 * @param speed        the speed there, {@link Speed#NONE} when it does not fit
 * @param serving      language-model inference: the users served, unpriced; {@code null} otherwise
 * @param reasons      the kind's own notes, in order
 */
record Placement(Offer offer, int gpusNeeded, int gpusBought, int replicas, PlanLayout layout, long perGpuBytes,
                 long capacityBytes, long highBytes, boolean runs, boolean exhausted, boolean late, Speed speed,
                 ServingFigures serving, List<Reason> reasons) {

    Placement {
        reasons = List.copyOf(reasons);
    }

    /** Whether the per-GPU need is within the capacity. */
    boolean memoryFits() {
        return perGpuBytes <= capacityBytes;
    }
}
