package com.vramadvisor.engine.ranking;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.vramadvisor.engine.llm.Parallelism;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The GPU limit bounds the layout search by its logarithm, not its size: a workload that fits no count of any option
 * under the largest limit the command line and scenario files accept ({@link Parallelism#MAX_GPUS}, 2^20) costs a few
 * dozen estimates for the whole table, counted by {@link TestWorkload}. The md and grid rankings once tried every count
 * up to the limit, so {@code --max-gpus 2147483647} ran for minutes; a limit past 2^20 is refused.
 */
class GpuLimitWorkTest {

    private static final RankingOptions LARGEST = RankingOptions.builder().maxGpus(Parallelism.MAX_GPUS).build();

    @Test
    void aWorkloadThatNeverFitsCostsLogarithmicallyManyEstimatesUnderTheLargestLimit() {
        // 1,000 GiB on every GPU, whatever the count: no GPU of the test catalog (24 to 192 GB) holds it.
        TestWorkload w = TestWorkload.spreading(1_000, 1);
        Recommendation rec = new Recommender().recommend(w,
                TestHardware.list(List.of(TestHardware.dgxA100()), List.of(TestHardware.p4d())), LARGEST);

        assertThat(rec.rows()).isNotEmpty().noneMatch(RecommendationRow::fits)
                .allMatch(r -> r.gpusNeeded() <= Parallelism.MAX_GPUS);
        // log2(2^20) = 20 doublings, the counts 1 to 8 and a final bisection: far below the 2^20 counts a walk
        // through every count would estimate.
        assertThat(w.estimates().get()).isLessThan(64);
    }

    @Test
    void aLimitPastTheLargestLayoutIsRefusedBeforeAnySearch() {
        for (int limit : List.of(Parallelism.MAX_GPUS + 1, 1 << 30, Integer.MAX_VALUE, 0, Integer.MIN_VALUE)) {
            assertThatThrownBy(() -> RankingOptions.builder().maxGpus(limit).build()).as("limit %d", limit)
                    .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("got " + limit);
        }
    }
}
