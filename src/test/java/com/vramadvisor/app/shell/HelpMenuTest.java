package com.vramadvisor.app.shell;

import static com.vramadvisor.app.ShowingNodes.clickShowing;
import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.MainWindowFixture;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.control.Label;
import java.util.stream.Collectors;
import javafx.scene.layout.VBox;
import javafx.scene.text.Text;
import javafx.scene.text.TextFlow;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.GridPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** Help > Keyboard shortcuts and Help > User guide in the real window. */
@ExtendWith(ApplicationExtension.class)
class HelpMenuTest {

    @TempDir
    static Path configDir;

    private AppContext context;

    @Start
    void start(Stage stage) throws Exception {
        context = MainWindowFixture.show(stage, configDir);
    }

    @AfterEach
    void closeContext() {
        context.close();
    }

    @Test
    void theShortcutsDialogListsTheMenusShortcutsAndTheOtherKeys(FxRobot robot) {
        clickShowing(robot, "#helpMenu", "#shortcutsMenuItem");
        GridPane grid = robot.lookup("#shortcutsGrid").queryAs(GridPane.class);
        List<String> texts = grid.getChildren().stream().map(n -> ((Label) n).getText()).toList();
        assertThat(texts).contains("New scenario", "Save", "Save as\u2026", "Undo", "Redo", "Tab / Shift+Tab",
                "Escape");
        int save = texts.indexOf("Save");
        assertThat(texts.get(save - 1)).as("the keys before the command").contains("S");
        close(robot, grid);
    }

    @Test
    void f1OpensTheUserGuideDrawnAsTextNotMarkdown(FxRobot robot) {
        robot.push(KeyCode.F1);
        WaitForAsyncUtils.waitForFxEvents();
        VBox guide = robot.lookup("#guideView").queryAs(VBox.class);
        List<Text> texts = guide.lookupAll(".guide-text").stream().map(n -> (Text) n).toList();
        String all = texts.stream().map(Text::getText).collect(Collectors.joining());
        assertThat(all).startsWith("The desktop window").contains("Keyboard")
                .doesNotContain("**", "](", "![", "|---", "java -jar", "target/");
        // Headings and bold in their own fonts; the keyboard table as a grid; paragraphs not broken at 120 columns.
        Text title = texts.get(0);
        assertThat(title.getFont().getSize()).isGreaterThan(texts.get(texts.size() - 1).getFont().getSize());
        assertThat(texts).filteredOn(t -> t.getText().equals("Workload type"))
                .anySatisfy(t -> assertThat(t.getFont().getStyle()).containsIgnoringCase("bold"));
        assertThat(guide.lookupAll(".guide-table")).isNotEmpty();
        assertThat(texts).noneMatch(t -> t.getText().contains("\n"));
        // A table's cells wrap between words, never inside one ("estimation-diffusion.m" over "d").
        List<TextFlow> cells = guide.lookupAll(".guide-table-cell").stream().map(n -> (TextFlow) n).toList();
        assertThat(cells).isNotEmpty();
        assertThat(cells).allSatisfy(cell -> assertThat(cell.getWidth()).as(cell.getChildren().toString())
                .isGreaterThanOrEqualTo(GuideView.widestWord(cell) - 0.5));
        close(robot, guide);
    }

    /** Closes the dialog showing {@code node}, so that it cannot cover the windows of later tests. */
    private static void close(FxRobot robot, javafx.scene.Node node) {
        robot.interact(() -> node.getScene().getWindow().hide());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(node.getScene().getWindow().isShowing()).isFalse();
    }

    @Test
    void theShippedGuideIsTheDocsFoldersDesktopGuide() throws Exception {
        assertThat(HelpDialogs.guide()).isEqualTo(Files.readString(Path.of("docs/desktop.md"), StandardCharsets.UTF_8));
    }
}
