package com.vramadvisor.report;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.apache.pdfbox.cos.COSArray;
import org.apache.pdfbox.cos.COSName;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.PDDocumentCatalog;
import org.apache.pdfbox.pdmodel.PDPage;
import org.apache.pdfbox.pdmodel.PDPageContentStream;
import org.apache.pdfbox.pdmodel.common.COSObjectable;
import org.apache.pdfbox.pdmodel.common.PDNumberTreeNode;
import org.apache.pdfbox.pdmodel.documentinterchange.logicalstructure.PDMarkInfo;
import org.apache.pdfbox.pdmodel.documentinterchange.logicalstructure.PDMarkedContentReference;
import org.apache.pdfbox.pdmodel.documentinterchange.logicalstructure.PDParentTreeValue;
import org.apache.pdfbox.pdmodel.documentinterchange.logicalstructure.PDStructureElement;
import org.apache.pdfbox.pdmodel.documentinterchange.logicalstructure.PDStructureNode;
import org.apache.pdfbox.pdmodel.documentinterchange.logicalstructure.PDStructureTreeRoot;
import org.apache.pdfbox.pdmodel.documentinterchange.taggedpdf.StandardStructureTypes;
import org.apache.pdfbox.pdmodel.interactive.viewerpreferences.PDViewerPreferences;

/**
 * The logical structure of a report PDF (ISO 32000-1, section 14.7), so that screen readers and reflowing viewers
 * read it in order: a Document element with headings, paragraphs, lists, tables and figures, each tied to the
 * marked content it draws through a marked-content id per page and the parent tree; page furniture (running
 * header, rules, footer, repeated table headers) is marked as artifacts.
 */
final class PdfTags {

    /** Draws content that is to be marked. */
    @FunctionalInterface
    interface Drawing {
        void draw() throws IOException;
    }

    private final PDStructureTreeRoot root = new PDStructureTreeRoot();
    private final PDStructureElement document;
    /** Per page (by its StructParents key), the structure element of each marked-content id in order. */
    private final Map<Integer, List<PDStructureElement>> parents = new HashMap<>();
    private PDPage page;
    private int pageKey = -1;

    PdfTags(PDDocument pdf, String languageTag) {
        PDDocumentCatalog catalog = pdf.getDocumentCatalog();
        catalog.setStructureTreeRoot(root);
        PDMarkInfo markInfo = new PDMarkInfo();
        markInfo.setMarked(true);
        catalog.setMarkInfo(markInfo);
        catalog.setLanguage(languageTag);
        PDViewerPreferences preferences = new PDViewerPreferences(new org.apache.pdfbox.cos.COSDictionary());
        // Viewers then show the title rather than the file name, as PDF/UA asks.
        preferences.setDisplayDocTitle(true);
        catalog.setViewerPreferences(preferences);
        document = new PDStructureElement(StandardStructureTypes.DOCUMENT, root);
        document.setLanguage(languageTag);
        root.appendKid(document);
    }

    /** Marked content from here on belongs to {@code next}, a page just added to the document. */
    void page(PDPage next) {
        page = next;
        pageKey++;
        next.setStructParents(pageKey);
        parents.put(pageKey, new ArrayList<>());
    }

    /** A new element of {@code type} (a {@link StandardStructureTypes} name) under the document. */
    PDStructureElement block(String type) {
        return element(document, type);
    }

    /** A new element of {@code type} under {@code parent}. */
    PDStructureElement element(PDStructureNode parent, String type) {
        PDStructureElement e = new PDStructureElement(type, parent);
        e.setPage(page);
        parent.appendKid(e);
        return e;
    }

    /** Draws {@code drawing} as marked content of {@code owner} on the current page. */
    void mark(PDPageContentStream stream, PDStructureElement owner, Drawing drawing) throws IOException {
        List<PDStructureElement> owners = parents.get(pageKey);
        int mcid = owners.size();
        stream.beginMarkedContent(COSName.getPDFName(owner.getStructureType()), mcid);
        drawing.draw();
        stream.endMarkedContent();
        PDMarkedContentReference reference = new PDMarkedContentReference();
        reference.setPage(page);
        reference.setMCID(mcid);
        owner.appendKid(reference);
        owners.add(owner);
    }

    /** Draws {@code drawing} as an artifact: page furniture that is not part of the text. */
    static void artifact(PDPageContentStream stream, Drawing drawing) throws IOException {
        stream.beginMarkedContent(COSName.ARTIFACT);
        drawing.draw();
        stream.endMarkedContent();
    }

    /** Writes the parent tree; call once after the last page. */
    void finish() {
        Map<Integer, COSObjectable> numbers = new HashMap<>();
        for (Map.Entry<Integer, List<PDStructureElement>> e : parents.entrySet()) {
            COSArray owners = new COSArray();
            for (PDStructureElement owner : e.getValue()) {
                owners.add(owner);
            }
            numbers.put(e.getKey(), new PDParentTreeValue(owners));
        }
        PDNumberTreeNode tree = new PDNumberTreeNode(PDParentTreeValue.class);
        tree.setNumbers(numbers);
        root.setParentTree(tree);
        root.setParentTreeNextKey(parents.size());
    }
}
