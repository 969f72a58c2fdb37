package com.vramadvisor.engine.ranking;

import com.vramadvisor.engine.money.ColocationPrice;
import com.vramadvisor.engine.money.DepreciationClass;
import com.vramadvisor.engine.money.DepreciationCurve;
import com.vramadvisor.engine.money.ElectricityPrice;
import com.vramadvisor.engine.money.MoneyFacts;
import com.vramadvisor.engine.money.PowerUsageEffectiveness;
import com.vramadvisor.engine.money.SellingCost;
import com.vramadvisor.engine.hardware.CloudOffer;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.hardware.HardwareList;
import com.vramadvisor.engine.hardware.NodeSpec;
import com.vramadvisor.engine.hardware.SystemSpec;

import java.util.List;
import java.util.Map;

/**
 * GPUs, systems and cloud offers for the ranking tests, from vendor spec sheets. Memory totals follow the catalog's
 * rule (driver total = "GB" x 1024 MiB; usable = total - 560 MiB driver reservation; see docs/catalog.md).
 */
public final class TestHardware {

    private TestHardware() {
    }

    public static final long MIB = 1L << 20;

    public static long totalBytes(double nominalGb) {
        return Math.round(nominalGb * 1024) * MIB;
    }

    public static long usableBytes(double nominalGb) {
        return totalBytes(nominalGb) - 560 * MIB;
    }

    /**
     * NVIDIA H100 SXM5 80GB, H100 datasheet / Hopper whitepaper: HBM3 3.35 TB/s; dense FP16/BF16 tensor 989.4,
     * FP8 1978.9, TF32 494.7, FP32 66.9 TFLOPS; 700 W; NVLink 4 at 900 GB/s. No list price.
     */
    public static GpuSpec h100Sxm() {
        return new GpuSpec("h100-sxm-80gb", "NVIDIA H100 SXM 80GB", "NVIDIA", "datacenter", "SXM", 80, "HBM3",
                totalBytes(80), usableBytes(80), 3350, 66.9, 494.7, 989.4, 1978.9, 1978.9, 700, "NVLink 4", 900, 5,
                2022, 0, "", "NVIDIA H100 datasheet");
    }

    /**
     * NVIDIA A100 SXM4 80GB, A100 datasheet: HBM2e 2,039 GB/s; dense FP16/BF16 tensor 312, TF32 156, FP32 19.5
     * TFLOPS; INT8 624 TOPS; 400 W; NVLink 3 at 600 GB/s.
     */
    public static GpuSpec a100Sxm80() {
        return new GpuSpec("a100-sxm-80gb", "NVIDIA A100 SXM 80GB", "NVIDIA", "datacenter", "SXM", 80, "HBM2e",
                totalBytes(80), usableBytes(80), 2039, 19.5, 156, 312, 0, 624, 400, "NVLink 3", 600, 4, 2020, 0, "",
                "NVIDIA A100 datasheet");
    }

    /** NVIDIA A100 SXM4 40GB, A100 datasheet: HBM2 1,555 GB/s; otherwise as the 80GB part. */
    public static GpuSpec a100Sxm40() {
        return new GpuSpec("a100-sxm-40gb", "NVIDIA A100 SXM 40GB", "NVIDIA", "datacenter", "SXM", 40, "HBM2",
                totalBytes(40), usableBytes(40), 1555, 19.5, 156, 312, 0, 624, 400, "NVLink 3", 600, 4, 2020, 0, "",
                "NVIDIA A100 datasheet");
    }

    /**
     * NVIDIA GeForce RTX 4090, Ada Lovelace whitepaper: 24 GB GDDR6X at 1,008 GB/s; FP16 tensor with FP32
     * accumulate 165.2 dense, FP8 330.3 dense, FP32 82.6 TFLOPS; 450 W; no NVLink; launch price 1,599 USD (2022-10).
     */
    public static GpuSpec rtx4090() {
        return new GpuSpec("rtx-4090", "NVIDIA GeForce RTX 4090", "NVIDIA", "consumer", "PCIe", 24, "GDDR6X",
                totalBytes(24), usableBytes(24), 1008, 82.6, 82.6, 165.2, 330.3, 660.6, 450, "PCIe 4.0", 0, 4, 2022,
                1599, "2022-10", "NVIDIA Ada Lovelace architecture whitepaper");
    }

    /**
     * NVIDIA GeForce RTX 3060 12GB: GDDR6 at 360 GB/s, 12.7 shader TFLOPS, 101 tensor TFLOPS with sparsity (so about
     * 25 dense with FP32 accumulate), 170 W, launch price 329 USD (2021-02).
     */
    public static GpuSpec rtx3060() {
        return new GpuSpec("rtx-3060-12gb", "NVIDIA GeForce RTX 3060 12GB", "NVIDIA", "consumer", "PCIe", 12, "GDDR6",
                totalBytes(12), usableBytes(12), 360, 12.7, 12.7, 25.4, 0, 101, 170, "PCIe 4.0", 0, 4, 2021, 329,
                "2021-02", "NVIDIA GeForce RTX 3060 product page");
    }

    /**
     * AMD Instinct MI300X, AMD datasheet: 192 GB HBM3 at 5.3 TB/s, FP16 dense 1307.4 TFLOPS, 750 W, Infinity
     * Fabric.
     */
    public static GpuSpec mi300x() {
        return new GpuSpec("mi300x", "AMD Instinct MI300X", "AMD", "datacenter", "OAM", 192, "HBM3", totalBytes(192),
                usableBytes(192), 5300, 163.4, 653.7, 1307.4, 2614.9, 2614.9, 750, "Infinity Fabric", 896, 5, 2023, 0,
                "", "AMD Instinct MI300X datasheet");
    }

    public static List<GpuSpec> gpus() {
        return List.of(rtx3060(), rtx4090(), a100Sxm40(), a100Sxm80(), h100Sxm(), mi300x());
    }

    /** NVIDIA DGX A100 (8 x A100 40GB, NVSwitch), launch price 199,000 USD (2020-05), 6.5 kW maximum. */
    public static SystemSpec dgxA100() {
        return new SystemSpec("dgx-a100-320gb", "NVIDIA DGX A100 320GB", "a100-sxm-40gb", 8, "NVSwitch", 199_000,
                "2020-05", 6500, "NVIDIA DGX A100 launch announcement");
    }

    /** AWS p4d.24xlarge: 8 x A100 40GB, about 32.77 USD per hour on demand in us-east-1 (2024). */
    public static CloudOffer p4d() {
        return new CloudOffer("aws-p4d.24xlarge", "AWS", "p4d.24xlarge", "a100-sxm-40gb", 8, 32.7726, "2024-06",
                "us-east-1", "AWS EC2 on-demand pricing");
    }

    /** A 4-card tower for consumer cards: host 3,000 USD, 250 W, 10 GbE between towers (test figures). */
    public static NodeSpec tower() {
        return new NodeSpec("desktop-tower", "Tower", 4, false, 8, "10 GbE", 10, 3_000, "2025", 250, "test");
    }

    /** An 8-GPU baseboard server: host 50,000 USD, 3,000 W, 8 x 400 Gb/s InfiniBand (test figures). */
    public static NodeSpec board() {
        return new NodeSpec("board", "8-GPU board server", 8, true, 16, "InfiniBand, 8 x 400 Gb/s", 3200, 50_000,
                "2024", 3_000, "test");
    }

    /** The same GPU at another price (a test figure). */
    public static GpuSpec priced(GpuSpec g, double priceUsd) {
        return new GpuSpec(g.id(), g.name(), g.vendor(), g.segment(), g.formFactor(), g.memoryGbNominal(),
                g.memoryType(), g.memoryBytesTotal(), g.memoryBytesUsable(), g.memoryBandwidthGBps(), g.fp32Tflops(),
                g.tf32Tflops(), g.fp16Tflops(), g.fp8Tflops(), g.int8Tops(), g.tdpWatts(), g.interconnect(),
                g.interconnectGBps(), g.pcieGen(), g.launchYear(), priceUsd, "2024", g.source());
    }

    /**
     * {@link #gpus()} with the A100 80GB priced at 15,000 USD, consumer cards in {@link #tower()}s and the others on
     * {@link #board()}s.
     */
    public static HardwareList list(List<SystemSpec> systems, List<CloudOffer> cloud) {
        List<GpuSpec> gpus = List.of(rtx3060(), rtx4090(), a100Sxm40(), priced(a100Sxm80(), 15_000), h100Sxm(),
                mi300x());
        Map<String, String> classes = Map.of("rtx-3060-12gb", "desktop-tower", "rtx-4090", "desktop-tower", "a100-sxm-40gb", "board",
                "a100-sxm-80gb", "board", "h100-sxm-80gb", "board", "mi300x", "board");
        return new HardwareList(gpus, systems, cloud, Map.of("desktop-tower", tower(), "board", board()), classes, Map.of(),
                money());
    }

    /**
     * Test money facts, round figures for hand arithmetic (not the catalog's): electricity $0.124/kWh, PUE 1.5,
     * colocation $200 per kW-month, a 10 % selling fee, and every class reselling at 100 % new falling linearly to
     * 20 % at 60 months.
     */
    public static MoneyFacts money() {
        List<DepreciationCurve> curves = new java.util.ArrayList<>();
        for (DepreciationClass c : DepreciationClass.values()) {
            curves.add(new DepreciationCurve(c, List.of(new DepreciationCurve.Point(0, 1.0, "test"),
                    new DepreciationCurve.Point(60, 0.2, "test")), "2026", "test"));
        }
        return new MoneyFacts(new ElectricityPrice(0.124, "2026", "US", "test"),
                new PowerUsageEffectiveness(1.5, "2026", "test"), new ColocationPrice(200, "2026", "US", "test"),
                List.of(), curves, new SellingCost(0.1, "2026", "test"));
    }
}
