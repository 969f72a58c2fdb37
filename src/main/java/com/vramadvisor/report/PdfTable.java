package com.vramadvisor.report;

import java.io.IOException;
import java.util.List;

/**
 * A table for {@link PdfFlow}: header cells, body rows of text cells, and which columns hold numbers (drawn
 * right-aligned).
 *
 * @param headers           one header per column
 * @param rows              body rows, each with one cell per column
 * @param numericColumns    for each column, whether its body cells are right-aligned numbers
 * @param fontSize          font size in points
 * @param emphasiseLastRow  whether the last row is a total, drawn bold over a darker rule
 */
record PdfTable(List<String> headers, List<List<String>> rows, List<Boolean> numericColumns, float fontSize,
                boolean emphasiseLastRow) {

    PdfTable {
        headers = List.copyOf(headers);
        rows = rows.stream().map(List::copyOf).toList();
        numericColumns = List.copyOf(numericColumns);
        if (numericColumns.size() != headers.size()) {
            throw new IllegalArgumentException("one alignment per column expected");
        }
    }

    boolean numeric(int column) {
        return numericColumns.get(column);
    }

    /**
     * Column widths summing to {@code total}: each column gets its widest cell if all fit; otherwise the widest
     * columns give up width (their text wraps) until the table fits, never going below their longest word, and
     * numeric columns never below their widest number.
     */
    double[] columnWidths(PdfFlow flow, double total, double padX) throws IOException {
        int n = headers.size();
        double[] natural = new double[n];
        double[] minimum = new double[n];
        for (int c = 0; c < n; c++) {
            // A header may wrap onto two lines rather than widen its column to its full length.
            double headerWord = longest(flow, LineBreaker.labelTokens(ReportFonts.printable(headers.get(c))));
            natural[c] = Math.max(measure(flow, headers.get(c), padX) / 2, headerWord + 2 * padX);
            minimum[c] = headerWord + 2 * padX;
            for (List<String> row : rows) {
                natural[c] = Math.max(natural[c], measure(flow, row.get(c), padX));
                minimum[c] = Math.max(minimum[c], longestWord(flow, row.get(c)) + 2 * padX);
            }
            if (numeric(c)) {
                // Numbers with their unit never wrap: "85.27 GiB" split over two lines reads as two values.
                for (List<String> row : rows) {
                    minimum[c] = Math.max(minimum[c], measure(flow, row.get(c), padX));
                }
            }
            minimum[c] = Math.min(minimum[c], natural[c]);
        }
        double sum = 0;
        for (double w : natural) {
            sum += w;
        }
        double[] widths = natural.clone();
        if (sum <= total) {
            double extra = (total - sum) / n;
            for (int c = 0; c < n; c++) {
                widths[c] += extra;
            }
            return widths;
        }
        // Take width from the widest shrinkable column, a point at a time, until the table fits.
        double excess = sum - total;
        while (excess > 0.01) {
            int widest = -1;
            for (int c = 0; c < n; c++) {
                if (widths[c] > minimum[c] + 0.01 && (widest < 0 || widths[c] > widths[widest])) {
                    widest = c;
                }
            }
            if (widest < 0) {
                break;
            }
            double take = Math.min(Math.min(excess, widths[widest] - minimum[widest]), 1.0);
            widths[widest] -= take;
            excess -= take;
        }
        if (excess > 0.01) {
            double factor = total / (total + excess);
            for (int c = 0; c < n; c++) {
                widths[c] *= factor;
            }
        }
        return widths;
    }

    private double measure(PdfFlow flow, String text, double padX) throws IOException {
        return flow.width(text, fontSize) + 2 * padX + 0.5;
    }

    private double longestWord(PdfFlow flow, String text) throws IOException {
        return longest(flow, LineBreaker.tokens(ReportFonts.printable(text)));
    }

    private double longest(PdfFlow flow, List<String> words) throws IOException {
        double longest = 0;
        for (String word : words) {
            longest = Math.max(longest, flow.width(word.strip(), fontSize));
        }
        return Math.min(longest, 140);
    }
}
