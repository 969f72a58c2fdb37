package com.vramadvisor.engine.hardware;

import com.vramadvisor.engine.money.DepreciationClass;
import java.util.Objects;
import java.util.Set;

/**
 * One accelerator model as its vendor's spec sheet describes it. Throughput figures are dense (not 2:4 sparse)
 * peak tensor-core rates; 0 means the precision is not supported in hardware.
 *
 * @param id                    lowercase id ({@code h100-sxm-80gb})
 * @param name                  display name
 * @param vendor                NVIDIA, AMD, Intel or Apple
 * @param segment               consumer, workstation, datacenter
 * @param formFactor            PCIe, SXM, OAM, SoC, ...
 * @param memoryGbNominal       memory as sold, in the vendor's "GB" label (e.g. 80 for an A100 80GB)
 * @param memoryType            GDDR6X, HBM3e, LPDDR5, ...
 * @param memoryBytesTotal      memory the driver reports as total (e.g. {@code nvidia-smi} MiB x 2^20)
 * @param memoryBytesUsable     memory a process can allocate: total less driver/firmware reservation and ECC;
 *                              for Apple unified memory, the GPU's default wired limit
 * @param memoryBandwidthGBps   peak memory bandwidth, 10^9 bytes per second
 * @param fp32Tflops            FP32 (non-tensor) TFLOPS
 * @param tf32Tflops            TF32 tensor TFLOPS, dense
 * @param fp16Tflops            FP16/BF16 tensor TFLOPS, dense
 * @param fp8Tflops             FP8 tensor TFLOPS, dense
 * @param int8Tops              INT8 tensor TOPS, dense
 * @param tdpWatts              board power
 * @param interconnect          GPU-to-GPU link (NVLink 4, Infinity Fabric, PCIe only)
 * @param interconnectGBps      GPU-to-GPU bandwidth per GPU, 10^9 bytes per second, both directions together
 * @param pcieGen               PCIe generation of the host link
 * @param launchYear            year of launch
 * @param priceUsd              purchase price in US dollars, 0 when no public source gives one
 * @param priceDate             date of that price (ISO yyyy-mm or yyyy-mm-dd), empty when none
 * @param source                where the figures come from
 * @param fp4Tflops             FP4 tensor TFLOPS, dense (no 2:4 sparsity), as the vendor publishes it (NVIDIA
 *                              Blackwell NVFP4, AMD CDNA 4 MXFP4); 0 where the GPU has no FP4 tensor path or no figure
 *                              is published. Carried for the catalog; the speed models do not use it yet
 * @param fp64Tflops            FP64 vector (non-tensor, non-matrix) TFLOPS, dense, as the vendor publishes it or as
 *                              the vendor's published FP64:FP32 ratio gives it; 0 where the GPU has no FP64 hardware
 *                              (Intel Arc A-series, Apple GPUs, Intel Gaudi); negative ({@link #FP64_UNKNOWN}) when
 *                              the catalog gives no figure. The domain table uses it to judge simulations and grids
 *                              that compute in double ({@code docs/catalog.md})
 * @param bf16Tflops            BF16 tensor (or matrix) TFLOPS with FP32 accumulate, dense; 0 where the GPU has no
 *                              BF16 arithmetic (V100, T4 and other pre-Ampere parts) or the catalog gives no figure
 * @param released              general availability or first shipment, {@code yyyy-mm}; empty when not given
 * @param priceMarket           the market {@link #priceUsd} was asked in: {@link #MARKET_US_LIST} (the vendor's US list
 *                              price or MSRP) or {@link #MARKET_US_STREET} (a dated US retailer or reseller asking
 *                              price, or a reported US selling price); empty without a price
 * @param unpricedReason        why there is no price (sold only inside racks, cloud-only, no dated US source); empty
 *                              when priced
 * @param capabilities          display outputs, graphics APIs, video encoders and software stacks
 */
public record GpuSpec(String id, String name, String vendor, String segment, String formFactor,
                      double memoryGbNominal, String memoryType, long memoryBytesTotal, long memoryBytesUsable,
                      double memoryBandwidthGBps, double fp32Tflops, double tf32Tflops, double fp16Tflops,
                      double fp8Tflops, double int8Tops, int tdpWatts, String interconnect, double interconnectGBps,
                      int pcieGen, int launchYear, double priceUsd, String priceDate, String source,
                      double fp4Tflops, double fp64Tflops, double bf16Tflops, String released, String priceMarket,
                      String unpricedReason, GpuCapabilities capabilities) {

    /** {@link #fp64Tflops} of a GPU whose FP64 rate the catalog does not give. */
    public static final double FP64_UNKNOWN = -1;
    /** {@link #priceMarket}: the vendor's US list price (MSRP). */
    public static final String MARKET_US_LIST = "us-list";
    /** {@link #priceMarket}: a dated US retailer, reseller or reported selling price. */
    public static final String MARKET_US_STREET = "us-street";
    /** The markets a purchase price may be given in. */
    public static final Set<String> MARKETS = Set.of(MARKET_US_LIST, MARKET_US_STREET);

    public GpuSpec {
        Objects.requireNonNull(id, "id");
        if (memoryBytesUsable <= 0 || memoryBytesUsable > memoryBytesTotal) {
            throw new IllegalArgumentException(id + ": usable memory must be positive and at most the total");
        }
        fp4Tflops = Math.max(0, fp4Tflops);
        fp64Tflops = fp64Tflops < 0 || Double.isNaN(fp64Tflops) ? FP64_UNKNOWN : fp64Tflops;
        bf16Tflops = Double.isNaN(bf16Tflops) ? 0 : Math.max(0, bf16Tflops);
        released = released == null ? "" : released;
        priceMarket = priceMarket == null ? "" : priceMarket;
        unpricedReason = unpricedReason == null ? "" : unpricedReason;
        capabilities = capabilities == null ? GpuCapabilities.UNKNOWN : capabilities;
    }

    /**
     * A GPU as catalogs before release dates, markets and capabilities described it: no BF16 figure, no release date,
     * no market, capabilities unknown.
     */
    public GpuSpec(String id, String name, String vendor, String segment, String formFactor,
                   double memoryGbNominal, String memoryType, long memoryBytesTotal, long memoryBytesUsable,
                   double memoryBandwidthGBps, double fp32Tflops, double tf32Tflops, double fp16Tflops,
                   double fp8Tflops, double int8Tops, int tdpWatts, String interconnect, double interconnectGBps,
                   int pcieGen, int launchYear, double priceUsd, String priceDate, String source, double fp4Tflops,
                   double fp64Tflops) {
        this(id, name, vendor, segment, formFactor, memoryGbNominal, memoryType, memoryBytesTotal, memoryBytesUsable,
                memoryBandwidthGBps, fp32Tflops, tf32Tflops, fp16Tflops, fp8Tflops, int8Tops, tdpWatts, interconnect,
                interconnectGBps, pcieGen, launchYear, priceUsd, priceDate, source, fp4Tflops, fp64Tflops, 0, "", "",
                "", GpuCapabilities.UNKNOWN);
    }

    /** A GPU whose FP64 rate is not given ({@link #fp64Tflops} unknown). */
    public GpuSpec(String id, String name, String vendor, String segment, String formFactor,
                   double memoryGbNominal, String memoryType, long memoryBytesTotal, long memoryBytesUsable,
                   double memoryBandwidthGBps, double fp32Tflops, double tf32Tflops, double fp16Tflops,
                   double fp8Tflops, double int8Tops, int tdpWatts, String interconnect, double interconnectGBps,
                   int pcieGen, int launchYear, double priceUsd, String priceDate, String source, double fp4Tflops) {
        this(id, name, vendor, segment, formFactor, memoryGbNominal, memoryType, memoryBytesTotal, memoryBytesUsable,
                memoryBandwidthGBps, fp32Tflops, tf32Tflops, fp16Tflops, fp8Tflops, int8Tops, tdpWatts, interconnect,
                interconnectGBps, pcieGen, launchYear, priceUsd, priceDate, source, fp4Tflops, FP64_UNKNOWN);
    }

    /** A GPU without a published FP4 rate ({@link #fp4Tflops} 0). */
    public GpuSpec(String id, String name, String vendor, String segment, String formFactor,
                   double memoryGbNominal, String memoryType, long memoryBytesTotal, long memoryBytesUsable,
                   double memoryBandwidthGBps, double fp32Tflops, double tf32Tflops, double fp16Tflops,
                   double fp8Tflops, double int8Tops, int tdpWatts, String interconnect, double interconnectGBps,
                   int pcieGen, int launchYear, double priceUsd, String priceDate, String source) {
        this(id, name, vendor, segment, formFactor, memoryGbNominal, memoryType, memoryBytesTotal, memoryBytesUsable,
                memoryBandwidthGBps, fp32Tflops, tf32Tflops, fp16Tflops, fp8Tflops, int8Tops, tdpWatts, interconnect,
                interconnectGBps, pcieGen, launchYear, priceUsd, priceDate, source, 0, FP64_UNKNOWN);
    }

    /** Whether the catalog gives this GPU's FP64 rate (0 included: no FP64 hardware). */
    public boolean fp64Known() {
        return fp64Tflops >= 0;
    }

    /** How this GPU's resale value falls ({@link DepreciationClass#forGpu}). */
    public DepreciationClass depreciationClass() {
        return DepreciationClass.forGpu(vendor, formFactor, segment);
    }

    /** Whether the vendor offers a price we can cite. */
    public boolean hasPrice() {
        return priceUsd > 0;
    }

    /** Whether the GPU computes in BF16 at a rate the catalog gives ({@link #bf16Tflops} above 0). */
    public boolean hasBf16() {
        return bf16Tflops > 0;
    }

    /**
     * Whether the GPU is known to have no BF16 arithmetic: an NVIDIA GPU of CUDA compute capability below 8.0 (Pascal,
     * Volta, Turing). BF16 tensor cores arrived with Ampere (NVIDIA A100 Tensor Core GPU architecture whitepaper,
     * 2020); vLLM lists BF16 among a CUDA GPU's data types only from capability 8.0 ({@code CudaPlatformBase
     * .supported_dtypes}, {@code vllm/platforms/cuda.py}: "Pascal, Volta and Turing NVIDIA GPUs, BF16 is not
     * supported"), and PyTorch's {@code torch.cuda.is_bf16_supported(including_emulation=False)} answers no below 8.0.
     * A GPU without a compute capability in the catalog (every other vendor's) is not known to lack it.
     */
    public boolean lacksBf16Arithmetic() {
        int cc = capabilities.cudaComputeCapability();
        return cc != GpuCapabilities.UNKNOWN_COUNT && cc < BF16_MIN_COMPUTE_CAPABILITY;
    }

    /**
     * Dense FP16 tensor rate with FP16 accumulation, TFLOPS: twice {@link #fp16Tflops()} on a card whose FP32
     * accumulation runs at half rate ({@link GpuCapabilities#halfRateFp32Accumulate}, NVIDIA GeForce), else the same.
     */
    public double fp16AccumulateTflops() {
        return capabilities.halfRateFp32Accumulate() ? 2 * fp16Tflops : fp16Tflops;
    }

    /** Lowest CUDA compute capability, in tenths, with BF16 arithmetic: Ampere, 8.0. */
    public static final int BF16_MIN_COMPUTE_CAPABILITY = 80;

    /**
     * This GPU with another purchase price and its date (a user's own price): every other figure is kept, and a GPU
     * the catalog left unpriced loses its reason for that.
     */
    public GpuSpec withPrice(double usd, String date) {
        return new GpuSpec(id, name, vendor, segment, formFactor, memoryGbNominal, memoryType, memoryBytesTotal,
                memoryBytesUsable, memoryBandwidthGBps, fp32Tflops, tf32Tflops, fp16Tflops, fp8Tflops, int8Tops, tdpWatts,
                interconnect, interconnectGBps, pcieGen, launchYear, usd, date, source, fp4Tflops, fp64Tflops,
                bf16Tflops, released, priceMarket, "", capabilities);
    }
}
