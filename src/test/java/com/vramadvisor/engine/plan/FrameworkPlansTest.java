package com.vramadvisor.engine.plan;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.catalog.Catalog;
import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.engine.llm.Framework;
import com.vramadvisor.engine.llm.Implementation;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.core.FitVerdict;
import com.vramadvisor.engine.ranking.Plan;
import com.vramadvisor.engine.ranking.RankingOptions;
import com.vramadvisor.engine.ranking.RecommendationRow;
import com.vramadvisor.engine.ranking.Recommender;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The plans of four published pre-training setups, looked at as a Megatron-LM or DeepSpeed user would: every layout
 * listed is one the framework runs ({@link Framework#problem}), splits the requested global batch exactly, names an
 * uneven pipeline split where it uses one, and the first layout fits outside the safety margin.
 */
class FrameworkPlansTest {

    private static Catalog catalog;

    @BeforeAll
    static void load() {
        catalog = CatalogLoader.shippedOnly().load();
    }

    private static Plan plan(String preset, Workload w, String gpu, long tokens, long globalBatchTokens, double days,
                             int maxGpus) {
        ModelSpec model = catalog.model(preset).orElseThrow();
        RankingOptions o = RankingOptions.builder().tokenBudget(tokens).globalBatchTokens(globalBatchTokens)
                .deadlineDays(days).maxGpus(maxGpus).build();
        return new Recommender().plan(model, w, catalog.hardware(), gpu, o, 10);
    }

    /** What every layout of every plan must satisfy. */
    private static void everyLayoutRunsAndKeepsTheBatch(String preset, Workload w, Plan plan, long globalBatchTokens,
                                                       Set<Integer> stagesOnlyWhenNamed) {
        ModelSpec model = catalog.model(preset).orElseThrow();
        Framework f = w.effectiveFramework();
        assertThat(plan.layouts()).isNotEmpty();
        for (RecommendationRow r : plan.layouts()) {
            PlanLayout l = r.layout();
            Workload at = w.toBuilder().parallelism(l.parallelism()).recompute(l.recompute())
                    .batch(l.microBatchSize(w.batch())).gradientAccumulation(l.microBatches()).build();
            assertThat(f.problem(model, at)).as(r.sharding()).isNull();
            long tokens = (long) l.dp() * l.microBatchSize(w.batch()) * l.microBatches() * w.sequenceLength();
            assertThat(tokens).as(r.sharding() + " tokens per step").isEqualTo(globalBatchTokens);
            if (l.pp() > 1 && model.layers() % l.pp() != 0) {
                assertThat(l.stageLayers()).as(r.sharding() + " names its uneven split").hasSize(l.pp())
                        .isEqualTo(f.stageLayers(model.layers(), l.pp()));
                assertThat(l.stageLayers().stream().mapToInt(Integer::intValue).sum()).isEqualTo(model.layers());
            }
            if (stagesOnlyWhenNamed.contains(l.pp())) {
                assertThat(l.stageLayers()).as(r.sharding()).isNotEmpty();
            }
        }
        RecommendationRow first = plan.best();
        assertThat(first.fits()).isTrue();
        assertThat(first.verdict()).as(first.sharding() + " at " + first.headroomFraction()).isEqualTo(FitVerdict.FITS);
        assertThat(first.headroomFraction()).isGreaterThanOrEqualTo(RankingOptions.DEFAULT_TIGHT_FIT_FRACTION);
    }

    @Test
    void gpt3On1024A100sIn34DaysNeverSplits96LayersInto26Or52Stages() {
        // Narayanan et al. 2021, section 5.1: 300B tokens, batch 1,536 x 2,048 tokens, 1,024 A100s, about 34 days.
        Workload w = Workload.builder().sequenceLength(2048).implementation(Implementation.MEGATRON).build();
        long batch = 1536L * 2048;
        Plan plan = plan("gpt-3-175b", w, "a100-sxm-80gb", 300_000_000_000L, batch, 34, 1024);
        everyLayoutRunsAndKeepsTheBatch("gpt-3-175b", w, plan, batch, Set.of());
        assertThat(plan.layouts()).noneMatch(r -> r.layout().pp() == 26 || r.layout().pp() == 52);
        assertThat(plan.meetsDeadline()).isTrue();
        assertThat(plan.best().gpusNeeded()).isLessThanOrEqualTo(1024);
    }

    @Test
    void llama31_70bWithA16MTokenBatchSplitsItExactly() {
        // Dubey et al. 2024, section 3.4.1: 8,192-token sequences, 16M-token batches (16,777,216 = 2,048 x 8,192).
        Workload w = Workload.builder().sequenceLength(8192).build();
        long batch = 16_777_216L;
        Plan plan = plan("llama-3.1-70b", w, "h100-sxm-80gb", 15_000_000_000_000L, batch, 90, 65_536);
        everyLayoutRunsAndKeepsTheBatch("llama-3.1-70b", w, plan, batch, Set.of(3, 6, 7, 9));
    }

    @Test
    void llama2_70bUnderDeepSpeedNeverPairsZero2Or3WithPipelineStages() {
        // Touvron et al. 2023: 2T tokens, 4,096-token sequences, 4M-token batches, A100-80GB.
        Workload w = Workload.builder().sequenceLength(4096).framework(Framework.DEEPSPEED).build();
        long batch = 4L << 20;
        Plan plan = plan("llama-2-70b", w, "a100-sxm-80gb", 2_000_000_000_000L, batch, 90, 65_536);
        everyLayoutRunsAndKeepsTheBatch("llama-2-70b", w, plan, batch, Set.of(3, 6, 7, 9));
        assertThat(plan.layouts()).noneMatch(r -> r.layout().pp() > 1 && r.layout().zero() >= 2);
    }

    @Test
    void llama2_7bPrefersHeadroomAmongEquallyFastLayouts() {
        Workload w = Workload.builder().sequenceLength(4096).build();
        long batch = 4L << 20;
        Plan plan = plan("llama-2-7b", w, "a100-sxm-80gb", 2_000_000_000_000L, batch, 90, 65_536);
        everyLayoutRunsAndKeepsTheBatch("llama-2-7b", w, plan, batch, Set.of());
        // Among the layouts within 2 % of the fastest step, none listed after the first keeps a larger whole percent
        // of the memory free.
        List<RecommendationRow> rows = plan.layouts();
        double fastest = rows.stream().filter(r -> r.tokensPerSecond() != null && r.verdict() == FitVerdict.FITS)
                .mapToDouble(RecommendationRow::tokensPerSecond).max().orElseThrow();
        for (RecommendationRow r : rows) {
            if (r.verdict() == FitVerdict.FITS && r.tokensPerSecond() >= fastest / (1 + Planner.NEAR_FASTEST)
                    && !r.reasons().contains(com.vramadvisor.engine.ranking.Reason.PAST_DEADLINE)) {
                assertThat(Math.floor(r.headroomFraction() * 100)).as(r.sharding())
                        .isLessThanOrEqualTo(Math.floor(plan.best().headroomFraction() * 100));
            }
        }
    }
}
