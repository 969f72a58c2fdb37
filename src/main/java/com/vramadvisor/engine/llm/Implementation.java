package com.vramadvisor.engine.llm;

import java.util.Locale;

/**
 * The training software whose memory layout the estimate follows. The two differ in how mixed precision stores the
 * model states and in which tensors a block keeps for backward; pure precisions ({@code fp32}, {@code fp16},
 * {@code bf16}) store the same model states in both. {@code docs/estimation.md} compares them with measurements.
 *
 * <ul>
 *   <li>{@link #PYTORCH}: Hugging Face Transformers modelling code in eager PyTorch, mixed precision by
 *       {@code torch.autocast} (the Hugging Face Trainer and Accelerate without DeepSpeed). Parameters,
 *       gradients and optimizer states are fp32 and there is no separate master copy; every matmul keeps a 16-bit
 *       copy of its fp32 weight from its first use in forward until its backward (autocast's weight cast cache).
 *       Activations are what autograd saves for the Hugging Face blocks as measured by
 *       {@code harness/activations/measure.py}: LayerNorm models are counted as GPT-2's block ({@code nn.LayerNorm}
 *       with its fp32 mean and reciprocal standard deviation, a fused q/k/v projection, dropout after attention and
 *       after the MLP); RMSNorm models as Llama's ({@code LlamaRMSNorm} written in Python, separate q/k/v and
 *       gate/up projections that each cast their input under autocast, softmax in fp32 in every precision, rotary
 *       cos/sin in the hidden type, dropout on the attention probabilities only).</li>
 *   <li>{@link #MEGATRON}: Megatron-LM and DeepSpeed with fused kernels, the setting of Korthikanti et al. 2022:
 *       16-bit working weights and gradients plus an fp32 master copy in the mixed modes (the ZeRO paper's
 *       {@code (2 + 2 + K)} bytes per parameter), fused norms and activation functions that keep one input, norm
 *       statistics omitted as in the paper, dropout at the paper's three sites in every block.</li>
 * </ul>
 */
public enum Implementation {
    MEGATRON("megatron"),
    PYTORCH("pytorch");

    private final String id;

    Implementation(String id) {
        this.id = id;
    }

    /** Lowercase identifier as the command line and reports spell it. */
    public String id() {
        return id;
    }

    /** Parses {@code megatron} (also {@code deepspeed}) or {@code pytorch} (also {@code hf}, {@code huggingface}). */
    public static Implementation parse(String text) {
        String key = text.trim().toLowerCase(Locale.ROOT);
        return switch (key) {
            case "megatron", "deepspeed" -> MEGATRON;
            case "pytorch", "hf", "huggingface", "transformers" -> PYTORCH;
            default -> throw new IllegalArgumentException(
                    "unknown implementation '" + text + "' (expected megatron or pytorch)");
        };
    }
}
