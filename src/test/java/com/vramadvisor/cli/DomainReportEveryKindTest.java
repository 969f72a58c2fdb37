package com.vramadvisor.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code report --pdf} for one scenario of every workload kind beyond language models, in both languages. */
class DomainReportEveryKindTest {

    @TempDir
    Path dir;

    @ParameterizedTest
    @CsvSource({
        "vision, --preset resnet-50 --mode train --batch 64, ResNet-50",
        "diffusion, --preset sd-1.5 --mode infer --resolution 512, Stable Diffusion",
        "render, --scene game-1080p, 1920",
        "md, --atoms 10M --potential eam, 10,000,000",
        "grid, --cells 512x512x512 --fields 5 --precision double, 134,217,728"})
    void everyKindWritesAReadablePdfInEnglishAndChinese(String kind, String flags, String subject) throws Exception {
        for (String lang : new String[] {"en", "zh-CN"}) {
            Path pdf = dir.resolve(kind + "-" + lang + ".pdf");
            List<String> args = new ArrayList<>(List.of("report", "--workload", kind));
            args.addAll(List.of(flags.trim().split(" +")));
            args.addAll(List.of("--pdf", pdf.toString(), "--lang", lang));
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            int status = Cli.run(new PrintWriter(out, true), new PrintWriter(err, true), args.toArray(String[]::new));

            assertThat(status).as(kind + " " + lang + ": " + err).isZero();
            try (PDDocument doc = Loader.loadPDF(pdf.toFile())) {
                String text = new PDFTextStripper().getText(doc);
                assertThat(text).as(kind + " " + lang).contains(subject);
                assertThat(text).as(kind + " " + lang)
                        .contains(lang.equals("en") ? "GPU memory sizing report" : "显存评估报告");
            }
        }
    }
}
