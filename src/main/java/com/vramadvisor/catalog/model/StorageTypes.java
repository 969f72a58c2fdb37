package com.vramadvisor.catalog.model;

import com.fasterxml.jackson.databind.JsonNode;
import com.vramadvisor.engine.llm.DataType;

import java.util.Locale;
import java.util.Optional;

/** Translates the type names model files use into the engine's {@link DataType}. */
final class StorageTypes {

    private StorageTypes() {
    }

    /**
     * A tensor storage type as safetensors ({@code BF16}, {@code F8_E4M3}) or GGUF ({@code Q4_K}) spells it; empty for
     * types the engine has no element size for (integers, packed sub-byte formats, Q8_K, IQ2_*, ...).
     */
    static Optional<DataType> toEngineType(String dtype) {
        switch (dtype) {
            case "F32":
                return Optional.of(DataType.FP32);
            case "F16":
                return Optional.of(DataType.FP16);
            case "BF16":
                return Optional.of(DataType.BF16);
            case "F8_E4M3":
            case "F8_E5M2":
                return Optional.of(DataType.FP8);
            default:
                return GgmlType.byName(dtype).flatMap(GgmlType::engineType);
        }
    }

    /**
     * A {@code torch_dtype}/{@code dtype} value ({@code "bfloat16"}, {@code "float16"}, {@code "float32"},
     * {@code "float8_e4m3fn"}); empty for {@code "auto"} and unknown names.
     */
    static Optional<DataType> fromTorchName(String name) {
        String n = name.toLowerCase(Locale.ROOT).replace("torch.", "");
        if (n.equals("float32") || n.equals("float") || n.equals("fp32")) {
            return Optional.of(DataType.FP32);
        }
        if (n.equals("float16") || n.equals("half") || n.equals("fp16")) {
            return Optional.of(DataType.FP16);
        }
        if (n.equals("bfloat16") || n.equals("bf16")) {
            return Optional.of(DataType.BF16);
        }
        if (n.startsWith("float8")) {
            return Optional.of(DataType.FP8);
        }
        return Optional.empty();
    }

    /**
     * The 4-bit group type for {@code group_size} (AutoAWQ also writes {@code q_group_size}), 128 when absent; empty
     * for a group size the engine has no type for.
     */
    private static Optional<DataType> groupQuantised(JsonNode q, int bits) {
        JsonNode g = q.has("group_size") ? q.path("group_size") : q.path("q_group_size");
        if (g.isMissingNode() || g.isNull()) {
            g = com.fasterxml.jackson.databind.node.IntNode.valueOf(128);
        }
        if (!g.isIntegralNumber()) {
            return Optional.empty();
        }
        try {
            return Optional.of(DataType.groupQuantised(bits, g.asInt()));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /**
     * The weight format a Hugging Face {@code quantization_config} declares: bitsandbytes 4-bit NF4 or FP4 (QLoRA) or 8-bit
     * int8, GPTQ 3-, 4- or 8-bit and AWQ 4-bit group quantisation of their group size, FP8 checkpoints as fp8. Empty when the method or its settings
     * have no engine type; the caller then reports the method in a warning.
     */
    static Optional<DataType> fromQuantizationConfig(JsonNode q) {
        String method = q.path("quant_method").asText("").toLowerCase(Locale.ROOT);
        switch (method) {
            case "bitsandbytes":
                if (q.path("load_in_4bit").asBoolean(false)) {
                    // BitsAndBytesConfig defaults: quant type "fp4", no double quantisation. Double quantisation
                    // gives NF4's 4.127 bits for either 4-bit type; without it an fp32 absmax per 64 weights.
                    String type = q.path("bnb_4bit_quant_type").asText("fp4");
                    boolean nested = q.path("bnb_4bit_use_double_quant").asBoolean(false);
                    if (!"nf4".equals(type) && !"fp4".equals(type)) {
                        return Optional.empty();
                    }
                    return Optional.of(nested ? DataType.NF4 : "nf4".equals(type) ? DataType.NF4_SINGLE
                            : DataType.BNB_FP4);
                }
                return q.path("load_in_8bit").asBoolean(false) ? Optional.of(DataType.INT8) : Optional.empty();
            case "gptq":
                // GPTQ packs 3, 4 and 8 bits (AutoGPTQ's QuantLinear); AutoAWQ only 4.
                return groupQuantised(q, q.path("bits").asInt(0));
            case "awq":
                return q.path("bits").asInt(q.path("w_bit").asInt(0)) == 4 ? groupQuantised(q, 4) : Optional.empty();
            case "fp8":
            case "fbgemm_fp8":
                return Optional.of(DataType.FP8);
            default:
                return Optional.empty();
        }
    }
}
