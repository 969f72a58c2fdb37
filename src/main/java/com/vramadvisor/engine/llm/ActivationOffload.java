package com.vramadvisor.engine.llm;

import java.util.Locale;

/**
 * Whether the activations a training step saves for its backward pass are moved to host memory, and how.
 * <ul>
 *   <li>{@link #CPU_CHECKPOINTING}: DeepSpeed activation checkpointing with {@code cpu_checkpointing}
 *       ({@code deepspeed/runtime/activation_checkpointing/checkpointing.py}, {@code CheckpointFunction},
 *       microsoft/DeepSpeed commit 38327e07f6cd39b63418f60cedd1651b0be3e7c3). Each checkpointed block copies its input
 *       to the CPU in the forward pass ({@code copy_to_device(args, device=torch.device('cpu'))}) and runs on a GPU
 *       copy ({@code inputs_cuda}) that it frees after the block; the backward pass moves one block's input back
 *       ({@code move_to_device(ctx.deepspeed_saved_tensors, cuda_device)}) and recomputes that block. It needs full
 *       recomputation (every block checkpointed) and runs under DeepSpeed ({@link Implementation#MEGATRON}).</li>
 *   <li>{@link #SAVE_ON_CPU}: PyTorch's {@code torch.autograd.graph.save_on_cpu} context manager (PyTorch docs,
 *       "Hooks for saved tensors"): every tensor autograd saves inside the blocks is packed to the CPU as it is saved
 *       and unpacked to the GPU when its backward node runs, with or without recomputation
 *       ({@link Implementation#PYTORCH}).</li>
 * </ul>
 * Either way the blocks' saved activations of every micro-batch in flight live in host memory, and the GPU holds one
 * block's at a time (the block being computed or recomputed); the embedding's and the head's stay on the GPU. Every
 * saved byte crosses PCIe twice per micro-batch, to the host and back; both copies are synchronous in the code above
 * ({@code .to()} without pinned memory in DeepSpeed, {@code pin_memory=False} by default in {@code save_on_cpu}).
 */
public enum ActivationOffload {
    NONE,
    CPU_CHECKPOINTING,
    SAVE_ON_CPU;

    /** The command-line and scenario spelling: {@code none}, {@code cpu-checkpointing}, {@code save-on-cpu}. */
    public String id() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** Parses {@link #id()}, also with underscores. */
    public static ActivationOffload parse(String text) {
        String t = text.trim().toLowerCase(Locale.ROOT).replace('_', '-');
        for (ActivationOffload a : values()) {
            if (a.id().equals(t)) {
                return a;
            }
        }
        throw new IllegalArgumentException("unknown activation offload '" + text
                + "' (expected none, cpu-checkpointing or save-on-cpu)");
    }

    /** Why this offload cannot run with the workload's mode, recomputation and implementation, or {@code null}. */
    String problem(Mode mode, Recompute recompute, Implementation implementation) {
        if (this == NONE) {
            return null;
        }
        if (mode == Mode.INFER) {
            return "activation offload applies to training";
        }
        if (this == CPU_CHECKPOINTING) {
            if (implementation != Implementation.MEGATRON) {
                return "cpu-checkpointing is DeepSpeed's (the Megatron/DeepSpeed implementation); PyTorch has"
                        + " save-on-cpu";
            }
            if (recompute != Recompute.FULL) {
                return "cpu-checkpointing moves the checkpointed block inputs and needs full recomputation";
            }
        } else if (implementation != Implementation.PYTORCH) {
            return "save-on-cpu is PyTorch's (the PyTorch implementation); DeepSpeed has cpu-checkpointing";
        }
        return null;
    }
}
