package com.vramadvisor.engine.vision;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.vramadvisor.engine.core.LargestFit;
import com.vramadvisor.engine.core.MemoryPart;
import com.vramadvisor.engine.core.SizedEstimate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class VisionWorkloadTest {

    private static VisionWorkload train(VisionModel m, long batch, int side, VisionPrecision p) {
        return new VisionWorkload(m, true, batch, side, side, p, VisionOptimizer.SGD_MOMENTUM, false, true, false);
    }

    @ParameterizedTest
    @EnumSource(VisionModel.class)
    void activationsGrowLinearlyWithTheBatch(VisionModel m) {
        long one = train(m, 1, 224, VisionPrecision.FP32).estimate().part("activations");
        assertThat(train(m, 64, 224, VisionPrecision.FP32).estimate().part("activations")).isEqualTo(64 * one);
    }

    @ParameterizedTest
    @EnumSource(value = VisionModel.class, names = {"RESNET_50", "RESNET_18", "VGG_16", "EFFICIENTNET_B0",
        "CONVNEXT_TINY"})
    void convolutionalActivationsGrowWithThePixelCount(VisionModel m) {
        // Every feature map of a CNN has (side / stride)^2 positions: doubling the side gives four times the
        // activations, less the fixed-size head (VGG's classifier, the loss).
        double ratio = (double) m.table(448, 448, false, true).savedBytes() / m.table(224, 224, false, true)
                .savedBytes();
        assertThat(ratio).isBetween(3.95, 4.0);
    }

    @Test
    void resNet50KeepsAboutTwelveGigabytesOfActivationsAtBatch128InFloat32() {
        // Hand count from torchvision's Bottleneck (each conv output kept by its batch norm, each in-place ReLU
        // output kept by the ReLU and the next conv, int64 max-pool indices, the fc input, 1000 float32
        // log-probabilities of the loss): 20,926,440 float32 elements and 200,705 int64 values (max-pool indices,
        // the label) per image = 85,311,400 bytes; x 128 = 10.9 GB, the "about 12 GB" with weights, states and
        // the CUDA context.
        assertThat(VisionModel.RESNET_50.table(224, 224, false, true).savedBytes()).isEqualTo(85_311_400L);
        SizedEstimate e = train(VisionModel.RESNET_50, 128, 224, VisionPrecision.FP32).estimate();
        assertThat(e.part("activations")).isEqualTo(128 * 85_311_400L);
        assertThat(e.peakBytes()).isBetween(11L << 30, 14L << 30);
    }

    @Test
    void parametersDoNotPredictActivations() {
        LayerTable effnet = VisionModel.EFFICIENTNET_B0.table(224, 224, false, true);
        LayerTable resnet = VisionModel.RESNET_50.table(224, 224, false, true);
        LayerTable vgg = VisionModel.VGG_16.table(224, 224, false, true);
        assertThat(effnet.params() * 4).isLessThan(resnet.params());
        assertThat(effnet.savedBytes()).isGreaterThan(resnet.savedBytes());
        assertThat(vgg.params()).isGreaterThan(5 * resnet.params());
        assertThat(vgg.savedBytes()).isLessThan(resnet.savedBytes());
    }

    @Test
    void quantisingTheWeightsDoesNotShrinkTrainingActivationsAndTheCaveatSaysSo() {
        SizedEstimate e = train(VisionModel.RESNET_50, 128, 224, VisionPrecision.FP32).estimate();
        assertThat(e.part("weights")).isEqualTo(4 * 25_557_032L);
        assertThat(e.part("activations")).isGreaterThan(100 * e.part("weights"));
        assertThat(e.caveats()).anySatisfy(c -> assertThat(c).contains("int8").contains("0.10 GiB")
                .contains("10.17 GiB"));
    }

    @Test
    void mixedPrecisionRoughlyHalvesActivationsAndAddsSixteenBitWeightCopies() {
        SizedEstimate fp32 = train(VisionModel.RESNET_50, 256, 224, VisionPrecision.FP32).estimate();
        SizedEstimate amp = train(VisionModel.RESNET_50, 256, 224, VisionPrecision.BF16_MIXED).estimate();
        double ratio = (double) amp.part("activations") / fp32.part("activations");
        // 16-bit feature maps; the int64 max-pool indices and the float32 loss keep their size.
        assertThat(ratio).isBetween(0.5, 0.52);
        assertThat(amp.part("weights")).isEqualTo(fp32.part("weights"));
        assertThat(amp.part("weightCopies16")).isEqualTo(2 * 25_502_912L);
        assertThat(fp32.part("weightCopies16")).isZero();
    }

    @Test
    void optimizerStatesFollowTheOptimizer() {
        long p = 86_567_656L;
        for (VisionOptimizer o : VisionOptimizer.values()) {
            var w = new VisionWorkload(VisionModel.VIT_B_16, true, 8, 224, 224, VisionPrecision.FP32, o, false, true,
                    false);
            assertThat(w.estimate().part("optimizerStates")).isEqualTo(4L * o.states() * p);
        }
        assertThat(VisionOptimizer.LAMB.states()).isEqualTo(2);
        assertThat(VisionOptimizer.SGD_MOMENTUM.states()).isEqualTo(1);
    }

    @ParameterizedTest
    @EnumSource(value = VisionModel.class, names = {"RESNET_152", "CONVNEXT_TINY", "VIT_L_16", "EFFICIENTNET_B0"})
    void recomputationKeepsLessThanStoringEverything(VisionModel m) {
        LayerTable t = m.table(224, 224, true, true);
        assertThat(t.recomputedSavedBytes()).isLessThan(t.savedBytes());
        var full = new VisionWorkload(m, true, 64, 224, 224, VisionPrecision.BF16_MIXED, VisionOptimizer.ADAMW, true,
                true, false);
        var none = new VisionWorkload(m, true, 64, 224, 224, VisionPrecision.BF16_MIXED, VisionOptimizer.ADAMW, false,
                true, false);
        assertThat(full.estimate().peakBytes()).isLessThan(none.estimate().peakBytes());
        assertThat(full.estimate().part("weights")).isEqualTo(none.estimate().part("weights"));
    }

    @Test
    void eagerAttentionKeepsTheScoresAndSdpaDoesNot() {
        // ViT-B/16 at 224: 197 tokens, 12 heads: 12 x 197^2 float32 scores per block, 12 blocks.
        long eager = VisionModel.VIT_B_16.table(224, 224, false, false).savedBytes();
        long sdpa = VisionModel.VIT_B_16.table(224, 224, false, true).savedBytes();
        long scores = 12L * 12 * 197 * 197 * 4;
        long lse = 12L * 12 * 197 * 4;
        long qScaled = 12L * 768 * 197 * 4;
        long sdpaOut = 12L * 768 * 197 * 4;
        assertThat(eager - sdpa).isEqualTo(scores + qScaled - sdpaOut - lse);
    }

    @Test
    void inferenceKeepsNothingForBackwardAndInt8QuartersTheWeights() {
        var fp32 = new VisionWorkload(VisionModel.RESNET_50, false, 64, 224, 224, VisionPrecision.FP32,
                VisionOptimizer.SGD, false, true, false);
        var int8 = new VisionWorkload(VisionModel.RESNET_50, false, 64, 224, 224, VisionPrecision.INT8,
                VisionOptimizer.SGD, false, true, false);
        assertThat(int8.estimate().part("weights") * 4).isEqualTo(fp32.estimate().part("weights"));
        assertThat(fp32.estimate().part("gradients")).isZero();
        assertThat(fp32.estimate().part("activations")).isLessThan(train(VisionModel.RESNET_50, 64, 224,
                VisionPrecision.FP32).estimate().part("activations") / 8);
        // The largest live set in ResNet-50 inference: in a first-stage block, conv3's 64 x 56 x 56 input is
        // dropped and its output and bn3's output (256 x 56 x 56 each) are live while the block's 256 x 56 x 56
        // input is held for the residual: three maps of 802,816 elements.
        assertThat(VisionModel.RESNET_50.table(224, 224, false, true).peakLiveElements())
                .isEqualTo(3L * 256 * 56 * 56);
    }

    @Test
    void theEstimateIsTheSumOfItsPartsAndDataParallelismSplitsTheBatch() {
        var w = train(VisionModel.EFFICIENTNET_B0, 256, 224, VisionPrecision.FP16_MIXED);
        SizedEstimate e = w.estimate();
        assertThat(e.parts().stream().mapToLong(MemoryPart::bytes).sum()).isEqualTo(e.peakBytes());
        assertThat(w.perGpu(1).orElseThrow()).isEqualTo(e);
        assertThat(w.perGpu(8).orElseThrow()).isEqualTo(w.withBatch(32).estimate());
        assertThat(w.perGpu(3).orElseThrow().peakBytes()).isLessThan(e.peakBytes());
        long budget = 16L << 30;
        long largest = LargestFit.largest(w, budget);
        assertThat(w.withBatch(largest).estimate().peakBytes()).isLessThanOrEqualTo(budget);
        assertThat(w.withBatch(largest + 1).estimate().peakBytes()).isGreaterThan(budget);
    }

    @Test
    void channelsLastChangesNoByte() {
        var nchw = train(VisionModel.RESNET_50, 32, 224, VisionPrecision.BF16_MIXED);
        var nhwc = new VisionWorkload(VisionModel.RESNET_50, true, 32, 224, 224, VisionPrecision.BF16_MIXED,
                VisionOptimizer.SGD_MOMENTUM, false, true, true);
        assertThat(nhwc.estimate().peakBytes()).isEqualTo(nchw.estimate().peakBytes());
        assertThat(nhwc.estimate().assumptions()).anySatisfy(a -> assertThat(a).contains("Channels-last"));
    }

    @Test
    void badValuesAreRejected() {
        assertThatThrownBy(() -> train(VisionModel.RESNET_50, 8, 224, VisionPrecision.INT8))
                .hasMessageContaining("int8");
        assertThatThrownBy(() -> train(VisionModel.RESNET_50, 0, 224, VisionPrecision.FP32))
                .hasMessageContaining("batch");
        assertThatThrownBy(() -> train(VisionModel.RESNET_50, 8, 16, VisionPrecision.FP32))
                .hasMessageContaining("resolution");
        assertThatThrownBy(() -> VisionModel.parse("resnet-51")).hasMessageContaining("resnet-50");
    }
}
