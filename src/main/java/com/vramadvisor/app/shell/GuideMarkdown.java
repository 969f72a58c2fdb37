package com.vramadvisor.app.shell;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Markdown of the user guide as blocks the help window draws: headings, paragraphs joined from their wrapped
 * lines, list items with their depth, tables and code blocks, each made of spans of plain, bold, italic or code text.
 * It reads the subset the guide uses (CommonMark's ATX headings, emphasis, code spans, links, images, lists, and
 * GitHub's pipe tables), not all of Markdown.
 *
 * <p>What the window cannot show is left out rather than shown raw: pictures (the screenshots are not part of the
 * application), tables of pictures, and link targets (a link reads as its text).
 */
final class GuideMarkdown {

    /** A run of text in one style. */
    record Span(String text, boolean bold, boolean italic, boolean code) {
    }

    /** A block of the guide, in reading order. */
    sealed interface Block permits Heading, Paragraph, Item, Table, Code {
    }

    /** A heading of level 1 to 6. */
    record Heading(int level, List<Span> spans) implements Block {
    }

    /** A paragraph; {@code depth} 0 at the top level, 1 and more inside a list item of that depth. */
    record Paragraph(int depth, List<Span> spans) implements Block {
    }

    /** A list item; {@code depth} 1 for the outer list, 2 for one nested in it. */
    record Item(int depth, List<Span> spans) implements Block {
    }

    /** A table: its header cells and rows of cells. */
    record Table(List<List<Span>> header, List<List<List<Span>>> rows) implements Block {
    }

    /** A fenced code block, line breaks kept. */
    record Code(String text) implements Block {
    }

    private static final Pattern HEADING = Pattern.compile("^(#{1,6})\\s+(.*)$");
    private static final Pattern ITEM = Pattern.compile("^(\\s*)[-*]\\s+(.*)$");
    private static final Pattern TABLE_RULE = Pattern.compile("^\\|?\\s*:?-{3,}:?\\s*(\\|\\s*:?-{3,}:?\\s*)*\\|?\\s*$");
    private static final Pattern IMAGE = Pattern.compile("!\\[[^\\]]*]\\([^)]*\\)");

    private GuideMarkdown() {
    }

    /** The blocks of {@code markdown}, in order. */
    static List<Block> parse(String markdown) {
        List<Block> blocks = new ArrayList<>();
        String[] lines = markdown.replace("\r\n", "\n").split("\n", -1);
        int i = 0;
        while (i < lines.length) {
            String line = lines[i];
            if (line.isBlank()) {
                i++;
                continue;
            }
            if (line.strip().startsWith("```")) {
                StringBuilder code = new StringBuilder();
                i++;
                while (i < lines.length && !lines[i].strip().startsWith("```")) {
                    code.append(code.isEmpty() ? "" : "\n").append(lines[i]);
                    i++;
                }
                blocks.add(new Code(code.toString()));
                i++;
                continue;
            }
            Matcher heading = HEADING.matcher(line);
            if (heading.matches()) {
                blocks.add(new Heading(heading.group(1).length(), inline(heading.group(2))));
                i++;
                continue;
            }
            if (line.strip().startsWith("|") && i + 1 < lines.length && TABLE_RULE.matcher(lines[i + 1]).matches()) {
                List<String> rows = new ArrayList<>();
                rows.add(line);
                i += 2;
                while (i < lines.length && lines[i].strip().startsWith("|")) {
                    rows.add(lines[i]);
                    i++;
                }
                table(rows).ifPresent(blocks::add);
                continue;
            }
            Matcher item = ITEM.matcher(line);
            if (item.matches()) {
                int indent = item.group(1).length();
                StringBuilder text = new StringBuilder(item.group(2).strip());
                i++;
                while (i < lines.length && !lines[i].isBlank() && Character.isWhitespace(lines[i].charAt(0))
                        && !ITEM.matcher(lines[i]).matches()) {
                    text.append(' ').append(lines[i].strip());
                    i++;
                }
                add(blocks, new Item(indent / 2 + 1, inline(text.toString())));
                continue;
            }
            // A paragraph: its lines up to a blank line or the start of another block, joined as one.
            int indent = line.length() - line.stripLeading().length();
            StringBuilder text = new StringBuilder(line.strip());
            i++;
            while (i < lines.length && !lines[i].isBlank() && !startsBlock(lines, i)) {
                text.append(' ').append(lines[i].strip());
                i++;
            }
            add(blocks, new Paragraph(indent == 0 ? 0 : indent / 2, inline(text.toString())));
        }
        return blocks;
    }

    private static boolean startsBlock(String[] lines, int i) {
        String line = lines[i];
        return HEADING.matcher(line).matches() || ITEM.matcher(line).matches() || line.strip().startsWith("```")
                || line.strip().startsWith("|") && i + 1 < lines.length && TABLE_RULE.matcher(lines[i + 1]).matches();
    }

    /** Adds a paragraph or item unless nothing readable is left of it (a picture alone). */
    private static void add(List<Block> blocks, Block block) {
        List<Span> spans = block instanceof Paragraph p ? p.spans() : ((Item) block).spans();
        if (spans.stream().anyMatch(s -> !s.text().isBlank())) {
            blocks.add(block);
        }
    }

    /** A table, or none when it holds pictures: without them it would be a grid of captions. */
    private static java.util.Optional<Table> table(List<String> rows) {
        if (rows.stream().anyMatch(r -> IMAGE.matcher(r).find())) {
            return java.util.Optional.empty();
        }
        List<List<Span>> header = cells(rows.get(0));
        List<List<List<Span>>> body = new ArrayList<>();
        for (String row : rows.subList(1, rows.size())) {
            body.add(cells(row));
        }
        return java.util.Optional.of(new Table(header, body));
    }

    private static List<List<Span>> cells(String row) {
        String inner = row.strip();
        if (inner.startsWith("|")) {
            inner = inner.substring(1);
        }
        if (inner.endsWith("|")) {
            inner = inner.substring(0, inner.length() - 1);
        }
        List<List<Span>> cells = new ArrayList<>();
        // A pipe inside a code span belongs to the cell's text.
        StringBuilder cell = new StringBuilder();
        boolean code = false;
        for (int k = 0; k < inner.length(); k++) {
            char c = inner.charAt(k);
            if (c == '`') {
                code = !code;
            }
            if (c == '|' && !code) {
                cells.add(inline(cell.toString().strip()));
                cell.setLength(0);
            } else {
                cell.append(c);
            }
        }
        cells.add(inline(cell.toString().strip()));
        return cells;
    }

    /** Spans of one block's text: emphasis, code spans and link texts; pictures left out. */
    static List<Span> inline(String text) {
        List<Span> spans = new ArrayList<>();
        StringBuilder run = new StringBuilder();
        boolean bold = false;
        boolean italic = false;
        int k = 0;
        while (k < text.length()) {
            char c = text.charAt(k);
            if (c == '`') {
                int end = text.indexOf('`', k + 1);
                if (end > k) {
                    flush(spans, run, bold, italic);
                    spans.add(new Span(text.substring(k + 1, end), bold, italic, true));
                    k = end + 1;
                    continue;
                }
            }
            if (c == '!' && text.startsWith("![", k)) {
                int end = linkEnd(text, k + 1);
                if (end > 0) {
                    k = end;
                    continue;
                }
            }
            if (c == '[') {
                int end = linkEnd(text, k);
                if (end > 0) {
                    String label = text.substring(k + 1, text.indexOf("](", k));
                    flush(spans, run, bold, italic);
                    for (Span s : inline(label)) {
                        spans.add(new Span(s.text(), s.bold() || bold, s.italic() || italic, s.code()));
                    }
                    k = end;
                    continue;
                }
            }
            if (c == '*' && text.startsWith("**", k)) {
                flush(spans, run, bold, italic);
                bold = !bold;
                k += 2;
                continue;
            }
            if (c == '*' && emphasisMark(text, k, italic)) {
                flush(spans, run, bold, italic);
                italic = !italic;
                k++;
                continue;
            }
            if (c == '\\' && k + 1 < text.length() && "\\`*_[]()#|!".indexOf(text.charAt(k + 1)) >= 0) {
                run.append(text.charAt(k + 1));
                k += 2;
                continue;
            }
            run.append(c);
            k++;
        }
        flush(spans, run, bold, italic);
        return spans;
    }

    /**
     * Whether a single {@code *} at {@code k} opens or closes emphasis: an opening one is followed by a non-space and
     * has a closing one later; a closing one follows a non-space. A lone star ("t * p") stays text.
     */
    private static boolean emphasisMark(String text, int k, boolean open) {
        if (open) {
            return k > 0 && !Character.isWhitespace(text.charAt(k - 1));
        }
        return k + 1 < text.length() && !Character.isWhitespace(text.charAt(k + 1))
                && text.indexOf('*', k + 1) > k + 1;
    }

    /** The index after {@code [text](target)} starting at the bracket at {@code k}, or -1 when it is none. */
    private static int linkEnd(String text, int k) {
        int middle = text.indexOf("](", k);
        if (middle < 0 || text.indexOf('\n', k) >= 0 && text.indexOf('\n', k) < middle) {
            return -1;
        }
        int close = text.indexOf(')', middle + 2);
        return close < 0 ? -1 : close + 1;
    }

    private static void flush(List<Span> spans, StringBuilder run, boolean bold, boolean italic) {
        if (!run.isEmpty()) {
            spans.add(new Span(run.toString(), bold, italic, false));
            run.setLength(0);
        }
    }
}
