package com.vramadvisor.app.shell;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.settings.SettingsStore;
import com.vramadvisor.catalog.Catalog;
import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.engine.llm.Precision;
import com.vramadvisor.scenario.ScenarioCodec;
import com.vramadvisor.scenario.ScenarioInputs;
import com.vramadvisor.app.TestPatience;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
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
 * The window started with a scenario file (a double-click on a {@code .vram.json} file), the way the application
 * starts: the file is given before the catalog is read, and is opened once the window has its context.
 */
@ExtendWith(ApplicationExtension.class)
class StartWithScenarioFileTest {

    @TempDir
    static Path configDirs;

    private MainWindow window;

    @Start
    void start(Stage stage) throws Exception {
        Path dir = Files.createTempDirectory(configDirs, "config");
        ScenarioInputs fp32 = ScenarioInputs.defaults().withWorkload(ScenarioInputs.defaults().workload().toBuilder()
                .precision(Precision.FP32).batch(8).build());
        Path file = Files.writeString(dir.resolve("fp32-batch8.vram.json"), new ScenarioCodec().write(fp32));
        ShellSettings shell = ShellSettings.read(new SettingsStore(dir), Locale.ENGLISH);
        window = new MainWindow(shell);
        window.openWhenReady(file);
        window.showProgressively(stage, () -> CatalogLoader.shippedOnly().load(),
                (Catalog catalog) -> new AppContext(shell, catalog, Platform::runLater));
    }

    @AfterEach
    void closeContext() {
        if (window.context() != null) {
            window.context().close();
        }
    }

    @Test
    void theWindowStartedWithAScenarioFileShowsThatScenario(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(TestPatience.SECONDS, TimeUnit.SECONDS,
                () -> robot.lookup("#batchSizeField").tryQuery().isPresent()
                        && robot.lookup("#decisionTable").tryQuery().isPresent());
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(window.context().workload().snapshot().workload().precision()).isEqualTo(Precision.FP32);
        assertThat(window.context().workload().snapshot().workload().batch()).isEqualTo(8);
        assertThat(robot.lookup("#batchSizeField").queryAs(TextField.class).getText()).isEqualTo("8");
        assertThat(robot.lookup("#statusMessageLabel").queryAs(Label.class).getText())
                .isEqualTo("Opened fp32-batch8.vram.json.");
        assertThat(window.context().scenario().recentFiles()).extracting(p -> p.getFileName().toString())
                .contains("fp32-batch8.vram.json");
    }
}
