package com.vramadvisor.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

import javax.xml.parsers.DocumentBuilderFactory;

import org.apache.pdfbox.Loader;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentCatalog;
import org.apache.pdfbox.pdmodel.PDDocumentInformation;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.documentinterchange.logicalstructure.PDStructureElement;
import org.apache.pdfbox.pdmodel.documentinterchange.logicalstructure.PDStructureTreeRoot;
import org.apache.pdfbox.pdmodel.documentinterchange.markedcontent.PDMarkedContent;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.pdmodel.font.PDType0Font;
import org.apache.pdfbox.rendering.PDFRenderer;
import org.apache.pdfbox.text.PDFMarkedContentExtractor;
import org.apache.pdfbox.text.PDFTextStripper;
import org.apache.pdfbox.text.TextPosition;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;

class PdfReportWriterTest {

    @TempDir
    Path dir;

    @Test
    void englishPdfTextContainsTheInputsTotalsAndVersions() throws Exception {
        ReportModel model = SampleReport.english();
        Path pdf = dir.resolve("report.pdf");
        new PdfReportWriter().write(model, pdf);

        try (PDDocument doc = Loader.loadPDF(pdf.toFile())) {
            String text = new PDFTextStripper().getText(doc);
            ReportText t = ReportText.of(model.locale());
            assertThat(text).contains("GPU memory sizing report", "Llama-3-8B", "8,030,261,248", "bf16-mixed",
                    "Micro-batch per GPU", "Sequence length", "4,096", "0.1.0", "2025.06", "June 1, 2025");
            assertThat(text).contains(t.gib(SampleReport.PEAK), t.gib(SampleReport.OPTIMIZER), "Backward pass");
            assertThat(text).contains("Korthikanti et al. 2022", "Formulas and references", "Hardware options");
            // Chart titles stay text inside the vector charts.
            assertThat(text).contains("Peak memory per GPU vs micro-batch");
            assertThat(doc.getNumberOfPages()).isBetween(2, 8);
        }
    }

    @Test
    void metadataNamesTheAuthorDateProducerAndLanguage() throws Exception {
        Path en = dir.resolve("report.pdf");
        Path zh = dir.resolve("报告.pdf");
        new PdfReportWriter().write(SampleReport.english(), en);
        new PdfReportWriter().write(SampleReport.chinese(), zh);

        try (PDDocument doc = Loader.loadPDF(en.toFile())) {
            PDDocumentInformation info = doc.getDocumentInformation();
            assertThat(info.getAuthor()).isEqualTo("VRAM Advisor");
            assertThat(info.getCreator()).isEqualTo("VRAM Advisor 0.1.0");
            assertThat(info.getProducer()).startsWith("VRAM Advisor 0.1.0").contains("Apache PDFBox 3.");
            assertThat(info.getCreationDate().toInstant()).isEqualTo(Instant.parse("2025-06-01T00:00:00Z"));
            assertThat(info.getTitle()).startsWith("GPU memory sizing report");
            assertThat(doc.getDocumentCatalog().getLanguage()).isEqualTo("en");
            assertThat(doc.getDocumentCatalog().getViewerPreferences().displayDocTitle()).isTrue();
        }
        try (PDDocument doc = Loader.loadPDF(zh.toFile())) {
            assertThat(doc.getDocumentCatalog().getLanguage()).isEqualTo("zh-CN");
            // The XMP packet says the same, and is well-formed XML even with the subtitle's characters.
            Document xmp = DocumentBuilderFactory.newDefaultNSInstance().newDocumentBuilder()
                    .parse(doc.getDocumentCatalog().getMetadata().exportXMPMetadata());
            String dc = "http://purl.org/dc/elements/1.1/";
            assertThat(xmp.getElementsByTagNameNS(dc, "title").item(0).getTextContent().strip())
                    .isEqualTo(doc.getDocumentInformation().getTitle());
            assertThat(xmp.getElementsByTagNameNS(dc, "language").item(0).getTextContent().strip())
                    .isEqualTo("zh-CN");
            assertThat(xmp.getElementsByTagNameNS(dc, "creator").item(0).getTextContent().strip())
                    .isEqualTo("VRAM Advisor");
            assertThat(xmp.getElementsByTagNameNS("http://ns.adobe.com/xap/1.0/", "CreateDate").item(0)
                    .getTextContent()).isEqualTo("2025-06-01T00:00:00Z");
        }
    }

    @Test
    void thePdfIsTaggedWithHeadingsListsTablesAndFiguresInReadingOrder() throws Exception {
        Path pdf = dir.resolve("report.pdf");
        new PdfReportWriter().write(SampleReport.english(), pdf);

        try (PDDocument doc = Loader.loadPDF(pdf.toFile())) {
            PDDocumentCatalog catalog = doc.getDocumentCatalog();
            assertThat(catalog.getMarkInfo().isMarked()).isTrue();
            PDStructureTreeRoot root = catalog.getStructureTreeRoot();
            assertThat(root.getKids()).singleElement().isInstanceOf(PDStructureElement.class);
            PDStructureElement document = (PDStructureElement) root.getKids().get(0);
            assertThat(document.getStructureType()).isEqualTo("Document");
            List<PDStructureElement> blocks = new ArrayList<>();
            for (Object kid : document.getKids()) {
                blocks.add((PDStructureElement) kid);
            }
            List<String> types = blocks.stream().map(PDStructureElement::getStructureType).toList();
            assertThat(types.get(0)).isEqualTo("H1");
            assertThat(types).contains("H2", "P", "L", "Table", "Figure");
            assertThat(blocks).filteredOn(b -> b.getStructureType().equals("Figure"))
                    .extracting(PDStructureElement::getAlternateDescription)
                    .contains("Peak memory per GPU vs micro-batch", "Peak memory per GPU vs sequence length");
            PDStructureElement table = blocks.get(types.indexOf("Table"));
            PDStructureElement headerRow = (PDStructureElement) table.getKids().get(0);
            assertThat(headerRow.getKids()).allSatisfy(cell ->
                    assertThat(((PDStructureElement) cell).getStructureType()).isEqualTo("TH"));
            // Every page's marked content is owned through the parent tree.
            assertThat(root.getParentTreeNextKey()).isEqualTo(doc.getNumberOfPages());
            for (int i = 0; i < doc.getNumberOfPages(); i++) {
                assertThat(doc.getPage(i).getStructParents()).isEqualTo(i);
                assertThat(root.getParentTree().getValue(i)).as("page %d", i + 1).isNotNull();
            }
            // The running header and the footer are artifacts: the title appears as text only once, in the H1.
            assertThat(markedContentText(doc, "H1")).isEqualTo("GPU memory sizing report");
        }
    }

    /** The text of the first marked-content sequence with {@code tag} on the first page. */
    private static String markedContentText(PDDocument doc, String tag) throws IOException {
        PDFMarkedContentExtractor extractor = new PDFMarkedContentExtractor();
        extractor.processPage(doc.getPage(0));
        for (PDMarkedContent mc : extractor.getMarkedContents()) {
            if (tag.equals(mc.getTag())) {
                StringBuilder out = new StringBuilder();
                for (Object o : mc.getContents()) {
                    if (o instanceof TextPosition t) {
                        out.append(t.getUnicode());
                    }
                }
                return out.toString();
            }
        }
        return null;
    }

    @Test
    void chinesePdfHasRealChineseTextAndAnEmbeddedSubsetFont() throws Exception {
        ReportModel model = SampleReport.chinese();
        Path pdf = dir.resolve("报告.pdf");
        new PdfReportWriter().write(model, pdf);

        try (PDDocument doc = Loader.loadPDF(pdf.toFile())) {
            String text = new PDFTextStripper().getText(doc);
            assertThat(text).contains("GPU 显存评估报告", "工作负载", "每 GPU 显存构成", "优化器状态", "反向传播",
                    "硬件方案", "公式与参考文献", "2025年6月1日", "每 GPU 峰值", "第 1 页");
            assertThat(text).contains(ReportText.of(model.locale()).gib(SampleReport.PEAK));
            // Text the tests find, but shown as empty boxes, would still fail a reader: check every font is
            // embedded, a subset, and can draw the Chinese glyphs it is used for.
            for (PDPage page : doc.getPages()) {
                for (COSName name : page.getResources().getFontNames()) {
                    PDFont font = page.getResources().getFont(name);
                    assertThat(font).isInstanceOf(PDType0Font.class);
                    assertThat(font.isEmbedded()).isTrue();
                    assertThat(font.getName()).matches("[A-Z]{6}\\+WenQuanYiMicroHei");
                    for (String han : new String[] {"显", "存", "峰", "值"}) {
                        byte[] code = font.encode(han);
                        int cid = (code[0] & 0xFF) << 8 | (code[1] & 0xFF);
                        assertThat(((PDType0Font) font).codeToGID(cid)).as("glyph of %s", han).isPositive();
                    }
                }
            }
        }
    }

    @Test
    void pagesRenderToImagesWithContentOnEveryPage() throws Exception {
        Path pdf = dir.resolve("report.pdf");
        new PdfReportWriter().write(SampleReport.english(), pdf);
        try (PDDocument doc = Loader.loadPDF(pdf.toFile())) {
            PDFRenderer renderer = new PDFRenderer(doc);
            boolean chartColourSeen = false;
            for (int i = 0; i < doc.getNumberOfPages(); i++) {
                BufferedImage image = renderer.renderImageWithDPI(i, 50);
                assertThat(inkFraction(image)).as("ink on page %d", i + 1).isGreaterThan(0.005);
                chartColourSeen |= containsColour(image, WindowColours.colourOf("component-optimizer-states").getRGB());
            }
            assertThat(chartColourSeen).as("the breakdown bar's optimizer-states colour on some page").isTrue();
        }
    }

    @Test
    void aLongDecisionTableBreaksBetweenRowsAndRepeatsItsHeader() throws Exception {
        ReportModel model = SampleReport.english(140);
        Path pdf = dir.resolve("long.pdf");
        new PdfReportWriter().write(model, pdf);

        try (PDDocument doc = Loader.loadPDF(pdf.toFile())) {
            List<String> pages = new ArrayList<>();
            PDFTextStripper stripper = new PDFTextStripper();
            for (int p = 1; p <= doc.getNumberOfPages(); p++) {
                stripper.setStartPage(p);
                stripper.setEndPage(p);
                pages.add(stripper.getText(doc));
            }
            int pagesWithRows = 0;
            int pagesWithHeaderAndRows = 0;
            for (String page : pages) {
                if (page.contains("Option-")) {
                    pagesWithRows++;
                    if (page.contains("Usable")) {
                        pagesWithHeaderAndRows++;
                    }
                }
            }
            assertThat(pagesWithRows).as("the table spans several pages").isGreaterThan(1);
            assertThat(pagesWithHeaderAndRows).isEqualTo(pagesWithRows);
            // Rows 0, 5, 10, ... have a name that wraps over several lines, starting "Option-i" and ending "end-i":
            // both ends of each such row must be on the same page.
            for (int i = 0; i < 140; i += 5) {
                int start = pageOf(pages, "Option-" + i + " ");
                int end = pageOf(pages, "end-" + i + "\n", "end-" + i + " ", "end-" + i + "\r");
                assertThat(start).as("row %d starts somewhere", i).isGreaterThanOrEqualTo(0);
                assertThat(end).as("row %d is not split across pages", i).isEqualTo(start);
            }
        }
    }

    @Test
    void writingTwiceReplacesTheFileWithTheNewReport() throws Exception {
        Path pdf = dir.resolve("report.pdf");
        new PdfReportWriter().write(SampleReport.english(), pdf);
        new PdfReportWriter().write(SampleReport.chinese(), pdf);
        try (PDDocument doc = Loader.loadPDF(pdf.toFile())) {
            assertThat(new PDFTextStripper().getText(doc)).contains("显存评估报告");
        }
        try (var files = Files.list(dir)) {
            assertThat(files).containsExactly(pdf);
        }
    }

    private static int pageOf(List<String> pages, String... needles) {
        for (int p = 0; p < pages.size(); p++) {
            for (String n : needles) {
                if (pages.get(p).contains(n)) {
                    return p;
                }
            }
        }
        return -1;
    }

    static double inkFraction(BufferedImage image) {
        long ink = 0;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                int rgb = image.getRGB(x, y) & 0xFFFFFF;
                if (rgb != 0xFFFFFF) {
                    ink++;
                }
            }
        }
        return (double) ink / (image.getWidth() * (long) image.getHeight());
    }

    static boolean containsColour(BufferedImage image, int argb) {
        int target = argb & 0xFFFFFF;
        for (int y = 0; y < image.getHeight(); y++) {
            for (int x = 0; x < image.getWidth(); x++) {
                if (near(image.getRGB(x, y) & 0xFFFFFF, target)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean near(int a, int b) {
        for (int shift = 0; shift <= 16; shift += 8) {
            if (Math.abs(((a >> shift) & 0xFF) - ((b >> shift) & 0xFF)) > 6) {
                return false;
            }
        }
        return true;
    }

}
