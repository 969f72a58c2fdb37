package com.vramadvisor.app.shell;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.glass.ui.Application;
import com.vramadvisor.app.open.MacOpenFiles;
import com.vramadvisor.app.open.OpenFileRequests;
import com.vramadvisor.app.settings.SettingsStore;
import com.vramadvisor.catalog.Catalog;
import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.engine.llm.Precision;
import com.vramadvisor.scenario.ScenarioCodec;
import com.vramadvisor.scenario.ScenarioInputs;
import com.vramadvisor.app.TestPatience;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.scene.control.Label;
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
 * The macOS open-documents path on the glass toolkit the tests run on (Monocle), from glass's Java side on: what
 * the native {@code application:openFiles:} calls, {@code Application.notifyOpenFiles}, is called here directly. A
 * file that arrives before the handler is installed (Finder's document at a cold start) and one that arrives while
 * the window runs both open in the window. Finder and the native side are not part of it.
 */
@ExtendWith(ApplicationExtension.class)
class MacOpenFilesUiTest {

    @TempDir
    static Path dirs;

    private MainWindow window;
    private Application.EventHandler quantums;
    private Path coldStartFile;
    private boolean installed;

    private static void notifyOpenFiles(String... files) throws Exception {
        // Protected in glass: the native side calls it.
        Method notify = Application.class.getDeclaredMethod("notifyOpenFiles", String[].class);
        notify.setAccessible(true);
        notify.invoke(Application.GetApplication(), (Object) files);
    }

    private static Path scenario(Path dir, String name, int batch) throws Exception {
        ScenarioInputs inputs = ScenarioInputs.defaults().withWorkload(ScenarioInputs.defaults().workload()
                .toBuilder().precision(Precision.FP32).batch(batch).build());
        return Files.writeString(dir.resolve(name), new ScenarioCodec().write(inputs));
    }

    @Start
    void start(Stage stage) throws Exception {
        Path dir = Files.createTempDirectory(dirs, "config");
        coldStartFile = scenario(dir, "cold-start.vram", 8);
        ShellSettings shell = ShellSettings.read(new SettingsStore(dir), Locale.ENGLISH);
        quantums = Application.GetApplication().getEventHandler();
        // Before the handler: glass keeps the files for the handler that replaces Quantum's.
        notifyOpenFiles(coldStartFile.toString());
        OpenFileRequests requests = new OpenFileRequests();
        installed = MacOpenFiles.install(requests);
        window = new MainWindow(shell);
        requests.deliverTo(window::openFromDesktop, Platform::runLater);
        window.showProgressively(stage, () -> CatalogLoader.shippedOnly().load(),
                (Catalog catalog) -> new AppContext(shell, catalog, Platform::runLater));
    }

    @AfterEach
    void restoreQuantumsHandler() throws Exception {
        WaitForAsyncUtils.asyncFx(() -> Application.GetApplication().setEventHandler(quantums)).get();
        if (window.context() != null) {
            window.context().close();
        }
    }

    @Test
    void documentsFromBeforeAndAfterTheHandlerIsInstalledOpenInTheWindow(FxRobot robot) throws Exception {
        assertThat(installed).isTrue();
        assertThat(Application.GetApplication().getEventHandler()).isNotSameAs(quantums);
        WaitForAsyncUtils.waitFor(TestPatience.SECONDS, TimeUnit.SECONDS, () -> window.context() != null
                && window.context().workload().snapshot().workload().batch() == 8);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(window.context().scenario().currentFileProperty().get()).isEqualTo(coldStartFile);

        Path later = scenario(coldStartFile.getParent(), "while-running.vram", 16);
        WaitForAsyncUtils.asyncFx(() -> {
            try {
                notifyOpenFiles(later.toString());
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }).get();
        WaitForAsyncUtils.waitFor(TestPatience.SECONDS, TimeUnit.SECONDS,
                () -> window.context().workload().snapshot().workload().batch() == 16);
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(robot.lookup("#statusMessageLabel").queryAs(Label.class).getText())
                .isEqualTo("Opened while-running.vram.");
        // That Quantum's other actions still reach it is MacOpenFilesTest's: calling them here would quit or change
        // the theme of the toolkit the other tests share.
    }
}
