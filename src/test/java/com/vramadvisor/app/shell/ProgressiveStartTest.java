package com.vramadvisor.app.shell;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.settings.SettingsStore;
import com.vramadvisor.catalog.Catalog;
import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.app.TestPatience;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Control;
import javafx.scene.text.Text;
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
 * The way the application starts: a skeleton of the layout first, then the chrome while the catalog is read on a
 * background thread, then the context on the UI thread and the content.
 */
@ExtendWith(ApplicationExtension.class)
class ProgressiveStartTest {

    @TempDir
    static Path configDir;

    private final List<String> events = new CopyOnWriteArrayList<>();
    private MainWindow window;
    private Parent firstRoot;
    private boolean firstRootHasControlsOrText;
    private volatile boolean menuBarInSkeleton;
    private String catalogThread;
    private String contextThread;

    @Start
    void start(Stage stage) throws Exception {
        ShellSettings shell = ShellSettings.read(new SettingsStore(Files.createTempDirectory(configDir, "config")),
                Locale.ENGLISH);
        window = new MainWindow(shell);
        window.showProgressively(stage, () -> {
            catalogThread = Thread.currentThread().getName();
            events.add("catalog read");
            return CatalogLoader.shippedOnly().load();
        }, (Catalog catalog) -> {
            contextThread = Thread.currentThread().getName();
            events.add("context created");
            return new AppContext(shell, catalog, Platform::runLater);
        });
        firstRoot = stage.getScene().getRoot();
        firstRootHasControlsOrText = containsControlOrText(firstRoot);
        events.add("first frame shown");
        javafx.scene.Scene scene = stage.getScene();
        scene.addPostLayoutPulseListener(() -> {
            if (scene.getRoot() == firstRoot && scene.lookup("#mainMenuBar") != null) {
                menuBarInSkeleton = true;
            }
        });
    }

    private static boolean containsControlOrText(Node node) {
        if (node instanceof Control || node instanceof Text) {
            return true;
        }
        if (node instanceof Parent parent) {
            return parent.getChildrenUnmodifiable().stream().anyMatch(ProgressiveStartTest::containsControlOrText);
        }
        return false;
    }

    @AfterEach
    void closeContext() {
        if (window.context() != null) {
            window.context().close();
        }
    }

    @Test
    void theSkeletonShowsFirstThenTheChromeThenTheContent(FxRobot robot) throws Exception {
        assertThat(firstRoot.getId()).isEqualTo("startupSkeleton");
        assertThat(firstRootHasControlsOrText).as("the first frame holds neither controls nor text").isFalse();
        assertThat(new ArrayList<>(events)).startsWith("first frame shown");

        WaitForAsyncUtils.waitFor(TestPatience.SECONDS, TimeUnit.SECONDS,
                () -> robot.lookup("#batchSizeSlider").tryQuery().isPresent()
                        && robot.lookup("#compareTab").tryQuery().isPresent()
                        && robot.lookup(".results-view").tryQuery().isPresent()
                        && robot.lookup("#decisionTable").tryQuery().isPresent());
        assertThat(robot.lookup("#startupSkeleton").tryQuery()).isEmpty();
        assertThat(menuBarInSkeleton).as("a frame showed the real menu bar in the skeleton before the split panes")
                .isTrue();
        assertThat(robot.lookup("#mainMenuBar").tryQuery()).isPresent();
        assertThat(catalogThread).isEqualTo("vram-advisor-catalog");
        assertThat(contextThread).isEqualTo("JavaFX Application Thread");
        assertThat(new ArrayList<>(events)).containsExactly("first frame shown", "catalog read", "context created");
        assertThat(robot.lookup("#peakSummaryLabel").queryLabeled().getText()).startsWith("Peak per GPU:");
        javafx.scene.control.MenuBar bar = robot.lookup("#mainMenuBar").queryAs(javafx.scene.control.MenuBar.class);
        assertThat(bar.getMenus()).extracting(javafx.scene.control.Menu::getId)
                .containsExactly("fileMenu", "editMenu", "viewMenu", "helpMenu");
        assertThat(bar.getMenus()).allSatisfy(menu -> assertThat(menu.getItems()).isNotEmpty());
    }
}
