package com.vramadvisor.catalog;

import com.vramadvisor.engine.hardware.GpuSpec;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Checks shipped GPUs against the vendors' published figures. Each row states the spec-sheet figure and where it
 * is published; tensor figures are dense, i.e. half of the "with sparsity" figures NVIDIA's sheets print.
 */
class GpuSpecSheetTest {

    private static final Catalog CATALOG = CatalogLoader.shippedOnly().load();

    @ParameterizedTest(name = "{0}: {1} GB, {2} GB/s, BF16 {3} TFLOPS dense, {4} W ({5})")
    @CsvSource(delimiter = '|', textBlock = """
            a100-pcie-40gb | 40  | 1555 | 312    | 250  | A100 datasheet: 1,555 GB/s, BF16 312 (624 sparse), 250 W
            a100-sxm-40gb  | 40  | 1555 | 312    | 400  | A100 datasheet: 1,555 GB/s, 400 W
            a100-pcie-80gb | 80  | 1935 | 312    | 300  | A100 datasheet: 1,935 GB/s, 300 W
            a100-sxm-80gb  | 80  | 2039 | 312    | 400  | A100 datasheet: 2,039 GB/s, 400 W
            h100-sxm-80gb  | 80  | 3350 | 989.5  | 700  | H100 datasheet: 3.35 TB/s, BF16 1,979 sparse, 700 W
            h100-pcie-80gb | 80  | 2000 | 756.5  | 350  | H100 datasheet: 2 TB/s, BF16 1,513 sparse; PB-11133: 350 W
            h100-nvl-94gb  | 94  | 3900 | 835.5  | 400  | H100 datasheet, NVL: 3.9 TB/s, BF16 1,671 sparse, 400 W
            h200-sxm-141gb | 141 | 4800 | 989.5  | 700  | H200 datasheet: 4.8 TB/s, BF16 1,979 sparse, 700 W
            b200-sxm-180gb | 180 | 8000 | 2250   | 1000 | DGX B200: 1,440 GB, 64 TB/s for 8; HGX: 2.25 PF dense
            l40s           | 48  | 864  | 362.05 | 350  | L40S datasheet: 864 GB/s, BF16 362.05 (733 sparse), 350 W
            mi300x         | 192 | 5300 | 1307.4 | 750  | AMD MI300X data sheet: 5.3 TB/s, BF16 1,307.4 dense, 750 W
            rtx-4090       | 24  | 1008 | 165.2  | 450  | Ada whitepaper v2.01: 1,008 GB/s, 165.2 dense (FP32 acc.)
            rtx-a6000      | 48  | 768  | 154.8  | 300  | GA102 whitepaper (RTX A6000): 768 GB/s, 154.8 dense, 300 W
            rtx-6000-ada   | 48  | 960  | 364    | 300  | heise 2022-12: 960 GB/s, 300 W; BF16 364 dense (1,457 FP8 sparse / 4)
            rtx-5090       | 32  | 1792 | 209.5  | 575  | Spheron/Linux Format: 1,792 GB/s, 575 W, 838.4 FP16-acc. sparse = 4 x 209.6
            v100-sxm2-16gb | 16  | 900  | 125    | 300  | syhw FLOPS gist: V100 (NVLink) 125 tensor; TweakTown GTC 2017: 300 W
            v100-pcie-32gb | 32  | 900  | 112    | 250  | io-tech.fi: V100 PCIe 14 FP32, 112 tensor, 900 GB/s, 250 W
            t4             | 16  | 320  | 65     | 70   | Geektopia 2018-09-13: 65 TFLOPS mixed precision; SysRqmts: 320 GB/s, 70 W
            l4             | 24  | 300  | 121    | 72   | L4 datasheet via Grokipedia: FP16 242 sparse, 300 GB/s, 72 W
            mi250x         | 64  | 1638.4 | 191.5 | 280 | AMD (Zexron): 128 GB, 383 TFLOPS, 560 W per two-GCD module; torchtitan: 191.5 per GCD
            gaudi2         | 96  | 2450 | 432    | 600  | Gaudi 3 white paper via ml-engineering: BF16 432; Yobitel: 96 GB, 2.45 TB/s, 600 W
            gaudi3         | 128 | 3700 | 1835   | 900  | Gaudi 3 white paper via Yobitel/evokernel: BF16 1,835, 128 GB, 3.7 TB/s, 900 W
            max-1550       | 128 | 3276.8 | 839  | 600  | Hot Chips 34 via TweakTown: BF16 839; Lockwood: 3.2768 TB/s, 600 W
            rtx-3070       | 8   | 448  | 40.6   | 220  | alldbin: 448 GB/s, 220 W; 46 SMs x 512 x 1.725 GHz = 40.6
            rtx-3080-10gb  | 10  | 760  | 59.5   | 320  | Fudzilla/TweakTown 2020-09: 760 GB/s, 320 W; 68 SMs x 512 x 1.71 GHz
            rtx-3080-ti    | 12  | 912  | 68.2   | 350  | NVIDIA spec compilation: 912 GB/s, 350 W; 80 x 512 x 1.665 GHz
            rtx-4070-ti    | 12  | 504  | 80.2   | 285  | Wccftech (RTX 4080 12GB): 504 GB/s, 285 W; 60 x 512 x 2.61 GHz
            titan-rtx      | 24  | 672  | 130.5  | 280  | Tom's Hardware 2018-12-03: 672 GB/s, 280 W; 130 TFLOPS tensor
            h200-sxm-141gb-cts | 141 | 4800 | 989.5 | 1000 | MLPerf v4.1 system description: H200 CTS, TGP 1000W
            gaudi1         | 32  | 900  | 60     | 400  | Intel, Hot Chips 2024: Gaudi 400 W, BF16 60 TFLOPs, 900 GB/s
            arc-pro-b60-24gb | 24 | 456 | 98.3   | 200  | technical.city: 456 GB/s, 200 W; 160 XMX x 256 x 2.4 GHz = 98.3
            """)
    void matchesItsSpecSheet(String id, double memoryGb, double bandwidthGBps, double bf16DenseTflops, int tdpWatts,
                             String source) {
        GpuSpec gpu = CATALOG.gpu(id).orElseThrow(() -> new AssertionError(id + " missing; " + source));

        assertThat(gpu.memoryGbNominal()).as(source).isEqualTo(memoryGb);
        assertThat(gpu.memoryBandwidthGBps()).as(source).isEqualTo(bandwidthGBps);
        assertThat(gpu.fp16Tflops()).as(source).isCloseTo(bf16DenseTflops, within(0.05));
        assertThat(gpu.tdpWatts()).as(source).isEqualTo(tdpWatts);
    }

    @ParameterizedTest(name = "{0}: FP32 {1}, TF32 {2}, FP8 {3}, INT8 {4} ({5})")
    @CsvSource(delimiter = '|', textBlock = """
            a100-sxm-80gb  | 19.5  | 156   | 0      | 624    | NVIDIA A100 datasheet; Ampere has no FP8
            h100-sxm-80gb  | 67    | 494.5 | 1979   | 1979   | H100 datasheet: TF32 989, FP8 and INT8 3,958 sparse
            l40s           | 91.6  | 183   | 733    | 0      | L40S datasheet: TF32 183 (366 sparse), FP8 733
            mi300x         | 163.4 | 653.7 | 2614.9 | 2614.9 | AMD MI300X data sheet, dense
            t4             | 8.1   | 0     | 0      | 130    | T4 datasheet: 8.1 FP32, 130 TOPS INT8; no TF32
            l4             | 30.3  | 60    | 242.5  | 242.5  | L4 datasheet via Grokipedia: TF32 120, FP8/INT8 485 sparse
            gh200-96gb     | 67    | 494.5 | 1979   | 1979   | ml-engineering TFLOPS table: GH200 per chip as H100 SXM
            rtx-5090       | 104.8 | 0     | 419    | 838    | Linux Format: 104 FP32; FP8 419 FP32-acc.; INT8 3,352 AI TOPS / 4
            mi250x         | 23.95 | 0     | 0      | 191.5  | AMD: 47.9 FP32, 383 INT8 per module; ml-engineering: no TF32
            max-1550       | 52    | 419   | 0      | 1678   | Hot Chips 34 via TweakTown: 52 FP32, 419 TF32, 1,678 INT8
            gaudi3         | 0     | 459   | 1835   | 0      | Gaudi 3 white paper via ml-engineering: TF32 459, FP8 1,835
            gaudi2         | 0     | 0     | 865    | 0      | Gaudi 3 white paper via ml-engineering: Gaudi 2 FP8 865
            rtx-3060-12gb  | 12.74 | 0     | 0      | 0      | SysRqmts (TechPowerUp data): 12.74 TFLOPS FP32; tensor unsourced
            arc-a770-16gb  | 19.66 | 0     | 0      | 0      | FPSBench: 19.66 TFLOPS FP32; XMX rates unsourced
            """)
    void matchesItsSpecSheetAtOtherPrecisions(String id, double fp32, double tf32, double fp8, double int8,
                                              String source) {
        GpuSpec gpu = CATALOG.gpu(id).orElseThrow();

        assertThat(gpu.fp32Tflops()).as(source).isEqualTo(fp32);
        assertThat(gpu.tf32Tflops()).as(source).isEqualTo(tf32);
        assertThat(gpu.fp8Tflops()).as(source).isEqualTo(fp8);
        assertThat(gpu.int8Tops()).as(source).isEqualTo(int8);
    }

    /**
     * Purchase prices, the month they applied and their market, where a stored source states them: launch list prices
     * for cards on sale at list, and for the rest the dated US asking prices of the Amazon price log
     * github.com/United-Compute/gpu-price-tracker (data/*.json, read at the commits gpus.json names) or of the archived
     * listings in Epoch AI's hardware price data (github.com/epoch-research/training-cost-trends, data/Hardware
     * prices.csv).
     */
    @ParameterizedTest(name = "{0}: USD {1} ({2}, {3})")
    @CsvSource(delimiter = '|', textBlock = """
            rtx-3060-12gb  | 329      | 2021-02 | us-list   | SysRqmts (TechPowerUp data): launch price 329 USD, available 2021-02-25
            rtx-5090       | 1999     | 2025-01 | us-list   | techsavvyed: retail "USD 2,000", on sale 2025-01-30; eatsip365: MSRP USD 1,999
            rtx-a6000      | 5189.96  | 2025-08 | us-street | Amazon price log, NVIDIA_RTX_A6000.json, 2025-08-22T18:30
            rtx-4090       | 3129.99  | 2025-08 | us-street | Amazon price log, NVIDIA_GeForce_RTX_4090.json, 2025-08-21T06:18
            rtx-3090       | 1499.99  | 2025-08 | us-street | Amazon price log, NVIDIA_GeForce_RTX_3090.json, 2025-08-06T16:12
            rtx-6000-ada   | 6886.96  | 2025-07 | us-street | Amazon price log, NVIDIA_RTX_6000_Ada_Generation.json, 2025-07-22T01:02
            t4             | 878      | 2025-08 | us-street | Amazon price log, NVIDIA_Tesla_T4.json, 2025-08-15T05:40
            l4             | 2500     | 2025-08 | us-street | Amazon price log, NVIDIA_L4.json, 2025-08-01T17:46
            l40            | 6999     | 2025-02 | us-street | Amazon price log, NVIDIA_L40.json, 2025-02-08T00:06
            l40s           | 9749.95  | 2024-11 | us-street | Amazon price log, NVIDIA_L40S.json, 2024-11-06T00:28
            a40            | 5509     | 2025-06 | us-street | Amazon price log, NVIDIA_A40_PCIe.json, 2025-06-18T05:16
            a100-pcie-40gb | 6639     | 2025-08 | us-street | Amazon price log, NVIDIA_A100_40GB_PCle.json, 2025-08-21T12:44
            h100-pcie-80gb | 25249.95 | 2025-07 | us-street | Amazon price log, NVIDIA_H100_PCIe_80_GB.json, 2025-07-04T12:08
            a100-sxm-80gb  | 17499    | 2025-03 | us-street | Epoch AI: signalpulse.com single unit, archived 2025-03-04
            h100-sxm-80gb  | 31904.63 | 2025-01 | us-street | Epoch AI: HGX H100 eight-GPU listing / 8, archive.ph/miFcW, 2025-01-31
            h200-sxm-141gb | 39083.38 | 2025-01 | us-street | Epoch AI: HGX H200 eight-GPU listing / 8, archive.ph/TxlLv, 2025-01-31
            h800-sxm-80gb  | 33800    | 2025-02 | us-street | Epoch AI: H800 SXM5, archive.ph/W5Vuf, 2025-02-21
            mi300x         | 25733.71 | 2025-02 | us-street | Epoch AI: Interpro Micro eight-OAM baseboard / 8, archived 2025-02-10
            """)
    void carriesItsPublishedPrice(String id, double priceUsd, String priceDate, String market, String source) {
        GpuSpec gpu = CATALOG.gpu(id).orElseThrow();

        assertThat(gpu.priceUsd()).as(source).isEqualTo(priceUsd);
        assertThat(gpu.priceDate()).as(source).isEqualTo(priceDate);
        assertThat(gpu.priceMarket()).as(source).isEqualTo(market);
    }

    /** Totals and free memory as {@code nvidia-smi} reports them on idle GPUs (sources in gpus.json). */
    @ParameterizedTest(name = "{0}: total {1} MiB, usable {2} MiB")
    @CsvSource(delimiter = '|', textBlock = """
            h100-sxm-80gb  | 81559  | 81008
            a100-sxm-80gb  | 81920  | 81157
            h200-sxm-141gb | 143771 | 143071
            rtx-4090       | 24564  | 24210
            rtx-a6000      | 49140  | 48571
            l4             | 23034  | 22478
            """)
    void reportsTheDriverReadingsForTotalAndUsableMemory(String id, long totalMiB, long usableMiB) {
        GpuSpec gpu = CATALOG.gpu(id).orElseThrow();

        assertThat(gpu.memoryBytesTotal()).isEqualTo(totalMiB << 20);
        assertThat(gpu.memoryBytesUsable()).isEqualTo(usableMiB << 20);
    }
}
