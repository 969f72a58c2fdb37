package com.vramadvisor.app.advice;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.results.ResultsMessages;
import com.vramadvisor.app.scenario.ScenarioStore;
import com.vramadvisor.app.scenario.ScenarioViewModel;
import com.vramadvisor.app.ui.Messages;
import com.vramadvisor.app.workload.WorkloadViewModel;
import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.engine.llm.MemoryEstimator;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.advice.LeverKind;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.scenario.ScenarioInputs;
import com.vramadvisor.scenario.SizeUnit;
import java.util.List;
import java.util.Locale;
import javafx.beans.property.SimpleObjectProperty;
import org.junit.jupiter.api.Test;

class AdviceViewModelTest {

    private static final GpuSpec H100 = CatalogLoader.shippedOnly().load().gpu("h100-sxm-80gb").orElseThrow();

    private final WorkloadViewModel workload = new WorkloadViewModel(ScenarioInputs.defaults(),
            List.of(ScenarioInputs.llama3_8b()), count -> ScenarioInputs.llama3_8b(), spec -> 8_030_261_248L);
    private final ScenarioViewModel scenario = new ScenarioViewModel(workload, new ScenarioStore(),
            new Messages(Locale.ENGLISH));
    private final SimpleObjectProperty<GpuSpec> gpu = new SimpleObjectProperty<>(H100);
    private final AdviceViewModel advice = new AdviceViewModel(workload.snapshotProperty(), gpu, workload::apply,
            new ResultsMessages(Locale.ENGLISH));

    private AdviceRow row(LeverKind kind) {
        return advice.rows().stream().filter(r -> r.kind() == kind).findFirst().orElseThrow();
    }

    @Test
    void nothingIsComputedUntilTheTabIsShown() {
        assertThat(advice.rows()).isEmpty();
        advice.activeProperty().set(true);
        assertThat(advice.rows()).isNotEmpty();
    }

    @Test
    void theDefaultFullTrainingDoesNotFitAnH100AndFittingChangesComeFirst() {
        advice.activeProperty().set(true);
        // 8.03B parameters x 16 bytes of model states (ZeRO paper, section 3.1) alone exceed 80 GB.
        assertThat(advice.summaryProperty().get()).contains("does not fit").contains("H100");
        List<AdviceRow> rows = advice.rows();
        assertThat(rows.get(0).fits()).isTrue();
        assertThat(rows.get(0).fitKnown()).isTrue();
        assertThat(rows).extracting(AdviceRow::kind).contains(LeverKind.LORA, LeverKind.ZERO3_DATA_PARALLEL)
                .noneMatch(LeverKind::inference);
        for (int i = 1; i < rows.size(); i++) {
            if (rows.get(i - 1).fits() == rows.get(i).fits()) {
                assertThat(rows.get(i - 1).peakBytes()).isLessThanOrEqualTo(rows.get(i).peakBytes());
            }
        }
        AdviceRow lora = row(LeverKind.LORA);
        assertThat(lora.changeText()).isEqualTo("LoRA rank 16 instead of full training");
        assertThat(lora.peakText()).endsWith("GiB");
        assertThat(lora.speedTooltip()).contains("Hu et al. 2021");
        assertThat(lora.peakBytes()).isEqualTo(new MemoryEstimator().peakBytes(lora.applied().model(),
                lora.applied().workload()));
    }

    @Test
    void inferenceOffersTensorParallelismAndFp8Weights() {
        workload.modeProperty().set(Mode.INFER);
        advice.activeProperty().set(true);
        AdviceRow tp = row(LeverKind.TENSOR_PARALLEL_X2);
        assertThat(tp.changeText()).isEqualTo("Tensor parallel 2 (2 GPUs)");
        assertThat(tp.speedText()).isEqualTo("Usually faster decoding, twice the GPUs");
        assertThat(tp.applied().workload().parallelism().tensorParallel()).isEqualTo(2);
        AdviceRow fp8 = row(LeverKind.WEIGHTS_FP8);
        assertThat(fp8.changeText()).isEqualTo("Weights fp8");
        assertThat(fp8.speedTooltip()).contains("FP8");
    }

    @Test
    void sizesFollowTheUnitSetting() {
        advice.activeProperty().set(true);
        workload.sizeUnitProperty().set(SizeUnit.GB);
        assertThat(row(LeverKind.LORA).peakText()).endsWith("GB").doesNotContain("GiB");
        assertThat(row(LeverKind.LORA).savedText()).endsWith("GB");
    }

    @Test
    void applyingALeverSetsTheWorkloadPanelAndIsOneUndoStep() {
        advice.activeProperty().set(true);
        AdviceRow lora = row(LeverKind.LORA);
        advice.apply(lora);
        assertThat(workload.modeProperty().get()).isEqualTo(Mode.LORA);
        assertThat(workload.loraRankProperty().get()).isEqualTo(16);
        assertThat(workload.snapshot().workload()).isEqualTo(lora.applied().workload());
        assertThat(advice.rows()).extracting(AdviceRow::kind).doesNotContain(LeverKind.LORA);
        scenario.undo();
        assertThat(workload.modeProperty().get()).isEqualTo(Mode.TRAIN);
        assertThat(scenario.canUndoProperty().get()).isFalse();
    }

    @Test
    void withoutAGpuTheFitIsUnknownAndTheSummaryAsksForOne() {
        gpu.set(null);
        advice.activeProperty().set(true);
        assertThat(advice.summaryProperty().get()).contains("Choose a GPU");
        assertThat(advice.rows()).isNotEmpty().noneMatch(AdviceRow::fitKnown);
    }

    @Test
    void chineseTextsAreUsedInChinese() {
        AdviceViewModel zh = new AdviceViewModel(workload.snapshotProperty(), gpu, workload::apply,
                new ResultsMessages(Locale.SIMPLIFIED_CHINESE));
        zh.activeProperty().set(true);
        assertThat(zh.summaryProperty().get()).contains("装不下");
        assertThat(zh.rows().stream().filter(r -> r.kind() == LeverKind.LORA).findFirst().orElseThrow()
                .changeText()).contains("LoRA 秩 16");
    }
}
