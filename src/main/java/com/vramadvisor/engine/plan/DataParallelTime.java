package com.vramadvisor.engine.plan;

/**
 * The data-parallel and ZeRO collectives of {@link StepTimeModel} for one group of parameters reduced over one group
 * of ranks (formulas and sources in its class comment): {@link StepTimeModel} calls them once for the dense
 * parameters over the {@code d x cp} ranks and once for the routed experts over the expert data-parallel group.
 */
final class DataParallelTime {

    private DataParallelTime() {
    }

    /**
     * Seconds of one step's gradient traffic for {@code trainable} parameters per GPU reduced over {@code group}
     * ranks {@code stride} apart: an all-reduce without ZeRO, a reduce-scatter of gradients and an all-gather of the
     * updated 16-bit parameters under ZeRO-1/2.
     */
    static double gradientSeconds(Fabric fabric, int zero, double trainable, int group, int stride,
                                          double paramBytes, double gradBytes) {
        if (group <= 1 || trainable <= 0) {
            return 0;
        }
        return zero == 0
                ? fabric.allReduceSeconds(trainable * gradBytes, group, stride)
                : fabric.gatherSeconds(trainable * gradBytes, group, stride)
                + fabric.gatherSeconds(trainable * paramBytes, group, stride);
    }

    /**
     * Seconds of ZeRO-3's traffic per micro-batch over {@code group} ranks {@code stride} apart: two all-gathers of
     * the parameters (forward and backward) and a reduce-scatter of the gradients.
     */
    static double zero3Seconds(Fabric fabric, double params, double trainable, int group, int stride,
                                       double paramBytes, double gradBytes) {
        if (group <= 1 || params <= 0) {
            return 0;
        }
        return 2 * fabric.gatherSeconds(params * paramBytes, group, stride)
                + fabric.gatherSeconds(trainable * gradBytes, group, stride);
    }
}
