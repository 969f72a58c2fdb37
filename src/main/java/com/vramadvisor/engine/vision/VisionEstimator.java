package com.vramadvisor.engine.vision;

import com.vramadvisor.engine.core.CudaLibraries;
import com.vramadvisor.engine.core.MemoryPart;
import com.vramadvisor.engine.core.Sentence;
import com.vramadvisor.engine.core.SizedEstimate;
import com.vramadvisor.engine.core.WorkloadKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;

/**
 * Per-GPU memory of vision training and inference from the model's {@link LayerTable}.
 *
 * <p>Training, at the worst moment of backward (P parameters, C the weights of convolutions and linear layers, b
 * images):
 * <pre>
 *   weights            4 P                       float32, also under AMP (torch.amp keeps float32 parameters)
 *   16-bit copies      2 C                       AMP only: autocast's cached casts, kept by autograd for backward
 *   gradients          4 P                       .grad has the parameter's type
 *   optimizer states   4 k P                     k = 0 SGD, 1 SGD-momentum, 2 RMSprop/AdamW/LAMB
 *   activations        b x kept bytes per image  the layer table (with recomputation: block inputs + one block)
 *   backward transient b x (max_i(kept through op i + op i's gradients) - kept)
 *   input batch        4 b x 3 x H x W           float32 normalised images
 *   CUDA context       1 GiB                     context, cuBLAS/cuDNN handles and workspaces
 *   allocator reserve  5 % of the tensors        PyTorch caching allocator, reserved over allocated
 * </pre>
 * Inference: weights in the inference type (4, 2 or 1 bytes), the largest live set of one op (input, output and a
 * residual block's held input) times the batch, the input batch, context and reserve. The context and reserve
 * figures are the language-model estimator's ({@code RuntimeOverhead}: measured CUDA 12 contexts with cuBLAS loaded
 * are 0.5-1 GiB on data-centre GPUs; fragmentation 5 %).
 *
 * <p>Range ({@link CudaLibraries#range}): the context of {@link CudaLibraries#TORCH_CUDNN} from its smallest to its
 * largest measured value, the reserve from none ({@code expandable_segments:True}) to twice 5 %.
 */
final class VisionEstimator {

    static final long CONTEXT_BYTES = CudaLibraries.TORCH_CUDNN.contextBytes();
    static final double ALLOCATOR_FRACTION = 0.05;
    private static final double GIB = 1L << 30;
    private static final double MIB = 1L << 20;

    private VisionEstimator() {
    }

    static SizedEstimate estimate(VisionWorkload w) {
        LayerTable t = w.table();
        List<MemoryPart> parts = new ArrayList<>();
        List<Sentence> assumptions = new ArrayList<>();
        List<Sentence> caveats = new ArrayList<>();
        long p = t.params();
        long b = w.batch();
        long pixels = (long) w.width() * w.height();
        String peakPhase;
        if (w.training()) {
            parts.add(new MemoryPart("weights", "weights", 4 * p, Sentence.of("vision.formula.weights",
                    "%,d parameters x 4 bytes (float32)", p)));
            if (w.precision().autocast()) {
                parts.add(new MemoryPart("weightCopies16", "16-bit weight copies", 2 * t.castParams(),
                        Sentence.of("vision.formula.weightCopies16", "%,d convolution and linear weights x 2 bytes"
                                + " (autocast's cached casts, kept for backward)", t.castParams())));
            }
            parts.add(new MemoryPart("gradients", "gradients", 4 * p, Sentence.of("vision.formula.gradients",
                    "%,d x 4 bytes (float32 .grad)", p)));
            int k = w.optimizer().states();
            parts.add(new MemoryPart("optimizerStates", "optimizer states", 4L * k * p,
                    Sentence.of("vision.formula.optimizerStates", "%s: %d float32 state(s) x %,d parameters",
                            w.optimizer().label(), k, p)));
            long perImage = w.recompute() ? t.recomputedSavedBytes() : t.savedBytes();
            long transientBytes = w.recompute() ? t.largestGradBytes() : t.backwardTransientBytes();
            parts.add(new MemoryPart("activations", "activations", mul(b, perImage), w.recompute()
                    ? Sentence.of("vision.formula.activations.recomputed", "%d images x %.2f MiB kept for backward"
                            + " per image at %dx%d (recomputed: block inputs, stem, head and one block)", b,
                            perImage / MIB, w.width(), w.height())
                    : Sentence.of("vision.formula.activations", "%d images x %.2f MiB kept for backward per image at"
                            + " %dx%d", b, perImage / MIB, w.width(), w.height())));
            parts.add(new MemoryPart("backwardTransient", "backward transient", mul(b, transientBytes),
                    Sentence.of("vision.formula.backwardTransient", "%d images x %.2f MiB: gradients of the op where"
                            + " backward holds the most beyond the kept tensors", b, transientBytes / MIB)));
            parts.add(new MemoryPart("inputBatch", "input batch", mul(b, 12 * pixels),
                    Sentence.of("vision.formula.inputBatch.float32", "%d images x 3 x %d x %d x 4 bytes (float32)", b,
                            w.width(), w.height())));
            peakPhase = "the start of backward (every kept activation still alive)";
            assumptions.add(Sentence.of("vision.assumption.statesAlive", "Gradients and optimizer states are counted"
                    + " as alive while backward runs (an upper bound: with zero_grad(set_to_none=True) gradients"
                    + " appear as backward frees activations)."));
            assumptions.add(Sentence.of("vision.assumption.optimizer", "The optimizer is %s; its states are float32.",
                    w.optimizer().label()));
            if (w.recompute()) {
                int blocks = t.blockInputBytes().size();
                assumptions.add(blocks == 0
                        ? Sentence.of("vision.assumption.recompute.none", "Full recomputation checkpoints residual"
                                + " blocks; %s has none, so every activation is kept as without it.", w.model().label())
                        : Sentence.of("vision.assumption.recompute", "Full recomputation: torch.utils.checkpoint around"
                                + " each of the %d residual blocks keeps their inputs and rebuilds one block's tensors"
                                + " at a time in backward.", blocks));
            }
            if (w.precision().autocast()) {
                assumptions.add(Sentence.of("vision.assumption.autocast", "Automatic mixed precision (torch.autocast,"
                        + " %s): float32 weights, gradients and optimizer states; 16-bit convolution and"
                        + " matrix-multiply outputs; LayerNorm and softmax in float32.", w.precision().id()));
            }
        } else {
            int bytes = w.precision().inferenceBytes();
            parts.add(new MemoryPart("weights", "weights", bytes * p, Sentence.of("vision.formula.weights.infer",
                    "%,d parameters x %d byte(s) (%s)", p, bytes, w.precision().id())));
            long live = t.peakLiveElements();
            parts.add(new MemoryPart("activations", "activations", mul(b, live * bytes),
                    Sentence.of("vision.formula.activations.infer", "%d images x %,d elements live at once (at %s:"
                            + " its input, output and a held residual) x %d byte(s)", b, live, largestOp(t), bytes)));
            int inBytes = bytes == 4 ? 4 : 2;
            parts.add(new MemoryPart("inputBatch", "input batch", mul(b, 3 * inBytes * pixels),
                    Sentence.of("vision.formula.inputBatch", "%d images x 3 x %d x %d x %d bytes", b, w.width(),
                            w.height(), inBytes)));
            peakPhase = "the forward pass";
            assumptions.add(Sentence.of("vision.assumption.inference", "Inference keeps nothing for backward: only the"
                    + " input, output and a residual block's held input of the running op are alive."));
        }
        long tensors = 0;
        for (MemoryPart m : parts) {
            tensors += m.bytes();
            if (tensors < 0) {
                tensors = Long.MAX_VALUE / 2;
            }
        }
        parts.add(new MemoryPart("cudaContext", "CUDA context", CONTEXT_BYTES, Sentence.of("vision.formula.context",
                "1 GiB: CUDA context with cuBLAS and cuDNN loaded, their handles and workspaces")));
        long reserve = (long) (tensors * ALLOCATOR_FRACTION);
        parts.add(new MemoryPart("allocatorReserve", "allocator reserve", reserve,
                Sentence.of("vision.formula.allocator", "5 %% of the tensors: caching-allocator fragmentation"
                        + " (reserved over allocated)")));
        assumptions.add(Sentence.of("vision.assumption.layerTable", "Layer table built from the architecture: %,d"
                + " parameters; torchvision's module structure; 1000 classes.", p));
        if (w.channelsLast()) {
            assumptions.add(Sentence.of("vision.assumption.channelsLast", "Channels-last (NHWC) stores the same"
                    + " elements with other strides: same bytes."));
        }
        if (w.model().isTransformer()) {
            assumptions.add(w.sdpa()
                    ? Sentence.of("vision.assumption.sdpa", "Attention through scaled_dot_product_attention (PyTorch 2,"
                            + " flash or memory-efficient kernel): no score matrix is kept.")
                    : Sentence.of("vision.assumption.eager", "Eager attention: the softmax scores (heads x tokens x"
                            + " tokens per image) are kept."));
            assumptions.add(Sentence.of("vision.assumption.positions", "Position embeddings are built for the given"
                    + " resolution, one per token."));
        }
        caveats(w, t, caveats);
        Sentence subject = Sentence.of(w.training() ? "vision.subject.train" : "vision.subject.infer",
                "%s " + (w.training() ? "training" : "inference") + ", batch %d at %d x %d, %s", w.model().label(), b,
                w.width(), w.height(), w.precision().id());
        return new SizedEstimate(WorkloadKind.VISION, subject, OptionalLong.of(p), parts, peakPhase, assumptions,
                caveats, CudaLibraries.TORCH_CUDNN.range(tensors, reserve));
    }

    private static void caveats(VisionWorkload w, LayerTable t, List<Sentence> caveats) {
        long p = t.params();
        if (w.training()) {
            long perImage = w.recompute() ? t.recomputedSavedBytes() : t.savedBytes();
            caveats.add(Sentence.of("vision.caveat.int8Training",
                    "Quantising %s to int8 would shrink its %.2f GiB of float32"
                    + " weights to %.2f GiB, not its %.2f GiB of activations at batch %d: training memory is"
                    + " activations, and they grow with the batch and with width x height.", w.model().label(),
                    4 * p / GIB, p / GIB, mul(w.batch(), perImage) / GIB, w.batch()));
            if (w.precision().autocast()) {
                caveats.add(Sentence.of("vision.caveat.amp", "Mixed precision halves the 16-bit activations, not the"
                        + " model states: AMP keeps float32 weights, gradients and optimizer states and adds 16-bit"
                        + " weight copies."));
            }
        } else if (w.precision() == VisionPrecision.INT8) {
            caveats.add(Sentence.of("vision.caveat.int8", "int8 shrinks the weights four-fold (%.2f GiB to %.2f GiB);"
                    + " layers an engine leaves in 16 bits hold twice the activation bytes estimated here.",
                    4 * p / GIB, p / GIB));
        }
        if (w.model().isTransformer() && !w.sdpa()) {
            caveats.add(Sentence.of("vision.caveat.eager", "Eager attention keeps heads x tokens^2 scores per image:"
                    + " tokens grow with the pixel count, so doubling the image side multiplies the scores by 16."));
        }
    }

    private static String largestOp(LayerTable t) {
        LayerTable.Row worst = t.rows().get(0);
        for (LayerTable.Row r : t.rows()) {
            if (r.liveElements() > worst.liveElements()) {
                worst = r;
            }
        }
        return worst.name();
    }

    private static long mul(long a, long b) {
        try {
            return Math.multiplyExact(a, b);
        } catch (ArithmeticException e) {
            return Long.MAX_VALUE / 4;
        }
    }
}
