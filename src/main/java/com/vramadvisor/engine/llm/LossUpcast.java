package com.vramadvisor.engine.llm;

/**
 * Whether the training loss casts the logits to fp32 before cross-entropy, which decides the bytes per logit alive
 * at the end of the forward pass ({@code e} = bytes of the compute type):
 * <ul>
 *   <li>{@link #FP32}: Hugging Face Transformers' causal-LM loss ({@code ForCausalLMLoss} in
 *       {@code transformers/loss/loss_utils.py}: {@code logits = logits.float()}) keeps the 16-bit logits and the
 *       fp32 log-softmax that {@code cross_entropy} saves, {@code e + 4} bytes per logit; the gradient of the logits
 *       is fp32, 4 bytes.</li>
 *   <li>{@link #NONE}: plain PyTorch {@code torch.nn.functional.cross_entropy} on 16-bit logits keeps the log-softmax
 *       in the compute type, {@code 2e} bytes per logit; the gradient is in the compute type, {@code e} bytes.</li>
 * </ul>
 * Measured on the CPU with PyTorch 1.13 ({@code harness/framework-choices/results.json}): 6 and 4 bytes per logit
 * in bf16, 8 and 8 in fp32.
 */
public enum LossUpcast {
    FP32,
    NONE;

    /** Bytes per logit alive at the end of the forward pass for compute-type bytes {@code e}. */
    public double forwardBytesPerLogit(double e) {
        return this == FP32 ? e + 4 : 2 * e;
    }

    /** Bytes per element of the logits' gradient in the loss backward for compute-type bytes {@code e}. */
    public double gradBytesPerLogit(double e) {
        return this == FP32 ? 4 : e;
    }
}
