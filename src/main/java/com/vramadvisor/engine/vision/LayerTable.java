package com.vramadvisor.engine.vision;

import java.util.List;
import java.util.Objects;

/**
 * A network's layer table at one input resolution and one numeric mode: its parameters and, per sample, the bytes
 * autograd keeps for backward, op by op, as {@link LayerGraph} derives them from the architecture.
 *
 * @param name               the network ("ResNet-50")
 * @param params             trainable parameters (weights and biases, norm scales and shifts, embeddings)
 * @param castParams         weights of convolutions and linear layers, whose 16-bit copies {@code torch.autocast}
 *                           makes in the forward pass and autograd keeps for backward (norm layers stay float32;
 *                           biases are copied too, but backward does not keep their copies)
 * @param savedBytes         bytes autograd keeps for backward per sample, each storage counted once
 * @param savedOutsideBlocks of {@code savedBytes}, what the stem and head keep (never recomputed)
 * @param blockInputBytes    per residual block, the bytes of its input per sample (what a checkpointed block keeps)
 * @param blockSavedBytes    per residual block, the bytes its ops keep per sample
 * @param rows               the ops in forward order
 * @param tensorFlops        forward FLOPs per sample of dense convolutions and matrix multiplies (tensor cores)
 * @param otherFlops         forward FLOPs per sample of grouped (depthwise) convolutions, which are bandwidth-bound
 * @param streamBytes        forward bytes per sample that the other ops read and write in device memory
 */
public record LayerTable(String name, long params, long castParams, long savedBytes, long savedOutsideBlocks,
                         List<Long> blockInputBytes, List<Long> blockSavedBytes, List<Row> rows, long tensorFlops,
                         long otherFlops, long streamBytes) {

    /**
     * One op of the forward pass.
     *
     * @param name           module path in torchvision's naming ("layer1.0.conv1")
     * @param params         its parameters
     * @param savedBytes     bytes per sample it adds to what autograd keeps (0 when it keeps a tensor already kept)
     * @param savedThrough   bytes per sample kept by this op and all ops before it
     * @param gradBytes      bytes per sample of the gradients its backward holds at once (output and input
     *                       gradients)
     * @param liveElements   elements per sample live while it runs in inference: input, output and a residual
     *                       block's held input
     */
    public record Row(String name, long params, long savedBytes, long savedThrough, long gradBytes,
                      long liveElements) {
    }

    public LayerTable {
        Objects.requireNonNull(name, "name");
        blockInputBytes = List.copyOf(blockInputBytes);
        blockSavedBytes = List.copyOf(blockSavedBytes);
        rows = List.copyOf(rows);
    }

    /**
     * Bytes per sample at the worst moment of backward beyond {@link #savedBytes()}: walking the ops in reverse,
     * op {@code i}'s backward holds its gradients while the tensors kept by ops up to {@code i} are still alive;
     * the result is {@code max_i(savedThrough_i + gradBytes_i) - savedBytes}, at least 0.
     */
    public long backwardTransientBytes() {
        long worst = 0;
        for (Row r : rows) {
            worst = Math.max(worst, r.savedThrough() + r.gradBytes());
        }
        return Math.max(0, worst - savedBytes);
    }

    /** The largest single op's gradients per sample (what recomputed backward adds to its kept tensors). */
    public long largestGradBytes() {
        long worst = 0;
        for (Row r : rows) {
            worst = Math.max(worst, r.gradBytes());
        }
        return worst;
    }

    /**
     * Bytes per sample kept with full recomputation ({@code torch.utils.checkpoint} around every residual block):
     * the stem and head as before, each block's input, and one block's own tensors while it is recomputed.
     */
    public long recomputedSavedBytes() {
        long inputs = 0;
        long largest = 0;
        for (int i = 0; i < blockInputBytes.size(); i++) {
            inputs += blockInputBytes.get(i);
            largest = Math.max(largest, blockSavedBytes.get(i));
        }
        return savedOutsideBlocks + inputs + largest;
    }

    /** The most elements per sample live at once in an inference forward pass (nothing is kept for backward). */
    public long peakLiveElements() {
        long worst = 0;
        for (Row r : rows) {
            worst = Math.max(worst, r.liveElements());
        }
        return worst;
    }

    /**
     * Forward FLOPs per sample of every convolution and matrix multiply: twice the multiply-accumulates that
     * torchvision's model documentation lists as "GFLOPS".
     */
    public long forwardFlops() {
        return tensorFlops + otherFlops;
    }
}
