package com.vramadvisor.engine.hardware;

import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * What a GPU can run besides arithmetic: display outputs, graphics APIs, hardware video encoders and the software
 * stacks that support it, each from the vendor's spec sheet or documentation named in the catalog entry's
 * {@code source} ({@code docs/catalog.md}, "Capabilities"). A value the catalog does not give is unknown, never
 * guessed: {@link #UNKNOWN_COUNT} for counts, {@code null} for lists.
 *
 * @param displayOutputs            physical display connectors on the card (for a system-on-chip, the external
 *                                  displays its machines drive); 0 for accelerators without any; {@link #UNKNOWN_COUNT}
 *                                  when not given
 * @param displayOutputsOffByDefault the connectors ship disabled and a vendor tool switches them on (NVIDIA's display
 *                                  mode selector for A40, L40 and L40S)
 * @param graphicsApis              graphics APIs the vendor's driver offers, a subset of {@link #GRAPHICS_APIS}; empty
 *                                  where the vendor ships no graphics driver stack (A100, H100, MI300X, Gaudi);
 *                                  {@code null} when not given
 * @param videoEncoders             hardware video encoder engines (NVIDIA NVENC, AMD VCN/media engines, Intel
 *                                  multi-format codec engines, Apple video encode engines); 0 for decode-only parts;
 *                                  {@link #UNKNOWN_COUNT} when not given
 * @param maxEncodeSessions         the driver's cap on concurrent encode sessions (GeForce: 8 since January 2024);
 *                                  0 for no cap
 * @param stacks                    software stacks that run on the GPU, a subset of {@link #STACKS}; {@code null} when
 *                                  not given
 * @param discontinued              end of sale ({@code yyyy-mm}) where the vendor announced or carried one out; empty
 *                                  when none
 * @param cudaComputeCapability     an NVIDIA GPU's CUDA compute capability in tenths (8.6 is 86, 12.0 is 120), from
 *                                  NVIDIA's list of CUDA GPUs; {@link #UNKNOWN_COUNT} when not given (every GPU of
 *                                  another vendor). The kernels an engine has for a weight format are given by it.
 * @param halfRateFp32Accumulate    the tensor cores multiply FP16 with FP32 accumulation at half the rate they reach
 *                                  with FP16 accumulation: NVIDIA's GeForce cards (the Ampere GA102 whitepaper's
 *                                  appendix gives the RTX 3090 142 dense TFLOPS with FP16 accumulate and 71 with FP32
 *                                  accumulate; the Ada whitepaper the RTX 4090 330.3 and 165.2). The catalog's FP16
 *                                  and BF16 figures are the FP32-accumulate ones, which PyTorch's matrix
 *                                  multiplications use; an engine that asks cuBLAS for FP16 accumulation gets twice
 *                                  them on such a card ({@link GpuSpec#fp16AccumulateTflops})
 */
public record GpuCapabilities(int displayOutputs, boolean displayOutputsOffByDefault, List<String> graphicsApis,
                              int videoEncoders, int maxEncodeSessions, List<String> stacks, String discontinued,
                              int cudaComputeCapability, boolean halfRateFp32Accumulate) {

    /** A count the catalog does not give. */
    public static final int UNKNOWN_COUNT = -1;

    /** The graphics APIs a catalog entry may name. */
    public static final Set<String> GRAPHICS_APIS = Set.of("vulkan", "directx12", "opengl", "metal");

    /**
     * The software stacks a catalog entry may name: {@code cuda}; {@code rocm}; {@code gaudi} (Intel Gaudi software
     * suite); {@code xpu} (Intel oneAPI / SYCL and PyTorch's XPU device); {@code metal}; {@code mlx}; {@code vulkan}
     * (llama.cpp's Vulkan backend); {@code directml} (DirectX 12 machine learning on Windows).
     */
    public static final Set<String> STACKS = Set.of("cuda", "rocm", "gaudi", "xpu", "metal", "mlx", "vulkan",
            "directml");

    /** Nothing known. */
    public static final GpuCapabilities UNKNOWN = new GpuCapabilities(UNKNOWN_COUNT, false, null, UNKNOWN_COUNT, 0,
            null, "", UNKNOWN_COUNT, false);

    /** Capabilities without a CUDA compute capability. */
    public GpuCapabilities(int displayOutputs, boolean displayOutputsOffByDefault, List<String> graphicsApis,
                           int videoEncoders, int maxEncodeSessions, List<String> stacks, String discontinued) {
        this(displayOutputs, displayOutputsOffByDefault, graphicsApis, videoEncoders, maxEncodeSessions, stacks,
                discontinued, UNKNOWN_COUNT, false);
    }

    /** Capabilities with a CUDA compute capability and full-rate FP32 accumulation. */
    public GpuCapabilities(int displayOutputs, boolean displayOutputsOffByDefault, List<String> graphicsApis,
                           int videoEncoders, int maxEncodeSessions, List<String> stacks, String discontinued,
                           int cudaComputeCapability) {
        this(displayOutputs, displayOutputsOffByDefault, graphicsApis, videoEncoders, maxEncodeSessions, stacks,
                discontinued, cudaComputeCapability, false);
    }

    public GpuCapabilities {
        if (displayOutputs < UNKNOWN_COUNT || videoEncoders < UNKNOWN_COUNT || maxEncodeSessions < 0) {
            throw new IllegalArgumentException("counts are 0 or more, or UNKNOWN_COUNT");
        }
        if (cudaComputeCapability != UNKNOWN_COUNT && (cudaComputeCapability < 10 || cudaComputeCapability > 999)) {
            throw new IllegalArgumentException("a CUDA compute capability from 1.0 to 99.9, in tenths");
        }
        graphicsApis = normalise(graphicsApis, GRAPHICS_APIS, "graphics API");
        stacks = normalise(stacks, STACKS, "stack");
        discontinued = discontinued == null ? "" : discontinued;
    }

    private static List<String> normalise(List<String> values, Set<String> allowed, String what) {
        if (values == null) {
            return null;
        }
        List<String> lower = values.stream().map(v -> v.toLowerCase(Locale.ROOT)).distinct().toList();
        for (String v : lower) {
            if (!allowed.contains(v)) {
                throw new IllegalArgumentException("unknown " + what + " " + v);
            }
        }
        return lower;
    }

    /** Whether the catalog says how many display outputs the GPU has. */
    public boolean displayOutputsKnown() {
        return displayOutputs != UNKNOWN_COUNT;
    }

    /** Whether the catalog names the graphics APIs (an empty list included: none). */
    public boolean graphicsApisKnown() {
        return graphicsApis != null;
    }

    /** Whether the vendor's driver offers {@code api} ({@code vulkan}, {@code directx12}, ...); false when unknown. */
    public boolean supportsGraphicsApi(String api) {
        return graphicsApis != null && graphicsApis.contains(api.toLowerCase(Locale.ROOT));
    }

    /** Whether the catalog names the stacks. */
    public boolean stacksKnown() {
        return stacks != null;
    }

    /** Whether {@code stack} ({@code cuda}, {@code rocm}, ...) runs on the GPU; false when unknown. */
    public boolean runs(String stack) {
        return stacks != null && stacks.contains(stack.toLowerCase(Locale.ROOT));
    }

    /** Whether the catalog gives the CUDA compute capability. */
    public boolean cudaComputeCapabilityKnown() {
        return cudaComputeCapability != UNKNOWN_COUNT;
    }

    /** Whether the catalog gives the number of encoder engines. */
    public boolean videoEncodersKnown() {
        return videoEncoders != UNKNOWN_COUNT;
    }

    /** Whether the driver caps concurrent encode sessions. */
    public boolean encodeSessionsCapped() {
        return maxEncodeSessions > 0;
    }

    /** Whether the vendor has ended sales ({@link #discontinued} given). */
    public boolean isDiscontinued() {
        return !discontinued.isEmpty();
    }
}
