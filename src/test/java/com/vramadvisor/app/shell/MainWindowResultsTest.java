package com.vramadvisor.app.shell;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.MainWindowFixture;
import com.vramadvisor.app.results.DecisionRow;
import com.vramadvisor.app.FxReads;
import com.vramadvisor.app.TestPatience;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The result views inside the real main window, driven with the mouse. */
@ExtendWith(ApplicationExtension.class)
class MainWindowResultsTest {

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

    private static TableView<DecisionRow> table(FxRobot robot) {
        return robot.lookup("#decisionTable").queryTableView();
    }

    private static DecisionRow row(FxRobot robot, String key) {
        return FxReads.onFx(() -> table(robot).getItems().stream().filter(r -> r.key().equals(key)).findFirst())
                .orElseThrow(() -> new AssertionError("no decision-table row " + key));
    }

    /** Waits for the ranking worker's rows to reach the table. */
    private static void waitForTable(FxRobot robot, java.util.function.Predicate<TableView<DecisionRow>> ready)
            throws Exception {
        WaitForAsyncUtils.waitFor(TestPatience.SECONDS, TimeUnit.SECONDS,
                () -> FxReads.onFx(() -> ready.test(table(robot))));
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void draggingTheBatchSliderChangesTheTotalAndTheDecisionTable(FxRobot robot) throws Exception {
        waitForTable(robot, t -> !t.getItems().isEmpty());
        Label peak = robot.lookup("#peakLabel").queryAs(Label.class);
        String peakBefore = peak.getText();
        // The M3 Ultra's 512 GB hold the workload as configured: one GPU, no recomputation, so its row needs exactly
        // the breakdown's peak. (Rows that do not fit are laid out with recomputation and need less.)
        String ultra = "gpu:apple-m3-ultra-512gb";
        DecisionRow before = row(robot, ultra);
        assertThat(before.layoutText()).isEqualTo("single");
        long needBefore = before.perGpuBytes();
        assertThat(needBefore).isEqualTo(context.results().estimateProperty().get().peakBytes());

        Node thumb = robot.lookup("#batchSizeSlider .thumb").query();
        // A short drag: a few sequences more, which the M3 Ultra still holds without recomputation.
        robot.drag(thumb).moveBy(20, 0).drop();
        waitForTable(robot, t -> t.getItems().stream().anyMatch(r -> r.key().equals(ultra)
                && r.perGpuBytes() != needBefore));

        assertThat(context.workload().snapshot().workload().batch()).isGreaterThan(1);
        assertThat(peak.getText()).isNotEqualTo(peakBefore);
        assertThat(row(robot, ultra).perGpuBytes()).isGreaterThan(needBefore)
                .isEqualTo(context.results().estimateProperty().get().peakBytes());
    }

    @Test
    void clickingATableRowChoosesThatGpuInTheWorkloadPanelToo(FxRobot robot) throws Exception {
        waitForTable(robot, t -> t.getItems().stream().anyMatch(r -> r.key().equals("gpu:rtx-4090")));
        TableView<DecisionRow> table = table(robot);
        DecisionRow rtx4090 = row(robot, "gpu:rtx-4090");
        int index = FxReads.onFx(() -> table.getItems().indexOf(rtx4090));
        robot.interact(() -> table.scrollTo(index));
        // The scrolled-to row gets its cell at the next layout pulse.
        WaitForAsyncUtils.waitFor(TestPatience.SECONDS, TimeUnit.SECONDS, () -> robot.lookup(".table-row-cell")
                .match((TableRow<DecisionRow> r) -> isRtx4090(r)).tryQuery().isPresent());
        Node cell = robot.lookup(".table-row-cell").match((TableRow<DecisionRow> r) -> isRtx4090(r)).query();
        robot.clickOn(cell);
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(context.workload().gpuIdProperty().get()).isEqualTo("rtx-4090");
        assertThat(context.workload().snapshot().gpuId()).isEqualTo("rtx-4090");
        assertThat(robot.lookup("#capacityLabel").queryAs(Label.class).getText())
                .startsWith("NVIDIA GeForce RTX 4090");
    }

    @Test
    void pinningThenDraggingTheSliderShowsTheDifferenceInTheComparison(FxRobot robot) throws Exception {
        robot.clickOn("#compareTab");
        robot.clickOn("#pinScenarioButton");
        robot.clickOn("#analysisTab");
        Node thumb = robot.lookup("#batchSizeSlider .thumb").query();
        robot.drag(thumb).moveBy(80, 0).drop();
        robot.clickOn("#compareTab");
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(robot.lookup(".compare-column-title").queryAllAs(Label.class)).extracting(Label::getText)
                .containsExactly("Current", "#1");
        assertThat(robot.lookup(".compare-label.differs").queryAllAs(Label.class)).extracting(Label::getText)
                .contains("Micro-batch / concurrent sequences", "Peak per GPU");
    }

    @Test
    void useThisLayoutSetsAFittingRowsLayoutAndGpuAsOneUndoStep(FxRobot robot) throws Exception {
        waitForTable(robot, t -> t.getItems().stream().anyMatch(r -> r.fits() && r.gpusNeeded() >= 8));
        TableView<DecisionRow> table = table(robot);
        Button use = robot.lookup("#useLayoutButton").queryAs(Button.class);
        assertThat(use.isDisabled()).as("nothing selected").isTrue();
        DecisionRow misfit = FxReads.onFx(() -> table.getItems().stream().filter(r -> !r.fits()).findFirst())
                .orElseThrow();
        robot.interact(() -> table.getSelectionModel().select(misfit));
        assertThat(use.isDisabled()).as("a layout that does not fit is not offered").isTrue();

        DecisionRow eight = FxReads.onFx(() -> table.getItems().stream()
                .filter(r -> r.fits() && r.gpusNeeded() >= 8).findFirst()).orElseThrow();
        robot.interact(() -> {
            table.getSelectionModel().clearSelection();
            table.getSelectionModel().select(eight);
        });
        assertThat(use.isDisabled()).isFalse();
        var before = context.workload().snapshot();
        robot.clickOn(use);
        WaitForAsyncUtils.waitForFxEvents();

        var after = context.workload().snapshot();
        assertThat(after.workload().parallelism()).isEqualTo(eight.layout().parallelism());
        assertThat(after.workload().parallelism().gpus()).isEqualTo(eight.gpusNeeded());
        assertThat(after.workload().recompute()).isEqualTo(eight.layout().recompute());
        assertThat(after.gpuId()).isEqualTo(eight.gpuId());
        robot.interact(() -> context.scenario().undo());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(context.workload().snapshot().workload().parallelism())
                .isEqualTo(before.workload().parallelism());
    }

    private static boolean isRtx4090(TableRow<DecisionRow> row) {
        return row.getItem() != null && row.getItem().key().equals("gpu:rtx-4090") && row.isVisible();
    }
}
