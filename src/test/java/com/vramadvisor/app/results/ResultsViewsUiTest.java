package com.vramadvisor.app.results;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.ui.HoverTip;
import com.vramadvisor.app.compare.CompareView;
import com.vramadvisor.app.compare.CompareViewModel;
import com.vramadvisor.app.workload.WorkloadViewModel;
import com.vramadvisor.engine.llm.ModelShapes;
import com.vramadvisor.engine.llm.ParameterCounter;
import com.vramadvisor.engine.ranking.JobCostOrder;
import com.vramadvisor.scenario.ScenarioInputs;
import com.vramadvisor.catalog.Catalog;
import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.app.TestPatience;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import javafx.application.Application;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The result views on the real engine and shipped catalog, driven through the scene as a user would. */
@ExtendWith(ApplicationExtension.class)
class ResultsViewsUiTest {

    private final WorkloadViewModel workload = new WorkloadViewModel(
            ScenarioInputs.defaults().withGpuId("a100-sxm-80gb"), List.of(), ModelShapes::fromParameterCount,
            spec -> ParameterCounter.count(spec).total());
    private ResultsViewModel results;

    @Start
    void start(Stage stage) {
        // The theme's base sheet defines the colour tokens the result stylesheet refers to.
        Application.setUserAgentStylesheet(ResultsViewsUiTest.class.getResource(
                "/atlantafx/base/theme/primer-light.css").toExternalForm());
        Catalog catalog = CatalogLoader.shippedOnly().load();
        CatalogResultsEngine engine = new CatalogResultsEngine(catalog);
        ResultsMessages messages = new ResultsMessages(Locale.ENGLISH);
        results = new ResultsViewModel(workload.snapshotProperty(), engine, messages, Runnable::run, Runnable::run);
        // As the application binds them: the table's fields edit the scenario's token budget, GPU limit and deadline.
        results.table().tokenBudgetProperty().bindBidirectional(workload.tokenBudgetProperty());
        results.table().maxGpusProperty().bindBidirectional(workload.maxGpusProperty());
        results.table().deadlineDaysProperty().bindBidirectional(workload.deadlineDaysProperty());
        CompareViewModel compare = new CompareViewModel(workload.snapshotProperty(), engine, messages);
        Tab analysis = new Tab("Analysis", new VBox(new ResultsView(results),
                new DecisionTableView(results.table(), messages)));
        Tab comparison = new Tab("Compare", new CompareView(compare, messages));
        comparison.setId("compareTab");
        compare.activeProperty().bind(comparison.selectedProperty());
        // Monocle's headless screen is 1280 x 800; the whole window must be on it for clicks to land.
        stage.setScene(new Scene(new TabPane(analysis, comparison), 1240, 760));
        stage.setX(0);
        stage.setY(0);
        stage.show();
    }

    private static String text(FxRobot robot, String query) {
        return robot.lookup(query).queryAs(Label.class).getText();
    }

    private void setBatch(FxRobot robot, int batch) {
        robot.interact(() -> workload.batchProperty().set(batch));
    }

    @Test
    void clickingARowOfTheDecisionTableDrawsThatGpuAgainstThePeak(FxRobot robot) throws Exception {
        assertThat(text(robot, "#capacityLabel")).startsWith("NVIDIA A100 80GB SXM4");
        TableView<DecisionRow> table = robot.lookup("#decisionTable").queryTableView();
        int index = -1;
        for (int i = 0; i < table.getItems().size(); i++) {
            if (table.getItems().get(i).key().equals("gpu:rtx-4090")) {
                index = i;
            }
        }
        assertThat(index).as("single RTX 4090 row").isNotNegative();
        int row = index;
        robot.interact(() -> table.scrollTo(row));

        // The scrolled-to row gets its cell at the next layout pulse.
        WaitForAsyncUtils.waitFor(TestPatience.SECONDS, TimeUnit.SECONDS, () -> robot.lookup(".table-row-cell")
                .match((TableRow<DecisionRow> r) -> isRtx4090(r)).tryQuery().isPresent());
        Node cell = robot.lookup(".table-row-cell").match((TableRow<DecisionRow> r) -> isRtx4090(r)).query();
        robot.clickOn(cell);

        assertThat(results.selectedGpuIdProperty().get()).isEqualTo("rtx-4090");
        assertThat(text(robot, "#capacityLabel")).startsWith("NVIDIA GeForce RTX 4090");
        // The row stays selected after the rows are rebuilt for a new batch size.
        setBatch(robot, 2);
        assertThat(table.getSelectionModel().getSelectedItems()).extracting(DecisionRow::key)
                .containsExactly("gpu:rtx-4090");
    }

    @Test
    void aCellGetsItsExplainingTooltipWhenThePointerComesOverItAndItFollowsTheRow(FxRobot robot) {
        TableView<DecisionRow> table = robot.lookup("#decisionTable").queryTableView();
        DecisionRow first = table.getItems().get(0);
        TableCell<?, ?> name = robot.lookup(".table-row-cell").match((TableRow<DecisionRow> r) ->
                r.getItem() == first).lookup(".table-cell").match((TableCell<?, ?> c) ->
                c.getTableColumn().getId().equals("hardwareColumn")).query();
        assertThat(name.getTooltip()).as("no tooltip before the pointer comes").isNull();

        robot.moveTo(name);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(name.getTooltip()).isNotNull();
        assertThat(name.getTooltip().getText()).startsWith(first.rowTip()).endsWith(first.hardwareText());
        assertThat(name.getTooltip().isWrapText()).isTrue();

        // The cell keeps its tooltip and changes its text with the row it shows.
        setBatch(robot, 8);
        DecisionRow now = (DecisionRow) name.getItem();
        assertThat(name.getTooltip().getText()).startsWith(now.rowTip()).endsWith(now.hardwareText());
    }

    @Test
    void typingAMemoryFilterHidesSmallerCards(FxRobot robot) {
        TableView<DecisionRow> table = robot.lookup("#decisionTable").queryTableView();
        int all = table.getItems().size();
        robot.clickOn("#minMemoryField").write("80");
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(table.getItems()).hasSizeLessThan(all).isNotEmpty()
                .allSatisfy(r -> assertThat(r.memoryGbNominal()).isGreaterThanOrEqualTo(80));
    }

    @Test
    void aGpuLimitTypedAfterTabbingFromTheDeadlineShrinksTheTable(FxRobot robot) {
        TableView<DecisionRow> table = robot.lookup("#decisionTable").queryTableView();
        int all = table.getItems().size();
        String summary = text(robot, "#decisionSummaryLabel");
        // Every row is shown; the options no software runs the job on are counted among all options but left out.
        assertThat(summary).startsWith(all + " of ").contains(" options shown");
        String considered = summary.substring((all + " of ").length(), summary.indexOf(" options shown"));
        assertThat(Integer.parseInt(considered.replace(",", ""))).isGreaterThanOrEqualTo(all);
        assertThat(table.getItems()).anyMatch(r -> r.gpusNeeded() > 4);
        TextField field = robot.lookup("#maxGpusField").queryAs(TextField.class);
        assertThat(field.getPromptText()).isEqualTo("no limit");
        assertThat(HoverTip.tooltipOf(field).getText()).contains("1,024");

        robot.clickOn("#deadlineField").type(KeyCode.TAB);
        assertThat(field.isFocused()).as("Tab from the deadline reaches the GPU limit").isTrue();
        robot.write("4");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(table.getItems()).as("nothing applies before Enter").hasSize(all);
        robot.type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();

        // The 8-GPU systems and instances have no layout within 4 GPUs and leave the table; the summary still counts
        // them among all options.
        assertThat(table.getItems()).hasSizeLessThan(all).isNotEmpty()
                .allSatisfy(r -> assertThat(r.gpusNeeded()).as(r.name()).isLessThanOrEqualTo(4))
                .noneMatch(r -> r.hardwareId().equals("aws-p4d.24xlarge-on-demand"));
        assertThat(text(robot, "#decisionSummaryLabel"))
                .startsWith(table.getItems().size() + " of " + considered + " options shown");
    }

    @Test
    void theGoalSortsTheTableByItsColumnAndTheDeadlineAppliesOnEnter(FxRobot robot) {
        TableView<DecisionRow> table = robot.lookup("#decisionTable").queryTableView();
        ComboBox<RankingGoal> goal = robot.lookup("#goalComboBox").queryComboBox();
        assertThat(goal.getButtonCell().getText()).isEqualTo("Cost of the job");

        robot.interact(() -> goal.setValue(RankingGoal.TIME));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(table.getSortOrder()).extracting(c -> c.getId()).containsExactly("fitColumn", "timeColumn");
        assertSortedWithin(table, DecisionRow::hours);
        robot.interact(() -> goal.setValue(RankingGoal.CAPITAL));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(table.getSortOrder()).extracting(c -> c.getId()).containsExactly("fitColumn", "capitalColumn");
        assertSortedWithin(table, DecisionRow::purchaseUsd);

        TextField deadline = robot.lookup("#deadlineField").queryAs(TextField.class);
        assertThat(deadline.getText()).isEqualTo("90");
        robot.doubleClickOn(deadline);
        robot.interact(deadline::selectAll);
        robot.write("0.02").type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(workload.snapshot().deadlineDays()).isEqualTo(0.02);
        assertThat(text(robot, "#decisionSummaryLabel")).endsWith("deadline 0.02 days");
        // In under half an hour even 1,024 consumer cards over 10 GbE do not finish: such options are marked and come
        // after the options that do.
        assertThat(table.getItems()).anyMatch(DecisionRow::pastDeadline);
        var items = table.getItems();
        for (int i = 1; i < items.size(); i++) {
            assertThat(items.get(i - 1).fitRank()).as("verdicts in order at %d", i)
                    .isGreaterThanOrEqualTo(items.get(i).fitRank());
        }
    }

    /** Rows of the same verdict are in ascending order of {@code key}, unknown values last. */
    private static void assertSortedWithin(TableView<DecisionRow> table, Function<DecisionRow, Double> key) {
        var items = table.getItems();
        for (int i = 1; i < items.size(); i++) {
            DecisionRow a = items.get(i - 1);
            DecisionRow b = items.get(i);
            assertThat(a.fitRank()).as("verdicts in order at %d", i).isGreaterThanOrEqualTo(b.fitRank());
            if (a.fitRank() == b.fitRank() && key.apply(b) != null) {
                assertThat(key.apply(a)).as("ascending at %d", i).isNotNull().isLessThanOrEqualTo(key.apply(b));
            }
        }
    }

    @Test
    void pinningAScenarioAndChangingTheBatchHighlightsWhatDiffers(FxRobot robot) {
        robot.clickOn("Compare");
        robot.clickOn("#pinScenarioButton");

        setBatch(robot, 8);

        assertThat(robot.lookup(".compare-column-title").queryAllAs(Label.class)).extracting(Label::getText)
                .containsExactly("Current", "#1");
        Set<Label> differing = robot.lookup(".compare-label.differs").queryAllAs(Label.class);
        assertThat(differing).extracting(Label::getText)
                .contains("Micro-batch / concurrent sequences", "Peak per GPU", "Activations")
                .doesNotContain("Model", "Weights");

        // Double-click the pin's title, type a name, Enter: the column reads the name.
        robot.doubleClickOn("#pinnedTitle1Label");
        robot.write("batch 1").type(javafx.scene.input.KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup(".compare-column-title").queryAllAs(Label.class)).extracting(Label::getText)
                .containsExactly("Current", "batch 1");

        robot.clickOn("#unpinScenario1Button");
        assertThat(robot.lookup(".compare-column-title").queryAllAs(Label.class)).hasSize(1);
    }

    private static boolean isRtx4090(TableRow<DecisionRow> row) {
        return row.getItem() != null && row.getItem().key().equals("gpu:rtx-4090") && row.isVisible();
    }

    @Test
    void theTableStartsSortedByFitThenJobCostWithTheJobCostColumnInView(FxRobot robot) {
        TableView<DecisionRow> table = robot.lookup("#decisionTable").queryTableView();
        assertThat(table.getSortOrder()).extracting(c -> c.getId()).containsExactly("fitColumn", "jobCostColumn");
        // By the job cost as shown (cents below $10, whole dollars above); equal texts by what the option costs to have.
        assertSortedWithin(table, r -> r.jobCostUsd() == null ? null : JobCostOrder.shownUsd(r.jobCostUsd()));
        // The job cost column starts within the first 800 pixels, so a window of ordinary width shows it.
        double left = 0;
        for (var column : table.getColumns()) {
            if ("jobCostColumn".equals(column.getId())) {
                break;
            }
            // Columns for another mode (serving's users columns in a training scenario) are hidden.
            left += column.isVisible() ? column.getWidth() : 0;
        }
        assertThat(left).isLessThan(800);
        assertThat(table.getColumns()).extracting(c -> c.getId()).contains("acquisitionColumn", "capitalColumn",
                "rentColumn", "jobCostColumn", "layoutColumn", "boundColumn", "machinesColumn", "mfuColumn",
                "gpuHoursColumn");
        // The sort arrows must not squeeze the Fit header into an ellipsis.
        assertThat(table.getColumns().get(0).getWidth()).isGreaterThanOrEqualTo(90);
    }

    @Test
    void aTokenBudgetTypedInItsFieldAppliesOnEnterAndEscapeRestoresTheScenariosValue(FxRobot robot) {
        TextField field = robot.lookup("#tokenBudgetField").queryAs(TextField.class);
        assertThat(field.getText()).isEqualTo("1,000,000,000");

        robot.doubleClickOn(field);
        robot.interact(field::selectAll);
        robot.write("2B").type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(workload.snapshot().tokenBudget()).isEqualTo(2_000_000_000L);
        assertThat(field.getText()).isEqualTo("2,000,000,000");
        assertThat(text(robot, "#decisionSummaryLabel")).contains("2,000,000,000 tokens");

        robot.interact(field::selectAll);
        robot.write("5").type(KeyCode.ESCAPE);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(field.getText()).isEqualTo("2,000,000,000");
        assertThat(workload.snapshot().tokenBudget()).isEqualTo(2_000_000_000L);
    }
}
