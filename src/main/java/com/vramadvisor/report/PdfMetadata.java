package com.vramadvisor.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Calendar;
import java.util.GregorianCalendar;

import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentInformation;
import org.apache.pdfbox.pdmodel.common.PDMetadata;
import org.apache.pdfbox.util.Version;

/**
 * What a report PDF says about itself: the document information dictionary (title, subject, author, creator,
 * producer, dates) and the same as an XMP packet, which PDF 2.0 and PDF/UA readers take instead. The report's date
 * is the creation date, at midnight UTC, so that a report of the same inputs and date is the same file.
 */
final class PdfMetadata {

    /** The report is the tool's estimate, not a person's; the user's name is not written into shared files. */
    static final String AUTHOR = "VRAM Advisor";

    private PdfMetadata() {
    }

    static void describe(PDDocument document, ReportModel model) throws IOException {
        String app = "VRAM Advisor" + (model.appVersion().isEmpty() ? "" : " " + model.appVersion());
        String title = model.title() + (model.subtitle().isEmpty() ? "" : " \u2014 " + model.subtitle());
        String producer = app + " with Apache PDFBox " + Version.getVersion();
        Calendar date = GregorianCalendar.from(model.date().atStartOfDay(ZoneOffset.UTC));

        PDDocumentInformation info = document.getDocumentInformation();
        info.setTitle(title);
        info.setSubject(model.subtitle());
        info.setAuthor(AUTHOR);
        info.setCreator(app);
        info.setProducer(producer);
        info.setCreationDate(date);
        info.setModificationDate(date);

        String when = model.date().atStartOfDay(ZoneOffset.UTC).format(DateTimeFormatter.ISO_OFFSET_DATE_TIME);
        String xmp = "<?xpacket begin=\"\uFEFF\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n"
                + "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">\n"
                + "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\n"
                + "<rdf:Description rdf:about=\"\" xmlns:dc=\"http://purl.org/dc/elements/1.1/\""
                + " xmlns:xmp=\"http://ns.adobe.com/xap/1.0/\" xmlns:pdf=\"http://ns.adobe.com/pdf/1.3/\">\n"
                + "<dc:format>application/pdf</dc:format>\n"
                + "<dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">" + xml(title) + "</rdf:li></rdf:Alt></dc:title>\n"
                + "<dc:description><rdf:Alt><rdf:li xml:lang=\"x-default\">" + xml(model.subtitle())
                + "</rdf:li></rdf:Alt></dc:description>\n"
                + "<dc:creator><rdf:Seq><rdf:li>" + AUTHOR + "</rdf:li></rdf:Seq></dc:creator>\n"
                + "<dc:language><rdf:Bag><rdf:li>" + model.locale().toLanguageTag()
                + "</rdf:li></rdf:Bag></dc:language>\n"
                + "<xmp:CreateDate>" + when + "</xmp:CreateDate>\n"
                + "<xmp:ModifyDate>" + when + "</xmp:ModifyDate>\n"
                + "<xmp:CreatorTool>" + xml(app) + "</xmp:CreatorTool>\n"
                + "<pdf:Producer>" + xml(producer) + "</pdf:Producer>\n"
                + "</rdf:Description>\n</rdf:RDF>\n</x:xmpmeta>\n<?xpacket end=\"w\"?>";
        PDMetadata metadata = new PDMetadata(document);
        metadata.importXMPMetadata(xmp.getBytes(StandardCharsets.UTF_8));
        document.getDocumentCatalog().setMetadata(metadata);
    }

    private static String xml(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
