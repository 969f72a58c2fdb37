package com.vramadvisor.engine.vision;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds a {@link LayerTable} by running a network's forward pass symbolically, op by op, and recording what
 * PyTorch's autograd keeps for backward. The rules per op follow {@code tools/autograd/derivatives.yaml} in PyTorch
 * (which inputs or results each backward formula names) and the autocast op lists of the CUDA AMP documentation
 * (https://pytorch.org/docs/stable/amp.html, "CUDA Ops that can autocast to float16 / to float32"):
 * <ul>
 *   <li>convolution, linear, bmm save their input; under autocast a float32 input is first cast to 16 bits and the
 *       cast copy is what is saved, and so is the 16-bit copy of the weight (counted by {@link #castParams()}; the
 *       bias's copy is not kept, its gradient needs no operand);</li>
 *   <li>batch norm saves its input (plus per-channel mean and inverse std, per batch, ignored);</li>
 *   <li>in-place ReLU saves its result, the same storage it overwrites; SiLU and GELU save their input;</li>
 *   <li>max pooling saves its input and int64 indices of its output; adaptive average pooling saves its input;</li>
 *   <li>layer norm runs in float32 under autocast, saves its float32 input and float32 mean and rstd per row;</li>
 *   <li>softmax runs in float32 under autocast and saves its result; sigmoid saves its result;</li>
 *   <li>additions save nothing and promote float16 + float32 to float32.</li>
 * </ul>
 * A tensor saved by several ops counts once (autograd keeps one storage). Sizes are per sample, in bytes.
 *
 * <p>The same walk counts the forward pass's work per sample: FLOPs of the dense convolutions and matrix multiplies
 * ({@code 2 x k x k x Cin/groups x Cout x Hout x Wout} for a convolution, {@code 2 x in x out} per row for a linear
 * layer, {@code 4 x N^2 x E} per attention layer for the {@code QK^T} and {@code AV} products), which run on tensor
 * cores, and the bytes the other ops read and write (each op reads its input and writes its output; an in-place op
 * reads and writes its input), which are bandwidth-bound. Grouped (depthwise) convolutions, at about
 * {@code 2 k^2 / (2 x bytes)} FLOPs per byte (25 for a 7 x 7 kernel in 16 bits, far below any tensor-core GPU's
 * ridge point of 100 or more), are counted among the bandwidth-bound ops, their FLOPs kept in the total only.
 */
final class LayerGraph {

    /** A feature map or token matrix of one sample: {@code c x h x w} elements. */
    record Tensor(int id, long c, long h, long w, boolean fp32) {
        long elements() {
            return c * h * w;
        }
    }

    private final boolean autocast;
    private final Map<String, Long> saved = new HashMap<>();
    private final List<LayerTable.Row> rows = new ArrayList<>();
    private final List<Long> blockInputs = new ArrayList<>();
    private final List<Long> blockSaved = new ArrayList<>();
    private int nextId;
    private long params;
    private long castParams;
    private long savedNow;
    private long rowSaved;
    private long held;
    private int heldId = -1;
    private boolean inBlock;
    private long tensorFlops;
    private long otherFlops;
    private long streamBytes;
    private long pendingFlops;
    private boolean pendingTensor;

    /** @param autocast whether the forward pass runs under {@code torch.autocast} with a 16-bit type */
    LayerGraph(boolean autocast) {
        this.autocast = autocast;
    }

    /** The input image of one sample: float32, counted in the input batch, not among the activations. */
    Tensor image(long c, long h, long w) {
        Tensor t = new Tensor(nextId++, c, h, w, true);
        saved.put(key(t), 0L);
        return t;
    }

    Tensor conv(String name, Tensor x, long out, int k, int stride, int pad, long groups, boolean bias) {
        long weights = out * (x.c() / groups) * k * k;
        saveCompute(x);
        Tensor y = fresh(out, (x.h() + 2L * pad - k) / stride + 1, (x.w() + 2L * pad - k) / stride + 1, false);
        castParams += weights;
        pendingFlops = 2 * weights * y.h() * y.w();
        pendingTensor = groups == 1;
        return row(name, weights + (bias ? out : 0), x, y);
    }

    Tensor batchNorm(String name, Tensor x) {
        save(x);
        return row(name, 2 * x.c(), x, fresh(x.c(), x.h(), x.w(), x.fp32()));
    }

    /** {@code nn.ReLU(inplace=True)}: saves its result, which is its input's storage. */
    Tensor reluInPlace(String name, Tensor x) {
        save(x);
        return row(name, 0, x, x);
    }

    /** SiLU (in place or not) and GELU: the backward formula needs the input, so a copy of it is kept. */
    Tensor savesInput(String name, Tensor x) {
        save(x);
        return row(name, 0, x, fresh(x.c(), x.h(), x.w(), x.fp32()));
    }

    Tensor sigmoid(String name, Tensor x) {
        Tensor y = fresh(x.c(), x.h(), x.w(), x.fp32());
        save(y);
        return row(name, 0, x, y);
    }

    Tensor maxPool(String name, Tensor x, int k, int stride, int pad) {
        save(x);
        Tensor y = fresh(x.c(), (x.h() + 2L * pad - k) / stride + 1, (x.w() + 2L * pad - k) / stride + 1, x.fp32());
        raw("idx" + y.id(), y.elements() * 8);
        return row(name, 0, x, y);
    }

    /** {@code nn.AdaptiveAvgPool2d(out)}: saves its input. */
    Tensor adaptiveAvgPool(String name, Tensor x, long out) {
        save(x);
        return row(name, 0, x, fresh(x.c(), out, out, x.fp32()));
    }

    /** {@code nn.Linear} over the channel axis ({@code c} features, {@code h x w} rows). */
    Tensor linear(String name, Tensor x, long out, boolean bias) {
        saveCompute(x);
        castParams += x.c() * out;
        pendingFlops = 2 * x.c() * out * x.h() * x.w();
        pendingTensor = true;
        return row(name, x.c() * out + (bias ? out : 0), x, fresh(out, x.h(), x.w(), false));
    }

    /** Layer norm over {@code c}: float32 input and float32 mean and rstd per row kept; float32 output. */
    Tensor layerNorm(String name, Tensor x) {
        if (autocast && !x.fp32()) {
            raw("f32" + x.id(), x.elements() * 4);
        } else {
            save(x);
        }
        raw("stats" + x.id(), 2 * x.h() * x.w() * 4);
        return row(name, 2 * x.c(), x, fresh(x.c(), x.h(), x.w(), true));
    }

    /** Out-of-place addition: saves nothing; float16 + float32 gives float32. */
    Tensor add(String name, Tensor a, Tensor b) {
        return row(name, 0, a, fresh(a.c(), a.h(), a.w(), a.fp32() || b.fp32()));
    }

    /** In-place {@code a += b}: saves nothing, keeps {@code a}'s storage. */
    Tensor addInPlace(String name, Tensor a) {
        return row(name, 0, a, a);
    }

    /** Elementwise product of two tensors that both need gradients: both are kept. */
    Tensor multiply(String name, Tensor a, Tensor b) {
        save(a);
        save(b);
        Tensor big = a.elements() >= b.elements() ? a : b;
        return row(name, 0, big, fresh(big.c(), big.h(), big.w(), a.fp32() || b.fp32()));
    }

    /** Product with a parameter broadcast over the map (ConvNeXt's layer scale): keeps the map. */
    Tensor scale(String name, Tensor x, long scaleParams) {
        save(x);
        return row(name, scaleParams, x, fresh(x.c(), x.h(), x.w(), true));
    }

    /**
     * torchvision's {@code StochasticDepth(p, "row")} in training: with p = 0 it returns its input; otherwise it
     * multiplies by a per-sample noise tensor of the input's type (kept, one element a sample) into a new tensor.
     */
    Tensor stochasticDepth(String name, Tensor x, double p) {
        if (p <= 0) {
            return x;
        }
        raw("noise" + x.id(), bytes(x));
        return row(name, 0, x, fresh(x.c(), x.h(), x.w(), x.fp32()));
    }

    /** Dropout in training on CUDA: a one-byte mask per element when p > 0, nothing when p = 0. */
    Tensor dropout(String name, Tensor x, double p) {
        if (p <= 0) {
            return x;
        }
        raw("mask" + x.id(), x.elements());
        return row(name, 0, x, fresh(x.c(), x.h(), x.w(), x.fp32()));
    }

    /** A new tensor that no op saves (a copy, a concatenation, a reshape that copies), for ops that save nothing. */
    Tensor copy(String name, Tensor x, long c, long h, long w, boolean fp32, long extraParams) {
        return row(name, extraParams, x, fresh(c, h, w, fp32));
    }

    /** Saves a tensor of {@code bytes} per sample that no other op keeps (attention scores, log-sum-exp). */
    void raw(String key, long bytes) {
        put(key, bytes);
    }

    /** Saves {@code t} as a matrix multiply does: a 16-bit copy of a float32 input under autocast. */
    private void saveCompute(Tensor t) {
        if (autocast && t.fp32()) {
            put("c16" + t.id(), t.elements() * 2);
        } else {
            save(t);
        }
    }

    /** Saves {@code t} in its own type. */
    void save(Tensor t) {
        put(key(t), t.elements() * bytes(t));
    }

    /** Bytes per element of {@code t}: 2 for a 16-bit tensor under autocast, else 4. */
    long bytes(Tensor t) {
        return autocast && !t.fp32() ? 2 : 4;
    }

    /** Starts a residual block (a unit {@code torch.utils.checkpoint} wraps): its input stays live throughout. */
    void beginBlock(Tensor input) {
        inBlock = true;
        held = input.elements();
        heldId = input.id();
        blockInputs.add(input.elements() * bytes(input));
        blockSaved.add(0L);
    }

    void endBlock() {
        inBlock = false;
        held = 0;
        heldId = -1;
    }

    /** A linear layer's parameters outside the ops the graph records (a classifier on the class token). */
    void addLinearParams(long weights, long biases) {
        params += weights + biases;
        castParams += weights;
        tensorFlops += 2 * weights;
    }

    /** FLOPs of a matrix product that no recorded op carries (attention's {@code QK^T} and {@code AV}). */
    void matmulFlops(long flops) {
        tensorFlops += flops;
    }

    boolean autocast() {
        return autocast;
    }

    long params() {
        return params;
    }

    long castParams() {
        return castParams;
    }

    LayerTable table(String name) {
        long outside = savedNow;
        for (long b : blockSaved) {
            outside -= b;
        }
        return new LayerTable(name, params, castParams, savedNow, outside, blockInputs, blockSaved, rows,
                tensorFlops, otherFlops, streamBytes);
    }

    private Tensor row(String name, long p, Tensor in, Tensor out) {
        params += p;
        long inBytes = in.elements() * bytes(in);
        long outBytes = out == in ? 0 : out.elements() * bytes(out);
        long live = in.elements() + (out == in ? 0 : out.elements()) + (in.id() == heldId ? 0 : held);
        if (pendingTensor) {
            tensorFlops += pendingFlops;
        } else {
            otherFlops += pendingFlops;
            streamBytes += inBytes + (out == in ? inBytes : outBytes);
        }
        pendingFlops = 0;
        pendingTensor = false;
        rows.add(new LayerTable.Row(name, p, rowSaved, savedNow, inBytes + Math.max(outBytes, inBytes), live));
        rowSaved = 0;
        return out;
    }

    private void put(String key, long bytes) {
        if (saved.putIfAbsent(key, bytes) == null) {
            savedNow += bytes;
            rowSaved += bytes;
            if (inBlock) {
                int last = blockSaved.size() - 1;
                blockSaved.set(last, blockSaved.get(last) + bytes);
            }
        }
    }

    private Tensor fresh(long c, long h, long w, boolean fp32) {
        return new Tensor(nextId++, c, h, w, fp32);
    }

    private static String key(Tensor t) {
        return "t" + t.id();
    }
}
