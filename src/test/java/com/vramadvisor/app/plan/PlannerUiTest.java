package com.vramadvisor.app.plan;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.MainWindowFixture;
import com.vramadvisor.app.ShowingNodes;
import com.vramadvisor.app.shell.AppContext;
import com.vramadvisor.app.TestPatience;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
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

/** The planner tab inside the real main window: plan with the mouse, read the table, apply with Enter. */
@ExtendWith(ApplicationExtension.class)
class PlannerUiTest {

    @TempDir
    static Path configDir;

    private AppContext context;
    private Stage stage;

    @Start
    void start(Stage stage) throws Exception {
        this.stage = stage;
        context = MainWindowFixture.show(stage, configDir);
    }

    @AfterEach
    void closeContext() {
        context.close();
    }

    @Test
    void planningOnTheScenariosGpuListsLayoutsAndEnterAppliesTheChosenOne(FxRobot robot) throws Exception {
        robot.clickOn("#planTab");
        WaitForAsyncUtils.waitForFxEvents();
        TableView<PlanRow> table = robot.lookup("#planTable").queryTableView();
        assertThat(table.getItems()).isEmpty();
        assertThat(robot.lookup("#planCancelButton").queryAs(Button.class).isDisabled()).isTrue();

        TextField deadline = robot.lookup("#planDeadlineField").queryAs(TextField.class);
        assertThat(deadline.getText()).isEqualTo("90");
        robot.doubleClickOn(deadline);
        robot.interact(deadline::selectAll);
        robot.write("30");
        robot.clickOn("#planButton");
        WaitForAsyncUtils.waitFor(TestPatience.SECONDS, TimeUnit.SECONDS, () -> !table.getItems().isEmpty());
        WaitForAsyncUtils.waitForFxEvents();

        PlanRow first = table.getItems().get(0);
        assertThat(first.chosen()).isTrue();
        assertThat(first.gpus()).isGreaterThan(1);
        assertThat(table.getItems()).hasSizeLessThanOrEqualTo(5)
                .allSatisfy(r -> assertThat(r.gpus()).isEqualTo(first.gpus()));
        // The cells on screen show the rows' texts.
        assertThat(cellText(robot, "#planLayoutColumn", 0)).isEqualTo(first.layoutText());
        assertThat(cellText(robot, "#planGpusColumn", 0)).isEqualTo(first.gpusText());
        assertThat(cellText(robot, "#planBoundColumn", 0)).isEqualTo(first.boundText()).isNotEqualTo("\u2014");
        assertThat(robot.lookup("#planSummaryLabel").queryAs(Label.class).getText())
                .startsWith(first.gpusText() + " x NVIDIA H100 SXM5 80GB").endsWith("within the 30-day deadline.");
        assertThat(robot.lookup("#planButton").queryAs(Button.class).isDisabled()).isFalse();

        robot.clickOn(cellNode(robot, "#planLayoutColumn", 0));
        robot.type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(context.workload().snapshot().workload().parallelism()).isEqualTo(first.layout().parallelism());
        assertThat(context.workload().snapshot().workload().recompute()).isEqualTo(first.layout().recompute());
        assertThat(context.scenario().canUndoProperty().get()).isTrue();
    }

    /**
     * At 1280 x 800 (the headless screen, and a common laptop size) the table's nine columns share less width than
     * their preferred widths add up to. Every title is still drawn whole (wrapped onto two lines where its column is
     * narrow), and so is every value of the planner's lines, the chosen line's bold ones included: no header reads
     * "G..." or "M...", no value "60,912 to..." (as they did at 1440 x 900 too).
     */
    @Test
    void everyTitleAndValueIsDrawnWholeAt1280By800(FxRobot robot) throws Exception {
        robot.interact(() -> {
            stage.setWidth(1280);
            stage.setHeight(800);
        });
        // Windows of earlier tests linger in TestFX: click and read only what this test's window shows.
        ShowingNodes.clickShowing(robot, "#planTab");
        WaitForAsyncUtils.waitForFxEvents();
        TableView<PlanRow> table = robot.lookup("#planTable").match(PlannerUiTest::showing).query();
        ShowingNodes.clickShowing(robot, "#planButton");
        WaitForAsyncUtils.waitFor(TestPatience.SECONDS, TimeUnit.SECONDS, () -> !table.getItems().isEmpty());
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(table.getColumns()).hasSize(9).allSatisfy(c -> {
            Label title = (Label) c.getGraphic();
            assertThat(drawn(title)).as("the drawn title of %s", c.getId()).isEqualTo(title.getText());
        });
        List<TableCell<?, ?>> cells = robot.lookup(".table-cell")
                .match((TableCell<?, ?> c) -> c.getTableColumn() != null && c.getTableColumn().getTableView() == table
                        && !c.isEmpty() && c.getText() != null && !c.getText().isEmpty())
                .queryAll().stream().<TableCell<?, ?>>map(n -> (TableCell<?, ?>) n).toList();
        // Every line has a value in each column but the note.
        assertThat(cells).hasSizeGreaterThanOrEqualTo(8 * table.getItems().size())
                .allSatisfy(c -> assertThat(drawn(c)).as("the drawn value in %s, line %d", c.getTableColumn().getId(),
                        c.getIndex()).isEqualTo(c.getText()));
    }

    private static boolean showing(javafx.scene.Node node) {
        return node.isVisible() && node.getScene() != null && node.getScene().getWindow() != null
                && node.getScene().getWindow().isShowing();
    }

    /** The text a label or cell draws: its own, or cut short with an ellipsis where it does not fit. */
    private static String drawn(javafx.scene.control.Labeled labeled) {
        Text shown = (Text) labeled.lookup(".text");
        assertThat(shown).as("the drawn text of %s", labeled).isNotNull();
        return shown.getText().replace('\n', ' ');
    }

    private static TableCell<?, ?> cellNode(FxRobot robot, String column, int index) {
        return robot.lookup(".table-cell").match((TableCell<?, ?> c) -> c.getTableColumn() != null
                && column.equals("#" + c.getTableColumn().getId()) && c.getIndex() == index && !c.isEmpty())
                .query();
    }

    private static String cellText(FxRobot robot, String column, int index) {
        return cellNode(robot, column, index).getText();
    }
}
