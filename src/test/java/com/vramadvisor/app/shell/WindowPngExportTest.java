package com.vramadvisor.app.shell;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.TestPatience;
import com.vramadvisor.app.settings.SettingsStore;
import com.vramadvisor.catalog.CatalogLoader;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.embed.swing.SwingFXUtils;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.SnapshotParameters;
import javafx.scene.transform.Transform;
import javafx.stage.Stage;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** File > Export > Window as PNG pictures the window as the user sees it, not the export's own progress. */
@ExtendWith(ApplicationExtension.class)
class WindowPngExportTest {

    @TempDir
    static Path configDir;

    private AppContext context;
    private MainWindow window;
    private Stage stage;
    private Path dir;

    @Start
    void start(Stage stage) throws Exception {
        this.stage = stage;
        dir = Files.createTempDirectory(configDir, "config");
        context = new AppContext(new SettingsStore(dir), CatalogLoader.shippedOnly().load(), Locale.ENGLISH,
                Platform::runLater);
        window = new MainWindow(context);
        window.show(stage);
    }

    @AfterEach
    void closeContext() {
        context.close();
    }

    @Test
    void theWindowPngHasNoProgressBarNorExportMessageInItsStatusBar(FxRobot robot) throws Exception {
        Path png = dir.resolve("window.png");
        Node status = window.scene().lookup(".status-bar");
        BufferedImage[] before = new BufferedImage[1];
        boolean[] busyShown = new boolean[1];
        robot.interact(() -> {
            SnapshotParameters params = new SnapshotParameters();
            params.setTransform(Transform.scale(2, 2));
            before[0] = SwingFXUtils.fromFXImage(window.scene().getRoot().snapshot(params, null), null);
            new ExportActions(context, stage, window.scene()).exportWindow(png);
            // The user does see that the export runs, in the window itself.
            Node bar = window.scene().lookup("#busyProgressBar");
            busyShown[0] = bar != null && bar.isVisible();
        });
        assertThat(busyShown[0]).isTrue();
        WaitForAsyncUtils.waitFor(TestPatience.SECONDS, TimeUnit.SECONDS, () -> !context.export().busyProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(context.export().errorProperty().get()).isEmpty();

        BufferedImage written = ImageIO.read(png.toFile());
        assertThat(written.getWidth()).isEqualTo(before[0].getWidth());
        assertThat(written.getHeight()).isEqualTo(before[0].getHeight());
        Bounds strip = status.localToScene(status.getBoundsInLocal());
        int top = (int) Math.floor(strip.getMinY() * 2);
        int bottom = Math.min(written.getHeight(), (int) Math.ceil(strip.getMaxY() * 2));
        assertThat(bottom - top).as("status bar rows").isGreaterThan(10);
        int differing = 0;
        for (int y = top; y < bottom; y++) {
            for (int x = 0; x < written.getWidth(); x++) {
                if (written.getRGB(x, y) != before[0].getRGB(x, y)) {
                    differing++;
                }
            }
        }
        assertThat(differing).as("status bar pixels that differ from the window before the export").isZero();
    }
}
