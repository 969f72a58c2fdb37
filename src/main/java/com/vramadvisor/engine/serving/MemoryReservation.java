package com.vramadvisor.engine.serving;

import java.math.BigDecimal;

/**
 * The share of a GPU a serving engine lets itself use, and where the share comes from: the engine's own default or
 * {@code --gpu-memory-utilization} ({@link ServingEngine#reservation}).
 *
 * <ul>
 *   <li>{@link Basis#DEVICE}: a fraction of the GPU's memory that holds everything the engine allocates (vLLM's
 *       {@code gpu_memory_utilization}, default 0.9; vLLM's {@code request_memory}, {@code vllm/v1/worker/utils.py}:
 *       {@code requested_memory = ceil(total_memory * gpu_memory_utilization)}). vLLM's {@code total_memory} is the
 *       total CUDA reports ({@code torch.cuda.mem_get_info()}), which is {@code nvidia-smi}'s total less what the
 *       driver reserves: the catalog's usable memory. A published vLLM log on an H200 shows it: "Free memory on
 *       device (139.21/139.81 GiB) on startup. Desired GPU memory utilization is (0.9, 125.83 GiB)", where
 *       {@code nvidia-smi} gives 143,771 MiB (140.40 GiB) in all; 0.9 x 139.81 = 125.83. The fit and the KV pool are
 *       judged against {@code ceil(usable * fraction)}.</li>
 *   <li>{@link Basis#WEIGHTS_AND_KV}: SGLang's {@code mem_fraction_static}, the share of the total memory that the
 *       weights and the KV pool take together; activations and CUDA graph buffers live in the rest, so the fit is
 *       judged against the usable memory and the fraction only sizes the pool ({@link KvPool}).</li>
 *   <li>{@link Basis#FREE}: TensorRT-LLM's {@code free_gpu_memory_fraction}, a share of the memory free after the
 *       weights and activations; the fit is judged against the usable memory.</li>
 *   <li>{@link Basis#NONE}: no reservation (Hugging Face {@code generate}, llama.cpp): the usable memory.</li>
 * </ul>
 * A fraction given on the command line or in a scenario ({@code given}) caps the fit at
 * {@code ceil(usable * fraction)} for every engine.
 *
 * @param engine   the serving engine
 * @param fraction the share in [0, 1]; 0 for {@link Basis#NONE}
 * @param basis    what the share is of
 * @param given    whether the share was given ({@code --gpu-memory-utilization}, the scenario's value) rather than
 *                 the engine's default
 */
public record MemoryReservation(ServingEngine engine, double fraction, Basis basis, boolean given) {

    /** What a reservation's fraction is a share of. */
    public enum Basis {
        DEVICE("device-memory"),
        WEIGHTS_AND_KV("total-for-weights-and-kv-cache"),
        FREE("free-after-weights-and-activations"),
        NONE("none");

        private final String id;

        Basis(String id) {
            this.id = id;
        }

        /** The name the JSON output uses. */
        public String id() {
            return id;
        }
    }

    public MemoryReservation {
        if (!(fraction >= 0 && fraction <= 1)) {
            throw new IllegalArgumentException("reservation must be between 0 and 1, got " + fraction);
        }
    }

    /**
     * The memory the fit and the KV pool are judged against on a GPU of {@code usableBytes} allocatable memory (the
     * total CUDA reports): {@code ceil(usable * fraction)} for a share of the device memory or a given share, the
     * usable memory otherwise. ({@code totalBytes}, {@code nvidia-smi}'s total, is not what vLLM multiplies.)
     */
    public long budgetBytes(long usableBytes, long totalBytes) {
        if (basis == Basis.DEVICE || given && fraction > 0) {
            return Math.min(usableBytes, (long) Math.ceil(usableBytes * fraction));
        }
        return usableBytes;
    }

    /** The fraction with at least two decimals and no trailing zeros beyond: "0.90", "0.835", "0.9764". */
    public String fractionText() {
        BigDecimal b = BigDecimal.valueOf(fraction).stripTrailingZeros();
        return b.setScale(Math.max(2, b.scale())).toPlainString();
    }

    /** The engine's parameter the fraction stands for: {@code gpu_memory_utilization}, ... or "" for none. */
    public String parameter() {
        return switch (engine) {
            case VLLM -> "gpu_memory_utilization";
            case SGLANG -> "mem_fraction_static";
            case TRTLLM -> "free_gpu_memory_fraction";
            default -> given ? "gpu_memory_utilization" : "";
        };
    }

    /** Where the fraction comes from, as the JSON output names it: given, engine-default or none. */
    public String source() {
        return given ? "given" : basis == Basis.NONE ? "none" : "engine-default";
    }

    /**
     * One phrase for the text output: "vllm gpu_memory_utilization 0.90 of the device memory, engine default",
     * "sglang mem_fraction_static 0.835 of total memory for weights and KV cache, engine default", "vllm
     * gpu_memory_utilization 0.95 of the device memory, given", "no serving reservation (hf)", "a memory share of 0.50
     * of the device memory, given (llama.cpp has no such setting)".
     */
    public String describe() {
        if (basis == Basis.NONE && !given) {
            return "no serving reservation (" + engine.id() + ")";
        }
        String of = switch (basis) {
            case WEIGHTS_AND_KV -> "of total memory for weights and KV cache";
            case FREE -> "of the memory free after weights and activations";
            default -> "of the device memory";
        };
        if (basis == Basis.DEVICE && engine != ServingEngine.VLLM) {
            // Hugging Face generate and llama.cpp have no such setting: a given share is a cap on the budget only.
            return "a memory share of " + fractionText() + " " + of + ", given (" + engine.id()
                    + " has no such setting)";
        }
        return engine.id() + " " + parameter() + " " + fractionText() + " " + of + ", "
                + (given ? "given" : "engine default");
    }
}
