package com.vramadvisor.app.workload;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.MainWindowFixture;
import com.vramadvisor.app.shell.AppContext;
import com.vramadvisor.engine.llm.DataType;
import com.vramadvisor.engine.llm.Implementation;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.Offload;
import com.vramadvisor.engine.serving.ServingEngine;
import java.nio.file.Path;
import javafx.scene.Node;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.Spinner;
import javafx.scene.control.ToggleButton;
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

/** Expert/context parallel steppers, 4-bit float weights, offload and the downloaded-model command in the window. */
@ExtendWith(ApplicationExtension.class)
class LanguageModelControlsUiTest {

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

    @SuppressWarnings("unchecked")
    private static Spinner<Integer> spinner(FxRobot robot, String id) {
        return robot.lookup(id).queryAs(Spinner.class);
    }

    private static void typeInto(FxRobot robot, Spinner<Integer> spinner, String text) {
        robot.interact(() -> {
            spinner.requestFocus();
            spinner.getEditor().selectAll();
        });
        robot.write(text).type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void expertAndContextSizesAreTypedAndABadOneIsExplained(FxRobot robot) {
        robot.interact(() -> context.workload().dataParallelProperty().set(4));
        Spinner<Integer> ep = spinner(robot, "#expertParallelSpinner");
        Spinner<Integer> cp = spinner(robot, "#contextParallelSpinner");
        typeInto(robot, cp, "2");
        typeInto(robot, ep, "8");
        assertThat(context.workload().snapshot().workload().parallelism().expertParallel()).isEqualTo(8);
        assertThat(context.workload().snapshot().workload().parallelism().contextParallel()).isEqualTo(2);
        assertThat(robot.lookup("#gpuCountLabel").queryAs(Label.class).getText()).endsWith("8");

        typeInto(robot, ep, "0");
        Label error = robot.lookup("#expertParallelError").queryAs(Label.class);
        assertThat(error.isVisible()).isTrue();
        assertThat(context.workload().snapshot().workload().parallelism().expertParallel()).isEqualTo(8);

        typeInto(robot, ep, "3");
        assertThat(context.workload().problemProperty().get()).contains("must divide data x context parallel");
        assertThat(context.workload().snapshot().workload().parallelism().expertParallel()).isEqualTo(8);
    }

    @Test
    void servedWeightsOfferMxfp4AndNvfp4(FxRobot robot) {
        robot.interact(() -> context.workload().modeProperty().set(Mode.INFER));
        ToggleButton mxfp4 = robot.lookup(".toggle-button").queryAllAs(ToggleButton.class).stream()
                .filter(b -> "MXFP4".equals(b.getText())).findFirst().orElseThrow();
        assertThat(robot.lookup(".toggle-button").queryAllAs(ToggleButton.class).stream()
                .anyMatch(b -> "NVFP4".equals(b.getText()))).isTrue();
        robot.interact(mxfp4::requestFocus);
        robot.type(KeyCode.SPACE);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(context.workload().snapshot().workload().weightType()).isEqualTo(DataType.MXFP4);
    }

    @Test
    @SuppressWarnings("unchecked")
    void gptqBitsAndGroupSizesAndTheLossUpcastAreChosenInTheWindow(FxRobot robot) {
        robot.interact(() -> context.workload().modeProperty().set(Mode.INFER));
        javafx.scene.control.ComboBox<DataType> grouped = robot.lookup("#groupQuantCombo")
                .queryAs(javafx.scene.control.ComboBox.class);
        assertThat(shown(grouped)).isTrue();
        assertThat(grouped.getItems()).contains(DataType.INT3_G32, DataType.INT8_G128);
        robot.interact(() -> grouped.getSelectionModel().select(DataType.INT8_G64));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(context.workload().snapshot().workload().weightType()).isEqualTo(DataType.INT8_G64);
        assertThat(robot.lookup("#lossUpcastToggle-1").tryQuery()).isPresent();
        assertThat(shown(robot.lookup("#lossUpcastToggle-1").query())).isFalse();

        robot.interact(() -> context.workload().modeProperty().set(Mode.TRAIN));
        ToggleButton plain = robot.lookup("#lossUpcastToggle-1").queryAs(ToggleButton.class);
        assertThat(shown(plain)).isTrue();
        robot.interact(plain::requestFocus);
        robot.type(KeyCode.SPACE);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(context.workload().snapshot().workload().lossUpcast())
                .isEqualTo(com.vramadvisor.engine.llm.LossUpcast.NONE);
    }

    @Test
    void activationOffloadIsChosenBesideTheStateOffload(FxRobot robot) {
        robot.interact(() -> {
            context.workload().implementationProperty().set(Implementation.MEGATRON);
            context.workload().recomputeProperty().set(com.vramadvisor.engine.llm.Recompute.FULL);
        });
        ToggleButton cpuCheckpointing = robot.lookup("#activationOffloadToggle-1").queryAs(ToggleButton.class);
        assertThat(shown(cpuCheckpointing)).isTrue();
        robot.interact(cpuCheckpointing::requestFocus);
        robot.type(KeyCode.SPACE);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(context.workload().snapshot().workload().activationOffload())
                .isEqualTo(com.vramadvisor.engine.llm.ActivationOffload.CPU_CHECKPOINTING);
        robot.interact(() -> context.workload().modeProperty().set(Mode.INFER));
        assertThat(shown(cpuCheckpointing)).isFalse();
    }

    @Test
    void trainingOffloadAndLlamaCppLayersAreChosenWithTheKeyboard(FxRobot robot) {
        robot.interact(() -> {
            context.workload().implementationProperty().set(Implementation.MEGATRON);
            context.workload().zeroStageProperty().set(2);
        });
        ToggleButton optimizer = robot.lookup("#offloadTargetToggle-1").queryAs(ToggleButton.class);
        assertThat(shown(robot, "#offloadDeviceToggle-0")).as("nothing offloaded yet").isFalse();
        robot.interact(optimizer::requestFocus);
        robot.type(KeyCode.SPACE);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(context.workload().snapshot().workload().offload())
                .isEqualTo(new Offload(Offload.Target.OPTIMIZER, Offload.Device.CPU, -1));
        assertThat(shown(robot, "#offloadDeviceToggle-0")).isTrue();

        assertThat(shown(robot, "#partialGpuLayersCheck")).as("training has no GPU layers").isFalse();
        robot.interact(() -> {
            context.workload().modeProperty().set(Mode.INFER);
            context.workload().servingEngineProperty().set(ServingEngine.LLAMA_CPP);
        });
        assertThat(shown(optimizer)).isFalse();
        CheckBox partial = robot.lookup("#partialGpuLayersCheck").queryAs(CheckBox.class);
        assertThat(shown(partial)).isTrue();
        robot.interact(partial::requestFocus);
        robot.type(KeyCode.SPACE);
        WaitForAsyncUtils.waitForFxEvents();
        Spinner<Integer> layers = spinner(robot, "#gpuLayersSpinner");
        assertThat(shown(layers)).isTrue();
        typeInto(robot, layers, "20");
        assertThat(context.workload().snapshot().workload().offload().gpuLayers()).isEqualTo(20);
        assertThat(robot.lookup("#offloadMemoryLabel").queryAs(Label.class).getText()).contains("host memory");
    }

    @Test
    void theFileMenuOffersDownloadedModels(FxRobot robot) {
        MenuBar bar = robot.lookup("#mainMenuBar").queryAs(MenuBar.class);
        Menu file = bar.getMenus().get(0);
        assertThat(file.getItems()).anyMatch(i -> "openDownloadedMenuItem".equals(i.getId())
                && i.getText().contains("downloaded model"));
    }
}
