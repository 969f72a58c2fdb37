package com.vramadvisor.engine.ranking;

/**
 * How a guide line compares with the rule of thumb. {@link #code()} is stable; the UI translates it.
 */
public enum GuideFinding {
    /** The rule's card holds the workload on its own. */
    RULE_GPU_FITS("rule-gpu-fits"),
    /** The rule's card is too small on its own; several of them, or a bigger card, are needed. */
    RULE_GPU_TOO_SMALL("rule-gpu-too-small"),
    /** The hardware list has no card matching the rule. */
    RULE_GPU_NOT_LISTED("rule-gpu-not-listed"),
    /** A card with less memory than the rule's also holds the workload: the rule over-provisions. */
    SMALLER_GPU_FITS("smaller-gpu-fits"),
    /** A purchase with a known price that costs less than the rule's option holds the workload. */
    CHEAPER_OPTION_FITS("cheaper-option-fits"),
    /** No single card in the list holds the workload. */
    NEEDS_SEVERAL_GPUS("needs-several-gpus"),
    /** Nothing in the list holds the workload within the GPU limit. */
    NOTHING_FITS("nothing-fits");

    private final String code;

    GuideFinding(String code) {
        this.code = code;
    }

    public String code() {
        return code;
    }
}
