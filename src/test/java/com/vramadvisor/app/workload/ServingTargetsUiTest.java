package com.vramadvisor.app.workload;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.MainWindowFixture;
import com.vramadvisor.app.results.RankingGoal;
import com.vramadvisor.app.shell.AppContext;
import com.vramadvisor.engine.llm.Mode;
import java.nio.file.Path;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The serving targets in the real main window: typed, ranked by, shown in the table, undone in one step. */
@ExtendWith(ApplicationExtension.class)
class ServingTargetsUiTest {

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

    private static boolean shown(Node node) {
        for (Node n = node; n != null; n = n.getParent()) {
            if (!n.isVisible()) {
                return false;
            }
        }
        return true;
    }

    /** Shown on screen; an input the window has not shown yet is not in the scene at all (BuiltWhenShown). */
    private static boolean shown(FxRobot robot, String query) {
        return robot.lookup(query).tryQuery().map(n -> shown(n)).orElse(false);
    }

    @Test
    void aTypedTpotTargetReachesTheScenarioAndTheTableAndUndoTakesItBack(FxRobot robot) {
        assertThat(shown(robot, "#tpotTargetSpinner")).as("training has no serving targets").isFalse();

        robot.interact(() -> context.workload().modeProperty().set(Mode.INFER));
        WaitForAsyncUtils.waitForFxEvents();
        @SuppressWarnings("unchecked")
        Spinner<Integer> tpot = robot.lookup("#tpotTargetSpinner").queryAs(Spinner.class);
        Label block = robot.lookup("#kvBlockLabel").queryAs(Label.class);
        assertThat(shown(tpot)).isTrue();
        assertThat(tpot.getValue()).isEqualTo(50);
        assertThat(block.getText()).isEqualTo("16 tokens per KV block");
        assertThat(context.results().table().goalProperty().get()).isEqualTo(RankingGoal.USERS);
        @SuppressWarnings("unchecked")
        TableView<?> table = robot.lookup("#decisionTable").queryAs(TableView.class);
        assertThat(table.getColumns().stream().filter(c -> "usersServedColumn".equals(c.getId())).findFirst()
                .orElseThrow().isVisible()).isTrue();

        robot.interact(() -> {
            tpot.requestFocus();
            tpot.getEditor().selectAll();
        });
        robot.write("30").type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(context.workload().snapshot().servingTargets().tpotMs()).isEqualTo(30);

        robot.interact(() -> context.scenario().undo());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(tpot.getValue()).as("one undo step takes the target back").isEqualTo(50);
        assertThat(context.workload().snapshot().servingTargets().tpotMs()).isEqualTo(50);
    }
}
