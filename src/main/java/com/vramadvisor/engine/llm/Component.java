package com.vramadvisor.engine.llm;

/**
 * The separately reported parts of per-GPU memory. JSON names are the camelCase ids (object keys); {@link #id()} is
 * the kebab-case spelling for JSON values and {@link #label()} the English name for text output.
 */
public enum Component {
    WEIGHTS("weights", "weights"),
    MASTER_WEIGHTS("masterWeights", "master weights"),
    GRADIENTS("gradients", "gradients"),
    OPTIMIZER_STATES("optimizerStates", "optimizer states"),
    ACTIVATIONS("activations", "activations"),
    LOGITS("logits", "logits"),
    KV_CACHE("kvCache", "KV cache"),
    /** The CUDA context, the caching allocator's reserve and DeepSpeed's ZeRO buffers ({@link RuntimeOverhead}). */
    RUNTIME_OVERHEAD("runtimeOverhead", "runtime overhead");

    private final String jsonName;
    private final String label;

    Component(String jsonName, String label) {
        this.jsonName = jsonName;
        this.label = label;
    }

    /** The kebab-case id used where a component is a JSON value rather than a key: {@code runtime-overhead}. */
    public String id() {
        return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }

    /** The English name for text output: {@code runtime overhead}, {@code KV cache}. */
    public String label() {
        return label;
    }

    public String jsonName() {
        return jsonName;
    }
}
