package com.vramadvisor.app.shell;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.ui.Messages;
import com.vramadvisor.engine.llm.MemoryEstimator;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.RuntimeOverhead;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.serving.KvCapacity;
import com.vramadvisor.engine.serving.ServingEngine;
import com.vramadvisor.scenario.ScenarioInputs;
import java.util.Locale;
import java.util.Optional;
import javafx.beans.property.SimpleObjectProperty;
import org.junit.jupiter.api.Test;

/** The status bar's verdict for a served model names how many sequences of its context the GPU's KV cache holds. */
class SummaryConcurrencyTest {

    /** NVIDIA H100 SXM 80GB: 80 x 1024 MiB, less the catalog's 560 MiB driver reservation (docs/catalog.md). */
    private static final GpuSpec H100 = new GpuSpec("h100-sxm-80gb", "NVIDIA H100 SXM 80GB", "NVIDIA",
            "datacenter", "SXM", 80, "HBM", 80L << 30, (80L << 30) - (560L << 20), 3350, 0, 0, 989.4, 0, 0, 700,
            "NVLink", 0, 5, 2022, 0, "", "NVIDIA H100 datasheet");

    private static ScenarioInputs serving() {
        ScenarioInputs d = ScenarioInputs.defaults();
        return d.withWorkload(d.workload().toBuilder().mode(Mode.INFER).batch(1).sequenceLength(2048).context(2048)
                .overhead(RuntimeOverhead.OFF).build()).withGpuId(H100.id());
    }

    private static SummaryViewModel summary(SimpleObjectProperty<ScenarioInputs> snapshot) {
        return new SummaryViewModel(snapshot, new MemoryEstimator()::estimate,
                id -> id.equals(H100.id()) ? Optional.of(H100) : Optional.empty(), new Messages(Locale.ENGLISH));
    }

    @Test
    void servingOnAGpuNamesTheMaximumConcurrencyAtTheContext() {
        SimpleObjectProperty<ScenarioInputs> snapshot = new SimpleObjectProperty<>(serving());
        SummaryViewModel vm = summary(snapshot);
        KvCapacity capacity = KvCapacity.of(serving().model(), serving().workload(),
                ServingEngine.capacityBytes(H100, serving().workload()));
        // Llama-3-8B in bf16 leaves most of 80 GB to 2 MiB blocks of 16 tokens: hundreds of 2,048-token requests.
        assertThat(capacity.maxConcurrency()).isGreaterThan(100);
        assertThat(vm.verdictProperty().get()).startsWith("Fits NVIDIA H100 SXM 80GB")
                .contains("max concurrency at 2,048 tokens: "
                        + String.format(Locale.ENGLISH, "%,d", (long) Math.floor(capacity.maxConcurrency()))
                        + " sequences");
    }

    @Test
    void aShortContextNamesEverySequenceTheCacheHoldsPastTheSweepsAxisLimit() {
        // 64-token requests: Llama-3-8B keeps 128 KiB of K and V per token (32 layers x 8 KV heads x 128 x 2 x 2
        // bytes), so some 60 GiB of cache hold thousands of them, more than the sweep's 4,096-sequence axis.
        ScenarioInputs shortRequests = serving().withWorkload(serving().workload().toBuilder().sequenceLength(64)
                .context(64).build());
        SummaryViewModel vm = summary(new SimpleObjectProperty<>(shortRequests));
        KvCapacity capacity = KvCapacity.of(shortRequests.model(), shortRequests.workload(),
                ServingEngine.capacityBytes(H100, shortRequests.workload()));
        assertThat(capacity.maxConcurrency()).isGreaterThan(4096);
        assertThat(vm.verdictProperty().get()).contains("max concurrency at 64 tokens: "
                + String.format(Locale.ENGLISH, "%,d", (long) Math.floor(capacity.maxConcurrency())) + " sequences");
    }

    @Test
    void theConcurrencyFollowsTheEngineAndIsAbsentForTraining() {
        // 16 prompts of 6,144 tokens: a one-pass prefill holds far more activations than vLLM's 8,192-token chunk.
        ScenarioInputs longPrompts = serving().withWorkload(serving().workload().toBuilder().batch(16)
                .sequenceLength(6144).context(8192).build());
        SimpleObjectProperty<ScenarioInputs> snapshot = new SimpleObjectProperty<>(longPrompts);
        SummaryViewModel vm = summary(snapshot);
        String vllm = vm.verdictProperty().get();
        snapshot.set(longPrompts.withServing(ServingEngine.HF_GENERATE, 0));
        assertThat(vm.verdictProperty().get()).as("a one-pass prefill of the same prompt leaves other room")
                .contains("max concurrency").isNotEqualTo(vllm);
        snapshot.set(ScenarioInputs.defaults().withGpuId(H100.id()));
        assertThat(vm.verdictProperty().get()).contains("NVIDIA H100 SXM 80GB").doesNotContain("concurrency");
    }
}
