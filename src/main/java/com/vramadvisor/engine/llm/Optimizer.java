package com.vramadvisor.engine.llm;

/**
 * Optimizers and the state they keep per trainable parameter.
 * <ul>
 *   <li>Adam/AdamW (Kingma and Ba 2015; Loshchilov and Hutter 2019): two moments.</li>
 *   <li>SGD: none; SGD with momentum: one buffer.</li>
 *   <li>8-bit AdamW (Dettmers et al. 2022, bitsandbytes): two moments at 1 byte plus block-wise fp32 scales
 *       (block 2048).</li>
 *   <li>Adafactor (Shazeer and Stern 2018): factored second moment, row and column vectors per matrix, no first
 *       moment by default.</li>
 *   <li>Lion (Chen et al. 2023): one momentum buffer.</li>
 * </ul>
 */
public enum Optimizer {
    ADAMW("adamw"),
    ADAM("adam"),
    SGD("sgd"),
    SGD_MOMENTUM("sgd-momentum"),
    ADAMW_8BIT("adamw-8bit"),
    ADAFACTOR("adafactor"),
    LION("lion");

    private final String id;

    Optimizer(String id) {
        this.id = id;
    }

    public String id() {
        return id;
    }

    public static Optimizer parse(String text) {
        for (Optimizer o : values()) {
            if (o.id.equalsIgnoreCase(text.trim())) {
                return o;
            }
        }
        throw new IllegalArgumentException("unknown optimizer '" + text
                + "' (expected adamw, adam, sgd, sgd-momentum, adamw-8bit, adafactor or lion)");
    }
}
