package com.vramadvisor.app.shell;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.shell.GuideMarkdown.Block;
import com.vramadvisor.app.shell.GuideMarkdown.Heading;
import com.vramadvisor.app.shell.GuideMarkdown.Item;
import com.vramadvisor.app.shell.GuideMarkdown.Paragraph;
import com.vramadvisor.app.shell.GuideMarkdown.Span;
import com.vramadvisor.app.shell.GuideMarkdown.Table;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class GuideMarkdownTest {

    private static String text(List<Span> spans) {
        return spans.stream().map(Span::text).collect(Collectors.joining());
    }

    @Test
    void wrappedLinesJoinIntoOneParagraphAndEmphasisBecomesStyledSpans() {
        List<Block> blocks = GuideMarkdown.parse("""
                # The window

                The **Workload type** (Alt+T) says what is sized: a
                *language model* or `--workload vision`.
                """);
        assertThat(blocks).hasSize(2);
        assertThat(blocks.get(0)).isEqualTo(new Heading(1, List.of(new Span("The window", false, false, false))));
        Paragraph p = (Paragraph) blocks.get(1);
        assertThat(text(p.spans())).isEqualTo("The Workload type (Alt+T) says what is sized: a language model or "
                + "--workload vision.");
        assertThat(p.spans()).contains(new Span("Workload type", true, false, false),
                new Span("language model", false, true, false), new Span("--workload vision", false, false, true));
    }

    @Test
    void linksReadAsTheirTextAndPicturesAreLeftOut() {
        List<Block> blocks = GuideMarkdown.parse("""
                See [the decision table](decision-table.md) and **[advice](advice.md)**.

                ![The layout planner](screenshots/planner-en-light.png)
                """);
        assertThat(blocks).hasSize(1);
        List<Span> spans = ((Paragraph) blocks.get(0)).spans();
        assertThat(text(spans)).isEqualTo("See the decision table and advice.");
        assertThat(spans).contains(new Span("advice", true, false, false));
    }

    @Test
    void listsKeepTheirDepthAndTheirContinuationLines() {
        List<Block> blocks = GuideMarkdown.parse("""
                - **Workload panel** (left): what runs
                  and how.
                  - *Model*: a searchable list,
                    or drop a file.
                - **Status bar**: the peak.
                """);
        assertThat(blocks).extracting(b -> ((Item) b).depth()).containsExactly(1, 2, 1);
        assertThat(text(((Item) blocks.get(0)).spans())).isEqualTo("Workload panel (left): what runs and how.");
        assertThat(text(((Item) blocks.get(1)).spans())).isEqualTo("Model: a searchable list, or drop a file.");
    }

    @Test
    void aTableBecomesCellsAndATableOfPicturesIsLeftOut() {
        List<Block> blocks = GuideMarkdown.parse("""
                | Keys | Action |
                |---|---|
                | Ctrl+Z / Ctrl+Y | Undo / redo; `a|b` stays one cell |
                | F1 | This guide |

                | | Light | Dark |
                |---|---|---|
                | English | ![English, light](a.png) | ![English, dark](b.png) |
                """);
        assertThat(blocks).hasSize(1);
        Table table = (Table) blocks.get(0);
        assertThat(table.header()).extracting(GuideMarkdownTest::text).containsExactly("Keys", "Action");
        assertThat(table.rows()).hasSize(2);
        assertThat(table.rows().get(0)).extracting(GuideMarkdownTest::text)
                .containsExactly("Ctrl+Z / Ctrl+Y", "Undo / redo; a|b stays one cell");
    }

    @Test
    void aLoneStarIsText() {
        assertThat(text(GuideMarkdown.inline("t * p * d GPUs, and *this*"))).isEqualTo("t * p * d GPUs, and this");
    }

    @Test
    void theShippedGuideLeavesNoMarkdownAndNoDeveloperCommandToRead() {
        List<Block> blocks = GuideMarkdown.parse(HelpDialogs.guide());
        List<String> texts = new ArrayList<>();
        for (Block b : blocks) {
            if (b instanceof Heading h) {
                texts.add(text(h.spans()));
            } else if (b instanceof Paragraph p) {
                texts.add(text(p.spans()));
            } else if (b instanceof Item i) {
                texts.add(text(i.spans()));
            } else if (b instanceof Table t) {
                t.header().forEach(c -> texts.add(text(c)));
                t.rows().forEach(r -> r.forEach(c -> texts.add(text(c))));
            }
        }
        assertThat(blocks.stream().filter(b -> b instanceof Heading)).hasSizeGreaterThan(4);
        assertThat(blocks.stream().filter(b -> b instanceof Table)).hasSizeGreaterThanOrEqualTo(2);
        assertThat(texts).isNotEmpty().allSatisfy(t -> assertThat(t)
                .doesNotContain("**", "](", "![", "|---", ".png", "java -jar", "target/", "mvnw")
                .doesNotStartWith("#").doesNotStartWith("- "));
        assertThat(texts).contains("Keyboard", "F1");
    }
}
