package com.vramadvisor.app.shell;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.open.OpenFileRequests;
import com.vramadvisor.app.open.WindowHandoff;
import com.vramadvisor.app.settings.SettingsStore;
import com.vramadvisor.catalog.Catalog;
import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.engine.llm.Precision;
import com.vramadvisor.scenario.ScenarioCodec;
import com.vramadvisor.scenario.ScenarioInputs;
import com.vramadvisor.app.TestPatience;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
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
 * A scenario file double-clicked while the window runs: a later launch hands it over (the handoff over loopback, as
 * {@code Main} does it) and the running window opens it as File &gt; Open does, wired as {@code DesktopLauncher}
 * wires it.
 */
@ExtendWith(ApplicationExtension.class)
class OpenFromDesktopTest {

    @TempDir
    static Path dirs;

    private MainWindow window;
    private Path configDir;
    private WindowHandoff handoff;

    @Start
    void start(Stage stage) throws Exception {
        configDir = Files.createTempDirectory(dirs, "config");
        ShellSettings shell = ShellSettings.read(new SettingsStore(configDir), Locale.ENGLISH);
        OpenFileRequests requests = new OpenFileRequests();
        handoff = WindowHandoff.listenInBackground(configDir, path -> requests.submit(List.of(path)));
        window = new MainWindow(shell);
        requests.deliverTo(window::openFromDesktop, Platform::runLater);
        window.showProgressively(stage, () -> CatalogLoader.shippedOnly().load(),
                (Catalog catalog) -> new AppContext(shell, catalog, Platform::runLater));
    }

    @AfterEach
    void close() {
        handoff.close();
        if (window.context() != null) {
            window.context().close();
        }
    }

    @Test
    void aFileHandedOverByALaterLaunchOpensInTheRunningWindow(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(TestPatience.SECONDS, TimeUnit.SECONDS,
                () -> robot.lookup("#batchSizeField").tryQuery().isPresent()
                        && robot.lookup("#decisionTable").tryQuery().isPresent());
        ScenarioInputs fp32 = ScenarioInputs.defaults().withWorkload(ScenarioInputs.defaults().workload().toBuilder()
                .precision(Precision.FP32).batch(8).build());
        Path file = Files.writeString(Files.createTempDirectory(dirs, "files").resolve("fp32-batch8.vram"),
                new ScenarioCodec().write(fp32));

        Path notes = Files.writeString(file.resolveSibling("notes.json"), "{}");
        assertThat(forward(notes)).as("not a scenario: the later launch opens its own window").isFalse();

        assertThat(forward(file)).as("the later launch is told the window took it").isTrue();
        WaitForAsyncUtils.waitFor(TestPatience.SECONDS, TimeUnit.SECONDS,
                () -> window.context().workload().snapshot().workload().batch() == 8);
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(window.context().workload().snapshot().workload().precision()).isEqualTo(Precision.FP32);
        assertThat(robot.lookup("#batchSizeField").queryAs(TextField.class).getText()).isEqualTo("8");
        assertThat(robot.lookup("#statusMessageLabel").queryAs(Label.class).getText())
                .isEqualTo("Opened fp32-batch8.vram.");
        assertThat(window.context().scenario().recentFiles()).contains(file.toAbsolutePath());
    }

    /** A later launch's handoff, once the window's listener has written its file. */
    private boolean forward(Path file) throws Exception {
        WaitForAsyncUtils.waitFor(TestPatience.SECONDS, TimeUnit.SECONDS,
                () -> Files.exists(configDir.resolve("window-handoff")));
        return WindowHandoff.forward(configDir, file);
    }
}
