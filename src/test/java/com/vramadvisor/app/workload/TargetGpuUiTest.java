package com.vramadvisor.app.workload;

import static com.vramadvisor.app.ShowingNodes.clickShowing;
import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.MainWindowFixture;
import com.vramadvisor.app.results.DecisionRow;
import com.vramadvisor.app.results.DecisionTableView;
import com.vramadvisor.app.shell.AppContext;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.app.FxReads;
import com.vramadvisor.app.TestPatience;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.TableRow;
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

/**
 * The target GPU in the real main window, chosen as a user chooses it (typing into the GPU search box, clicking a
 * decision-table row), followed by File > New and Undo.
 */
@ExtendWith(ApplicationExtension.class)
class TargetGpuUiTest {

    private static final String DEFAULT_GPU = "h100-sxm-80gb";
    private static final String DEFAULT_CAPACITY = "NVIDIA H100 SXM5 80GB: ";
    private static final String RTX_4090 = "rtx-4090";
    private static final String RTX_4090_CAPACITY = "NVIDIA GeForce RTX 4090: ";

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

    @SuppressWarnings("unchecked")
    private static ComboBox<GpuSpec> gpuCombo(FxRobot robot) {
        return robot.lookup("#gpuCombo").queryAs(ComboBox.class);
    }

    /** Opens the GPU search box with a click, after scrolling the panel to it as focusing it does. */
    private static void openGpuSearch(FxRobot robot) {
        ComboBox<GpuSpec> combo = gpuCombo(robot);
        robot.interact(combo::requestFocus);
        robot.clickOn(combo);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(combo.isShowing()).as("the search list is open").isTrue();
    }

    private static void shortcut(FxRobot robot, KeyCode key) {
        robot.press(KeyCode.CONTROL, key).release(key, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static String capacityText(FxRobot robot) {
        return robot.lookup("#capacityLabel").queryAs(Label.class).getText();
    }

    /** The GPU everything shows: the panel's input, the scenario, the search box and the breakdown's capacity. */
    private void assertGpu(FxRobot robot, String id, String capacityPrefix) {
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(context.workload().gpuIdProperty().get()).isEqualTo(id);
        assertThat(context.workload().snapshot().gpuId()).isEqualTo(id);
        assertThat(gpuCombo(robot).getValue()).isNotNull().extracting(GpuSpec::id).isEqualTo(id);
        assertThat(context.results().breakdown().capacityBytesProperty().get()).isPositive();
        assertThat(capacityText(robot)).startsWith(capacityPrefix);
    }

    private void pickRtx4090InTheSearchBox(FxRobot robot) {
        openGpuSearch(robot);
        robot.write("4090").type(KeyCode.ENTER);
        assertGpu(robot, RTX_4090, RTX_4090_CAPACITY);
    }

    @Test
    void aGpuChosenInTheSearchBoxGivesWayToTheDefaultOnFileNewAndUndoBringsItBack(FxRobot robot) {
        assertGpu(robot, DEFAULT_GPU, DEFAULT_CAPACITY);
        pickRtx4090InTheSearchBox(robot);

        clickShowing(robot, "#fileMenu", "#newMenuItem");
        assertGpu(robot, DEFAULT_GPU, DEFAULT_CAPACITY);

        clickShowing(robot, "#editMenu", "#undoMenuItem");
        assertGpu(robot, RTX_4090, RTX_4090_CAPACITY);
        // Choosing through the search box was one step: the next undo is the start, never a scenario without a GPU.
        clickShowing(robot, "#editMenu", "#undoMenuItem");
        assertGpu(robot, DEFAULT_GPU, DEFAULT_CAPACITY);
        assertThat(context.scenario().canUndoProperty().get()).isFalse();
    }

    @Test
    void typingASearchThatHidesTheChosenGpuDoesNotUnchooseIt(FxRobot robot) {
        openGpuSearch(robot);
        robot.write("4090");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(context.workload().snapshot().gpuId()).isEqualTo(DEFAULT_GPU);
        assertThat(capacityText(robot)).startsWith(DEFAULT_CAPACITY);
        assertThat(context.scenario().dirtyProperty().get()).isFalse();

        // Leaving the search without choosing keeps the GPU, in the scenario and in the box.
        robot.clickOn("#capacityLabel");
        assertThat(gpuCombo(robot).isShowing()).isFalse();
        assertGpu(robot, DEFAULT_GPU, DEFAULT_CAPACITY);
        assertThat(context.scenario().canUndoProperty().get()).isFalse();
    }

    @Test
    void clickingAMatchOfTheSearchChoosesItInOneUndoStep(FxRobot robot) {
        openGpuSearch(robot);
        robot.write("4090");
        WaitForAsyncUtils.waitForFxEvents();
        Node match = robot.lookup(".list-cell").match((ListCell<?> c) -> c.getItem() instanceof GpuSpec g
                && g.id().equals(RTX_4090) && c.isVisible()).query();
        robot.clickOn(match);

        assertThat(gpuCombo(robot).isShowing()).isFalse();
        assertGpu(robot, RTX_4090, RTX_4090_CAPACITY);
        clickShowing(robot, "#editMenu", "#undoMenuItem");
        assertGpu(robot, DEFAULT_GPU, DEFAULT_CAPACITY);
        assertThat(context.scenario().canUndoProperty().get()).isFalse();
    }

    @Test
    void theArrowKeysBrowseTheOpenSearchListAndEscapeGoesBackToTheGpuItWasOpenedWith(FxRobot robot) {
        openGpuSearch(robot);
        robot.type(KeyCode.DOWN);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(gpuCombo(robot).isShowing()).as("the list stays open while browsing").isTrue();
        robot.type(KeyCode.DOWN);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(gpuCombo(robot).isShowing()).isTrue();

        robot.type(KeyCode.ESCAPE);
        assertThat(gpuCombo(robot).isShowing()).isFalse();
        assertGpu(robot, DEFAULT_GPU, DEFAULT_CAPACITY);
    }

    @Test
    void fileNewWhileTheGpuSearchIsOpenIsNotOverwrittenByLeavingTheSearch(FxRobot robot) {
        pickRtx4090InTheSearchBox(robot);
        openGpuSearch(robot);

        // The search field has the keyboard focus, so the shortcut reaches the window's menu.
        shortcut(robot, KeyCode.N);
        assertGpu(robot, DEFAULT_GPU, DEFAULT_CAPACITY);

        // The new scenario ends the search; the keyboard stays with the GPU box.
        assertThat(gpuCombo(robot).isShowing()).isFalse();
        assertThat(gpuCombo(robot).isFocused()).isTrue();

        // Escape in a search list still open would restore the GPU it was opened with, from before File > New.
        robot.type(KeyCode.ESCAPE);
        assertGpu(robot, DEFAULT_GPU, DEFAULT_CAPACITY);
    }

    @Test
    void aGpuChosenInTheDecisionTableGivesWayToTheDefaultOnFileNewAndUndoBringsItBack(FxRobot robot)
            throws Exception {
        TableView<DecisionRow> table = robot.lookup("#decisionTable").queryTableView();
        // Wait for the ranking of the current scenario: rows of an earlier one may still be replaced under the click.
        WaitForAsyncUtils.waitFor(TestPatience.SECONDS, TimeUnit.SECONDS,
                () -> FxReads.onFx(() -> !table.getPseudoClassStates().contains(DecisionTableView.RANKING)
                && table.getItems().stream().anyMatch(r -> r.key().equals("gpu:" + RTX_4090))));
        int index = FxReads.onFx(() -> table.getItems().indexOf(table.getItems().stream()
                .filter(r -> r.key().equals("gpu:" + RTX_4090)).findFirst().orElseThrow()));
        robot.interact(() -> table.scrollTo(index));
        // The scrolled-to row gets its cell at the next layout pulse.
        WaitForAsyncUtils.waitFor(TestPatience.SECONDS, TimeUnit.SECONDS, () -> robot.lookup(".table-row-cell")
                .match((TableRow<DecisionRow> r) -> isRtx4090(r)).tryQuery().isPresent());
        Node row = robot.lookup(".table-row-cell").match((TableRow<DecisionRow> r) -> isRtx4090(r)).query();
        robot.clickOn(row);
        assertGpu(robot, RTX_4090, RTX_4090_CAPACITY);

        clickShowing(robot, "#fileMenu", "#newMenuItem");
        assertGpu(robot, DEFAULT_GPU, DEFAULT_CAPACITY);

        clickShowing(robot, "#editMenu", "#undoMenuItem");
        assertGpu(robot, RTX_4090, RTX_4090_CAPACITY);
    }

    private static boolean isRtx4090(TableRow<DecisionRow> row) {
        return row.getItem() != null && row.getItem().key().equals("gpu:" + RTX_4090) && row.isVisible();
    }
}
