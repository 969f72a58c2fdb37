package com.vramadvisor.app.shell;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.domain.EngineDomainSizer;
import com.vramadvisor.app.ui.Messages;
import com.vramadvisor.catalog.Catalog;
import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.engine.llm.MemoryEstimator;
import com.vramadvisor.engine.core.WorkloadKind;
import com.vramadvisor.scenario.ScenarioInputs;
import java.util.Locale;
import javafx.beans.property.SimpleObjectProperty;
import org.junit.jupiter.api.Test;

/** The status bar for the workload types beyond language models. */
class DomainSummaryTest {

    private final Catalog catalog = CatalogLoader.shippedOnly().load();

    private SummaryViewModel summary(SimpleObjectProperty<ScenarioInputs> snapshot, Locale locale) {
        return new SummaryViewModel(snapshot, new MemoryEstimator()::estimate, catalog::gpu, new Messages(locale),
                new EngineDomainSizer());
    }

    @Test
    void aSceneShowsItsOwnPeakAndFitRatherThanTheLanguageModels() {
        SimpleObjectProperty<ScenarioInputs> snapshot = new SimpleObjectProperty<>(
                ScenarioInputs.defaults().withGpuId("rtx-4090"));
        SummaryViewModel vm = summary(snapshot, Locale.ENGLISH);
        String languageModel = vm.textProperty().get();
        snapshot.set(snapshot.get().withKind(WorkloadKind.RENDER));
        assertThat(vm.textProperty().get()).startsWith("Peak per GPU: ").contains("steady-state")
                .isNotEqualTo(languageModel);
        assertThat(vm.verdictProperty().get()).startsWith("Fits NVIDIA GeForce RTX 4090");
    }

    @Test
    void inChineseThePhaseIsNamedAsTheReportsNameIt() {
        SimpleObjectProperty<ScenarioInputs> snapshot = new SimpleObjectProperty<>(
                ScenarioInputs.defaults().withKind(WorkloadKind.DIFFUSION));
        SummaryViewModel vm = summary(snapshot, Locale.SIMPLIFIED_CHINESE);
        assertThat(vm.textProperty().get()).doesNotContain("VAE decode").contains("VAE");
    }
}
