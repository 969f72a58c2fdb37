package com.vramadvisor.engine.llm;

/**
 * One tensor that autograd keeps from the forward pass for the backward pass, per GPU, for one micro-batch.
 *
 * @param name   readable dotted name of the tensor by the op that saves it, e.g. {@code ln1.input},
 *               {@code attn.qkv.input}, {@code attn.scores.softmax}, {@code attn.dropout.mask},
 *               {@code mlp.fc1.output}
 * @param bytes  its size in bytes (elements times element size; masks are 1 byte per element)
 */
public record SavedTensor(String name, long bytes) {
}
