package com.vramadvisor.app.shell;

import static com.vramadvisor.app.ShowingNodes.clickShowing;
import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.MainWindowFixture;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
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
    void f1OpensTheUserGuide(FxRobot robot) {
        robot.push(KeyCode.F1);
        WaitForAsyncUtils.waitForFxEvents();
        TextArea guide = robot.lookup("#guideTextArea").queryAs(TextArea.class);
        assertThat(guide.getText()).startsWith("# The desktop window").contains("## Keyboard");
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
