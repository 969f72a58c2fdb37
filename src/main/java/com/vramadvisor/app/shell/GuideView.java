package com.vramadvisor.app.shell;

import com.vramadvisor.app.shell.GuideMarkdown.Block;
import com.vramadvisor.app.shell.GuideMarkdown.Code;
import com.vramadvisor.app.shell.GuideMarkdown.Heading;
import com.vramadvisor.app.shell.GuideMarkdown.Item;
import com.vramadvisor.app.shell.GuideMarkdown.Paragraph;
import com.vramadvisor.app.shell.GuideMarkdown.Span;
import com.vramadvisor.app.shell.GuideMarkdown.Table;
import java.util.List;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.ScrollPane;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.text.Text;
import javafx.scene.text.TextFlow;

/**
 * The user guide drawn as text: headings, paragraphs that wrap to the window's width, bulleted lists, tables as grids,
 * bold, italic and code in their own fonts. Colours and fonts come from the {@code guide-*} classes of the
 * application's stylesheet.
 */
final class GuideView {

    private GuideView() {
    }

    /** The guide in a scroll pane that fits its width. */
    static ScrollPane of(String markdown) {
        javafx.scene.layout.VBox content = new javafx.scene.layout.VBox();
        content.getStyleClass().add("guide-view");
        content.setId("guideView");
        for (Block block : GuideMarkdown.parse(markdown)) {
            content.getChildren().add(node(block));
        }
        ScrollPane scroll = new ScrollPane(content);
        scroll.setId("guideScrollPane");
        scroll.setFitToWidth(true);
        scroll.setHbarPolicy(ScrollPane.ScrollBarPolicy.NEVER);
        scroll.getStyleClass().add("guide-scroll");
        return scroll;
    }

    private static Node node(Block block) {
        if (block instanceof Heading h) {
            TextFlow flow = flow(h.spans());
            flow.getStyleClass().add("guide-h" + Math.min(3, h.level()));
            flow.getChildren().forEach(t -> t.getStyleClass().add("guide-heading"));
            return flow;
        }
        if (block instanceof Paragraph p) {
            TextFlow flow = flow(p.spans());
            flow.setPadding(new Insets(0, 0, 0, 18 * p.depth()));
            return flow;
        }
        if (block instanceof Item item) {
            Text bullet = new Text(item.depth() == 1 ? "\u2022" : "\u25e6");
            bullet.getStyleClass().add("guide-text");
            TextFlow flow = flow(item.spans());
            HBox.setHgrow(flow, Priority.ALWAYS);
            HBox row = new HBox(8, bullet, flow);
            row.setPadding(new Insets(0, 0, 0, 4 + 18 * (item.depth() - 1)));
            row.getStyleClass().add("guide-item");
            return row;
        }
        if (block instanceof Table table) {
            return grid(table);
        }
        Text code = new Text(((Code) block).text());
        code.getStyleClass().addAll("guide-text", "guide-code");
        return new TextFlow(code);
    }

    private static GridPane grid(Table table) {
        GridPane grid = new GridPane();
        grid.getStyleClass().add("guide-table");
        int columns = table.header().size();
        // Columns share the width in proportion to their longest text, none under a sixth.
        double[] longest = new double[columns];
        for (List<List<Span>> row : concat(table)) {
            for (int c = 0; c < Math.min(columns, row.size()); c++) {
                longest[c] = Math.max(longest[c], length(row.get(c)));
            }
        }
        double total = 0;
        for (double l : longest) {
            total += Math.max(l, 1);
        }
        for (int c = 0; c < columns; c++) {
            ColumnConstraints constraint = new ColumnConstraints();
            // Percentages past 100 in all are taken as weights.
            constraint.setPercentWidth(Math.max(100.0 / 6, 100 * Math.max(longest[c], 1) / total));
            grid.getColumnConstraints().add(constraint);
        }
        for (int c = 0; c < columns; c++) {
            TextFlow cell = flow(table.header().get(c));
            cell.getStyleClass().add("guide-table-header");
            cell.getChildren().forEach(t -> t.getStyleClass().add("guide-bold"));
            grid.add(cell, c, 0);
        }
        int r = 1;
        for (List<List<Span>> row : table.rows()) {
            for (int c = 0; c < Math.min(columns, row.size()); c++) {
                TextFlow cell = flow(row.get(c));
                cell.getStyleClass().add("guide-table-cell");
                grid.add(cell, c, r);
            }
            r++;
        }
        return grid;
    }

    private static List<List<List<Span>>> concat(Table table) {
        List<List<List<Span>>> all = new java.util.ArrayList<>();
        all.add(table.header());
        all.addAll(table.rows());
        return all;
    }

    private static int length(List<Span> spans) {
        return spans.stream().mapToInt(s -> s.text().length()).sum();
    }

    private static TextFlow flow(List<Span> spans) {
        TextFlow flow = new TextFlow();
        flow.getStyleClass().add("guide-flow");
        for (Span s : spans) {
            Text t = new Text(s.text());
            t.getStyleClass().add("guide-text");
            if (s.bold()) {
                t.getStyleClass().add("guide-bold");
            }
            if (s.italic()) {
                t.getStyleClass().add("guide-italic");
            }
            if (s.code()) {
                t.getStyleClass().add("guide-code");
            }
            flow.getChildren().add(t);
        }
        return flow;
    }
}
