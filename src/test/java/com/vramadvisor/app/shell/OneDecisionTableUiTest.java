package com.vramadvisor.app.shell;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.vramadvisor.app.FxReads;
import com.vramadvisor.app.MainWindowFixture;
import com.vramadvisor.app.TestPatience;
import com.vramadvisor.app.results.DecisionRow;
import com.vramadvisor.cli.Cli;
import com.vramadvisor.engine.core.WorkloadKind;
import com.vramadvisor.scenario.ScenarioCodec;
import com.vramadvisor.scenario.ScenarioInputs;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import javafx.geometry.Bounds;
import javafx.geometry.Orientation;
import javafx.scene.Parent;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollBar;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.image.PixelReader;
import javafx.scene.control.skin.TableColumnHeader;
import javafx.scene.paint.Color;
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
 * One decision table for every workload kind, in the real window at 1280 x 800 (the headless screen's size, narrower
 * than the 1440 pixels the memory answer must be seen at): a vision model's table has the language
 * model's columns, marks, filters and verdict (the command line's sentence), and the Hardware column stays in view
 * with the memory answer beside it however far the table scrolls sideways.
 */
@ExtendWith(ApplicationExtension.class)
class OneDecisionTableUiTest {

    @TempDir
    static Path configDir;

    @TempDir
    Path dir;

    private AppContext context;
    private Stage stage;

    @Start
    void start(Stage stage) throws Exception {
        this.stage = stage;
        context = MainWindowFixture.show(stage, configDir);
        stage.setX(0);
        stage.setY(0);
        stage.setWidth(1280);
        stage.setHeight(800);
    }

    @AfterEach
    void closeContext() {
        context.close();
    }

    @SuppressWarnings("unchecked")
    private TableView<DecisionRow> filledTable(FxRobot robot, String id) throws Exception {
        TableView<DecisionRow> table = robot.lookup(id).queryTableView();
        // Read on the FX thread: a ranking may be replacing the rows meanwhile.
        WaitForAsyncUtils.waitFor(TestPatience.SECONDS, TimeUnit.SECONDS, () -> FxReads.onFx(() ->
                !table.getItems().isEmpty()
                && !table.getPseudoClassStates().contains(javafx.css.PseudoClass.getPseudoClass("ranking"))));
        WaitForAsyncUtils.waitForFxEvents();
        return table;
    }

    private static List<String> columnIds(TableView<?> table) {
        return table.getColumns().stream().map(TableColumn::getId).toList();
    }

    private static List<String> headers(TableView<?> table) {
        return table.getColumns().stream().filter(TableColumn::isVisible)
                .map(c -> ((Label) c.getGraphic()).getText()).toList();
    }

    private static List<TableCell<?, ?>> cells(TableView<?> table, String columnId) {
        return FxReads.onFx(() -> table.lookupAll(".table-cell").stream().filter(n -> n instanceof TableCell<?, ?> c
                        && c.getTableColumn() != null && columnId.equals(c.getTableColumn().getId())
                        && c.getTableRow() != null && !c.getTableRow().isEmpty() && c.getParent() != null)
                .<TableCell<?, ?>>map(n -> (TableCell<?, ?>) n).toList());
    }

    private static boolean contains(Parent root, String id) {
        return root.lookup("#" + id) != null;
    }

    @Test
    void aVisionModelsTableHasTheLanguageModelsColumnsMarksFiltersAndTheCommandLinesVerdict(FxRobot robot)
            throws Exception {
        TableView<DecisionRow> llm = filledTable(robot, "#decisionTable");
        List<String> llmIds = columnIds(llm);
        List<String> llmHeaders = headers(llm);

        ScenarioInputs vision = context.workload().snapshot().withKind(WorkloadKind.VISION);
        robot.interact(() -> context.workload().apply(vision));
        TableView<DecisionRow> table = filledTable(robot, "#domainDecisionTable");

        assertThat(columnIds(table)).as("the same columns, in the same order").isEqualTo(llmIds);
        // What a vision model has no use for is hidden, not renamed: every header shown reads as the language
        // model's does.
        assertThat(llmHeaders).containsAll(headers(table));
        assertThat(headers(table)).contains("Hardware", "Fit", "Headroom", "Need / capacity", "Job cost", "Time",
                "Capital", "Rent per hour", "Pays off above", "Speed");
        assertThat(table.getColumns().stream().filter(c -> c.getId().equals("layoutColumn")).findFirst()
                .orElseThrow().isVisible()).as("a parallel layout is a language model's").isFalse();
        assertThat(cells(table, "fitColumn")).extracting(TableCell::getText).contains("\u2713");
        assertThat(cells(table, "speedColumn")).extracting(TableCell::getText)
                .anyMatch(t -> t.endsWith("images/s")).noneMatch(t -> t.contains("tok/s"));

        Parent view = (Parent) robot.lookup("#domainDecisionView").query();
        for (String id : List.of("goalComboBox", "deadlineField", "maxGpusField", "usageJobOnlyCheckBox",
                "vendorFilterComboBox", "kindFilterComboBox", "acquisitionFilterComboBox", "maxCostField",
                "maxCapitalField", "maxPowerField", "minMemoryField", "fitsOnlyCheckBox", "domainJobEpochsField")) {
            assertThat(contains(view, id)).as(id).isTrue();
        }
        assertThat(contains(view, "tokenBudgetField")).as("tokens mean nothing to a vision model").isFalse();

        // The command line, given the same scenario as a file, says the same sentence.
        Path file = dir.resolve("vision.vram.json");
        Files.writeString(file, new ScenarioCodec().write(context.workload().snapshot()), StandardCharsets.UTF_8);
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int status = Cli.run(new PrintWriter(out), new PrintWriter(err), "recommend", "--scenario", file.toString(),
                "--format", "json");
        assertThat(status).as(err.toString()).isZero();
        JsonNode json = new ObjectMapper().readTree(out.toString());
        String sentence = json.get("verdict").get("sentence").asText();
        Label verdict = robot.lookup("#domainDecisionVerdictLabel").queryAs(Label.class);
        assertThat(sentence).isNotBlank();
        assertThat(verdict.getText()).isEqualTo(sentence);
        assertThat(verdict.isVisible()).isTrue();

        // File > New clears this table's filters as it clears the language model's.
        robot.interact(() -> context.domainTable().table().fitsOnlyProperty().set(true));
        assertThat(FxReads.onFx(() -> List.copyOf(table.getItems()))).allMatch(DecisionRow::fits);
        robot.interact(context::resetTableFilters);
        assertThat(context.domainTable().table().fitsOnlyProperty().get()).isFalse();

        robot.interact(() -> context.messages().setLocale(Locale.SIMPLIFIED_CHINESE));
        TableView<DecisionRow> chinese = filledTable(robot, "#domainDecisionTable");
        robot.interact(() -> context.workload().apply(vision.withKind(WorkloadKind.LLM)));
        TableView<DecisionRow> chineseLlm = filledTable(robot, "#decisionTable");
        assertThat(headers(chineseLlm)).containsAll(headers(chinese));
    }

    @Test
    void theHardwareColumnStaysInViewWhenTheTableIsScrolledToItsEnd(FxRobot robot) throws Exception {
        TableView<DecisionRow> table = filledTable(robot, "#decisionTable");
        Bounds view = table.localToScene(table.getLayoutBounds());
        // The memory answer is in view without scrolling even at 1280 pixels, where the charts stand beside the
        // table: the option, its verdict and headroom whole, need against capacity beginning.
        for (String id : List.of("hardwareColumn", "fitColumn", "headroomColumn")) {
            TableColumnHeader header = header(table, id);
            Bounds b = header.localToScene(header.getLayoutBounds());
            assertThat(b.getMaxX()).as(id).isLessThanOrEqualTo(view.getMaxX());
        }
        TableColumnHeader memory = header(table, "memoryColumn");
        assertThat(memory.localToScene(memory.getLayoutBounds()).getMinX()).isLessThan(view.getMaxX());
        Parent flow = (Parent) table.lookup(".virtual-flow");
        ScrollBar bar = flow.getChildrenUnmodifiable().stream().filter(n -> n instanceof ScrollBar s
                && s.getOrientation() == Orientation.HORIZONTAL).map(n -> (ScrollBar) n).findFirst().orElseThrow();
        assertThat(bar.getMax()).as("the columns are wider than the table").isGreaterThan(300);
        robot.interact(() -> bar.setValue(bar.getMax()));
        WaitForAsyncUtils.waitForFxEvents();

        List<TableCell<?, ?>> names = cells(table, "hardwareColumn");
        assertThat(names).as("hardware cells after scrolling").isNotEmpty();
        for (TableCell<?, ?> cell : names) {
            Bounds b = cell.localToScene(cell.getLayoutBounds());
            assertThat(b.getMinX()).as(cell.getText()).isBetween(view.getMinX() - 1, view.getMinX() + 2);
        }
        // The cell is what the mouse finds there, drawn over the columns scrolled under it.
        TableCell<?, ?> first = names.get(0);
        robot.moveTo(first);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(first.isHover()).as("the mouse is on " + first.getText()).isTrue();
        TableColumnHeader header = header(table, "hardwareColumn");
        Bounds h = header.localToScene(header.getLayoutBounds());
        assertThat(h.getMinX()).isBetween(view.getMinX() - 1, view.getMinX() + 2);
        // The last column is now in view beside it.
        TableColumnHeader last = header(table, "kindColumn");
        assertThat(last.localToScene(last.getLayoutBounds()).getMaxX()).isLessThanOrEqualTo(view.getMaxX() + 1);

        robot.interact(() -> bar.setValue(0));
        WaitForAsyncUtils.waitForFxEvents();
        for (TableCell<?, ?> cell : cells(table, "hardwareColumn")) {
            assertThat(cell.localToScene(cell.getLayoutBounds()).getMinX()).isBetween(view.getMinX() - 1,
                    view.getMinX() + 2);
        }
    }

    /**
     * A selected row is coloured from the frozen Hardware cell to the table's right edge wherever the table is
     * scrolled: read from the table's pixels at the row's top edge, where no text is drawn, against an unselected
     * row's.
     */
    @Test
    void aSelectedRowIsColouredAllTheWayAcrossWhereverTheTableIsScrolled(FxRobot robot) throws Exception {
        TableView<DecisionRow> table = filledTable(robot, "#decisionTable");
        robot.interact(() -> table.getSelectionModel().select(1));
        WaitForAsyncUtils.waitForFxEvents();
        Parent flow = (Parent) table.lookup(".virtual-flow");
        ScrollBar bar = flow.getChildrenUnmodifiable().stream().filter(n -> n instanceof ScrollBar s
                && s.getOrientation() == Orientation.HORIZONTAL).map(n -> (ScrollBar) n).findFirst().orElseThrow();
        for (double share : new double[] {0, 0.5, 1}) {
            robot.interact(() -> bar.setValue(bar.getMax() * share));
            WaitForAsyncUtils.waitForFxEvents();
            Color[] seen = FxReads.onFx(() -> {
                TableRow<?> selected = null;
                TableRow<?> other = null;
                for (javafx.scene.Node n : table.lookupAll(".table-row-cell")) {
                    if (n instanceof TableRow<?> r && r.getIndex() == 1) {
                        selected = r;
                    } else if (n instanceof TableRow<?> r && r.getIndex() == 2) {
                        other = r;
                    }
                }
                Bounds a = table.sceneToLocal(selected.localToScene(selected.getLayoutBounds()));
                Bounds b = table.sceneToLocal(other.localToScene(other.getLayoutBounds()));
                PixelReader px = table.snapshot(null, null).getPixelReader();
                int right = (int) table.getWidth() - 30;
                return new Color[] {px.getColor(240, (int) a.getMinY() + 4), px.getColor(right, (int) a.getMinY() + 4),
                    px.getColor(right, (int) b.getMinY() + 4)};
            });
            assertThat(seen[1]).as("the selected row at the right edge, scrolled " + share).isEqualTo(seen[0]);
            assertThat(seen[1]).as("an unselected row there, scrolled " + share).isNotEqualTo(seen[2]);
        }
    }

    private static TableColumnHeader header(TableView<?> table, String columnId) {
        return table.lookupAll(".column-header").stream().filter(n -> n instanceof TableColumnHeader h
                        && h.getTableColumn() != null && columnId.equals(h.getTableColumn().getId()))
                .map(n -> (TableColumnHeader) n).findFirst().orElseThrow();
    }
}
