package com.vramadvisor.app.shell;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.TestPatience;
import com.vramadvisor.app.results.DecisionRow;
import com.vramadvisor.app.results.DecisionTableView;
import com.vramadvisor.app.settings.SettingsStore;
import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.scenario.ScenarioInputs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
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
 * The arrow keys browse the decision table: each row they reach is shown (the charts measure against its GPU) but the
 * scenario keeps its GPU, is not marked edited and gains no undo step; Enter makes the row's GPU the scenario's.
 */
@ExtendWith(ApplicationExtension.class)
class DecisionTableKeysTest {

    @TempDir
    static Path configDir;

    private AppContext context;

    @Start
    void start(Stage stage) throws Exception {
        Path dir = Files.createTempDirectory(configDir, "config");
        context = new AppContext(new SettingsStore(dir), CatalogLoader.shippedOnly().load(), Locale.ENGLISH,
                Platform::runLater);
        new MainWindow(context).show(stage);
    }

    @AfterEach
    void closeContext() {
        context.close();
    }

    @Test
    void arrowKeysShowRowsWithoutEditingTheScenarioAndEnterChoosesTheRowsGpu(FxRobot robot) throws Exception {
        TableView<DecisionRow> table = robot.lookup("#decisionTable").queryTableView();
        WaitForAsyncUtils.waitFor(TestPatience.SECONDS, TimeUnit.SECONDS,
                () -> !table.getPseudoClassStates().contains(DecisionTableView.RANKING)
                        && table.getItems().size() > 20);
        ScenarioInputs before = context.workload().snapshot();
        String gpuBefore = before.gpuId();
        assertThat(context.scenario().dirtyProperty().get()).isFalse();
        assertThat(context.scenario().canUndoProperty().get()).isFalse();

        robot.interact(() -> {
            table.requestFocus();
            table.getSelectionModel().clearAndSelect(0);
            table.getFocusModel().focus(0);
        });
        String shown = table.getSelectionModel().getSelectedItem().gpuId();
        for (int press = 0; press < 40 && shown.equals(gpuBefore); press++) {
            robot.type(KeyCode.DOWN);
            WaitForAsyncUtils.waitForFxEvents();
            DecisionRow selected = table.getSelectionModel().getSelectedItem();
            assertThat(selected).isNotNull();
            shown = selected.gpuId();
            assertThat(context.workload().snapshot()).as("after %d presses", press + 1).isEqualTo(before);
            assertThat(context.results().selectedGpuIdProperty().get()).as("the charts show the selected row")
                    .isEqualTo(shown);
        }
        assertThat(shown).as("the keys reached a row of another GPU").isNotEqualTo(gpuBefore);
        assertThat(context.workload().snapshot().gpuId()).isEqualTo(gpuBefore);
        assertThat(context.scenario().dirtyProperty().get()).as("edited").isFalse();
        assertThat(context.scenario().canUndoProperty().get()).as("undo steps").isFalse();

        robot.type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(context.workload().snapshot().gpuId()).isEqualTo(shown);
        assertThat(context.scenario().dirtyProperty().get()).isTrue();
        robot.interact(() -> context.scenario().undo());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(context.workload().snapshot().gpuId()).as("one undo step back").isEqualTo(gpuBefore);
        assertThat(context.scenario().canUndoProperty().get()).isFalse();
    }
}
