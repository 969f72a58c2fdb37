package com.vramadvisor.engine.llm;

import java.util.Set;

/**
 * Parameters held by one GPU of one pipeline stage, before ZeRO, split by how they are stored and sharded.
 *
 * <p>Tensor parallelism (Shoeybi et al. 2019, Megatron-LM): the column-parallel q/k/v and first FFN matrices and
 * their biases, the row-parallel output and second FFN matrices, every expert's matrices, the token table
 * (vocabulary-parallel) and an untied LM head are divided by {@code t}; norms, the biases of row-parallel matrices,
 * learned position and token-type tables, the router, a pooler and a classifier are replicated. Key/value heads
 * fewer than {@code t} are replicated, one per rank.
 *
 * <p>Pipeline parallelism (Narayanan et al. 2021): each stage holds {@code ceil(L/p)} blocks; the first stage also
 * holds the embeddings, the last stage the final norm and the head. A tied LM head on a separate last stage keeps
 * its own copy of the token table (Megatron-LM synchronises the two copies' gradients). Mixture-of-experts dense
 * layers ({@code first_k_dense_replace}) are the first blocks.
 *
 * <p>Expert parallelism (Megatron-Core {@code MoELayer}, {@code num_local_experts = num_moe_experts / ep}): each GPU
 * holds {@code E / ep} routed experts' matrices and biases (and their LoRA adapters); the router, shared experts,
 * attention and the dense blocks are held whole as before.
 */
final class StageParams {

    final int denseLayers;
    final int moeLayers;
    /** Weight matrices inside the blocks (what int8/int4/NF4/GGUF quantise). */
    final double blockMatrices;
    /** The routed experts' matrices on this GPU, part of {@link #blockMatrices}. */
    final double expertMatrices;
    /** The routed experts' matrices and biases on this GPU (E / ep experts per MoE block). */
    final double expertParams;
    /** How the release stores the routed experts ({@link ModelSpec#expertWeightType()}), {@code null}: as the rest. */
    private final DataType expertWeightType;
    /** Norms and biases inside the blocks. */
    final double blockVectors;
    /** Token table and LM-head matrix (quantised only by GGUF). */
    final double vocabMatrices;
    /** The LM head's own matrix on this GPU, part of {@link #vocabMatrices} (0 when the token table serves). */
    private final double outputMatrix;
    private final ModelSpec model;
    /** Position and token-type tables, embedding and final norms, masked-LM transform, pooler, classifier. */
    final double other;
    /** Adafactor state elements for all of the above (factored row + column per matrix, full for vectors). */
    final double adafactorElements;
    /** LoRA adapter parameters on this GPU (0 without adapters). */
    final double loraParams;
    /** Adafactor state elements of the adapters. */
    final double loraAdafactorElements;
    /** Parameters of the largest block on this GPU (what ZeRO-3 gathers at once). */
    final double largestBlock;
    /** Elements of the largest block matrix on this GPU (what a 4-bit base dequantises at once). */
    final double largestMatrix;
    /** Weight-matrix elements of the largest block on this GPU (matmul weights, router included). */
    final double largestBlockMatrices;
    /**
     * Matmul weight elements outside the blocks on this GPU: the LM head (the token table when tied) and an
     * encoder's masked-LM transform, or a pooler and classifier, on the last stage. The embedding lookup is no matmul.
     */
    final double headMatrices;

    StageParams(ModelSpec m, Workload w, boolean first, boolean last) {
        Parallelism par = w.parallelism();
        int layers = m.layers();
        int perStage = (layers + par.pipelineParallel() - 1) / par.pipelineParallel();
        int dense = m.isMoe() ? m.moe().denseLayers() : layers;
        int denseHere;
        if (first) {
            denseHere = Math.min(dense, perStage);
        } else {
            denseHere = Math.max(0, dense - (layers - perStage));
        }
        denseLayers = denseHere;
        moeLayers = perStage - denseHere;

        double t = par.tensorParallel();
        double h = m.hiddenSize();
        double norm = ParameterCounter.normParams(m);
        AttentionParams attention = AttentionParams.of(m, par.tensorParallel());
        double attnMatrices = attention.matrices;
        double attnVectors = attention.vectors + m.normsPerLayer() * norm;
        double attnAdafactor = attention.adafactor - attention.vectors;
        double denseFfn = m.ffnSize() / t;
        double denseBlock = attnMatrices + attnVectors + mlpMatrices(m, denseFfn) + mlpVectors(m, denseFfn);
        double matrices = denseHere * (attnMatrices + mlpMatrices(m, denseFfn));
        double vectors = denseHere * (attnVectors + mlpVectors(m, denseFfn));
        double ada = denseHere * (attnAdafactor + mlpAdafactor(m, denseFfn) + attnVectors + mlpVectors(m, denseFfn));
        double largestMat = denseHere > 0 ? Math.max(attention.largestMatrix, h * denseFfn) : attention.largestMatrix;
        double biggestBlock = denseHere > 0 ? denseBlock : 0;
        double biggestBlockMatrices = denseHere > 0 ? attnMatrices + mlpMatrices(m, denseFfn) : 0;
        double experts = 0;
        double expertAll = 0;
        if (m.isMoe() && moeLayers > 0) {
            MoeSpec moe = m.moe();
            double ef = moe.expertFfnSize() / t;
            double sf = moe.sharedExpertFfnSize() / t;
            // Expert parallelism: this GPU holds E / ep routed experts; the router and shared experts stay whole.
            double local = (double) moe.experts() / par.expertParallel();
            double moeMat = attnMatrices + h * moe.experts() + local * mlpMatrices(m, ef)
                    + (sf > 0 ? mlpMatrices(m, sf) : 0) + (moe.sharedExpertGate() ? h : 0);
            double routerBias = moe.routerBias() ? moe.experts() : 0;
            double moeVec = attnVectors + local * mlpVectors(m, ef) + (sf > 0 ? mlpVectors(m, sf) : 0)
                    + routerBias;
            experts = moeLayers * local * mlpMatrices(m, ef);
            expertAll = moeLayers * local * (mlpMatrices(m, ef) + mlpVectors(m, ef));
            double moeAda = attnAdafactor + (h + moe.experts()) + local * mlpAdafactor(m, ef)
                    + (sf > 0 ? mlpAdafactor(m, sf) : 0) + (moe.sharedExpertGate() ? h + 1 : 0) + moeVec;
            matrices += moeLayers * moeMat;
            vectors += moeLayers * moeVec;
            ada += moeLayers * moeAda;
            biggestBlock = Math.max(biggestBlock, moeMat + moeVec);
            biggestBlockMatrices = Math.max(biggestBlockMatrices, moeMat);
            largestMat = Math.max(largestMat, h * Math.max(ef, sf));
        }

        double vocab = 0;
        double others = 0;
        double head = 0;
        double output = 0;
        double vocabRows = m.vocabSize() / t;
        if (first) {
            vocab += vocabRows * h;
            others += ParameterCounter.otherEmbedding(m) + m.visionParams();
            ada += vocabRows + h + ParameterCounter.otherEmbedding(m) + m.visionParams();
        }
        if (last) {
            others += m.finalNorm() ? norm : 0;
            others += m.pooler() ? h * h + h : 0;
            if (m.head() == HeadKind.LM) {
                boolean ownCopy = !m.tiedEmbeddings() || !first;
                if (ownCopy) {
                    vocab += vocabRows * h;
                    output += vocabRows * h;
                    ada += vocabRows + h;
                }
                head += vocabRows * h;
                if (m.arch() == ArchitectureKind.ENCODER) {
                    others += h * h + h + norm + vocabRows;
                    head += h * h;
                }
            } else if (m.head() == HeadKind.CLASSIFIER) {
                others += h * m.classifierOutputs() + m.classifierOutputs();
                head += h * m.classifierOutputs();
            }
            head += m.pooler() ? h * h : 0;
            ada += (m.finalNorm() ? norm : 0) + (m.pooler() ? 2 * h + 1 : 0);
        }
        blockMatrices = matrices;
        expertMatrices = experts;
        expertParams = expertAll;
        expertWeightType = m.expertWeightType();
        blockVectors = vectors;
        vocabMatrices = vocab;
        outputMatrix = output;
        model = m;
        other = others;
        adafactorElements = ada;
        largestBlock = biggestBlock;
        largestMatrix = largestMat;
        largestBlockMatrices = biggestBlockMatrices;
        headMatrices = head;

        if (w.lora() != null && (w.mode() == Mode.LORA || w.mode() == Mode.QLORA)) {
            double[] lora = lora(m, w.lora(), t, par.expertParallel());
            loraParams = denseHere * lora[0] + moeLayers * lora[1];
            loraAdafactorElements = denseHere * lora[2] + moeLayers * lora[3];
        } else {
            loraParams = 0;
            loraAdafactorElements = 0;
        }
    }

    /** LoRA adapter parameters of the whole model (all blocks, no parallel split). */
    static double loraTotal(ModelSpec m, LoraSpec spec) {
        double[] lora = lora(m, spec, 1, 1);
        int dense = m.isMoe() ? m.moe().denseLayers() : m.layers();
        return dense * lora[0] + (m.layers() - dense) * lora[1];
    }

    /** All parameters on this GPU. */
    double total() {
        return blockMatrices + blockVectors + vocabMatrices + other;
    }

    /**
     * Bytes of these parameters stored as {@code type}. Plain float types store everything at their width.
     * Quantised types (int8, int4, NF4, fp8) quantise only the block matrices and keep the token table, LM head, norms
     * and biases at 16 bits (bitsandbytes, GPTQ and AWQ skip {@code lm_head} and embeddings). GGUF quantises every
     * matrix including the token table and output (llama.cpp), and keeps norms and biases in fp32; llama.cpp's file
     * types (Q4_K_M, ...) choose each tensor's type as {@code llama-quantize} does ({@link LlamaCppMix}); a model
     * imported from a file of that type takes the file's own bytes instead ({@link StoredWeights}), shared out by
     * this GPU's part of the parameters.
     */
    double bytesAs(DataType type) {
        StoredWeights stored = model.storedWeights();
        if (stored != null && stored.type() == type) {
            // The file's own bytes, shared out by this GPU's part of the parameters.
            return stored.bytes() * Math.min(1.0, total() / ParameterCounter.count(model).total());
        }
        double bytes = type.bytesPerElement();
        if (!Bytes.quantized(type)) {
            return total() * bytes;
        }
        if (LlamaCppMix.isFileType(type)) {
            DataType out = LlamaCppMix.outputType(model);
            DataType token = model.tiedEmbeddings() ? out : LlamaCppMix.tokenType(model, type);
            return blockMatrices * LlamaCppMix.blockBytesPerElement(model, type)
                    + (vocabMatrices - outputMatrix) * token.bytesPerElement() + outputMatrix * out.bytesPerElement()
                    + (blockVectors + other) * 4;
        }
        if (type.isGguf()) {
            return (blockMatrices + vocabMatrices) * bytes + (blockVectors + other) * 4;
        }
        return blockMatrices * bytes + (blockVectors + vocabMatrices + other) * 2;
    }

    /**
     * Bytes of these parameters for inference with weights of {@code type}: as {@link #bytesAs(DataType)}, except that
     * routed experts shipped in a smaller format ({@link ModelSpec#expertWeightType()}, gpt-oss's MXFP4 at 4.25 bits
     * per parameter) stay in it, as vLLM and Transformers serve them. Training dequantises them and uses
     * {@link #bytesAs(DataType)}.
     */
    double inferenceBytesAs(DataType type) {
        double bytes = bytesAs(type);
        if (expertWeightType != null && expertWeightType.bytesPerElement() < type.bytesPerElement()) {
            bytes -= expertMatrices * (type.bytesPerElement() - expertWeightType.bytesPerElement());
        }
        return bytes;
    }

    private static double mlpMatrices(ModelSpec m, double ffn) {
        return (m.mlp() == MlpKind.GATED ? 3 : 2) * m.hiddenSize() * ffn;
    }

    private static double mlpVectors(ModelSpec m, double ffn) {
        if (!m.mlpBias()) {
            return 0;
        }
        return (m.mlp() == MlpKind.GATED ? 2 * ffn : ffn) + m.hiddenSize();
    }

    private static double mlpAdafactor(ModelSpec m, double ffn) {
        return (m.mlp() == MlpKind.GATED ? 3 : 2) * (m.hiddenSize() + ffn);
    }

    /**
     * Adapter parameters and Adafactor elements of one dense block and one expert block:
     * {dense params, moe params, dense adafactor, moe adafactor}. Each adapted {@code d_in x d_out} matrix adds
     * {@code r * (d_in + d_out)} (Hu et al. 2021); expert blocks adapt every expert's and the shared expert's
     * matrices (the E / ep experts on this GPU). Divided by {@code t} as a whole.
     */
    private static double[] lora(ModelSpec m, LoraSpec spec, double t, double ep) {
        Set<LoraSpec.LoraTarget> targets = spec.targets();
        double r = spec.rank();
        double h = m.hiddenSize();
        double q = m.queryWidth();
        double kv = m.kvWidth();
        double[] attn = new double[2];
        adapter(attn, targets.contains(LoraSpec.LoraTarget.Q_PROJ), h, q, r);
        adapter(attn, targets.contains(LoraSpec.LoraTarget.K_PROJ), h, kv, r);
        adapter(attn, targets.contains(LoraSpec.LoraTarget.V_PROJ), h, kv, r);
        adapter(attn, targets.contains(LoraSpec.LoraTarget.O_PROJ), q, h, r);
        double[] dense = mlpAdapters(m, targets, m.ffnSize(), r);
        double[] moe = {0, 0};
        if (m.isMoe()) {
            double[] expert = mlpAdapters(m, targets, m.moe().expertFfnSize(), r);
            double[] shared = m.moe().sharedExpertFfnSize() > 0
                    ? mlpAdapters(m, targets, m.moe().sharedExpertFfnSize(), r) : new double[2];
            moe[0] = m.moe().experts() / ep * expert[0] + shared[0];
            moe[1] = m.moe().experts() / ep * expert[1] + shared[1];
        }
        return new double[] {(attn[0] + dense[0]) / t, (attn[0] + moe[0]) / t, (attn[1] + dense[1]) / t,
            (attn[1] + moe[1]) / t};
    }

    private static double[] mlpAdapters(ModelSpec m, Set<LoraSpec.LoraTarget> targets, double ffn, double r) {
        double h = m.hiddenSize();
        double[] acc = new double[2];
        if (m.mlp() == MlpKind.GATED) {
            adapter(acc, targets.contains(LoraSpec.LoraTarget.GATE_PROJ), h, ffn, r);
        }
        adapter(acc, targets.contains(LoraSpec.LoraTarget.UP_PROJ), h, ffn, r);
        adapter(acc, targets.contains(LoraSpec.LoraTarget.DOWN_PROJ), ffn, h, r);
        return acc;
    }

    /** Adds {@code r(in + out)} parameters and {@code in + out + 2r} factored Adafactor elements (A and B). */
    private static void adapter(double[] acc, boolean present, double in, double out, double r) {
        if (present) {
            acc[0] += r * (in + out);
            acc[1] += in + out + 2 * r;
        }
    }
}
