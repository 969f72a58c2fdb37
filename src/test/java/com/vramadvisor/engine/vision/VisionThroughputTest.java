package com.vramadvisor.engine.vision;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.vramadvisor.engine.core.ComputeRate;
import com.vramadvisor.engine.core.StepWork;
import org.junit.jupiter.api.Test;

/** The step work of vision training and inference ({@link VisionThroughput}). */
class VisionThroughputTest {

    private static VisionWorkload resnet(boolean training, boolean recompute, VisionPrecision p) {
        return new VisionWorkload(VisionModel.RESNET_50, training, 256, 224, 224, p, VisionOptimizer.SGD_MOMENTUM,
                recompute, true, true);
    }

    @Test
    void trainingIsThreeForwardPassesOfWorkAndFourWithRecomputation() {
        VisionWorkload train = resnet(true, false, VisionPrecision.FP16_MIXED);
        double forward = train.table().tensorFlops();
        // ResNet-50: 4.09 GMACs, so 8.18 GFLOPs forward per image.
        assertThat(forward / 1e9).isCloseTo(8.18, within(0.02));
        assertThat(train.work(1).orElseThrow().computeFlops()).isCloseTo(256 * 3 * forward, within(1.0));
        assertThat(resnet(true, true, VisionPrecision.FP16_MIXED).work(1).orElseThrow().computeFlops())
                .isCloseTo(256 * 4 * forward, within(1.0));
        StepWork infer = resnet(false, false, VisionPrecision.INT8).work(1).orElseThrow();
        assertThat(infer.computeFlops()).isCloseTo(256 * forward, within(1.0));
        assertThat(infer.rate()).isEqualTo(ComputeRate.INT8);
        assertThat(train.work(1).orElseThrow().rate()).isEqualTo(ComputeRate.FP16);
    }

    @Test
    void dataParallelTrainingSplitsTheBatchAndAllReducesFloat32Gradients() {
        VisionWorkload train = resnet(true, false, VisionPrecision.BF16_MIXED);
        StepWork one = train.work(1).orElseThrow();
        StepWork four = train.work(4).orElseThrow();
        assertThat(one.allReduceBytes()).isZero();
        assertThat(four.allReduceBytes()).isEqualTo(4.0 * train.table().params());
        assertThat(four.lastBucketBytes()).isEqualTo(25.0 * 1048576);
        assertThat(four.overlapFraction()).isCloseTo(2.0 / 3, within(1e-12));
        assertThat(four.computeFlops()).isCloseTo(one.computeFlops() / 4, within(1.0));
        assertThat(four.itemsPerStep()).isEqualTo(256);
    }

    @Test
    void theDefaultJobIsNinetyImageNetEpochsOrItsValidationSet() {
        assertThat(resnet(true, false, VisionPrecision.FP32).defaultJob().orElseThrow().items())
                .isEqualTo(90.0 * 1_281_167);
        assertThat(resnet(false, false, VisionPrecision.FP32).defaultJob().orElseThrow().items()).isEqualTo(50_000);
    }
}
