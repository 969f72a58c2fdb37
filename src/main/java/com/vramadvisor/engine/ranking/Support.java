package com.vramadvisor.engine.ranking;

import com.vramadvisor.engine.llm.DataType;
import com.vramadvisor.engine.llm.Framework;
import com.vramadvisor.engine.llm.Parallelism;
import com.vramadvisor.engine.core.GpuFeature;
import com.vramadvisor.engine.hardware.GpuCapabilities;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.plan.Rig;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * What runs where: the rules by which the decision table marks a row that no software runs as laid out
 * ({@link Reason#unsupported()}), for every workload kind, from the GPU's catalog capabilities
 * ({@link GpuCapabilities}) and the option's machines. A capability the catalog does not give is never held against
 * a GPU. The rules and their sources ({@code docs/decision-table.md}, "What runs where"):
 * <ul>
 *   <li>Real-time rendering needs a graphics API (Vulkan or DirectX 12) from the vendor's driver: Unreal Engine 5's
 *       renderer runs on DirectX 12, Vulkan or Metal. A100, H100, B200, MI300X, Gaudi and Max 1550 have no graphics
 *       driver ({@link Reason#NO_GRAPHICS_API}).</li>
 *   <li>Offline path tracing needs a path tracer's compute back-end: Blender Cycles renders on CUDA/OptiX, HIP,
 *       oneAPI and Metal (Blender manual, "GPU Rendering"); Gaudi has none ({@link Reason#NO_RENDER_BACKEND}).</li>
 *   <li>A streamed USD review renders with NVIDIA's RTX renderer: the Omniverse Renderer microservice needs "1 NVIDIA
 *       RTX-compatible GPU" and "supports a single stream" (NVIDIA ACE documentation, Omniverse Renderer
 *       Microservice, minimum 8 GB and recommended 12 GB of GPU memory per stream), so an NVIDIA GPU with a graphics
 *       driver ({@link Reason#NO_RTX_RENDERER}).</li>
 *   <li>Language-model training on several GPUs runs its collectives through NCCL (CUDA), RCCL (ROCm), HCCL (Gaudi)
 *       or oneCCL (Intel XPU): DeepSpeed's communication back-ends are exactly these ({@code deepspeed/comm/
 *       constants.py}) and its Apple accelerator has none ({@code deepspeed/accelerator/mps_accelerator.py}:
 *       {@code _communication_backend_name = None}); PyTorch FSDP and Megatron use the same libraries. A GPU
 *       whose stacks offer none of them trains on one GPU only ({@link Reason#NO_COLLECTIVES}).</li>
 *   <li>Across machines joined by a network below {@link #FABRIC_GBPS} Gb/s (desktop towers, workstations and Macs
 *       on 10 GbE), a tensor-parallel group that spans machines, expert parallelism over machines, or ZeRO-3 sharding
 *       of a model of {@link #LARGE_MODEL_PARAMETERS} parameters or more over machines is not run
 *       ({@link Reason#SLOW_NETWORK_LAYOUT}). Megatron-LM keeps tensor parallelism inside a node ("tensor model
 *       parallelism ... within a multi-GPU server", Narayanan et al. 2021, section 3.3), vLLM advises tensor
 *       parallelism within a node and pipeline stages across nodes (vLLM documentation, "Distributed inference and
 *       serving"), and ZeRO-3 moves 1.5 times data parallelism's volume every step (Rajbhandari et al. 2020,
 *       section 7.2.2): three copies of the bf16 weights, 420 GB a step for a 70B model, 5.6 minutes at 10 Gb/s.
 *       Pipeline stages and data parallelism of small models across such machines stay allowed; their speed says
 *       what the network costs.</li>
 *   <li>A training framework the user names, and the serving engine whose layout the workload describes (the one
 *       named, else vLLM), run only on their vendor stacks ({@link Framework#stacks()}, from each project's
 *       installation guide: {@code docs/frameworks.md}); a GPU whose catalog stacks include none of them has
 *       {@link Reason#NO_FRAMEWORK_STACK}: vLLM, SGLang and TensorRT-LLM on an Apple GPU, Megatron-LM on Gaudi.</li>
 *   <li>FP8 weights served by that engine need its FP8 kernels on the GPU ({@link Reason#NO_WEIGHT_KERNELS}).
 *       vLLM's table of quantization kernels by hardware (vLLM documentation v0.14, "Supported Hardware": FP8 W8A8
 *       on Ada, Hopper and AMD GPUs, not on Volta, Turing, Ampere or Intel GPUs) and its FP8 page ("FP8 models will
 *       run on compute capability &gt;= 7.5 (Turing) as weight-only W8A16, utilizing FP8 Marlin"; on ROCm
 *       {@code torch._scaled_mm} needs MI300 or newer): on CUDA compute capability 7.5 or more, on ROCm and Gaudi a
 *       GPU with an FP8 rate (Gaudi through Intel Neural Compressor, the table's "INC (W8A8)"), never on Intel XPU.
 *       SGLang's FP8 linear method follows vLLM's (a Marlin weight-only path below Ada). TensorRT-LLM runs FP8 on
 *       Ada, Hopper and Blackwell only (TensorRT-LLM support matrix, "Precision": Ampere FP32, FP16, BF16, INT8,
 *       INT4), so from compute capability 8.9. A GPU whose compute capability the catalog does not give is not held
 *       to these rules.</li>
 * </ul>
 */
final class Support {

    /**
     * A network below this, in 10^9 bits per second per machine, joins desktop boxes rather than cluster nodes: the
     * 10 GbE of towers, workstations and Macs (and 25 GbE) against the 100-3,200 Gb/s of cluster fabrics.
     */
    static final double FABRIC_GBPS = 25;

    /** 10^10 parameters: the guide's "over 10B" class, where ZeRO-3 traffic over 10 GbE takes minutes a step. */
    static final long LARGE_MODEL_PARAMETERS = 10_000_000_000L;

    /** The stacks whose collective library DeepSpeed, FSDP and Megatron run over: NCCL, RCCL, HCCL, oneCCL. */
    static final Set<String> COLLECTIVE_STACKS = Set.of("cuda", "rocm", "gaudi", "xpu");

    /** The compute back-ends of GPU path tracers (Cycles: CUDA/OptiX, HIP, oneAPI, Metal). */
    static final Set<String> PATH_TRACER_STACKS = Set.of("cuda", "rocm", "xpu", "metal");

    private Support() {
    }

    /** The unsupported notes of a workload beyond language models on {@code gpu}, in the order of its needs. */
    static List<Reason> sizable(Set<GpuFeature> needs, GpuSpec gpu) {
        GpuCapabilities c = gpu.capabilities();
        List<Reason> out = new ArrayList<>();
        if (needs.contains(GpuFeature.GRAPHICS_API) && c.graphicsApisKnown()
                && !c.supportsGraphicsApi("vulkan") && !c.supportsGraphicsApi("directx12")
                && !c.supportsGraphicsApi("metal")) {
            out.add(Reason.NO_GRAPHICS_API);
        }
        if (needs.contains(GpuFeature.PATH_TRACING) && c.stacksKnown() && PATH_TRACER_STACKS.stream()
                .noneMatch(c::runs)) {
            out.add(Reason.NO_RENDER_BACKEND);
        }
        if (needs.contains(GpuFeature.RTX_STREAMING) && (!"nvidia".equalsIgnoreCase(gpu.vendor())
                || c.graphicsApisKnown() && c.graphicsApis().isEmpty())) {
            out.add(Reason.NO_RTX_RENDERER);
        }
        return out;
    }

    /** Lowest CUDA compute capability, in tenths, with vLLM's weight-only FP8 (Marlin) path: Turing, 7.5. */
    static final int FP8_MARLIN_MIN_CC = 75;

    /** Lowest CUDA compute capability, in tenths, with FP8 tensor cores: Ada Lovelace, 8.9. */
    static final int FP8_HARDWARE_MIN_CC = 89;

    /**
     * The unsupported notes of a language-model job run by {@code software} ({@code null}: none held to, no note) on
     * {@code gpu}: software that does not run on the GPU's stacks, or, when {@code serving}, a serving engine without
     * kernels for the {@code weights}' storage type there.
     */
    static List<Reason> framework(Framework software, boolean serving, DataType weights, GpuSpec gpu) {
        if (software == null) {
            return List.of();
        }
        GpuCapabilities c = gpu.capabilities();
        if (!c.stacksKnown()) {
            return List.of();
        }
        Framework.Stack stack = software.stacks().stream().filter(s -> c.runs(s.catalogName())).findFirst()
                .orElse(null);
        if (stack == null) {
            return List.of(Reason.NO_FRAMEWORK_STACK);
        }
        if (serving && weights == DataType.FP8 && !fp8Kernels(software, stack, gpu)) {
            return List.of(Reason.NO_WEIGHT_KERNELS);
        }
        return List.of();
    }

    /** Whether engine {@code engine} has FP8 weight kernels for {@code gpu} on {@code stack} (class comment). */
    private static boolean fp8Kernels(Framework engine, Framework.Stack stack, GpuSpec gpu) {
        boolean vllmFamily = engine == Framework.VLLM || engine == Framework.SGLANG;
        GpuCapabilities c = gpu.capabilities();
        switch (stack) {
            case CUDA:
                if (!c.cudaComputeCapabilityKnown()) {
                    return true;
                }
                if (engine == Framework.TRTLLM) {
                    return c.cudaComputeCapability() >= FP8_HARDWARE_MIN_CC;
                }
                return !vllmFamily || c.cudaComputeCapability() >= FP8_MARLIN_MIN_CC;
            case ROCM:
            case GAUDI:
                return !vllmFamily || gpu.fp8Tflops() > 0;
            case INTEL_XPU:
                return engine != Framework.VLLM;
            default:
                return true;
        }
    }

    /** Whether language-model training can spread over several of {@code gpu}: its stack has a collective library. */
    static boolean trainsOnSeveral(GpuSpec gpu) {
        GpuCapabilities c = gpu.capabilities();
        return !c.stacksKnown() || COLLECTIVE_STACKS.stream().anyMatch(c::runs);
    }

    /**
     * The unsupported notes of a language-model layout {@code p} on {@code rig}, spread over {@code nodes} machines.
     *
     * @param parameters the model's parameters (all experts)
     */
    static List<Reason> llm(boolean training, Parallelism p, Rig rig, int nodes, long parameters) {
        GpuCapabilities c = rig.gpu().capabilities();
        List<Reason> out = new ArrayList<>();
        if (training && p.gpus() > 1 && !trainsOnSeveral(rig.gpu())) {
            out.add(Reason.NO_COLLECTIVES);
        }
        if (nodes > 1 && rig.networkGBps() * 8 < FABRIC_GBPS) {
            boolean tensorAcross = p.tensorParallel() > rig.gpusPerNode();
            boolean expertAcross = p.expertParallel() > 1;
            boolean zero3Across = training && p.zeroStage() == 3 && p.dataParallel() > 1
                    && parameters >= LARGE_MODEL_PARAMETERS;
            if (tensorAcross || expertAcross || zero3Across) {
                out.add(Reason.SLOW_NETWORK_LAYOUT);
            }
        }
        return out;
    }
}
