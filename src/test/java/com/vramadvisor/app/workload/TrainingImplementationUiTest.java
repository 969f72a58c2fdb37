package com.vramadvisor.app.workload;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.ui.HoverTip;
import com.vramadvisor.app.MainWindowFixture;
import com.vramadvisor.app.shell.AppContext;
import com.vramadvisor.engine.llm.Implementation;
import com.vramadvisor.engine.llm.Mode;
import java.nio.file.Path;
import javafx.scene.Node;
import javafx.scene.control.Label;
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

/** The training framework choice in the real main window, used with the mouse and the keyboard. */
@ExtendWith(ApplicationExtension.class)
class TrainingImplementationUiTest {

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

    @Test
    void clickingMegatronChangesTheSnapshotAndThePeak(FxRobot robot) {
        Label peak = robot.lookup("#peakSummaryLabel").queryAs(Label.class);
        String before = peak.getText();
        ToggleButton pytorch = robot.lookup("#implementationToggle-0").queryAs(ToggleButton.class);
        ToggleButton megatron = robot.lookup("#implementationToggle-1").queryAs(ToggleButton.class);
        assertThat(pytorch.getText()).isEqualTo("PyTorch / Hugging Face");
        assertThat(pytorch.isSelected()).as("PyTorch is the default").isTrue();
        assertThat(megatron.getText()).isEqualTo("Megatron / DeepSpeed");
        assertThat(HoverTip.tooltipOf(megatron).getText()).contains("fp32 master copy");

        // The panel scrolls to the focused input, as it does when a user tabs to it.
        robot.interact(megatron::requestFocus);
        robot.clickOn(megatron);
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(context.workload().snapshot().workload().implementation()).isEqualTo(Implementation.MEGATRON);
        assertThat(megatron.isSelected()).isTrue();
        // Llama-3-8B in bf16 mixed precision: the fused Megatron layout needs less than PyTorch's autocast layout.
        assertThat(peak.getText()).isNotEqualTo(before);
        robot.clickOn(pytorch);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(peak.getText()).isEqualTo(before);
    }

    @Test
    void theKeyboardReachesTheChoiceAndItIsHiddenWhenServing(FxRobot robot) {
        ToggleButton pytorch = robot.lookup("#implementationToggle-0").queryAs(ToggleButton.class);
        robot.interact(pytorch::requestFocus);
        robot.type(KeyCode.RIGHT).type(KeyCode.SPACE);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(context.workload().snapshot().workload().implementation()).isEqualTo(Implementation.MEGATRON);

        assertThat(shown(pytorch)).isTrue();
        robot.interact(() -> context.workload().modeProperty().set(Mode.LORA));
        assertThat(shown(pytorch)).as("LoRA trains adapters: the choice applies").isTrue();
        robot.interact(() -> context.workload().modeProperty().set(Mode.INFER));
        assertThat(shown(pytorch)).as("serving has no training layout").isFalse();
    }
}
