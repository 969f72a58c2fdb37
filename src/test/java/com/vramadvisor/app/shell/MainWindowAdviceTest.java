package com.vramadvisor.app.shell;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.MainWindowFixture;
import com.vramadvisor.app.ShowingNodes;
import com.vramadvisor.app.advice.AdviceRow;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.advice.LeverKind;
import com.vramadvisor.app.FxReads;
import com.vramadvisor.app.TestPatience;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableView;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The "What to change" tab inside the real main window: opened, read and applied with the mouse. */
@ExtendWith(ApplicationExtension.class)
class MainWindowAdviceTest {

    @TempDir
    static Path configDir;

    private AppContext context;
    private Stage stage;

    @Start
    void start(Stage stage) throws Exception {
        this.stage = stage;
        context = MainWindowFixture.show(stage, configDir);
    }

    @AfterEach
    void closeContext() {
        context.close();
    }

    @Test
    void openingTheTabAndApplyingLoraSwitchesTheWorkloadToLora(FxRobot robot) throws Exception {
        robot.interact(() -> context.workload().gpuIdProperty().set("h100-sxm-80gb"));
        // Windows of earlier tests linger in TestFX: click and read only what this test's window shows.
        ShowingNodes.clickShowing(robot, "#adviceTab");
        TableView<AdviceRow> table = robot.lookup("#adviceTable").match(MainWindowAdviceTest::showing).query();
        WaitForAsyncUtils.waitFor(TestPatience.SECONDS, TimeUnit.SECONDS,
                () -> FxReads.onFx(() -> !table.getItems().isEmpty()));
        // The default scenario, full bf16 AdamW training of Llama-3-8B, needs 16 bytes per parameter of model
        // states alone (ZeRO paper, section 3.1): more than an 80 GB H100 holds.
        Label summary = robot.lookup("#adviceSummary").match(MainWindowAdviceTest::showing).queryAs(Label.class);
        assertThat(summary.getText()).contains("does not fit");
        assertThat(table.getItems().get(0).fits()).isTrue();
        assertThat(table.getItems()).extracting(AdviceRow::kind).contains(LeverKind.LORA);

        // The row's button exists once a layout pulse has made its cell; on a loaded machine that may come later.
        WaitForAsyncUtils.waitFor(TestPatience.SECONDS, TimeUnit.SECONDS, () -> robot.lookup(".advice-apply-button")
                .match((Button b) -> isLoraRow(b)).tryQuery().isPresent());
        Button apply = robot.lookup(".advice-apply-button").match((Button b) -> isLoraRow(b)).query();
        robot.clickOn(apply);
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(context.workload().modeProperty().get()).isEqualTo(Mode.LORA);
        assertThat(context.workload().loraRankProperty().get()).isEqualTo(16);
        assertThat(table.getItems()).extracting(AdviceRow::kind).doesNotContain(LeverKind.LORA);
        robot.interact(() -> context.scenario().undo());
        assertThat(context.workload().modeProperty().get()).isEqualTo(Mode.TRAIN);
    }

    @Test
    void enterOnTheSelectedLineAppliesItFromTheKeyboard(FxRobot robot) throws Exception {
        robot.interact(() -> context.workload().gpuIdProperty().set("h100-sxm-80gb"));
        ShowingNodes.clickShowing(robot, "#adviceTab");
        TableView<AdviceRow> table = robot.lookup("#adviceTable").match(MainWindowAdviceTest::showing).query();
        WaitForAsyncUtils.waitFor(TestPatience.SECONDS, TimeUnit.SECONDS,
                () -> FxReads.onFx(() -> !table.getItems().isEmpty()));
        int zeroRow = -1;
        for (int i = 0; i < table.getItems().size(); i++) {
            if (table.getItems().get(i).kind() == LeverKind.ZERO3_DATA_PARALLEL) {
                zeroRow = i;
            }
        }
        assertThat(zeroRow).as("a ZeRO-3 line for full training that does not fit one GPU").isNotNegative();
        int row = zeroRow;
        robot.interact(() -> {
            table.requestFocus();
            table.getSelectionModel().select(row);
        });
        robot.type(javafx.scene.input.KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(context.workload().zeroStageProperty().get()).isEqualTo(3);
        assertThat(context.workload().dataParallelProperty().get()).isGreaterThan(1);
        robot.interact(() -> context.scenario().undo());
        assertThat(context.workload().zeroStageProperty().get()).isZero();
    }

    /**
     * At 1280 x 800 (the headless screen, and a common laptop size) the table's columns share less width than their
     * preferred widths add up to; every column title is still drawn whole, wrapped onto two lines where its column is
     * narrow (it read "Peak per G..." at 1440 x 900).
     */
    @Test
    void everyColumnTitleIsDrawnWholeAt1280By800(FxRobot robot) throws Exception {
        robot.interact(() -> {
            stage.setWidth(1280);
            stage.setHeight(800);
            context.workload().gpuIdProperty().set("h100-sxm-80gb");
        });
        ShowingNodes.clickShowing(robot, "#adviceTab");
        TableView<AdviceRow> table = robot.lookup("#adviceTable").match(MainWindowAdviceTest::showing).query();
        WaitForAsyncUtils.waitFor(TestPatience.SECONDS, TimeUnit.SECONDS,
                () -> FxReads.onFx(() -> !table.getItems().isEmpty()));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(table.getColumns()).allSatisfy(c -> {
            if (c.getGraphic() instanceof Label title) {
                Text drawn = (Text) title.lookup(".text");
                assertThat(drawn).as("the drawn title of %s", title.getText()).isNotNull();
                assertThat(drawn.getText().replace('\n', ' ')).isEqualTo(title.getText());
            }
        });
        assertThat(table.getColumns()).filteredOn(c -> c.getGraphic() instanceof Label).hasSize(5);
    }

    private static boolean showing(Node node) {
        return node.isVisible() && node.getScene() != null && node.getScene().getWindow() != null
                && node.getScene().getWindow().isShowing();
    }

    private static boolean isLoraRow(Button button) {
        if (!(button.getParent() instanceof TableCell<?, ?> cell) || !showing(button)) {
            return false;
        }
        return cell.getItem() instanceof AdviceRow row && row.kind() == LeverKind.LORA;
    }
}
