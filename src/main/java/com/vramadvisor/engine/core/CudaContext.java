package com.vramadvisor.engine.core;

import java.util.Locale;

/**
 * Device memory the CUDA context takes before the first tensor: the driver's state and the kernels of the loaded
 * libraries. It depends above all on how CUDA loads kernel modules ({@code CUDA_MODULE_LOADING}); which libraries a
 * run loads (cuBLAS and cuDNN at their first call, NCCL for several GPUs) adds to it.
 *
 * <ul>
 *   <li>{@link #LAZY}, CUDA 11.7 and later with lazy loading, PyTorch's default since 1.13 (pytorch/pytorch pull
 *       request 86509): 426 MiB on an RTX 6000 Ada under PyTorch 2.10 with CUDA 13.0 ({@code nvidia-smi}, measured
 *       in unslothai/unsloth-zoo pull request 1053, 2026); the low end 274 MiB (287,047,680 bytes through
 *       {@code cudaMemGetInfo}, pull request 86509, 2022); "around 400MB" (PyTorch forum answer in pytorch/pytorch
 *       issue 109888, 2023).</li>
 *   <li>{@link #EAGER}, CUDA before 11.7 or {@code CUDA_MODULE_LOADING=EAGER}: every kernel of every loaded library
 *       is loaded at start. 1,343 MiB on a V100 with CUDA 11.2 after the first tensor (Hugging Face Transformers,
 *       "Efficient Training on a Single GPU"); the low end 636 MiB (666,632,192 bytes, pull request 86509).</li>
 * </ul>
 * The high end of either adds {@link #LIBRARY_ALLOWANCE_BYTES} for libraries loaded at first use (cuBLAS handles and
 * workspaces, cuDNN, NCCL buffers), which none of the measurements above include.
 */
public enum CudaContext {
    LAZY("lazy", 426L << 20, 287_047_680L, 666_632_192L),
    EAGER("eager", 1343L << 20, 666_632_192L, 1343L << 20);

    /** Allowance for libraries loaded after the context is made, added to the high end only. */
    public static final long LIBRARY_ALLOWANCE_BYTES = 512L << 20;

    private final String id;
    private final long bytes;
    private final long lowBytes;
    private final long highBytes;

    CudaContext(String id, long bytes, long lowBytes, long highBytes) {
        this.id = id;
        this.bytes = bytes;
        this.lowBytes = lowBytes;
        this.highBytes = highBytes;
    }

    /** {@code lazy} or {@code eager}, as {@code CUDA_MODULE_LOADING} spells them in lower case. */
    public String id() {
        return id;
    }

    /** The central figure, in bytes. */
    public long bytes() {
        return bytes;
    }

    /** The smallest measured context of this loading mode, in bytes. */
    public long lowBytes() {
        return lowBytes;
    }

    /** The largest measured context of this loading mode plus the library allowance, in bytes. */
    public long highBytes() {
        return highBytes + LIBRARY_ALLOWANCE_BYTES;
    }

    /**
     * The mode {@code text} names ({@code lazy}, {@code eager}, any case).
     *
     * @throws IllegalArgumentException for anything else
     */
    public static CudaContext parse(String text) {
        String key = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
        for (CudaContext c : values()) {
            if (c.id.equals(key)) {
                return c;
            }
        }
        throw new IllegalArgumentException("CUDA module loading must be lazy or eager, got '" + text + "'");
    }
}
