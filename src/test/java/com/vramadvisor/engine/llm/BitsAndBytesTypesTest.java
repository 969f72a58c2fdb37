package com.vramadvisor.engine.llm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * bitsandbytes 4-bit storage counted block by block for one 4096 x 4096 matrix (16,777,216 weights, blocksize 64:
 * 262,144 blocks): Dettmers et al. 2023 (QLoRA), section 3, "Double Quantization": an fp32 absmax per 64 weights costs
 * 32/64 = 0.5 bits per weight; quantising those absmax to 8 bits in blocks of 256 with one fp32 constant per block costs
 * 8/64 + 32/(64 x 256) = 0.127 bits.
 */
class BitsAndBytesTypesTest {

    private static final long WEIGHTS = 4096L * 4096;
    private static final long BLOCKS = WEIGHTS / 64;

    @Test
    void doubleQuantisedNf4KeepsAnEightBitAbsmaxPerBlockAndAnFp32ConstantPer256Blocks() {
        long bytes = WEIGHTS / 2 + BLOCKS + BLOCKS / 256 * 4;
        assertThat(bytes).isEqualTo(8_654_848L);
        assertThat(DataType.NF4.bytesPerElement() * WEIGHTS).isEqualTo(bytes);
    }

    @Test
    void aFourBitMatmulOfMoreThanOneTokenDequantisesItsLargestMatrix() {
        // bitsandbytes matmul_4bit: one token goes through the 4-bit GEMV kernel; more than one through
        // dequantize_4bit(B, quant_state).to(A.dtype): a 16-bit copy, plus an fp32 one under an fp32 compute type.
        // Llama 2 13B's largest block matrix is the 5120 x 13824 feed-forward projection.
        ModelSpec m = PublicModels.llama2_13b();
        Workload fp32 = Workload.builder().mode(Mode.INFER).weightType(DataType.BNB_FP4).precision(Precision.FP32)
                .build();
        StageParams sp = new StageParams(m, fp32, true, true);
        double matrix = 5120.0 * 13824;
        assertThat(InferenceMemory.dequantised(fp32, sp, 20)).isEqualTo(matrix * (2 + 4));
        Workload bf16 = fp32.toBuilder().precision(Precision.BF16).build();
        assertThat(InferenceMemory.dequantised(bf16, sp, 20)).isEqualTo(matrix * 2);
        assertThat(InferenceMemory.dequantised(fp32, sp, 1)).isZero();
        assertThat(InferenceMemory.dequantised(fp32.toBuilder().weightType(DataType.INT4).build(), sp, 20)).isZero();
    }

    @Test
    void singleQuantisedNf4AndFp4KeepAnFp32AbsmaxPerBlock() {
        long bytes = WEIGHTS / 2 + BLOCKS * 4;
        assertThat(bytes).isEqualTo(9_437_184L);
        assertThat(DataType.NF4_SINGLE.bytesPerElement() * WEIGHTS).isEqualTo(bytes);
        assertThat(DataType.BNB_FP4.bytesPerElement() * WEIGHTS).isEqualTo(bytes);
        assertThat(DataType.parse("bnb_fp4")).isEqualTo(DataType.BNB_FP4);
        assertThat(DataType.parse("nf4-single")).isEqualTo(DataType.NF4_SINGLE);
    }
}
