package com.vramadvisor.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.pdfbox.Loader;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import org.apache.pdfbox.text.TextPosition;
import org.junit.jupiter.api.Test;

/**
 * The running header at the top of every page after the first stays inside the page: a subject longer than the
 * portrait content width (an SDXL generation's, say) is cut at a word and ends in an ellipsis instead of running off
 * the right edge.
 */
class PdfRunningHeaderTest {

    private static final String LONG = "GPU memory sizing report: Stable Diffusion XL base 1.0, 1 image at 1024 x 1024,"
            + " fp16, sdpa attention \u00b7 Diffusion pipeline; the peak is reached at VAE decode";

    @Test
    void aLongHeaderIsCutAtAWordWithAnEllipsisInsideThePortraitPage() throws IOException {
        Page second = secondPage(LONG);
        assertThat(second.firstLine).startsWith("GPU memory sizing report: Stable Diffusion XL base 1.0").endsWith("\u2026");
        assertThat(LONG).startsWith(second.firstLine.substring(0, second.firstLine.length() - 1).strip());
        assertThat(second.rightmost).isLessThanOrEqualTo(second.pageWidth - PdfFlow.MARGIN_X + 0.5);
    }

    @Test
    void aShortHeaderIsWrittenWhole() throws IOException {
        String header = "GPU memory sizing report \u00b7 Llama 3 8B \u00b7 full training, bf16-mixed, adamw";
        assertThat(secondPage(header).firstLine).isEqualTo(header);
    }

    private record Page(String firstLine, double rightmost, double pageWidth) {
    }

    private static Page secondPage(String header) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (PDDocument document = new PDDocument();
             ReportFonts.PdfFont font = ReportFonts.loadInto(document)) {
            PdfFlow flow = new PdfFlow(document, font.font(), header, "en");
            flow.paragraph("first page", 10, PdfFlow.TEXT);
            flow.newPage();
            flow.paragraph("second page", 10, PdfFlow.TEXT);
            flow.close();
            document.save(out);
        }
        try (PDDocument doc = Loader.loadPDF(out.toByteArray())) {
            List<Double> right = new ArrayList<>();
            PDFTextStripper stripper = new PDFTextStripper() {
                @Override
                protected void writeString(String text, List<TextPosition> positions) throws IOException {
                    for (TextPosition p : positions) {
                        right.add((double) (p.getXDirAdj() + p.getWidthDirAdj()));
                    }
                    super.writeString(text, positions);
                }
            };
            stripper.setStartPage(2);
            stripper.setEndPage(2);
            String text = stripper.getText(doc);
            return new Page(text.lines().findFirst().orElse("").strip(),
                    right.stream().mapToDouble(Double::doubleValue).max().orElse(0),
                    doc.getPage(1).getMediaBox().getWidth());
        }
    }
}
