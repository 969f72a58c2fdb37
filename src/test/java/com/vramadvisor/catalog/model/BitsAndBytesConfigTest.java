package com.vramadvisor.catalog.model;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.vramadvisor.engine.llm.DataType;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A bitsandbytes {@code quantization_config} maps to the storage type whose bytes it keeps: Transformers'
 * {@code BitsAndBytesConfig} defaults to {@code bnb_4bit_quant_type="fp4"} without double quantisation
 * ({@code bnb_4bit_use_double_quant=False}).
 */
class BitsAndBytesConfigTest {

    private static Optional<DataType> of(String json) throws Exception {
        return StorageTypes.fromQuantizationConfig(new ObjectMapper().readTree(json));
    }

    @Test
    void fourBitTypesFollowTheQuantTypeAndDoubleQuantisation() throws Exception {
        assertThat(of("{\"quant_method\": \"bitsandbytes\", \"load_in_4bit\": true}")).contains(DataType.BNB_FP4);
        assertThat(of("{\"quant_method\": \"bitsandbytes\", \"load_in_4bit\": true, \"bnb_4bit_quant_type\": \"nf4\"}"))
                .contains(DataType.NF4_SINGLE);
        assertThat(of("{\"quant_method\": \"bitsandbytes\", \"load_in_4bit\": true, \"bnb_4bit_quant_type\": \"nf4\","
                + " \"bnb_4bit_use_double_quant\": true}")).contains(DataType.NF4);
        assertThat(of("{\"quant_method\": \"bitsandbytes\", \"load_in_4bit\": true, \"bnb_4bit_quant_type\": \"x\"}"))
                .isEmpty();
        assertThat(of("{\"quant_method\": \"bitsandbytes\", \"load_in_8bit\": true}")).contains(DataType.INT8);
    }
}
