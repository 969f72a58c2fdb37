package com.vramadvisor.app.results;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.ui.HoverTip;
import com.vramadvisor.app.workload.WorkloadViewModel;
import com.vramadvisor.catalog.Catalog;
import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.engine.llm.ModelShapes;
import com.vramadvisor.engine.llm.ParameterCounter;
import com.vramadvisor.engine.money.Usage;
import com.vramadvisor.scenario.ScenarioInputs;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import javafx.application.Application;
import javafx.scene.Scene;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.Region;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The decision table as a user reads it, on the real engine and shipped catalog: the memory answer in view, headers
 * whole, the headroom bar, the verdict above the table, a sign while it is ranked again, and the usage box.
 */
@ExtendWith(ApplicationExtension.class)
class DecisionTableUiTest {

    private final WorkloadViewModel workload = new WorkloadViewModel(
            ScenarioInputs.defaults().withGpuId("a100-sxm-80gb").withTokenBudget(100_000_000L), List.of(),
            ModelShapes::fromParameterCount, spec -> ParameterCounter.count(spec).total());
    /** Rankings wait here until the test runs them, as they wait for the compute thread in the window. */
    private final List<Runnable> queued = new CopyOnWriteArrayList<>();
    private ResultsViewModel results;

    @Start
    void start(Stage stage) {
        Application.setUserAgentStylesheet(DecisionTableUiTest.class.getResource(
                "/atlantafx/base/theme/primer-light.css").toExternalForm());
        Catalog catalog = CatalogLoader.shippedOnly().load();
        ResultsMessages messages = new ResultsMessages(Locale.ENGLISH);
        results = new ResultsViewModel(workload.snapshotProperty(), new CatalogResultsEngine(catalog), messages,
                queued::add, Runnable::run);
        results.table().usage().usageProperty().bindBidirectional(workload.usageProperty());
        runQueued();
        stage.setScene(new Scene(new DecisionTableView(results.table(), messages), 1240, 760));
        stage.setX(0);
        stage.setY(0);
        stage.show();
    }

    private void runQueued() {
        List<Runnable> now = new ArrayList<>(queued);
        queued.clear();
        now.forEach(Runnable::run);
    }

    private TableView<DecisionRow> table(FxRobot robot) {
        return robot.lookup("#decisionTable").queryTableView();
    }

    @Test
    void theHardwareComesFirstAndTheMemoryAnswerRightAfterIt(FxRobot robot) {
        List<String> ids = table(robot).getColumns().stream().map(TableColumn::getId).toList();
        assertThat(ids.subList(0, 4)).containsExactly("hardwareColumn", "fitColumn", "headroomColumn",
                "memoryColumn");
        assertThat(ids).contains("paysOffColumn", "workPerWhColumn", "priceDateColumn", "marketColumn",
                "capitalColumn", "jobCostColumn");
    }

    @Test
    void everyHeaderIsWholeAndExplainsItself(FxRobot robot) {
        for (TableColumn<DecisionRow, ?> c : table(robot).getColumns()) {
            Label header = (Label) c.getGraphic();
            assertThat(c.getWidth()).as(header.getText()).isGreaterThanOrEqualTo(header.prefWidth(-1));
            String[] tip = new String[1];
            robot.interact(() -> tip[0] = HoverTip.tooltipOf(header).getText());
            assertThat(tip[0]).as(header.getText() + " has a tooltip").isNotBlank();
        }
    }

    @Test
    void theHeadroomBarIsLongerWhereThereIsMoreRoom(FxRobot robot) {
        List<double[]> bars = new ArrayList<>();
        for (TableCell<?, ?> cell : robot.lookup(".table-cell").match((TableCell<?, ?> c) -> c.getTableColumn() != null
                && "headroomColumn".equals(c.getTableColumn().getId()) && c.getTableRow() != null
                && c.getTableRow().getItem() instanceof DecisionRow r && r.fits()).<TableCell<?, ?>>queryAll()) {
            DecisionRow r = (DecisionRow) cell.getTableRow().getItem();
            Region fill = (Region) cell.lookup(".headroom-fill");
            bars.add(new double[] {r.headroomFraction(), fill.getPrefWidth()});
        }
        assertThat(bars).as("fitting rows in view").hasSizeGreaterThan(1);
        bars.sort(Comparator.comparingDouble(b -> b[0]));
        for (int i = 1; i < bars.size(); i++) {
            assertThat(bars.get(i)[1]).isGreaterThanOrEqualTo(bars.get(i - 1)[1]);
        }
        assertThat(bars.get(bars.size() - 1)[1]).isGreaterThan(bars.get(0)[1]);
    }

    @Test
    void theVerdictAboveTheTableSaysWhichWayIsCheaper(FxRobot robot) {
        String verdict = robot.lookup("#decisionVerdictLabel").queryAs(Label.class).getText();
        assertThat(verdict).isEqualTo(results.table().verdictProperty().get())
                .matches("(Renting|Buying) is cheaper for this job: .*");
        assertThat(robot.lookup("#decisionVerdictLabel").queryAs(Label.class).isVisible()).isTrue();
    }

    @Test
    void theTableSaysItIsUpdatingUntilTheNewRowsArrive(FxRobot robot) {
        Label updating = robot.lookup("#decisionUpdatingLabel").queryAs(Label.class);
        assertThat(updating.isVisible()).isFalse();
        robot.interact(() -> workload.batchProperty().set(2));
        assertThat(updating.isVisible()).isTrue();
        robot.interact(this::runQueued);
        assertThat(updating.isVisible()).isFalse();
    }

    @Test
    void untickingThisJobOnlyCostsPurchasesOverThreeYearsOfFullUse(FxRobot robot) {
        robot.clickOn(robot.lookup("#usageJobOnlyCheckBox").queryAs(CheckBox.class));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(workload.snapshot().usage()).isEqualTo(Usage.of(1, 3));
        robot.interact(this::runQueued);
        assertThat(results.table().rankingProperty().get()).isFalse();
    }
}
