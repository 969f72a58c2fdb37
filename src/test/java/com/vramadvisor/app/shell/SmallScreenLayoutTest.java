package com.vramadvisor.app.shell;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.settings.SettingsStore;
import com.vramadvisor.catalog.CatalogLoader;
import java.nio.file.Files;
import java.util.Locale;
import javafx.application.Platform;
import com.vramadvisor.app.results.DecisionRow;
import com.vramadvisor.app.results.DecisionTableView;
import com.vramadvisor.app.TestPatience;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The main window on a 1280 x 720 screen: the decision table stays usable and the divider moves. */
@ExtendWith(ApplicationExtension.class)
class SmallScreenLayoutTest {

    @TempDir
    static Path configDir;

    private AppContext context;
    private Stage stage;
    private double[] before;

    @Start
    void start(Stage stage) throws Exception {
        this.stage = stage;
        // As the application starts: the window first, its content over the next frames.
        context = new AppContext(new SettingsStore(Files.createTempDirectory(configDir, "config")),
                CatalogLoader.shippedOnly().load(), Locale.ENGLISH, Platform::runLater);
        new MainWindow(context).showProgressively(stage);
        // TestFX hands every test the same stage: its size is put back afterwards.
        before = new double[] {stage.getX(), stage.getY(), stage.getWidth(), stage.getHeight()};
        stage.setX(0);
        stage.setY(0);
        stage.setWidth(1280);
        stage.setHeight(720);
    }

    @AfterEach
    void closeContext(FxRobot robot) {
        robot.interact(() -> {
            stage.setX(before[0]);
            stage.setY(before[1]);
            stage.setWidth(before[2]);
            stage.setHeight(before[3]);
        });
        context.close();
    }

    private static TableView<DecisionRow> table(FxRobot robot) {
        return robot.lookup("#decisionTable").queryTableView();
    }

    /** Rows whose whole height lies inside the table's visible area. */
    private static long fullyVisibleRows(TableView<DecisionRow> table) {
        Bounds visible = table.localToScene(table.getLayoutBounds());
        Bounds clip = table.getParent().localToScene(table.getParent().getLayoutBounds());
        return table.lookupAll(".table-row-cell").stream()
                .filter(n -> n instanceof TableRow<?> row && row.getItem() != null && row.isVisible())
                .map(n -> n.localToScene(n.getLayoutBounds()))
                .filter(b -> b.getMinY() >= visible.getMinY() && b.getMaxY() <= visible.getMaxY()
                        && b.getMaxY() <= clip.getMaxY())
                .count();
    }

    @Test
    void theDecisionTableShowsAtLeastEightRowsAt1280By720(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(TestPatience.SECONDS, TimeUnit.SECONDS, () -> table(robot).getItems().size() > 20
                && !table(robot).getPseudoClassStates().contains(DecisionTableView.RANKING));
        // The rows' cells are laid out in a pulse after the items arrive; on a loaded machine that can take a while.
        try {
            WaitForAsyncUtils.waitFor(TestPatience.SECONDS, TimeUnit.SECONDS,
                    () -> fullyVisibleRows(table(robot)) >= 8);
        } catch (TimeoutException settled) {
            // The assertion below reports how many rows the settled layout shows.
        }
        assertThat(robot.lookup("#analysisSplitPane").query().getScene().getHeight()).isLessThanOrEqualTo(720);
        assertThat(fullyVisibleRows(table(robot))).isGreaterThanOrEqualTo(8);
    }

    @Test
    void theDividerBetweenChartsAndTableMovesBothWays(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(TestPatience.SECONDS, TimeUnit.SECONDS, () -> !table(robot).getItems().isEmpty());
        SplitPane analysis = robot.lookup("#analysisSplitPane").queryAs(SplitPane.class);
        Node divider = analysis.lookup(".split-pane-divider");
        double before = analysis.getDividerPositions()[0];
        robot.drag(divider).moveBy(0, 150).drop();
        WaitForAsyncUtils.waitForFxEvents();
        double lower = analysis.getDividerPositions()[0];
        assertThat(lower).as("dragged down, the charts grow").isGreaterThan(before + 0.1);
        robot.drag(analysis.lookup(".split-pane-divider")).moveBy(0, -100).drop();
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(analysis.getDividerPositions()[0]).as("dragged up, the table grows").isLessThan(lower - 0.05);
    }
}
