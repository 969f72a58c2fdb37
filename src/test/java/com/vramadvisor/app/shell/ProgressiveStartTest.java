package com.vramadvisor.app.shell;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.settings.SettingsStore;
import com.vramadvisor.catalog.CatalogLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The way the application starts: the window first, its content in the next frames. */
@ExtendWith(ApplicationExtension.class)
class ProgressiveStartTest {

    @TempDir
    static Path configDir;

    private AppContext context;
    private boolean panelAtFirstShow;

    @Start
    void start(Stage stage) throws Exception {
        context = new AppContext(new SettingsStore(Files.createTempDirectory(configDir, "config")),
                CatalogLoader.shippedOnly().load(), Locale.ENGLISH, Platform::runLater);
        MainWindow window = new MainWindow(context);
        window.showProgressively(stage);
        panelAtFirstShow = stage.getScene().lookup("#batchSizeSlider") != null;
    }

    @AfterEach
    void closeContext() {
        context.close();
    }

    @Test
    void theWindowShowsFirstAndThePanelAndChartsFollow(FxRobot robot) throws Exception {
        assertThat(panelAtFirstShow).isFalse();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS,
                () -> robot.lookup("#batchSizeSlider").tryQuery().isPresent()
                        && robot.lookup("#compareTab").tryQuery().isPresent()
                        && robot.lookup(".results-view").tryQuery().isPresent());
        assertThat(robot.lookup("#peakSummaryLabel").queryLabeled().getText()).startsWith("Peak per GPU:");
    }
}
