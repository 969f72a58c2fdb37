package com.vramadvisor.app.shell;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.settings.SettingsStore;
import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.scenario.ScenarioCodec;
import com.vramadvisor.scenario.ScenarioInputs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import javafx.application.Platform;
import javafx.scene.control.Label;
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

/** File > Open, then Ctrl+Z and Ctrl+S: the opened file keeps its scenario and the title names what is shown. */
@ExtendWith(ApplicationExtension.class)
class OpenUndoSaveUiTest {

    @TempDir
    static Path dirs;

    private AppContext context;
    private MainWindow window;
    private Stage stage;

    @Start
    void start(Stage stage) throws Exception {
        this.stage = stage;
        context = new AppContext(new SettingsStore(Files.createTempDirectory(dirs, "config")),
                CatalogLoader.shippedOnly().load(), Locale.ENGLISH, Platform::runLater);
        window = new MainWindow(context);
        window.show(stage);
    }

    @AfterEach
    void closeContext() {
        context.close();
    }

    @Test
    void undoAfterOpeningAFileDoesNotBringBackThePreviousScenarioForSaveToWriteIntoIt(FxRobot robot)
            throws Exception {
        ScenarioInputs batch12 = ScenarioInputs.defaults().withWorkload(ScenarioInputs.defaults().workload()
                .toBuilder().batch(12).build());
        Path s2 = Files.writeString(Files.createTempDirectory(dirs, "files").resolve("s2.vram"),
                new ScenarioCodec().write(batch12));
        String s2Text = Files.readString(s2);
        robot.interact(() -> context.workload().batchProperty().set(3));
        robot.interact(() -> window.openScenario(s2));
        robot.interact(() -> window.view().tabs().requestFocus());

        robot.interact(() -> context.workload().batchProperty().set(5));
        assertThat(stage.getTitle()).startsWith("*s2.vram \u2014");

        robot.press(KeyCode.CONTROL, KeyCode.Z).release(KeyCode.Z, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(context.workload().batchProperty().get()).as("the edit is undone").isEqualTo(12);
        robot.press(KeyCode.CONTROL, KeyCode.Z).release(KeyCode.Z, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(context.workload().batchProperty().get()).as("undo stays inside the opened file").isEqualTo(12);
        assertThat(stage.getTitle()).startsWith("s2.vram \u2014");

        robot.press(KeyCode.CONTROL, KeyCode.S).release(KeyCode.S, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup("#statusMessageLabel").queryAs(Label.class).getText()).startsWith("Saved");
        assertThat(new ScenarioCodec().read(Files.readString(s2)).workload().batch()).isEqualTo(12);
        assertThat(Files.readString(s2)).isEqualTo(s2Text);
        assertThat(stage.getTitle()).startsWith("s2.vram \u2014");
    }
}
