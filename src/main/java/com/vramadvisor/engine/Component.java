package com.vramadvisor.engine;

/** The separately reported parts of per-GPU memory. JSON names are the camelCase ids. */
public enum Component {
    WEIGHTS("weights"),
    MASTER_WEIGHTS("masterWeights"),
    GRADIENTS("gradients"),
    OPTIMIZER_STATES("optimizerStates"),
    ACTIVATIONS("activations"),
    LOGITS("logits"),
    KV_CACHE("kvCache"),
    RUNTIME_OVERHEAD("runtimeOverhead");

    private final String jsonName;

    Component(String jsonName) {
        this.jsonName = jsonName;
    }

    public String jsonName() {
        return jsonName;
    }
}
