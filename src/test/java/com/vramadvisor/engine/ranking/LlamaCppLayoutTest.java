package com.vramadvisor.engine.ranking;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.engine.llm.DataType;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.serving.SchedulerLimit;
import com.vramadvisor.engine.serving.ServingEngine;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * llama.cpp in the decision table: a model over several GPUs is llama.cpp's layer split, never vLLM-style tensor
 * parallelism, and its server runs 4 slots unless told otherwise ({@code tools/server/server.cpp}: "n_parallel is set
 * to auto, using n_parallel = 4 and kv_unified = true").
 */
class LlamaCppLayoutTest {

    @Test
    void aLlama70bGgufOverSeveralCardsIsALayerSplitServingAtMostFourUsersPerCopy() {
        Workload w = ServingEngine.LLAMA_CPP.configure(Workload.builder().mode(Mode.INFER).batch(1)
                .sequenceLength(1024).context(4096).weightType(DataType.GGUF_Q4_K_M).build(), 0);
        Recommendation r = new Recommender().recommend(ReferenceModels.llama2_70b(), w, TestHardware.gpus(),
                List.of(), List.of(), RankingOptions.defaults());
        List<RecommendationRow> several = r.rows().stream().filter(x -> x.gpusNeeded() > 1 && x.replicas() >= 1
                && x.layout().gpus() > 1).toList();
        assertThat(several).isNotEmpty();
        assertThat(several).allMatch(x -> x.layout().tp() == 1 && x.layout().pp() == x.layout().gpus());
        assertThat(r.rows()).filteredOn(x -> x.serving() != null)
                .allMatch(x -> x.serving().usersPerReplica() <= SchedulerLimit.LLAMA_CPP_AUTO_SLOTS);
    }
}
