package com.vramadvisor.engine.ranking;

import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.catalog.Catalog;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.hpc.MdSystem;
import com.vramadvisor.engine.hpc.Potential;
import com.vramadvisor.engine.hpc.SimPrecision;
import com.vramadvisor.engine.plan.Rig;
import com.vramadvisor.engine.vision.*;
import org.junit.jupiter.api.Test;

class DomainSpeedProbeTest {
    @Test
    void probe() {
        Catalog c = CatalogLoader.shippedOnly().load();
        RankingOptions o = RankingOptions.defaults();
        for (String id : new String[] {"a100-sxm-80gb", "v100-sxm2-16gb"}) {
            GpuSpec g = c.gpu(id).orElseThrow();
            for (VisionPrecision p : new VisionPrecision[] {VisionPrecision.FP16_MIXED, VisionPrecision.TF32, VisionPrecision.FP32}) {
                VisionWorkload w = new VisionWorkload(VisionModel.RESNET_50, true, 256, 224, 224, p,
                        VisionOptimizer.SGD_MOMENTUM, false, true, true);
                for (int n : new int[] {1, 8}) {
                    VisionWorkload wn = w.withBatch(256L * n);
                    Rig rig = Rig.units(g, 8, "", 0, c.hardware().nodeFor(g), g.memoryBytesUsable());
                    var s = DomainSpeed.of(wn.work(n).get(), g, rig.fabric(n), n, o.computeEfficiency(), o.decodeBandwidthEfficiency());
                    System.out.printf("PROBE %s %s n=%d %.0f img/s %s%n", id, p, n, 256.0 * n / s.seconds(), s.bound());
                }
            }
        }
        GpuSpec mi = c.gpu("mi250x").orElseThrow();
        MdSystem md = MdSystem.of(16_384_000, Potential.LJ, SimPrecision.DOUBLE);
        Rig rig = Rig.units(mi, 1, "", 0, c.hardware().nodeFor(mi), mi.memoryBytesUsable());
        var s = DomainSpeed.of(md.work(1).get(), mi, rig.fabric(1), 1, o.computeEfficiency(), o.decodeBandwidthEfficiency());
        System.out.printf("PROBE md %.3g atom-steps/s %s%n", 16_384_000 / s.seconds(), s.bound());
        System.out.printf("PROBE stream %.4g bytes/atom%n", md.work(1).get().streamBytes() / 16_384_000);
    }
}
