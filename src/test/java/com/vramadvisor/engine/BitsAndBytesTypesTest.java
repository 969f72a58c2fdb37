package com.vramadvisor.engine;

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
    void singleQuantisedNf4AndFp4KeepAnFp32AbsmaxPerBlock() {
        long bytes = WEIGHTS / 2 + BLOCKS * 4;
        assertThat(bytes).isEqualTo(9_437_184L);
        assertThat(DataType.NF4_SINGLE.bytesPerElement() * WEIGHTS).isEqualTo(bytes);
        assertThat(DataType.BNB_FP4.bytesPerElement() * WEIGHTS).isEqualTo(bytes);
        assertThat(DataType.parse("bnb_fp4")).isEqualTo(DataType.BNB_FP4);
        assertThat(DataType.parse("nf4-single")).isEqualTo(DataType.NF4_SINGLE);
    }
}
