package com.vramadvisor.app.workload;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.MainWindowFixture;
import com.vramadvisor.app.shell.AppContext;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
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

/** The parameter slider by keyboard: one published model size a key press, shown as it is published. */
@ExtendWith(ApplicationExtension.class)
class ParameterKeysUiTest {

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

    private static List<String> press(FxRobot robot, KeyCode key, int times) {
        TextField field = robot.lookup("#parameterCountField").queryAs(TextField.class);
        List<String> shown = new ArrayList<>();
        for (int i = 0; i < times; i++) {
            robot.type(key);
            WaitForAsyncUtils.waitForFxEvents();
            shown.add(field.getText());
        }
        return shown;
    }

    @Test
    void arrowKeysStepThroughPublishedSizesFromLlama3Of8B(FxRobot robot) {
        robot.interact(() -> robot.lookup("#parameterCountSlider").queryAs(Slider.class).requestFocus());
        // Llama 3 8B (8,030,261,248 parameters; Meta's model card) is the default model.
        assertThat(robot.lookup("#parameterCountField").queryAs(TextField.class).getText()).isEqualTo("8.03B");

        // Sizes models are published at (Llama 2 13B, Code Llama 34B, Llama 3.1 405B among them), none skipped.
        assertThat(press(robot, KeyCode.RIGHT, 9))
                .containsExactly("13B", "20B", "32B", "34B", "40B", "70B", "100B", "175B", "405B");
        assertThat(robot.lookup("#modelSummaryLabel").queryAs(Label.class).getText()).startsWith("Standard Llama-style decoder of 405B:");
        assertThat(press(robot, KeyCode.LEFT, 9))
                .containsExactly("175B", "100B", "70B", "40B", "34B", "32B", "20B", "13B", "8B");
        assertThat(press(robot, KeyCode.LEFT, 3)).containsExactly("7B", "4B", "3B");
        assertThat(press(robot, KeyCode.RIGHT, 1)).containsExactly("4B");
    }

    @Test
    void smallAndLargeSizesAreReachedAndTheEndsHold(FxRobot robot) {
        robot.interact(() -> robot.lookup("#parameterCountSlider").queryAs(Slider.class).requestFocus());
        assertThat(press(robot, KeyCode.LEFT, 14)).containsExactly("7B", "4B", "3B", "2.7B", "2B", "1.5B", "1.3B",
                "1B", "760M", "500M", "350M", "125M", "100M", "100M");
        robot.type(KeyCode.END);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(press(robot, KeyCode.LEFT, 3)).containsExactly("1.5T", "1T", "671B");
        assertThat(press(robot, KeyCode.RIGHT, 4)).containsExactly("1T", "1.5T", "2T", "2T");
    }
}
