package com.vramadvisor.app.shell;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.settings.AppSettings;
import com.vramadvisor.app.settings.SettingsStore;
import com.vramadvisor.app.settings.Theme;
import com.vramadvisor.catalog.Catalog;
import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.scenario.SizeUnit;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.scene.Parent;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.paint.Paint;
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
 * The window started with the dark theme saved: before JavaFX paints its first frame the native window shows the
 * scene's fill, which must be the dark window background rather than the default white.
 */
@ExtendWith(ApplicationExtension.class)
class DarkStartTest {

    @TempDir
    static Path configDir;

    private MainWindow window;
    private Paint fillWhenShown;
    private Parent firstRoot;

    @Start
    void start(Stage stage) throws Exception {
        SettingsStore store = new SettingsStore(Files.createTempDirectory(configDir, "config"));
        store.save(new AppSettings("en", Theme.DARK, SizeUnit.GIB, List.of(), null));
        ShellSettings shell = ShellSettings.read(store, Locale.ENGLISH);
        window = new MainWindow(shell);
        window.showProgressively(stage, () -> CatalogLoader.shippedOnly().load(),
                (Catalog catalog) -> new AppContext(shell, catalog, Platform::runLater));
        // Shown, and no pulse has run yet: what the native window was cleared to.
        fillWhenShown = stage.getScene().getFill();
        firstRoot = stage.getScene().getRoot();
    }

    @AfterEach
    void closeContext() {
        if (window.context() != null) {
            window.context().close();
        }
    }

    private static double luminance(Color c) {
        return 0.2126 * c.getRed() + 0.7152 * c.getGreen() + 0.0722 * c.getBlue();
    }

    @Test
    void theWindowIsDarkBeforeItsFirstFrameAndTheFirstFrameHasTheSameBackground(FxRobot robot) throws Exception {
        assertThat(fillWhenShown).isInstanceOf(Color.class);
        assertThat(luminance((Color) fillWhenShown)).as("dark, not the default white").isLessThan(0.2);

        WaitForAsyncUtils.waitForFxEvents();
        // The skeleton's own background, from the theme's stylesheets once CSS has been applied.
        Region skeleton = (Region) firstRoot;
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> skeleton.getBackground() != null);
        Paint painted = skeleton.getBackground().getFills().get(0).getFill();
        assertThat(painted).isEqualTo(fillWhenShown);

        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> robot.lookup("#decisionTable").tryQuery().isPresent());
        assertThat(robot.lookup("#decisionTable").query().getScene().getFill()).isEqualTo(fillWhenShown);
    }
}
