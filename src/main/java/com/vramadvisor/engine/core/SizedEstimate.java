package com.vramadvisor.engine.core;

import java.util.List;
import java.util.Objects;
import java.util.OptionalLong;

/**
 * Per-GPU memory of one non-language-model workload: the parts at the peak, their sum and what the estimate assumes.
 * Every estimator outside the transformer engine returns this record, so the command line, the decision table and
 * the reports treat every kind alike.
 *
 * @param kind        the workload kind
 * @param subjectSentence what is sized, for titles ("ResNet-50 training, batch 128 at 224 x 224, bf16-mixed"),
 *                        translatable ({@link Sentence}); {@link #subject()} gives it in English
 * @param parameters  the model's parameter count where the workload has one (vision, diffusion); empty otherwise
 * @param parts       the parts at the peak, in the order charts stack them; their sum is {@link #peakBytes()}
 * @param peakPhase   when the peak happens, in words ("backward", "VAE decode", "steady state")
 * @param assumptionSentences statements of what the estimate assumes, one sentence each, translatable
 *                            ({@link Sentence}); {@link #assumptions()} gives them in English
 * @param caveatSentences     where intuition misleads for this workload ("int8 weights do not shrink the
 *                            activations"), shown beside the figures; may be empty; {@link #caveats()} in English
 * @param range               the band the true peak lies in from the documented uncertainties (CUDA context by
 *                            library set, allocator fragmentation: {@link CudaLibraries#range}); it holds
 *                            {@link #peakBytes()}
 */
public record SizedEstimate(WorkloadKind kind, Sentence subjectSentence, OptionalLong parameters, List<MemoryPart> parts,
                            String peakPhase, List<Sentence> assumptionSentences, List<Sentence> caveatSentences,
                            MemoryRange range) {

    public SizedEstimate {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(subjectSentence, "subjectSentence");
        Objects.requireNonNull(parameters, "parameters");
        Objects.requireNonNull(peakPhase, "peakPhase");
        Objects.requireNonNull(range, "range");
        parts = List.copyOf(parts);
        assumptionSentences = List.copyOf(assumptionSentences);
        caveatSentences = List.copyOf(caveatSentences);
        long peak = peakBytes(parts);
        if (!range.contains(peak)) {
            throw new IllegalArgumentException("the range " + range.lowBytes() + ".." + range.highBytes()
                    + " must hold the peak " + peak);
        }
    }

    /** An estimate without documented uncertainty: its range is the peak alone. */
    public SizedEstimate(WorkloadKind kind, Sentence subjectSentence, OptionalLong parameters, List<MemoryPart> parts,
                         String peakPhase, List<Sentence> assumptionSentences, List<Sentence> caveatSentences) {
        this(kind, subjectSentence, parameters, parts, peakPhase, assumptionSentences, caveatSentences,
                MemoryRange.point(peakBytes(parts)));
    }

    /** This estimate with {@code newRange}, which must hold the peak. */
    public SizedEstimate withRange(MemoryRange newRange) {
        return new SizedEstimate(kind, subjectSentence, parameters, parts, peakPhase, assumptionSentences,
                caveatSentences, newRange);
    }

    /** Whether this estimate fits {@code capacityBytes}: three states from its range ({@link MemoryRange#verdict}). */
    public FitVerdict verdict(long capacityBytes) {
        return range.verdict(capacityBytes);
    }

    /** What is sized, in English. */
    public String subject() {
        return subjectSentence.english();
    }

    /** The assumptions in English, one sentence each. */
    public List<String> assumptions() {
        return assumptionSentences.stream().map(Sentence::english).toList();
    }

    /** The caveats in English, one sentence each. */
    public List<String> caveats() {
        return caveatSentences.stream().map(Sentence::english).toList();
    }

    /** The sum of the parts, saturating at {@link Long#MAX_VALUE}: what one GPU must hold. */
    public long peakBytes() {
        return peakBytes(parts);
    }

    /** The bytes of the part with this id, 0 when there is none. */
    public long part(String id) {
        for (MemoryPart p : parts) {
            if (p.id().equals(id)) {
                return p.bytes();
            }
        }
        return 0;
    }

    private static long peakBytes(List<MemoryPart> parts) {
        long sum = 0;
        for (MemoryPart p : parts) {
            sum += p.bytes();
            if (sum < 0) {
                return Long.MAX_VALUE;
            }
        }
        return sum;
    }
}
