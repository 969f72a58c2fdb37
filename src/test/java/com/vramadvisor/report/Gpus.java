package com.vramadvisor.report;

import java.util.List;

import com.vramadvisor.engine.hardware.GpuSpec;

/**
 * GPUs for the report tests, from vendor spec sheets. Memory: driver total = nominal GB x 1024 MiB, usable = total
 * less the 560 MiB driver reservation (the catalog's rule, docs/catalog.md).
 */
final class Gpus {

    private static final long MIB = 1L << 20;

    private Gpus() {
    }

    private static GpuSpec gpu(String id, String name, String vendor, int gb, double bandwidthGBps, double fp16Tflops,
                               int watts, double priceUsd, String source) {
        return gpu(id, name, vendor, "SXM", gb, bandwidthGBps, fp16Tflops, watts, priceUsd, source);
    }

    private static GpuSpec gpu(String id, String name, String vendor, String formFactor, int gb, double bandwidthGBps,
                               double fp16Tflops, int watts, double priceUsd, String source) {
        long total = gb * 1024L * MIB;
        return new GpuSpec(id, name, vendor, "datacenter", formFactor, gb, "HBM", total, total - 560 * MIB, bandwidthGBps,
                0, 0, fp16Tflops, 0, 0, watts, "NVLink", 0, 5, 2022, priceUsd, priceUsd > 0 ? "2022-10" : "", source);
    }

    /**
     * NVIDIA GeForce RTX 4090: 24 GB GDDR6X, 1,008 GB/s, 165.2 dense FP16 TFLOPS, 450 W, 1,599 USD (Ada
     * whitepaper).
     */
    static GpuSpec rtx4090() {
        return gpu("rtx-4090", "NVIDIA GeForce RTX 4090", "NVIDIA", 24, 1008, 165.2, 450, 1599,
                "NVIDIA Ada Lovelace architecture whitepaper");
    }

    /** The RTX 4090 as a catalog entry without a board-power figure (0 W means unknown). */
    static GpuSpec rtx4090WithoutPowerFigure() {
        return gpu("rtx-4090-no-power", "NVIDIA GeForce RTX 4090 (no power figure)", "NVIDIA", 24, 1008, 165.2, 0,
                1599, "NVIDIA Ada Lovelace architecture whitepaper");
    }

    /** NVIDIA A100 SXM 40GB: HBM2 1,555 GB/s, 312 dense FP16 TFLOPS, 400 W (A100 datasheet). */
    static GpuSpec a100Sxm40() {
        return gpu("a100-sxm-40gb", "NVIDIA A100 SXM 40GB", "NVIDIA", 40, 1555, 312, 400, 0, "NVIDIA A100 datasheet");
    }

    /** NVIDIA H100 SXM 80GB: HBM3 3.35 TB/s, 989.4 dense FP16 TFLOPS, 700 W (H100 datasheet). */
    static GpuSpec h100Sxm() {
        return gpu("h100-sxm-80gb", "NVIDIA H100 SXM 80GB", "NVIDIA", 80, 3350, 989.4, 700, 0, "NVIDIA H100 datasheet");
    }

    /** AMD Instinct MI300X: 192 GB HBM3, 5.3 TB/s, 1,307.4 dense FP16 TFLOPS, 750 W (MI300X datasheet). */
    static GpuSpec mi300x() {
        return gpu("mi300x", "AMD Instinct MI300X", "AMD", 192, 5300, 1307.4, 750, 0, "AMD Instinct MI300X datasheet");
    }

    /** NVIDIA RTX PRO 6000 Blackwell Workstation Edition: a PCIe card of 96 GB, sold on its own (NVIDIA product page). */
    static GpuSpec rtxPro6000() {
        return gpu("rtx-pro-6000", "NVIDIA RTX PRO 6000 Blackwell Workstation Edition", "NVIDIA", "PCIe", 96, 1792,
                0, 600, 0, "NVIDIA RTX PRO 6000 Blackwell Workstation Edition product page");
    }

    static List<GpuSpec> all() {
        return List.of(rtx4090(), a100Sxm40(), h100Sxm(), mi300x());
    }
}
