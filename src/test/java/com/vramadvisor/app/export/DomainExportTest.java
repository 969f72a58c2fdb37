package com.vramadvisor.app.export;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.domain.EngineDomainSizer;
import com.vramadvisor.app.ui.Messages;
import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.engine.core.WorkloadKind;
import com.vramadvisor.scenario.ScenarioInputs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.Locale;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reports from the window for the workload types beyond language models. */
class DomainExportTest {

    @TempDir
    Path dir;

    private ExportViewModel exporter(Locale locale, ScenarioInputs inputs) {
        ExportViewModel vm = new ExportViewModel(() -> inputs, CatalogLoader.shippedOnly().load(),
                new Messages(locale), Runnable::run, Runnable::run, () -> LocalDate.of(2026, 12, 1), "test");
        vm.sizeOtherTypesWith(new EngineDomainSizer());
        return vm;
    }

    @Test
    void aSimulationReportNamesItsPartsAndNotTheHiddenLanguageModel() throws Exception {
        Path md = dir.resolve("md.md");
        ExportViewModel vm = exporter(Locale.ENGLISH, ScenarioInputs.defaults().withKind(WorkloadKind.MD));
        vm.export(ExportFormat.MARKDOWN, md);
        assertThat(vm.errorProperty().get()).isEmpty();
        String text = Files.readString(md);
        assertThat(text).containsIgnoringCase("neighbour").contains("1,000,000 atoms").doesNotContain("Llama");
    }

    @Test
    void aSimulationReportTimesTheScenariosJob() throws Exception {
        ScenarioInputs s = ScenarioInputs.defaults().withKind(WorkloadKind.MD);
        s = s.withDomain(s.domain().withJob(s.domain().job().withMdSteps(3_000_000)));
        Path md = dir.resolve("md-job.md");
        ExportViewModel vm = exporter(Locale.ENGLISH, s);
        vm.export(ExportFormat.MARKDOWN, md);
        assertThat(vm.errorProperty().get()).isEmpty();
        assertThat(Files.readString(md)).contains("3,000,000 time steps").doesNotContain("1,000,000 time steps");
    }

    @Test
    void aChineseDiffusionReportIsAPdfWithText() throws Exception {
        Path pdf = dir.resolve("sdxl.pdf");
        ExportViewModel vm = exporter(Locale.SIMPLIFIED_CHINESE,
                ScenarioInputs.defaults().withKind(WorkloadKind.DIFFUSION));
        vm.export(ExportFormat.PDF, pdf);
        assertThat(vm.errorProperty().get()).isEmpty();
        try (PDDocument doc = Loader.loadPDF(pdf.toFile())) {
            assertThat(doc.getNumberOfPages()).isPositive();
            assertThat(new PDFTextStripper().getText(doc)).contains("Stable Diffusion XL");
        }
    }

    @Test
    void inputsTheEstimatorRefusesFailTheExportWithItsReason() throws Exception {
        ScenarioInputs s = ScenarioInputs.defaults().withKind(WorkloadKind.GRID);
        s = s.withDomain(s.domain().withGrid(s.domain().grid().withPrecision("mixed")));
        ExportViewModel vm = exporter(Locale.ENGLISH, s);
        Path md = dir.resolve("grid.md");
        vm.export(ExportFormat.MARKDOWN, md);
        assertThat(vm.errorProperty().get()).contains("single or double");
        assertThat(md).doesNotExist();
    }
}
