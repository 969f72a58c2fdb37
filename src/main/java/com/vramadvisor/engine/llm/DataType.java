package com.vramadvisor.engine.llm;

import java.util.Locale;

/**
 * Storage formats for weights, gradients, optimizer states and KV caches, with the bits each element really
 * takes including block scales.
 *
 * <p>Block formats store groups of weights with shared scales, so their cost per weight is more than the nominal
 * bit width. GGUF types use the block layouts of llama.cpp's {@code ggml-common.h}: e.g. {@code Q4_0} keeps 32 weights
 * in 18 bytes (one fp16 scale + 16 bytes of nibbles) = 4.5 bits per weight; {@code Q4_K} keeps 256 weights in a
 * 144-byte super-block = 4.5 bits; {@code Q6_K} 256 weights in 210 bytes = 6.5625 bits.
 * {@link #INT4} is GPTQ/AWQ-style group quantisation with group size 128, an fp16 scale and a packed 4-bit zero
 * point per group: 4 + 16/128 + 4/128 = 4.15625 bits, the {@code qweight}/{@code qzeros}/{@code scales} layout of
 * AutoAWQ's {@code WQLinear_GEMM} and AutoGPTQ's {@code QuantLinear} (int32-packed nibbles, one fp16 scale and one
 * packed 4-bit zero per group of input channels). {@link #INT4_G32}, {@link #INT4_G64} and {@link #INT4_G256} are the
 * same layout with other group sizes ({@code 4 + 20/g} bits, {@link #int4Group(int)}); {@link #INT4_PC} is
 * per-channel (one scale and zero per output row: 20/in_features bits, below 0.5 % and not counted). GPTQ's
 * {@code g_idx} (one int32 per input channel, i.e. 32/out_features bits per weight) is not counted either.
 * GPTQ's 3- and 8-bit types ({@link #INT3}, {@link #INT8_G128} and their group sizes) use the same layout with
 * {@code b + (16 + b)/g} bits ({@link #groupQuantised(int, int)}).
 * {@link #NF4} is QLoRA's 4-bit NormalFloat with double
 * quantisation (Dettmers et al. 2023, section 3): 4 bits plus 8/64 + 32/(64*256) = 0.127 bits of constants: an 8-bit
 * absmax per block of 64 weights and an fp32 absmax per 256 of those blocks (bitsandbytes {@code Params4bit}, blocksize
 * 64; {@code compress_statistics=True}, which {@code bnb_4bit_use_double_quant} sets). Without double quantisation
 * each block of 64 keeps its fp32 absmax: {@link #NF4_SINGLE} and {@link #BNB_FP4} (bitsandbytes' other 4-bit type,
 * {@code load_in_4bit}'s default), 4 + 32/64 = 4.5 bits. The per-tensor 16-entry code and offset are not counted.
 * {@link #MXFP4} is the OCP Microscaling format (OCP MX Specification v1.0, 2023, section 5): blocks of 32 FP4 (E2M1)
 * elements sharing one 8-bit E8M0 scale = 4 + 8/32 = 4.25 bits, the format of gpt-oss's expert weights (OpenAI,
 * gpt-oss model card, 2025). {@link #NVFP4} is NVIDIA's FP4 with one FP8 (E4M3) scale per 16 elements = 4 + 8/16 =
 * 4.5 bits (NVIDIA Blackwell architecture technical brief; TensorRT Model Optimizer docs), the per-tensor fp32 scale
 * not counted.
 */
public enum DataType {
    FP32("fp32", 32.0),
    /** TF32 is a compute mode of fp32 tensor cores; values are stored as 32-bit floats. */
    TF32("tf32", 32.0),
    FP16("fp16", 16.0),
    BF16("bf16", 16.0),
    FP8("fp8", 8.0),
    /** LLM.int8()/per-channel int8; the per-row scales (one fp32 per output row) are below 0.1 % and not counted. */
    INT8("int8", 8.0),
    INT4("int4", 4.0 + 16.0 / 128 + 4.0 / 128),
    /** GPTQ/AWQ 4-bit with group size 32. */
    INT4_G32("int4_g32", 4.0 + 16.0 / 32 + 4.0 / 32),
    /** GPTQ/AWQ 4-bit with group size 64. */
    INT4_G64("int4_g64", 4.0 + 16.0 / 64 + 4.0 / 64),
    /** GPTQ/AWQ 4-bit with group size 256. */
    INT4_G256("int4_g256", 4.0 + 16.0 / 256 + 4.0 / 256),
    /** GPTQ 4-bit per-channel (group size -1): one fp16 scale and 4-bit zero per output row, not counted. */
    INT4_PC("int4_pc", 4.0),
    /** GPTQ 3-bit with group size 128: {@code 3 + (16 + 3)/128} bits ({@link #groupQuantised(int, int)}). */
    INT3("int3", 3.0 + 19.0 / 128),
    /** GPTQ 3-bit with group size 32. */
    INT3_G32("int3_g32", 3.0 + 19.0 / 32),
    /** GPTQ 3-bit with group size 64. */
    INT3_G64("int3_g64", 3.0 + 19.0 / 64),
    /** GPTQ 3-bit with group size 256. */
    INT3_G256("int3_g256", 3.0 + 19.0 / 256),
    /** GPTQ 3-bit per-channel (group size -1). */
    INT3_PC("int3_pc", 3.0),
    /** GPTQ 8-bit with group size 32: {@code 8 + (16 + 8)/32} bits. Per-channel GPTQ 8-bit is {@link #INT8}. */
    INT8_G32("int8_g32", 8.0 + 24.0 / 32),
    /** GPTQ 8-bit with group size 64. */
    INT8_G64("int8_g64", 8.0 + 24.0 / 64),
    /** GPTQ 8-bit with group size 128. */
    INT8_G128("int8_g128", 8.0 + 24.0 / 128),
    /** GPTQ 8-bit with group size 256. */
    INT8_G256("int8_g256", 8.0 + 24.0 / 256),
    NF4("nf4", 4.0 + 8.0 / 64 + 32.0 / (64 * 256)),
    /** bitsandbytes NF4 without double quantisation: one fp32 absmax per 64 weights, 4 + 32/64 = 4.5 bits. */
    NF4_SINGLE("nf4_single", 4.0 + 32.0 / 64),
    /**
     * bitsandbytes FP4 ({@code load_in_4bit} with its default {@code bnb_4bit_quant_type="fp4"}, no double
     * quantisation): one fp32 absmax per 64 weights, 4.5 bits.
     */
    BNB_FP4("bnb_fp4", 4.0 + 32.0 / 64),
    MXFP4("mxfp4", 4.0 + 8.0 / 32),
    NVFP4("nvfp4", 4.0 + 8.0 / 16),
    GGUF_Q2_K("q2_k", 84 * 8.0 / 256),
    GGUF_Q3_K("q3_k", 110 * 8.0 / 256),
    GGUF_Q4_0("q4_0", 18 * 8.0 / 32),
    GGUF_Q4_1("q4_1", 20 * 8.0 / 32),
    GGUF_Q4_K("q4_k", 144 * 8.0 / 256),
    GGUF_Q5_0("q5_0", 22 * 8.0 / 32),
    GGUF_Q5_1("q5_1", 24 * 8.0 / 32),
    GGUF_Q5_K("q5_k", 176 * 8.0 / 256),
    GGUF_Q6_K("q6_k", 210 * 8.0 / 256),
    /** llama.cpp's Q3_K_M file type: mostly Q3_K, some tensors Q4_K/Q5_K/Q6_K ({@link LlamaCppMix}). */
    GGUF_Q3_K_M("q3_k_m", 110 * 8.0 / 256),
    /** llama.cpp's Q4_K_M file type: mostly Q4_K, half the attn_v and ffn_down tensors Q6_K ({@link LlamaCppMix}). */
    GGUF_Q4_K_M("q4_k_m", 144 * 8.0 / 256),
    /** llama.cpp's Q5_K_M file type: mostly Q5_K, half the attn_v and ffn_down tensors Q6_K ({@link LlamaCppMix}). */
    GGUF_Q5_K_M("q5_k_m", 176 * 8.0 / 256),
    GGUF_Q8_0("q8_0", 34 * 8.0 / 32),
    GGUF_IQ4_NL("iq4_nl", 18 * 8.0 / 32),
    GGUF_IQ4_XS("iq4_xs", 136 * 8.0 / 256);

    private final String id;
    private final double bitsPerElement;

    DataType(String id, double bitsPerElement) {
        this.id = id;
        this.bitsPerElement = bitsPerElement;
    }

    /** Lowercase id used on the command line and in files ({@code bf16}, {@code q4_k}). */
    public String id() {
        return id;
    }

    /**
     * Bits per element including block scales and zero points. For the llama.cpp file types ({@code q3_k_m},
     * {@code q4_k_m}, {@code q5_k_m}) this is their main tensor type's; the weights are sized tensor by tensor
     * ({@link LlamaCppMix}).
     */
    public double bitsPerElement() {
        return bitsPerElement;
    }

    /** Bytes per element including block scales; fractional for block formats. */
    public double bytesPerElement() {
        return bitsPerElement / 8.0;
    }

    /**
     * The GPTQ/AWQ 4-bit type for a group size as {@code quantization_config.group_size} or {@code --group-size}
     * gives it: 32, 64, 128 or 256, and -1 or 0 for per-channel. Bits per weight {@code 4 + 16/g + 4/g}: an fp16
     * scale and a packed 4-bit zero point per group (AutoAWQ {@code awq/modules/linear/gemm.py}, AutoGPTQ
     * {@code nn_modules/qlinear}).
     *
     * @throws IllegalArgumentException for any other group size
     */
    public static DataType int4Group(int groupSize) {
        switch (groupSize) {
            case -1:
            case 0:
                return INT4_PC;
            case 32:
                return INT4_G32;
            case 64:
                return INT4_G64;
            case 128:
                return INT4;
            case 256:
                return INT4_G256;
            default:
                throw new IllegalArgumentException("group size " + groupSize
                        + " is not supported (expected 32, 64, 128, 256, or -1 for per-channel)");
        }
    }

    /**
     * The GPTQ type for {@code bits} (3, 4 or 8) and a group size (32, 64, 128, 256, or -1/0 for per-channel), as
     * {@code quantization_config.bits}/{@code group_size} or {@code --bits}/{@code --group-size} give them. Bits per
     * weight {@code b + (16 + b)/g}: AutoGPTQ's {@code QuantLinear} registers {@code qweight} as int32
     * {@code [in/32 x b, out]} ({@code b} bits a weight), {@code qzeros} as int32 {@code [ceil(in/g), out/32 x b]}
     * ({@code b} bits a group and output) and {@code scales} as fp16 {@code [ceil(in/g), out]}
     * ({@code auto_gptq/nn_modules/qlinear/qlinear_cuda_old.py}, AutoGPTQ commit 179776bd, {@code __init__} and
     * {@code pack}, for 2, 3, 4 and 8 bits). {@code g_idx} (int32 {@code [in]}, {@code 32/out} bits a weight, 0.1 %
     * at {@code out = 4096}) and per-channel scales are not counted. 8-bit per-channel is {@link #INT8}.
     *
     * @throws IllegalArgumentException for other bit widths or group sizes
     */
    public static DataType groupQuantised(int bits, int groupSize) {
        if (bits == 4) {
            return int4Group(groupSize);
        }
        if (bits != 3 && bits != 8) {
            throw new IllegalArgumentException("GPTQ bits " + bits + " are not supported (expected 3, 4 or 8)");
        }
        boolean three = bits == 3;
        switch (groupSize) {
            case -1:
            case 0:
                return three ? INT3_PC : INT8;
            case 32:
                return three ? INT3_G32 : INT8_G32;
            case 64:
                return three ? INT3_G64 : INT8_G64;
            case 128:
                return three ? INT3 : INT8_G128;
            case 256:
                return three ? INT3_G256 : INT8_G256;
            default:
                throw new IllegalArgumentException("group size " + groupSize
                        + " is not supported (expected 32, 64, 128, 256, or -1 for per-channel)");
        }
    }

    /**
     * The GPTQ/AWQ group-quantised types (3-, 4- and 8-bit at every group size) in the order a chooser lists them.
     */
    public static java.util.List<DataType> groupQuantisedTypes() {
        return java.util.List.of(INT3_G32, INT3_G64, INT3, INT3_G256, INT3_PC, INT4_G32, INT4_G64, INT4, INT4_G256,
                INT4_PC, INT8_G32, INT8_G64, INT8_G128, INT8_G256);
    }

    /** Whether this is a GGUF block type from llama.cpp. */
    public boolean isGguf() {
        return name().startsWith("GGUF_");
    }

    /**
     * Parses an id ({@code bf16}, {@code Q4_K_M}), case-insensitive. A llama.cpp file type without its own entry
     * ({@code Q4_K_S}, {@code Q3_K_L}, ...) is refused rather than read as a neighbour.
     *
     * @throws IllegalArgumentException naming the accepted ids when nothing matches
     */
    public static DataType parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT).replace('-', '_');
        for (DataType d : values()) {
            if (d.id.equals(t)) {
                return d;
            }
        }
        StringBuilder ids = new StringBuilder();
        for (DataType d : values()) {
            ids.append(ids.length() == 0 ? "" : ", ").append(d.id);
        }
        throw new IllegalArgumentException("unknown data type '" + text + "' (expected one of " + ids + ")");
    }
}
