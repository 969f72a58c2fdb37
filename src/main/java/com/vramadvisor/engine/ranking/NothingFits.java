package com.vramadvisor.engine.ranking;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Predicate;

/**
 * What a decision table says when no option fits: the nearest option (the one whose per-GPU need is the smallest
 * multiple of its capacity among those the software runs on) and the changes that bring the need within reach, in the
 * order worth trying. A memory figure here is GiB (2^30 bytes), as in every table.
 *
 * @param nearest          the nearest option; {@code null} when no software runs the workload on any option
 * @param needOverCapacity the nearest option's per-GPU need over its capacity (above 1); 0 without a nearest option
 * @param changes          the changes to try, most promising first
 */
public record NothingFits(RecommendationRow nearest, double needOverCapacity, List<Change> changes) {

    /** A change to the job or the table that lowers the per-GPU need or widens the search. */
    public enum Change {
        /** Shard the model over more GPUs of the nearest option's kind (ZeRO-3, FSDP, tensor or pipeline parallel). */
        MORE_GPUS("more-gpus"),
        /** The nearest option ran out of GPU counts within the GPU limit: a higher limit. */
        RAISE_GPU_LIMIT("raise-gpu-limit"),
        /** Training: ZeRO-Offload or FSDP CPU offload of the optimizer states (and parameters) to CPU memory. */
        OFFLOAD("offload"),
        /** Training: QLoRA (4-bit base weights, adapters only) instead of full fine-tuning or LoRA. */
        QLORA("qlora"),
        /** Serving: 4-bit weights (INT4, NF4, Q4_K_M) instead of 8- or 16-bit ones. */
        QUANTIZE("quantize"),
        /** Serving: fewer concurrent sequences or a shorter context, for a smaller KV cache. */
        SMALLER_BATCH("smaller-batch"),
        /** A workload that does not spread: a GPU with more memory than any in the list. */
        LARGER_GPU("larger-gpu"),
        /** A workload that does not spread: less of it (fewer viewers, a lower resolution, a smaller scene). */
        SMALLER_WORKLOAD("smaller-workload"),
        /** Serving within latency targets: looser TPOT or TTFT targets. */
        LOOSER_TARGETS("looser-targets");

        private final String code;

        Change(String code) {
            this.code = code;
        }

        /** Stable kebab-case identifier for JSON. */
        public String code() {
            return code;
        }
    }

    public NothingFits {
        changes = List.copyOf(changes);
    }

    /**
     * The note for a table whose {@code rows} (every row built, before any filter) has none that fits, or
     * {@code null} when one does.
     *
     * @param training  language-model training (offload and QLoRA apply)
     * @param serving   language-model inference (quantisation and the batch apply)
     * @param fourBit   the weights are already 4-bit or less (serving), or the training is QLoRA already
     * @param spreads   the workload spreads over several GPUs
     */
    static NothingFits of(List<RecommendationRow> rows, boolean training, boolean serving, boolean fourBit,
                          boolean spreads) {
        return of(rows, training, serving, fourBit, spreads, r -> true);
    }

    /**
     * @param spreadable whether more GPUs of a row's option can share the work (training: the GPU's stack has a
     *                   collective library); options that can come first, so that "more GPUs" names one that runs
     */
    static NothingFits of(List<RecommendationRow> rows, boolean training, boolean serving, boolean fourBit,
                          boolean spreads, Predicate<RecommendationRow> spreadable) {
        if (rows.stream().anyMatch(RecommendationRow::fits)) {
            return null;
        }
        RecommendationRow nearest = rows.stream()
                .filter(r -> r.capacityBytes() > 0 && r.reasons().stream().noneMatch(Reason::unsupported))
                .min(Comparator.comparing((RecommendationRow r) -> spreads && !spreadable.test(r))
                        .thenComparingDouble(NothingFits::ratio)
                        .thenComparing(RecommendationRow::purchaseUsd, Comparator.nullsLast(Comparator.naturalOrder()))
                        .thenComparing(RecommendationRow::hardwareId))
                .orElse(null);
        if (nearest == null) {
            return new NothingFits(null, 0, List.of());
        }
        List<Change> changes = new ArrayList<>();
        boolean memoryFits = nearest.perGpuBytes() <= nearest.capacityBytes();
        if (memoryFits && nearest.reasons().contains(Reason.MISSES_LATENCY_TARGETS)) {
            changes.add(Change.LOOSER_TARGETS);
        }
        if (!memoryFits && spreads && spreadable.test(nearest)) {
            changes.add(nearest.reasons().contains(Reason.EXCEEDS_MAX_GPUS) ? Change.RAISE_GPU_LIMIT
                    : Change.MORE_GPUS);
        }
        if (!memoryFits && training) {
            changes.add(Change.OFFLOAD);
            if (!fourBit) {
                changes.add(Change.QLORA);
            }
        }
        if (!memoryFits && serving) {
            if (!fourBit) {
                changes.add(Change.QUANTIZE);
            }
            changes.add(Change.SMALLER_BATCH);
        }
        if (!memoryFits && !spreads) {
            changes.add(Change.LARGER_GPU);
            changes.add(Change.SMALLER_WORKLOAD);
        }
        return new NothingFits(nearest, ratio(nearest), changes);
    }

    private static double ratio(RecommendationRow r) {
        return (double) r.perGpuBytes() / r.capacityBytes();
    }

    /** One English sentence: that nothing fits, the nearest option, and the changes to try. */
    public String sentence() {
        if (nearest == null) {
            return "Nothing fits: no software runs this workload on any option of the list as laid out.";
        }
        StringBuilder s = new StringBuilder("Nothing fits. Nearest: ").append(nearest.hardwareName());
        if (nearest.perGpuBytes() > nearest.capacityBytes()) {
            s.append(String.format(Locale.ROOT, ", which needs %.2f GiB per GPU of %.2f GiB (%.1fx)",
                    gib(nearest.perGpuBytes()), gib(nearest.capacityBytes()), needOverCapacity));
        } else {
            s.append(", which holds it in memory");
        }
        if (changes.isEmpty()) {
            return s.append('.').toString();
        }
        List<String> words = new ArrayList<>();
        for (Change c : changes) {
            words.add(words(c));
        }
        return s.append("; to make it fit: ").append(String.join("; or ", words)).append('.').toString();
    }

    private String words(Change c) {
        int more = (int) Math.ceil(needOverCapacity * Math.max(1, nearest.gpusNeeded()));
        return switch (c) {
            case MORE_GPUS -> String.format(Locale.ROOT, "shard it over at least %d %s (ZeRO-3, FSDP, tensor or"
                    + " pipeline parallel)", more, Objects.requireNonNullElse(nearest.gpuName(), "GPUs"));
            case RAISE_GPU_LIMIT -> String.format(Locale.ROOT, "allow more than %d %s (a higher GPU limit)",
                    nearest.gpusBought(), nearest.gpuName());
            case OFFLOAD -> "offload the optimizer states and parameters to CPU memory (ZeRO-Offload, FSDP CPU"
                    + " offload)";
            case QLORA -> "fine-tune with QLoRA (4-bit base weights, adapters only)";
            case QUANTIZE -> "serve 4-bit weights (INT4, NF4 or Q4_K_M)";
            case SMALLER_BATCH -> "serve fewer sequences at once or a shorter context";
            case LARGER_GPU -> String.format(Locale.ROOT, "a GPU with at least %.2f GiB usable: more GPUs do not"
                    + " pool their memory", gib(nearest.perGpuBytes()));
            case SMALLER_WORKLOAD -> "a smaller job (fewer viewers, a lower resolution, a smaller scene or batch)";
            case LOOSER_TARGETS -> "looser TPOT or TTFT targets";
        };
    }

    private static double gib(long bytes) {
        return bytes / (double) (1L << 30);
    }
}
