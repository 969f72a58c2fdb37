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
        return wrap(tokens(content), maxWidth, width);
    }

    /**
     * Splits a short label, such as a table header, into lines: Chinese keeps its runs of characters together as
     * Latin keeps its words, breaking only at spaces, after a slash and around brackets ("每小时租金" / "（美元）"),
     * since a label of a few characters reads wrong when a word is split; a run wider than the line still breaks.
     */
    static List<String> wrapLabel(String content, double maxWidth, ToDoubleFunction<String> width) {
        return wrap(labelTokens(content), maxWidth, width);
    }

    private static List<String> wrap(List<String> tokens, double maxWidth, ToDoubleFunction<String> width) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String token : tokens) {
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
            if (isWide(cp) && isClosingPunctuation(cp) && !cur.isEmpty() && !endsWithOpening(cur)) {
                // Closing punctuation after a Latin word ("（GiB）") stays with the word.
                cur.appendCodePoint(cp);
                out.add(cur.toString());
                cur.setLength(0);
            } else if (isWide(cp)) {
                if (!cur.isEmpty() && !endsWithOpening(cur)) {
                    out.add(cur.toString());
                    cur.setLength(0);
                }
                cur.appendCodePoint(cp);
                if (isOpeningPunctuation(cp)) {
                    // An opening bracket stays with the character after it, never at the end of a line.
                    continue;
                }
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

    /** The break units of a label: words, runs of Chinese characters, and bracketed groups. */
    static List<String> labelTokens(String s) {
        List<String> out = new ArrayList<>();
        StringBuilder cur = new StringBuilder();
        for (int cp : s.codePoints().toArray()) {
            if (isOpeningPunctuation(cp) && !cur.isEmpty() && !endsWithOpening(cur)) {
                out.add(cur.toString());
                cur.setLength(0);
            }
            cur.appendCodePoint(cp);
            if (cp == ' ' || cp == '/' || cp == '\uFF0F' || cp == '\uFF09' || cp == ')') {
                out.add(cur.toString());
                cur.setLength(0);
            }
        }
        if (!cur.isEmpty()) {
            out.add(cur.toString());
        }
        return out;
    }

    private static boolean endsWithOpening(StringBuilder s) {
        return !s.isEmpty() && isOpeningPunctuation(s.codePointBefore(s.length()));
    }

    private static boolean isOpeningPunctuation(int cp) {
        return "（《「『【(".indexOf(cp) >= 0;
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
