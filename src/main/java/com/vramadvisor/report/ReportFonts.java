package com.vramadvisor.report;

import java.awt.Font;
import java.awt.FontFormatException;
import java.io.ByteArrayInputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

import org.apache.fontbox.ttf.TrueTypeCollection;
import org.apache.fontbox.ttf.TrueTypeFont;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.font.PDType0Font;

/**
 * The one typeface of every report: WenQuanYi Micro Hei, shipped in {@code assets/fonts/} (Apache-2.0), which has
 * Latin and all GBK Chinese glyphs, so English and Chinese reports render with real glyphs on any machine.
 *
 * <p>It is a TrueType-outline collection, which PDFBox can subset and embed (CFF-outline CJK fonts such as Noto Sans
 * CJK cannot be embedded by PDFBox).
 */
public final class ReportFonts {

    static final String RESOURCE = "/assets/fonts/wqy-microhei.ttc";
    static final String POSTSCRIPT_NAME = "WenQuanYiMicroHei";

    private static byte[] fontData;
    private static Font awtFont;

    private ReportFonts() {
    }

    /** The typeface for Java2D at size 1; derive sizes from it. */
    public static synchronized Font awtFont() {
        if (awtFont == null) {
            try {
                for (Font f : Font.createFonts(new ByteArrayInputStream(fontData()))) {
                    if (POSTSCRIPT_NAME.equals(f.getPSName())) {
                        awtFont = f;
                    }
                }
            } catch (FontFormatException | IOException e) {
                throw new IllegalStateException("the report font " + RESOURCE + " cannot be read", e);
            }
            if (awtFont == null) {
                throw new IllegalStateException("the report font " + RESOURCE + " lacks " + POSTSCRIPT_NAME);
            }
        }
        return awtFont;
    }

    /**
     * Loads the typeface into a PDF document for subset embedding. Keep the returned handle open until the
     * document is saved: the subset is cut from the font data at save time.
     */
    public static PdfFont loadInto(PDDocument document) throws IOException {
        TrueTypeCollection collection = new TrueTypeCollection(new ByteArrayInputStream(fontData()));
        try {
            TrueTypeFont ttf = collection.getFontByName(POSTSCRIPT_NAME);
            if (ttf == null) {
                throw new IllegalStateException("the report font " + RESOURCE + " lacks " + POSTSCRIPT_NAME);
            }
            return new PdfFont(PDType0Font.load(document, ttf, true), collection);
        } catch (IOException | RuntimeException e) {
            collection.close();
            throw e;
        }
    }

    /**
     * The text with characters the typeface cannot draw replaced by {@code ?} and control characters by spaces, so
     * that no user-supplied name can break a PDF or show an empty box.
     */
    public static String printable(String text) {
        Font font = awtFont();
        StringBuilder out = new StringBuilder(text.length());
        text.codePoints().forEach(cp -> {
            if (Character.isISOControl(cp)) {
                out.append(' ');
            } else if (font.canDisplay(cp)) {
                out.appendCodePoint(cp);
            } else {
                out.append('?');
            }
        });
        return out.toString();
    }

    private static synchronized byte[] fontData() {
        if (fontData == null) {
            try (InputStream in = ReportFonts.class.getResourceAsStream(RESOURCE)) {
                if (in == null) {
                    throw new IllegalStateException("the report font " + RESOURCE + " is missing from the classpath");
                }
                fontData = in.readAllBytes();
            } catch (IOException e) {
                throw new UncheckedIOException("the report font " + RESOURCE + " cannot be read", e);
            }
        }
        return fontData;
    }

    /** A PDF font together with the font collection it is cut from. */
    public record PdfFont(PDType0Font font, TrueTypeCollection source) implements Closeable {
        @Override
        public void close() throws IOException {
            source.close();
        }
    }
}
