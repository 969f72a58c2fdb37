package com.vramadvisor.app.workload;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.FxReads;
import com.vramadvisor.app.MainWindowFixture;
import com.vramadvisor.app.results.DecisionRow;
import com.vramadvisor.app.shell.AppContext;
import com.vramadvisor.engine.core.WorkloadKind;
import com.vramadvisor.app.TestPatience;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
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

/** The workload type in the real main window: chosen with the mouse, the form driven by keyboard, undone. */
@ExtendWith(ApplicationExtension.class)
class WorkloadTypeUiTest {

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

    /** Whether the node is in the scene and it and its parents are visible; a type's form is built when chosen. */
    private static boolean showing(FxRobot robot, String query) {
        Node n = robot.lookup(query).tryQuery().orElse(null);
        if (n == null) {
            return false;
        }
        for (Node p = n; p != null; p = p.getParent()) {
            if (!p.isVisible()) {
                return false;
            }
        }
        return true;
    }

    private static void chooseType(FxRobot robot, String name) {
        robot.clickOn("#workloadTypeCombo");
        WaitForAsyncUtils.waitForFxEvents();
        robot.clickOn(name);
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void choosingATypeSwapsThePanelAndTheResultsAndSwitchingBackRestoresBoth(FxRobot robot) {
        String languageModelPeak = robot.lookup("#peakLabel").queryAs(Label.class).getText();
        assertThat(showing(robot, "#workloadPanel")).isTrue();
        assertThat(showing(robot, "#visionForm")).isFalse();

        chooseType(robot, "Vision model");
        assertThat(context.workload().snapshot().kind()).isEqualTo(WorkloadKind.VISION);
        assertThat(showing(robot, "#visionForm")).isTrue();
        assertThat(showing(robot, "#workloadPanel")).isFalse();
        assertThat(showing(robot, "#domainResultsView")).isTrue();
        assertThat(showing(robot, "#decisionTable")).isFalse();
        assertThat(robot.lookup("#domainPeakLabel").queryAs(Label.class).getText()).isNotBlank();

        chooseType(robot, "Language model");
        assertThat(showing(robot, "#workloadPanel")).isTrue();
        assertThat(showing(robot, "#domainResultsView")).isFalse();
        assertThat(robot.lookup("#peakLabel").queryAs(Label.class).getText()).isEqualTo(languageModelPeak);
    }

    @Test
    void theOtherTypesDecisionTableFillsAndARowChoosesTheGpuTheBreakdownMeasuresAgainst(FxRobot robot)
            throws Exception {
        chooseType(robot, "Molecular dynamics");
        TableView<DecisionRow> table = robot.lookup("#domainDecisionTable").queryTableView();
        WaitForAsyncUtils.waitFor(TestPatience.SECONDS, TimeUnit.SECONDS, () -> FxReads.onFx(() -> !table.getItems().isEmpty()));
        assertThat(showing(robot, "#domainDecisionTable")).isTrue();
        DecisionRow rtx = FxReads.onFx(() -> table.getItems().stream().filter(r -> r.hardwareId().equals("rtx-4090"))
                .findFirst().orElseThrow());
        robot.interact(() -> {
            table.requestFocus();
            table.getSelectionModel().select(rtx);
        });
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(context.workload().snapshot().gpuId()).as("a selection alone").isNotEqualTo("rtx-4090");
        assertThat(robot.lookup("#domainCapacityLabel").queryAs(Label.class).getText())
                .as("the selected row is shown").startsWith("NVIDIA GeForce RTX 4090");
        robot.type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(context.workload().snapshot().gpuId()).isEqualTo("rtx-4090");
        assertThat(robot.lookup("#domainCapacityLabel").queryAs(Label.class).getText())
                .startsWith("NVIDIA GeForce RTX 4090");
    }

    @Test
    void theArrowKeysMoveAFormSliderAndUndoPutsItBack(FxRobot robot) {
        chooseType(robot, "Molecular dynamics");
        Slider atoms = robot.lookup("#mdAtomsSlider").queryAs(Slider.class);
        robot.interact(atoms::requestFocus);
        robot.type(KeyCode.RIGHT);
        WaitForAsyncUtils.waitForFxEvents();
        // One step of the 1-2-5 scale: a million atoms become two million.
        assertThat(context.workload().snapshot().domain().md().atoms()).isEqualTo(2_000_000);

        robot.press(KeyCode.CONTROL, KeyCode.Z).release(KeyCode.Z, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(context.workload().snapshot().domain().md().atoms()).isEqualTo(1_000_000);
        assertThat(context.workload().snapshot().kind()).isEqualTo(WorkloadKind.MD);
    }

    @Test
    void theStepsFieldAppliesOnEnterAsOneUndoStepAndEscapeRestoresIt(FxRobot robot) throws Exception {
        chooseType(robot, "Grid and solver");
        TableView<DecisionRow> table = robot.lookup("#domainDecisionTable").queryTableView();
        WaitForAsyncUtils.waitFor(TestPatience.SECONDS, TimeUnit.SECONDS, () -> FxReads.onFx(() -> !table.getItems().isEmpty()));
        assertThat(showing(robot, "#domainJobStepsField")).isTrue();
        assertThat(showing(robot, "#domainJobEpochsField")).isFalse();
        TextField steps = robot.lookup("#domainJobStepsField").queryAs(TextField.class);
        robot.doubleClickOn(steps);
        robot.interact(steps::selectAll);
        robot.write("20000").type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(context.workload().snapshot().domain().job().gridSteps()).isEqualTo(20_000);

        robot.interact(steps::selectAll);
        robot.write("x").type(KeyCode.ESCAPE);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(steps.getText()).isEqualTo("20,000");

        robot.interact(() -> context.scenario().undo());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(context.workload().snapshot().domain().job().gridSteps()).isEqualTo(10_000);
        assertThat(steps.getText()).isEqualTo("10,000");
    }

    @Test
    void aDiffusionPipelineShowsImagesAndSamplingStepsAndTheTypedStepsAreOneUndoStep(FxRobot robot) throws Exception {
        chooseType(robot, "Diffusion pipeline");
        TableView<DecisionRow> table = robot.lookup("#domainDecisionTable").queryTableView();
        WaitForAsyncUtils.waitFor(TestPatience.SECONDS, TimeUnit.SECONDS, () -> FxReads.onFx(() -> !table.getItems().isEmpty()));
        assertThat(showing(robot, "#domainJobImagesField")).isTrue();
        assertThat(showing(robot, "#domainJobSamplingStepsField")).isTrue();
        assertThat(showing(robot, "#domainJobStepsField")).isFalse();
        TextField sampling = robot.lookup("#domainJobSamplingStepsField").queryAs(TextField.class);
        assertThat(sampling.getText()).isEqualTo("50");
        robot.doubleClickOn(sampling);
        robot.interact(sampling::selectAll);
        robot.write("30").type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(context.workload().snapshot().domain().job().samplingSteps()).isEqualTo(30);

        robot.interact(() -> context.scenario().undo());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(context.workload().snapshot().domain().job().samplingSteps()).isZero();
        assertThat(sampling.getText()).isEqualTo("50");
    }
}
