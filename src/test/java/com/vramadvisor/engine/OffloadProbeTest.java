package com.vramadvisor.engine;

import org.junit.jupiter.api.Test;

class OffloadProbeTest {
    @Test
    void probe() {
        MemoryEstimator e = new MemoryEstimator();
        for (int ngl : new int[] {0, 20, 32, 33}) {
            Workload w = Workload.builder().mode(Mode.INFER).batch(1).sequenceLength(256).context(768)
                    .precision(Precision.FP16).weightType(DataType.GGUF_Q4_K_M).kvCacheType(DataType.FP16)
                    .overhead(RuntimeOverhead.OFF).prefillChunkTokens(256).offload(new Offload(Offload.Target.NONE,
                            Offload.Device.CPU, ngl)).build();
            Estimate est = e.estimate(PublicModels.mistral7b(), w);
            System.out.printf("ngl %d weights %.2f MiB kv %.2f host %.2f MiB peak %.2f%n", ngl,
                    est.component(Component.WEIGHTS) / 1048576.0, est.component(Component.KV_CACHE) / 1048576.0,
                    est.hostBytes() / 1048576.0, est.peakBytes() / 1048576.0);
        }
        ModelSpec gpt = PublicModels.gptStyle(4096, 50, 32, 50257).toBuilder().maxPositions(1024).build();
        for (Offload.Target t : Offload.Target.values()) {
            if (t.parameters()) continue;
            Workload w = Workload.builder().mode(Mode.TRAIN).batch(10).sequenceLength(1024)
                    .precision(Precision.FP16_MIXED).optimizer(Optimizer.ADAM).recompute(Recompute.FULL)
                    .implementation(Implementation.MEGATRON)
                    .parallelism(new Parallelism(1, 1, 1, 2, false))
                    .offload(new Offload(t, Offload.Device.CPU, -1)).build();
            Estimate est = e.estimate(gpt, w);
            System.out.printf("%s params %d peak %.2f MiB host %.2f GB %s %s%n", t, est.parameters(),
                    est.peakBytes() / 1048576.0, est.hostBytes() / 1e9, est.peakPhase(), est.peakBreakdown());
        }
    }
}
