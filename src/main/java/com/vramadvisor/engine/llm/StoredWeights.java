package com.vramadvisor.engine.llm;

import java.util.Objects;

/**
 * The weights as a model file stores them, read from its tensor headers: the file's storage type, the bytes of all its
 * tensors and their element count. When inference keeps the weights in that type, the estimate takes the file's own
 * bytes rather than rebuilding them from the type's rules, so a GGUF file whose tensors deviate from llama.cpp's
 * default assignment (an importance-matrix mix, a hand-picked output type) is sized exactly. Spread over GPUs, each
 * GPU's share is the file's bytes times its share of the parameters.
 *
 * @param type       the storage type the file declares (a GGUF file type such as Q4_K_M)
 * @param bytes      bytes of every tensor in the file
 * @param parameters elements of every tensor in the file
 */
public record StoredWeights(DataType type, long bytes, long parameters) {

    public StoredWeights {
        Objects.requireNonNull(type, "type");
        if (bytes <= 0 || parameters <= 0) {
            throw new IllegalArgumentException("stored weights need positive bytes and parameters, got " + bytes
                    + " bytes of " + parameters);
        }
    }
}
