package com.vramadvisor.engine.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.vramadvisor.catalog.Catalog;
import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.llm.DataType;
import com.vramadvisor.engine.llm.Precision;
import org.junit.jupiter.api.Test;

/**
 * BF16 is timed only where the GPU has it. Independent facts: the Tesla V100 SXM2 has 125 TFLOPS of FP16 tensor
 * arithmetic and 15.7 TFLOPS FP32 and no BF16 (NVIDIA V100 datasheet; CUDA compute capability 7.0); the T4 65 TFLOPS
 * FP16 tensor and 8.1 FP32 (NVIDIA T4 datasheet; 7.5); BF16 tensor cores arrived with the A100 (capability 8.0),
 * 312 TFLOPS dense for FP16 and BF16 alike (NVIDIA A100 datasheet); vLLM lists BF16 among a CUDA GPU's data types only
 * from capability 8.0 and loads a BF16 checkpoint as FP16 below it.
 */
class Bf16PeakRateTest {

    private static final Catalog CATALOG = CatalogLoader.shippedOnly().load();

    private static GpuSpec gpu(String id) {
        return CATALOG.gpu(id).orElseThrow();
    }

    @Test
    void bf16TrainingOnVoltaAndTuringRunsWithoutTensorCoresAtTheFp32Rate() {
        GpuSpec v100 = gpu("v100-sxm2-16gb");
        GpuSpec t4 = gpu("t4");
        assertThat(v100.lacksBf16Arithmetic()).isTrue();
        assertThat(t4.lacksBf16Arithmetic()).isTrue();
        for (Precision p : new Precision[] {Precision.BF16, Precision.BF16_MIXED}) {
            SpeedModel.PeakRate v = SpeedModel.trainingPeak(v100, p);
            assertThat(v.tflops()).as(p.id()).isCloseTo(15.7, within(1e-9));
            assertThat(v.fallback()).as(p.id()).isTrue();
            assertThat(SpeedModel.trainingPeak(t4, p).tflops()).as(p.id()).isCloseTo(8.1, within(1e-9));
        }
        SpeedModel.PeakRate fp16 = SpeedModel.trainingPeak(v100, Precision.FP16_MIXED);
        assertThat(fp16.tflops()).isCloseTo(125, within(1e-9));
        assertThat(fp16.fallback()).isFalse();
    }

    @Test
    void bf16OnAmpereAndOnGpusWithoutAComputeCapabilityRunsAtTheSixteenBitTensorRate() {
        GpuSpec a100 = gpu("a100-sxm-80gb");
        assertThat(a100.lacksBf16Arithmetic()).isFalse();
        SpeedModel.PeakRate training = SpeedModel.trainingPeak(a100, Precision.BF16_MIXED);
        assertThat(training.tflops()).isCloseTo(312, within(1e-9));
        assertThat(training.fallback()).isFalse();
        SpeedModel.PeakRate serving = SpeedModel.inferencePeak(a100, DataType.BF16);
        assertThat(serving.tflops()).isCloseTo(312, within(1e-9));
        assertThat(serving.fallback()).isFalse();
        GpuSpec mi300x = gpu("mi300x");
        assertThat(mi300x.lacksBf16Arithmetic()).as("no CUDA compute capability: not known to lack BF16").isFalse();
        assertThat(SpeedModel.trainingPeak(mi300x, Precision.BF16_MIXED).fallback()).isFalse();
    }

    @Test
    void bf16WeightsOnVoltaAndTuringAreServedAsFp16AtItsRateAndSaySo() {
        for (String id : new String[] {"v100-sxm2-16gb", "t4"}) {
            GpuSpec g = gpu(id);
            SpeedModel.PeakRate bf16 = SpeedModel.inferencePeak(g, DataType.BF16);
            SpeedModel.PeakRate fp16 = SpeedModel.inferencePeak(g, DataType.FP16);
            assertThat(bf16.tflops()).as(id).isEqualTo(fp16.tflops());
            assertThat(bf16.fallback()).as(id).isTrue();
            assertThat(fp16.fallback()).as(id).isFalse();
        }
        assertThat(SpeedModel.inferencePeak(gpu("t4"), DataType.BF16).tflops()).isCloseTo(65, within(1e-9));
    }
}
