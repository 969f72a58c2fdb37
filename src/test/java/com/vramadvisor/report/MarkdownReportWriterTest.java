package com.vramadvisor.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MarkdownReportWriterTest {

    @TempDir
    Path dir;

    @Test
    void markdownHasTheInputComponentSweepDecisionAndFormulaTables() throws Exception {
        ReportModel model = SampleReport.english();
        Path md = dir.resolve("report.md");
        new MarkdownReportWriter().write(model, md);
        String text = Files.readString(md, StandardCharsets.UTF_8);
        ReportText t = ReportText.of(model.locale());

        assertThat(text).startsWith("# GPU memory sizing report\n");
        assertThat(text).contains("| Input | Value |\n| --- | --- |\n| Model | Llama-3-8B |");
        assertThat(text).contains("| Component | At the peak (Backward pass) | Largest at any phase "
                + "| Share of the peak |\n"
                + "| --- | ---: | ---: | ---: |\n");
        assertThat(text).contains("| Optimizer states | " + t.gib(SampleReport.OPTIMIZER) + " |");
        assertThat(text).contains("| **Peak per GPU** | **" + t.gib(SampleReport.PEAK) + "** |");
        assertThat(text).contains("### Peak memory per GPU vs sequence length", "| **4,096** |");
        assertThat(text).contains("| Hardware | Fits | GPUs | Per GPU | Usable | Cost |");
        assertThat(text).contains("| Model states | `(2 + 4 + 2 + 8) \u00d7 P bytes` |");
        assertThat(text).contains("## Assumptions", "## Formulas and references");
    }

    @Test
    void everyTableRowHasAsManyCellsAsItsHeader() throws Exception {
        String text = new MarkdownReportWriter().toMarkdown(SampleReport.english());
        List<String> lines = text.lines().toList();
        int columns = -1;
        for (String line : lines) {
            if (!line.startsWith("|")) {
                columns = -1;
                continue;
            }
            int cells = line.replace("\\|", "").split("\\|", -1).length - 2;
            if (columns < 0) {
                columns = cells;
            }
            assertThat(cells).as(line).isEqualTo(columns);
        }
    }

    @Test
    void pipesInCellsAreEscaped() {
        assertThat(MarkdownReportWriter.cell("A|B")).isEqualTo("A\\|B");
        assertThat(MarkdownReportWriter.cell("two\nlines")).isEqualTo("two lines");
    }

    @Test
    void chineseMarkdownUsesChineseHeadings() {
        String text = new MarkdownReportWriter().toMarkdown(SampleReport.chinese());
        assertThat(text).contains("## 工作负载", "## 每 GPU 显存构成", "| 组成部分 | 峰值时（反向传播）", "## 硬件方案");
    }
}
