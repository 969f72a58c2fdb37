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
        // Each column starts at its longest line and, when the dialog is narrower, gives way down to its longest word
        // (the cells' minimum width), so that a file name such as estimation-diffusion.md is never broken inside.
        for (int c = 0; c < columns; c++) {
            ColumnConstraints constraint = new ColumnConstraints();
            constraint.setHgrow(Priority.SOMETIMES);
            grid.getColumnConstraints().add(constraint);
        }
        for (int c = 0; c < columns; c++) {
            TextFlow cell = cell(table.header().get(c));
            cell.getStyleClass().add("guide-table-header");
            cell.getChildren().forEach(t -> t.getStyleClass().add("guide-bold"));
            grid.add(cell, c, 0);
        }
        int r = 1;
        for (List<List<Span>> row : table.rows()) {
            for (int c = 0; c < Math.min(columns, row.size()); c++) {
                TextFlow cell = cell(row.get(c));
                cell.getStyleClass().add("guide-table-cell");
                grid.add(cell, c, r);
            }
            r++;
        }
        return grid;
    }

    /** A table cell: wraps between words, never inside one. */
    private static TextFlow cell(List<Span> spans) {
        TextFlow cell = new TextFlow() {
            @Override
            protected double computeMinWidth(double height) {
                return snappedLeftInset() + widestWord(this) + snappedRightInset();
            }
        };
        fill(cell, spans);
        return cell;
    }

    /** The widest word among a flow's texts, each measured in the font its style gives it. */
    static double widestWord(TextFlow flow) {
        double widest = 0;
        Text probe = new Text();
        for (Node n : flow.getChildren()) {
            if (n instanceof Text t) {
                probe.setFont(t.getFont());
                for (String word : t.getText().split("\\s+")) {
                    probe.setText(word);
                    widest = Math.max(widest, probe.getLayoutBounds().getWidth());
                }
            }
        }
        return Math.ceil(widest);
    }

    private static TextFlow flow(List<Span> spans) {
        TextFlow flow = new TextFlow();
        fill(flow, spans);
        return flow;
    }

    private static void fill(TextFlow flow, List<Span> spans) {
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
    }
}
