package com.vramadvisor.app.export;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.ui.Messages;
import com.vramadvisor.scenario.ScenarioInputs;
import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.ranking.SortKey;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ExportViewModelTest {

    @TempDir
    Path dir;

    private ExportViewModel exporter(Locale locale) {
        return exporter(locale, ScenarioInputs.defaults());
    }

    private ExportViewModel exporter(Locale locale, ScenarioInputs inputs) {
        return new ExportViewModel(() -> inputs, CatalogLoader.shippedOnly().load(),
                new Messages(locale), Runnable::run, Runnable::run, () -> LocalDate.of(2026, 11, 29), "test");
    }

    @Test
    void theChartsDrawTheGpusTheWindowShows() throws Exception {
        ScenarioInputs serving = ScenarioInputs.defaults().withWorkload(ScenarioInputs.defaults().workload()
                .toBuilder().mode(Mode.INFER).build());
        // Without the window's choice, the report brackets the need over the catalog.
        Path bracketed = dir.resolve("bracketed.md");
        exporter(Locale.ENGLISH, serving).export(ExportFormat.MARKDOWN, bracketed);
        assertThat(Files.readString(bracketed)).doesNotContain("Fits NVIDIA GeForce RTX 4090");

        ExportViewModel vm = exporter(Locale.ENGLISH, serving);
        vm.showGpus(() -> List.of("rtx-4090", "h100-sxm-80gb"));
        Path shown = dir.resolve("shown.md");
        vm.export(ExportFormat.MARKDOWN, shown);
        String text = Files.readString(shown);
        // The sweep tables and their summaries follow the window's GPUs, the selected one first ...
        assertThat(text).contains("| Fits NVIDIA GeForce RTX 4090 | Fits NVIDIA H100 SXM5 80GB |")
                .contains("On NVIDIA GeForce RTX 4090, up to ")
                .doesNotContain("Fits NVIDIA T4");
        // ... while the summary still names the smallest GPU in the catalog that holds the workload.
        assertThat(text).contains("Smallest single GPU that holds it: Apple M1 Max");
    }

    @Test
    void markdownAndCsvReportsOfTheScenarioAreWritten() throws Exception {
        ExportViewModel vm = exporter(Locale.ENGLISH);
        Path md = dir.resolve("llama.md");
        vm.export(ExportFormat.MARKDOWN, md);
        assertThat(vm.errorProperty().get()).isEmpty();
        assertThat(vm.messageProperty().get()).isEqualTo("Exported " + md + ".");
        assertThat(Files.readString(md)).contains("Llama-3-8B").contains("November 29, 2026");
        Path csv = dir.resolve("llama.csv");
        vm.export(ExportFormat.CSV, csv);
        assertThat(Files.readString(csv)).contains(",");
        assertThat(vm.busyProperty().get()).isFalse();
    }

    @Test
    void theReportRanksWithTheWindowsTokenBudgetAndGpuLimit() throws Exception {
        Path defaults = dir.resolve("defaults.md");
        exporter(Locale.ENGLISH).export(ExportFormat.MARKDOWN, defaults);
        // Without a limit some options take more than ten cards (16 V100s, 12 Arc A770s): the GPU column shows it.
        assertThat(Files.readString(defaults)).contains("Time and speed for 1,000,000,000 tokens")
                .containsPattern("\\| [0-9]{2,} x ");

        Path limited = dir.resolve("limited.md");
        exporter(Locale.ENGLISH, ScenarioInputs.defaults().withTokenBudget(10_000_000_000L).withMaxGpus(8))
                .export(ExportFormat.MARKDOWN, limited);
        String text = Files.readString(limited);
        assertThat(text).contains("Time and speed for 10,000,000,000 tokens")
                .doesNotContainPattern("\\| [0-9]{2,} x ");
    }

    @Test
    void theReportListsTheOptionsInTheOrderOfTheWindowsGoal() throws Exception {
        Path byCost = dir.resolve("cost.md");
        exporter(Locale.ENGLISH).export(ExportFormat.MARKDOWN, byCost);
        Path byTime = dir.resolve("time.md");
        new ExportViewModel(ScenarioInputs::defaults, CatalogLoader.shippedOnly().load(), new Messages(Locale.ENGLISH),
                Runnable::run, Runnable::run, () -> LocalDate.of(2026, 11, 29), "test", () -> SortKey.HOURS)
                .export(ExportFormat.MARKDOWN, byTime);
        String cost = topOption(Files.readString(byCost));
        String time = topOption(Files.readString(byTime));
        assertThat(time).isNotEqualTo(cost);
        assertThat(hours(time)).isLessThan(hours(cost));
    }

    /** The summary's line naming the best option to buy: {@code X — 8 GPU(s), zero1-dp8, 1.7 h; job cost ...}. */
    private static String topOption(String report) {
        return report.lines().filter(l -> l.contains("Best option to buy")).findFirst().orElseThrow();
    }

    /** The hours in a top-option line ({@code 38 s}, {@code 11 min}, {@code 1.7 h}, {@code 2.2 days}). */
    private static double hours(String line) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("([0-9.,]+) (s|min|h|days|years)\\b")
                .matcher(line);
        assertThat(m.find()).as(line).isTrue();
        double value = Double.parseDouble(m.group(1).replace(",", ""));
        return value * switch (m.group(2)) {
            case "s" -> 1 / 3600.0;
            case "min" -> 1 / 60.0;
            case "days" -> 24;
            case "years" -> 24 * 365;
            default -> 1;
        };
    }

    @Test
    void aReportIsWrittenInTheLanguageOfTheUi() throws Exception {
        ExportViewModel vm = exporter(Locale.SIMPLIFIED_CHINESE);
        Path md = dir.resolve("报告.md");
        vm.export(ExportFormat.MARKDOWN, md);
        String text = Files.readString(md);
        assertThat(text.codePoints().anyMatch(c -> Character.UnicodeScript.of(c) == Character.UnicodeScript.HAN))
                .isTrue();
    }

    @Test
    void aPdfReportStartsLikeAPdf() throws Exception {
        ExportViewModel vm = exporter(Locale.ENGLISH);
        Path pdf = dir.resolve("report.pdf");
        vm.export(ExportFormat.PDF, pdf);
        assertThat(vm.errorProperty().get()).isEmpty();
        assertThat(new String(Files.readAllBytes(pdf), 0, 5, java.nio.charset.StandardCharsets.US_ASCII))
                .isEqualTo("%PDF-");
    }

    @Test
    void aFailedWriteIsReportedAndLeavesTheEarlierFileIntact() throws Exception {
        ExportViewModel vm = exporter(Locale.ENGLISH);
        Path blocked = dir.resolve("blocked.md");
        Files.createDirectories(blocked.resolve("inside"));
        vm.export(ExportFormat.MARKDOWN, blocked);
        assertThat(vm.errorProperty().get()).isNotEmpty().contains("blocked.md");
        assertThat(vm.messageProperty().get()).startsWith("Export failed:");
        assertThat(vm.busyProperty().get()).isFalse();
        assertThat(Files.isDirectory(blocked.resolve("inside"))).isTrue();
    }

    @Test
    void theReportIsBuiltOffTheUiThreadAndWhileItRunsTheViewModelIsBusy() {
        List<Runnable> background = new ArrayList<>();
        List<Runnable> ui = new ArrayList<>();
        ExportViewModel vm = new ExportViewModel(ScenarioInputs::defaults, CatalogLoader.shippedOnly().load(),
                new Messages(Locale.ENGLISH), background::add, ui::add, LocalDate::now, "test");
        vm.export(ExportFormat.CSV, dir.resolve("a.csv"));
        assertThat(vm.busyProperty().get()).isTrue();
        assertThat(vm.messageProperty().get()).isEqualTo("Exporting a.csv…");
        vm.export(ExportFormat.CSV, dir.resolve("b.csv"));
        assertThat(background).hasSize(1);
        background.remove(0).run();
        assertThat(vm.busyProperty().get()).isTrue();
        ui.remove(0).run();
        assertThat(vm.busyProperty().get()).isFalse();
        assertThat(Files.exists(dir.resolve("a.csv"))).isTrue();
    }
}
