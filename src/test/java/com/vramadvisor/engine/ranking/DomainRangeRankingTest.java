package com.vramadvisor.engine.ranking;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.engine.core.FitVerdict;
import com.vramadvisor.engine.core.MemoryRange;
import com.vramadvisor.engine.core.Sizable;
import com.vramadvisor.engine.core.SizedEstimate;
import com.vramadvisor.engine.core.SizingAxis;
import com.vramadvisor.engine.hardware.HardwareList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * The three-state fit in the decision table for kinds beyond language models: a card whose usable memory lies inside
 * the estimate's range is tight, one above its high end fits, one below the peak does not fit (as
 * {@link RecommendationRow#verdict()} for language models). Usable memory per the test catalog: 23.45 GiB for the
 * RTX 4090.
 */
class DomainRangeRankingTest {

    private static final long GIB = TestWorkload.GIB;
    private static final HardwareList HW = TestHardware.list(List.of(TestHardware.dgxA100()),
            List.of(TestHardware.p4d()));

    /** A whole workload of {@code peakGiB} with a range up to {@code highGiB}. */
    private record Ranged(TestWorkload base, long highBytes) implements Sizable {
        @Override
        public SizedEstimate estimate() {
            SizedEstimate e = base.estimate();
            return e.withRange(new MemoryRange(e.peakBytes() - GIB / 2, highBytes));
        }

        @Override
        public SizingAxis axis() {
            return base.axis();
        }

        @Override
        public long axisValue() {
            return base.axisValue();
        }

        @Override
        public Sizable withAxisValue(long value) {
            return new Ranged((TestWorkload) base.withAxisValue(value), highBytes);
        }

        @Override
        public Optional<SizedEstimate> perGpu(int gpus) {
            return gpus == 1 ? Optional.of(estimate()) : Optional.empty();
        }
    }

    private static RecommendationRow rtx4090(Sizable w) {
        return new Recommender().recommend(w, HW, RankingOptions.defaults()).rows().stream()
                .filter(r -> r.hardwareId().equals("rtx-4090") && r.kind() == HardwareKind.GPU).findFirst()
                .orElseThrow();
    }

    @Test
    void aCardInsideTheRangeIsTightAndOneAboveItFits() {
        long usable = TestHardware.usableBytes(24);
        RecommendationRow tight = rtx4090(new Ranged(TestWorkload.whole(5, 5), usable + GIB));
        assertThat(tight.fits()).isTrue();
        assertThat(tight.verdict()).isEqualTo(FitVerdict.TIGHT);
        assertThat(tight.reasonCodes()).contains("tight-fit");
        RecommendationRow fits = rtx4090(new Ranged(TestWorkload.whole(5, 5), 12 * GIB));
        assertThat(fits.verdict()).isEqualTo(FitVerdict.FITS);
        assertThat(fits.reasonCodes()).doesNotContain("tight-fit");
        RecommendationRow over = rtx4090(new Ranged(TestWorkload.whole(20, 5), 30 * GIB));
        assertThat(over.verdict()).isEqualTo(FitVerdict.DOES_NOT_FIT);
    }
}
