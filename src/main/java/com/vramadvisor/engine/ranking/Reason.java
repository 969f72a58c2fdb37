package com.vramadvisor.engine.ranking;

/**
 * Machine-readable notes on a decision-table row: why it does not fit, or which assumption its numbers rest on.
 * {@link #code()} is stable and is what reports and the UI key their translations on; {@link #english()} is the
 * English sentence for logs, the command line and tests.
 */
public enum Reason {
    DOES_NOT_FIT("does-not-fit",
            "The per-GPU memory need exceeds what the card can allocate."),
    EXCEEDS_MAX_GPUS("exceeds-max-gpus",
            "Does not fit even on the largest GPU count searched within the GPU limit."),
    PARALLELISM_NEEDS_MORE_GPUS("parallelism-needs-more-gpus",
            "The workload's own parallelism needs more GPUs than this option has."),
    UNKNOWN_GPU("unknown-gpu",
            "The system or instance names a GPU that is not in the hardware list."),
    ZERO3_SHARDING("zero3-sharding",
            "Fits by sharding parameters, gradients and optimizer states with ZeRO-3 over data-parallel GPUs."),
    TENSOR_PARALLEL("tensor-parallel",
            "Uses tensor parallelism, which needs fast GPU-to-GPU links within a node."),
    PIPELINE_PARALLEL("pipeline-parallel",
            "Uses pipeline stages; inference decode runs the stages one after another."),
    MULTI_NODE("multi-node",
            "Spans more than one machine; traffic between them crosses the network the row names."),
    PCIE_ONLY("pcie-only",
            "Tensor-parallel or data-parallel traffic crosses PCIe or the network rather than NVLink, NVSwitch or "
                    + "Infinity Fabric; the speed model charges it at that bandwidth."),
    PAST_DEADLINE("past-deadline",
            "Takes longer than the deadline even with the most GPUs searched."),
    NO_POWER_FIGURE("no-power-figure",
            "A power figure is missing, so energy and its cost are unknown."),
    WHOLE_BOARDS("whole-boards",
            "These GPUs are sold only on baseboards of several; the option buys and uses whole boards."),
    TIGHT_FIT("tight-fit",
            "Fits at the estimate, but the card's capacity lies inside the estimate's range (allocator "
                    + "fragmentation, CUDA context) or the headroom is small; measure one step before relying on it."),
    SERVING_RESERVATION("serving-reservation",
            "Fit is judged against the serving engine's memory reservation, not the whole card."),
    NO_PRICE("no-price",
            "No public price is known, so the cost is unknown."),
    NO_THROUGHPUT_FIGURES("no-throughput-figures",
            "The hardware list gives no throughput figures for this GPU, so speed is unknown."),
    PRECISION_FALLBACK("precision-fallback",
            "The GPU has no tensor rate for this precision; speed uses the rate it runs at instead: a slower "
                    + "precision, FP16 for BF16 weights, or FP32 for BF16 training on GPUs without BF16 (V100, T4)."),
    MOE_UNIFORM_ROUTING("moe-uniform-routing",
            "Decode speed assumes tokens are routed uniformly over the experts."),
    QLORA_DEQUANTIZATION("qlora-dequantization",
            "QLoRA's dequantisation of the 4-bit base weights costs extra time that the speed model leaves out."),
    UNIFIED_MEMORY("unified-memory",
            "Unified memory is shared with the CPU; usable memory is the GPU's default allocation limit."),
    IDLE_GPUS("idle-gpus",
            "The workload's parallelism uses fewer GPUs than this option has; the rest stay idle."),
    DOES_NOT_SPREAD("does-not-spread",
            "One GPU must hold the whole workload: more GPUs do not pool their memory, each holds its own copy."),
    NO_FP64("no-fp64",
            "The GPU has no double-precision (FP64) hardware, which this workload's precision needs.", true),
    SLOW_FP64("slow-fp64",
            "The GPU's FP64 rate is below 1/8 of its FP32 rate; a double-precision workload runs far slower here."),
    MISSES_LATENCY_TARGETS("misses-latency-targets",
            "Fits in memory, but not even one user gets the TPOT and TTFT targets; the option serves nobody."),
    FP64_UNKNOWN("fp64-unknown",
            "The hardware list gives no FP64 rate for this GPU; whether it runs double precision well is not checked."),
    STALE_PRICE("stale-price",
            "The price is more than 18 months old; today's price may differ."),
    RECLAIMABLE("reclaimable",
            "Spot capacity: the provider can take the instance back at short notice; checkpoint the job."),
    HOST_DEPENDENT("host-dependent",
            "A marketplace host's machine: availability and reliability depend on the host, with no service level."),
    COMMITMENT_TERM("commitment-term",
            "A commitment bills every hour of its term whether the hardware is used or not; the job carries that."),
    NO_HOSTING_PRICE("no-hosting-price",
            "A server needs a data centre, but no colocation price is known, so the job cost is unknown."),
    NO_NETWORK_PRICE("no-network-price",
            "Several machines need a cluster network, but no price is known for this class; the capital leaves it out."),
    NO_GRAPHICS_API("no-graphics-api",
            "Real-time rendering needs a graphics API (Vulkan or DirectX 12), and the vendor ships no graphics driver "
                    + "for this GPU.", true),
    NO_RENDER_BACKEND("no-render-backend",
            "GPU path tracers run on CUDA/OptiX, HIP, oneAPI or Metal, and this GPU offers none of them.", true),
    NO_RTX_RENDERER("no-rtx-renderer",
            "Streamed USD review (NVIDIA Omniverse) renders with RTX, which needs an NVIDIA GPU with a graphics "
                    + "driver.", true),
    NO_COLLECTIVES("no-collectives",
            "Training on several GPUs needs a collective library (NCCL, RCCL, HCCL or oneCCL) under DeepSpeed, FSDP "
                    + "or Megatron, and this GPU's software stack has none.", true),
    SLOW_NETWORK_LAYOUT("slow-network-layout",
            "Tensor- or expert-parallel groups, or ZeRO-3 sharding of a model over 10B parameters, would cross a "
                    + "network below 25 Gb/s between machines; frameworks keep these inside a machine or on a "
                    + "cluster fabric.", true),
    NO_CLUSTER_NETWORK("no-cluster-network",
            "Several instances of a cloud type smaller than a whole server, for which the catalog states no "
                    + "cluster network: separate virtual machines do not share the server's GPU fabric, so one job "
                    + "is not laid out across them.", true),
    NO_FRAMEWORK_STACK("no-framework-stack",
            "The framework or serving engine does not run on this GPU's software stack (CUDA, ROCm, Gaudi, Metal or Intel XPU).",
            true),
    NO_WEIGHT_KERNELS("no-weight-kernels",
            "The serving engine has no kernels for FP8 weights on this GPU: FP8 needs FP8 hardware, or on "
                    + "NVIDIA GPUs from compute capability 7.5 a weight-only FP8 path, which the engine may lack.",
            true);

    private final String code;
    private final String english;
    private final boolean unsupported;

    Reason(String code, String english) {
        this(code, english, false);
    }

    Reason(String code, String english, boolean unsupported) {
        this.code = code;
        this.english = english;
        this.unsupported = unsupported;
    }

    /**
     * Whether the note says that no software runs the workload on the option as laid out (a capability the GPU lacks,
     * a layout no framework runs there): such a row does not fit, and the decision table leaves it out unless asked
     * to show it ({@link RankingOptions#showUnsupported}). The rules and their sources: {@link Support}.
     */
    public boolean unsupported() {
        return unsupported;
    }

    /** Stable kebab-case identifier, e.g. {@code does-not-fit}. */
    public String code() {
        return code;
    }

    /** One English sentence explaining the note. */
    public String english() {
        return english;
    }
}
