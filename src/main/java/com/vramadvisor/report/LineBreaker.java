package com.vramadvisor.report;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * Line breaking for report text in English and Chinese: Latin text breaks at spaces, Chinese between any two
 * characters (closing punctuation stays with the character before it), and a word breaks inside only when it alone
 * is wider than the line.
 */
final class LineBreaker {

    private LineBreaker() {
    }

    /**
     * Splits text into lines no wider than {@code maxWidth}: at spaces for Latin text, between any two characters
     * for Chinese, and inside a word only when the word alone is too wide.
     */
    static List<String> wrap(String content, double maxWidth, ToDoubleFunction<String> width) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String token : tokens(content)) {
            if (width.applyAsDouble(line + token.stripTrailing()) <= maxWidth) {
                line.append(token);
                continue;
            }
            if (!line.toString().isBlank()) {
                lines.add(line.toString().stripTrailing());
                line.setLength(0);
            }
            if (width.applyAsDouble(token.stripTrailing()) <= maxWidth) {
                line.append(token);
            } else {
                for (int cp : token.codePoints().toArray()) {
                    if (!line.isEmpty() && width.applyAsDouble(line + Character.toString(cp)) > maxWidth) {
                        lines.add(line.toString().stripTrailing());
                        line.setLength(0);
                    }
                    line.appendCodePoint(cp);
                }
            }
        }
        if (!line.toString().isBlank() || lines.isEmpty()) {
            lines.add(line.toString().stripTrailing());
        }
        return lines;
    }

    /** Words with their trailing spaces; each Chinese character (and its punctuation) is a token of its own. */
    static List<String> tokens(String s) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        int[] cps = s.codePoints().toArray();
        for (int i = 0; i < cps.length; i++) {
            int cp = cps[i];
            if (isWide(cp)) {
                if (!cur.isEmpty()) {
                    out.add(cur.toString());
                    cur.setLength(0);
                }
                cur.appendCodePoint(cp);
                while (i + 1 < cps.length && (isClosingPunctuation(cps[i + 1]) || cps[i + 1] == ' ')) {
                    cur.appendCodePoint(cps[++i]);
                }
                out.add(cur.toString());
                cur.setLength(0);
            } else if (cp == ' ') {
                cur.append(' ');
                out.add(cur.toString());
                cur.setLength(0);
            } else {
                cur.appendCodePoint(cp);
            }
        }
        if (!cur.isEmpty()) {
            out.add(cur.toString());
        }
        return out;
    }

    private static boolean isWide(int cp) {
        Character.UnicodeScript script = Character.UnicodeScript.of(cp);
        return script == Character.UnicodeScript.HAN || (cp >= 0x3000 && cp <= 0x303F)
                || (cp >= 0xFF00 && cp <= 0xFFEF);
    }

    private static boolean isClosingPunctuation(int cp) {
        return "，。、；：！？）》」』】".indexOf(cp) >= 0;
    }
}
