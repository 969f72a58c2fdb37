package com.vramadvisor.app.shell;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.FxReads;
import com.vramadvisor.app.TestPatience;
import com.vramadvisor.app.results.DecisionRow;
import com.vramadvisor.app.results.DecisionTableView;
import com.vramadvisor.app.settings.SettingsStore;
import com.vramadvisor.app.ui.HoverTip;
import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.engine.llm.Mode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.application.Platform;
import javafx.geometry.Bounds;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.Region;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The main window on laptop screens (1280 x 720, 1366 x 768): the verdict, the charts and the table's rows show. */
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
        WaitForAsyncUtils.waitFor(TestPatience.SECONDS, TimeUnit.SECONDS,
                () -> FxReads.onFx(() -> table(robot).getItems().size() > 20
                        && !table(robot).getPseudoClassStates().contains(DecisionTableView.RANKING)));
        // The rows' cells are laid out in a pulse after the items arrive; on a loaded machine that can take a while.
        try {
            WaitForAsyncUtils.waitFor(TestPatience.SECONDS, TimeUnit.SECONDS,
                    () -> FxReads.onFx(() -> fullyVisibleRows(table(robot)) >= 8));
        } catch (TimeoutException settled) {
            // The assertion below reports how many rows the settled layout shows.
        }
        assertThat(robot.lookup("#analysisSplitPane").query().getScene().getHeight()).isLessThanOrEqualTo(720);
        assertThat(FxReads.onFx(() -> fullyVisibleRows(table(robot)))).isGreaterThanOrEqualTo(8);
    }

    @Test
    void theDividerBetweenChartsAndTableMovesBothWays(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(TestPatience.SECONDS, TimeUnit.SECONDS, () -> !table(robot).getItems().isEmpty());
        SplitPane analysis = robot.lookup("#analysisSplitPane").queryAs(SplitPane.class);
        // Beside the table on this screen: the divider runs top to bottom and moves sideways.
        assertThat(analysis.getOrientation()).isEqualTo(Orientation.HORIZONTAL);
        Node divider = analysis.lookup(".split-pane-divider");
        double before = analysis.getDividerPositions()[0];
        robot.drag(divider).moveBy(120, 0).drop();
        WaitForAsyncUtils.waitForFxEvents();
        double wider = analysis.getDividerPositions()[0];
        assertThat(wider).as("dragged right, the charts grow").isGreaterThan(before + 0.08);
        robot.drag(analysis.lookup(".split-pane-divider")).moveBy(-80, 0).drop();
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(analysis.getDividerPositions()[0]).as("dragged left, the table grows").isLessThan(wider - 0.05);
    }

    /** Whether {@code node} is drawn whole: inside the window and inside every clip of the slots above it. */
    private static boolean wholeOnScreen(Node node) {
        Bounds b = node.localToScene(node.getLayoutBounds());
        if (!node.isVisible() || b.getWidth() <= 0 || b.getHeight() <= 0 || b.getMinX() < 0 || b.getMinY() < 0
                || b.getMaxX() > node.getScene().getWidth() || b.getMaxY() > node.getScene().getHeight()) {
            return false;
        }
        for (Node n = node; n != null; n = n.getParent()) {
            if (!n.isVisible()) {
                return false;
            }
            if (n.getClip() != null) {
                Bounds clip = n.localToScene(n.getClip().getBoundsInParent());
                if (b.getMinY() < clip.getMinY() - 0.5 || b.getMaxY() > clip.getMaxY() + 0.5
                        || b.getMinX() < clip.getMinX() - 0.5 || b.getMaxX() > clip.getMaxX() + 0.5) {
                    return false;
                }
            }
        }
        return true;
    }

    @Test
    void theMemoryVerdictAChartAndEightRowsWithTheHardwareColumnShowAtOnceAt1280By720(FxRobot robot)
            throws Exception {
        verdictChartsAndRowsShowAtOnce(robot);
    }

    @Test
    void theMemoryVerdictAChartAndEightRowsShowAtOnceAtTheHeightOf1366By768InTrainingAndServing(FxRobot robot)
            throws Exception {
        // 768 px tall, as a 1366 x 768 laptop, whose fit line was once cut through its middle and whose sweep was
        // 60 px tall. The headless screen is 1280 px wide, so the width is the narrower 1280.
        robot.interact(() -> stage.setHeight(768));
        assertThat(robot.lookup("#analysisSplitPane").query().getScene().getHeight()).isLessThanOrEqualTo(768);
        verdictChartsAndRowsShowAtOnce(robot);
        // Serving: the memory card has a line more (the serving engine's share) and still shows its verdict whole.
        robot.interact(() -> context.workload().modeProperty().set(Mode.INFER));
        WaitForAsyncUtils.waitForFxEvents();
        verdictChartsAndRowsShowAtOnce(robot);
        assertThat(robot.lookup("#fitLabel").queryLabeled().getText()).startsWith("Fits");
        // The status bar's peak and verdict, cut on this screen, say themselves whole on their tooltips.
        for (String id : List.of("#peakSummaryLabel", "#fitSummaryLabel")) {
            Label label = robot.lookup(id).queryAs(Label.class);
            assertThat(label.getText()).isNotBlank();
            Tooltip[] tip = new Tooltip[1];
            robot.interact(() -> tip[0] = HoverTip.tooltipOf(label));
            assertThat(tip[0]).as(id + " tooltip").isNotNull();
            assertThat(tip[0].getText()).isEqualTo(label.getText());
        }
    }

    private void verdictChartsAndRowsShowAtOnce(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(TestPatience.SECONDS, TimeUnit.SECONDS,
                () -> FxReads.onFx(() -> table(robot).getItems().size() > 20
                        && !table(robot).getPseudoClassStates().contains(DecisionTableView.RANKING)));
        try {
            WaitForAsyncUtils.waitFor(TestPatience.SECONDS, TimeUnit.SECONDS,
                    () -> FxReads.onFx(() -> fullyVisibleRows(table(robot)) >= 8));
        } catch (TimeoutException settled) {
            // The assertions below report the settled layout.
        }
        assertThat(FxReads.onFx(() -> fullyVisibleRows(table(robot)))).isGreaterThanOrEqualTo(8);
        // The verdict: the memory card's headline and its fit line, whole.
        for (String id : List.of("#peakLabel", "#fitLabel")) {
            assertThat(wholeOnScreen(robot.lookup(id).query())).as(id + " on screen").isTrue();
        }
        assertThat(robot.lookup("#fitLabel").queryLabeled().getText()).isNotBlank();
        // A chart: the memory bar; and the sweep too, with a plot tall enough for three ticks on its axis.
        assertThat(wholeOnScreen(robot.lookup(".stacked-memory-bar").query())).as("the memory bar").isTrue();
        Region plot = (Region) robot.lookup("#sweepChart .chart-plot-background").query();
        assertThat(plot.getHeight()).as("the sweep's plot").isGreaterThanOrEqualTo(100);
        assertThat(wholeOnScreen(plot)).isTrue();
        // The table wide enough for the fit, the option's name and its headroom side by side: the first two columns
        // as wide as they are, and a headroom column of 120 px.
        TableView<DecisionRow> table = table(robot);
        double firstTwo = table.getColumns().get(0).getWidth() + table.getColumns().get(1).getWidth();
        assertThat(table.getWidth()).isGreaterThanOrEqualTo(firstTwo + 120);
        Node hardware = table.lookup("#hardwareColumn");
        Node header = table.lookupAll(".column-header").stream()
                .filter(n -> n.getId() != null && n.getId().equals("hardwareColumn")).findFirst().orElse(hardware);
        assertThat(header).isNotNull();
        assertThat(wholeOnScreen(header)).as("the Hardware column's header").isTrue();
    }
}
