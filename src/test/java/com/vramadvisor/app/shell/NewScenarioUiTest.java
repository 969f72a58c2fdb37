package com.vramadvisor.app.shell;

import static com.vramadvisor.app.ShowingNodes.clickShowing;
import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.results.DecisionRow;
import com.vramadvisor.app.results.RankingGoal;
import com.vramadvisor.app.settings.SettingsStore;
import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.engine.ranking.HardwareKind;
import com.vramadvisor.app.TestPatience;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.control.TableColumn;
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

/** The Model box for a custom model, and what File > New puts back. */
@ExtendWith(ApplicationExtension.class)
class NewScenarioUiTest {

    @TempDir
    static Path configDir;

    private AppContext context;
    private MainWindow window;

    @Start
    void start(Stage stage) throws Exception {
        context = new AppContext(new SettingsStore(Files.createTempDirectory(configDir, "config")),
                CatalogLoader.shippedOnly().load(), Locale.ENGLISH, Platform::runLater);
        window = new MainWindow(context);
        window.show(stage);
    }

    @AfterEach
    void closeContext() {
        context.close();
    }

    /** The text the Model box shows: the text of its visible labelled parts. */
    private static String modelBoxText(FxRobot robot) {
        return robot.lookup("#modelPickerCombo .list-cell").queryAllAs(Labeled.class).stream()
                .filter(l -> l.isVisible() && l.getText() != null && !l.getText().isBlank())
                .map(Labeled::getText).findFirst().orElse("");
    }

    @Test
    void theModelBoxNamesACustomModelAndItsSizeAfterTheSliderLeavesAPreset(FxRobot robot) {
        assertThat(modelBoxText(robot)).isEqualTo("Llama 3 8B");
        robot.interact(() -> context.workload().parameterCountProperty().set(405_000_000_000L));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(context.workload().selectedPresetProperty().get()).isNull();
        assertThat(modelBoxText(robot)).startsWith("Custom: ").endsWith("B parameters");
    }

    @Test
    void fileNewResetsTheTableFiltersAndSortAndClearsTheStatusMessage(FxRobot robot) throws Exception {
        TableView<DecisionRow> table = robot.lookup("#decisionTable").queryTableView();
        WaitForAsyncUtils.waitFor(TestPatience.SECONDS, TimeUnit.SECONDS, () -> !table.getItems().isEmpty());
        var decisions = context.results().table();
        robot.interact(() -> {
            decisions.fitsOnlyProperty().set(true);
            decisions.kindFilterProperty().set(HardwareKind.CLOUD);
            decisions.goalProperty().set(RankingGoal.TIME);
            TableColumn<DecisionRow, ?> hardware = table.getColumns().stream()
                    .filter(c -> "hardwareColumn".equals(c.getId())).findFirst().orElseThrow();
            table.getSortOrder().setAll(hardware);
        });
        clickShowing(robot, "#fileMenu", "#newMenuItem");
        Label status = robot.lookup("#statusMessageLabel").queryAs(Label.class);
        assertThat(status.getText()).isEqualTo("Started a new scenario from the default.");

        assertThat(decisions.fitsOnlyProperty().get()).isFalse();
        assertThat(decisions.kindFilterProperty().get()).isNull();
        assertThat(decisions.goalProperty().get()).isEqualTo(RankingGoal.COST);
        assertThat(table.getSortOrder()).extracting(TableColumn::getId)
                .containsExactly("fitColumn", "jobCostColumn");

        // The next edit makes that message stale.
        robot.interact(() -> context.workload().batchProperty().set(4));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(status.getText()).isEmpty();
    }
}
