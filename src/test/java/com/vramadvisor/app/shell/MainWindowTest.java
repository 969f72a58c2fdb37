package com.vramadvisor.app.shell;

import static com.vramadvisor.app.ShowingNodes.clickShowing;
import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.scenario.ScenarioCodec;
import com.vramadvisor.app.settings.SettingsStore;
import com.vramadvisor.scenario.ScenarioInputs;
import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.engine.llm.Precision;
import com.vramadvisor.app.TestPatience;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
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

/** The real main window, driven as a user drives it: mouse on sliders and buttons, menus, keyboard shortcuts. */
@ExtendWith(ApplicationExtension.class)
class MainWindowTest {

    @TempDir
    static Path configDir;

    private AppContext context;
    private MainWindow window;
    private Path dir;
    private Path savedScenario;
    private Path newerScenario;

    @Start
    void start(Stage stage) throws Exception {
        dir = Files.createTempDirectory(configDir, "config");
        ScenarioCodec codec = new ScenarioCodec();
        ScenarioInputs fp32 = ScenarioInputs.defaults().withWorkload(ScenarioInputs.defaults().workload().toBuilder()
                .precision(Precision.FP32).batch(8).build());
        savedScenario = Files.writeString(dir.resolve("fp32-batch8.vram.json"), codec.write(fp32));
        newerScenario = Files.writeString(dir.resolve("from-the-future.vram.json"),
                codec.write(fp32).replace("\"formatVersion\" : 1", "\"formatVersion\" : 9"));
        Files.writeString(dir.resolve("settings.json"), "{\"recentFiles\": [\"" + savedScenario + "\", \""
                + newerScenario + "\"]}");
        context = new AppContext(new SettingsStore(dir), CatalogLoader.shippedOnly().load(), Locale.ENGLISH,
                Platform::runLater);
        window = new MainWindow(context);
        window.show(stage);
    }

    @AfterEach
    void closeContext() {
        context.close();
    }

    @Test
    void draggingTheBatchSliderChangesTheSnapshotAndThePeak(FxRobot robot) {
        Label peak = robot.lookup("#peakSummaryLabel").queryAs(Label.class);
        String before = peak.getText();
        assertThat(before).startsWith("Peak per GPU:").contains("GiB");
        Node thumb = robot.lookup("#batchSizeSlider .thumb").query();
        robot.drag(thumb).moveBy(80, 0).drop();
        WaitForAsyncUtils.waitForFxEvents();
        int batch = context.workload().snapshot().workload().batch();
        assertThat(batch).isGreaterThan(1);
        assertThat(Integer.bitCount(batch)).as("the slider snaps to powers of two").isEqualTo(1);
        assertThat(robot.lookup("#batchSizeField").queryAs(TextField.class).getText())
                .isEqualTo(String.format(Locale.ENGLISH, "%,d", batch));
        assertThat(peak.getText()).isNotEqualTo(before);
        // The whole drag is one step back.
        robot.press(KeyCode.CONTROL, KeyCode.Z).release(KeyCode.Z, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(context.workload().snapshot().workload().batch()).isEqualTo(1);
        assertThat(peak.getText()).isEqualTo(before);
    }

    @Test
    void switchingPrecisionChangesTheWorkloadAndTheSelectedButton(FxRobot robot) {
        ToggleButton fp32 = robot.lookup("#precisionToggle-3").queryAs(ToggleButton.class);
        assertThat(fp32.getText()).isEqualTo("FP32");
        // The panel scrolls to the focused input, as Tab does: the button may lie below the panel's fold.
        robot.interact(fp32::requestFocus);
        WaitForAsyncUtils.waitForFxEvents();
        robot.clickOn(fp32);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(context.workload().snapshot().workload().precision()).isEqualTo(Precision.FP32);
        assertThat(fp32.isSelected()).isTrue();
        assertThat(robot.lookup("#precisionToggle-0").queryAs(ToggleButton.class).isSelected()).isFalse();
        // Clicking the selected button again keeps a precision chosen.
        robot.clickOn(fp32);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(fp32.isSelected()).isTrue();
        assertThat(context.workload().snapshot().workload().precision()).isEqualTo(Precision.FP32);
    }

    @Test
    void anAbsurdTypedBatchIsExplainedAndNotApplied(FxRobot robot) {
        TextField field = robot.lookup("#batchSizeField").queryAs(TextField.class);
        robot.doubleClickOn(field).eraseText(8).write("-40").type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        Label error = robot.lookup("#batchSizeError").queryAs(Label.class);
        assertThat(error.isVisible()).isTrue();
        assertThat(error.getText()).isEqualTo("Micro-batch must be between 1 and 65,536");
        assertThat(context.workload().snapshot().workload().batch()).isEqualTo(1);
        robot.doubleClickOn(field).eraseText(8).write("24").type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(error.isVisible()).isFalse();
        assertThat(context.workload().snapshot().workload().batch()).isEqualTo(24);
        assertThat(robot.lookup("#batchSizeSlider").queryAs(Slider.class).getValue())
                .isBetween(4.0, 5.0);
    }

    @Test
    void openingARecentScenarioFileRestoresItsInputs(FxRobot robot) {
        clickShowing(robot, "#fileMenu", "#openRecentMenu", "#recentFileMenuItem1");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(context.workload().snapshot().workload().precision()).isEqualTo(Precision.FP32);
        assertThat(context.workload().snapshot().workload().batch()).isEqualTo(8);
        assertThat(robot.lookup("#batchSizeField").queryAs(TextField.class).getText()).isEqualTo("8");
        assertThat(robot.lookup("#precisionToggle-3").queryAs(ToggleButton.class).isSelected()).isTrue();
        assertThat(robot.lookup("#statusMessageLabel").queryAs(Label.class).getText())
                .isEqualTo("Opened fp32-batch8.vram.json.");
    }

    @Test
    void aScenarioFromANewerVersionIsReportedInADialogAndNothingChanges(FxRobot robot) throws Exception {
        ScenarioInputs before = context.workload().snapshot();
        clickShowing(robot, "#fileMenu", "#openRecentMenu");
        // Into the submenu sideways first, as a user does, so the pointer does not cross "Save" and close it.
        robot.moveBy(160, 0);
        clickShowing(robot, "#recentFileMenuItem2");
        WaitForAsyncUtils.waitFor(TestPatience.SECONDS, TimeUnit.SECONDS,
                () -> robot.lookup("#fileProblemDialog").tryQuery()
                .isPresent());
        javafx.scene.control.DialogPane dialog = robot.lookup("#fileProblemDialog")
                .queryAs(javafx.scene.control.DialogPane.class);
        assertThat(dialog.getHeaderText()).isEqualTo("Could not open the scenario");
        assertThat(dialog.getContentText()).contains("from-the-future.vram.json").contains("newer version");
        assertThat(context.workload().snapshot()).isEqualTo(before);
        robot.type(KeyCode.ENTER);
    }

    @Test
    void theScenarioAndTheWindowComeBackOnTheNextStart(FxRobot robot) throws Exception {
        robot.interact(() -> {
            context.workload().batchProperty().set(16);
            context.settings().themeProperty().set(com.vramadvisor.app.settings.Theme.DARK);
            window.persist();
        });
        try (AppContext next = new AppContext(new SettingsStore(dir), CatalogLoader.shippedOnly().load(),
                Locale.ENGLISH, Runnable::run)) {
            assertThat(next.workload().snapshot().workload().batch()).isEqualTo(16);
            assertThat(next.settings().themeProperty().get()).isEqualTo(com.vramadvisor.app.settings.Theme.DARK);
            assertThat(next.storedSettings().window()).isNotNull();
            assertThat(next.scenario().recentFiles()).hasSize(2);
        }
    }

    @Test
    void choosingChineseInTheViewMenuRelabelsTheOpenWindow(FxRobot robot) {
        clickShowing(robot, "#viewMenu", "#languageMenu");
        robot.moveBy(160, 0);
        clickShowing(robot, "#chineseMenuItem");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup("#fileMenu").match((Node n) -> n.isVisible()).queryLabeled().getText())
                .isEqualTo("文件(_F)");
        assertThat(robot.lookup("#peakSummaryLabel").queryAs(Label.class).getText()).startsWith("每 GPU 峰值");
        assertThat(context.workload().snapshot().workload().batch()).isEqualTo(1);
        // The shipped CJK font is loaded from the class path and named as the UI font, so machines without a CJK
        // system font still show real glyphs.
        assertThat(com.vramadvisor.app.ui.CjkFonts.load()).hasValue("WenQuanYi Micro Hei");
        assertThat(window.view().root().getStyle()).contains("WenQuanYi Micro Hei");
    }

    @Test
    void theKeyboardAloneCanChangeASegmentedChoice(FxRobot robot) {
        ToggleButton bf16Mixed = robot.lookup("#precisionToggle-0").queryAs(ToggleButton.class);
        robot.interact(bf16Mixed::requestFocus);
        robot.type(KeyCode.RIGHT).type(KeyCode.SPACE);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(context.workload().snapshot().workload().precision()).isEqualTo(Precision.FP16_MIXED);
    }

    @Test
    void tabbingThroughThePanelKeepsTheFocusedInputInView(FxRobot robot) {
        robot.clickOn("#batchSizeField");
        for (int i = 0; i < 40; i++) {
            robot.type(KeyCode.TAB);
        }
        WaitForAsyncUtils.waitForFxEvents();
        Node focused = robot.targetWindow(robot.window(0)).lookup("#workloadPanel").query().getScene().getFocusOwner();
        javafx.scene.control.ScrollPane scroll = robot.lookup("#workloadScrollPane")
                .queryAs(javafx.scene.control.ScrollPane.class);
        javafx.geometry.Bounds viewport = scroll.localToScene(scroll.getLayoutBounds());
        javafx.geometry.Bounds node = focused.localToScene(focused.getLayoutBounds());
        assertThat(scroll.getVvalue()).isGreaterThan(0);
        assertThat(node.getMinY()).isGreaterThanOrEqualTo(viewport.getMinY() - 1);
        assertThat(node.getMaxY()).isLessThanOrEqualTo(viewport.getMaxY() + 1);
    }

    @Test
    void aDroppedModelFolderBecomesTheModelAndABrokenOneIsExplained(FxRobot robot) throws Exception {
        // Mistral-7B-v0.3's config.json: 32 layers, 4096 wide, 8 key/value heads, 32768-token vocabulary.
        robot.interact(() -> window.openDropped(Path.of("src/test/resources/configs/mistral-7b-v0.3")));
        WaitForAsyncUtils.waitFor(TestPatience.SECONDS, TimeUnit.SECONDS,
                () -> context.workload().snapshot().model().vocabSize() == 32768);
        assertThat(context.workload().snapshot().modelPresetId()).isEmpty();
        assertThat(robot.lookup("#modelImportNotice").queryLabeled().getText()).startsWith("Loaded");
        ScenarioInputs before = context.workload().snapshot();
        Path broken = Files.writeString(dir.resolve("config.json"), "{\"model_type\": \"llama\", \"hidden_");
        robot.interact(() -> window.openDropped(broken));
        WaitForAsyncUtils.waitFor(TestPatience.SECONDS, TimeUnit.SECONDS,
                () -> !robot.lookup("#modelImportError").queryLabeled().getText().isEmpty());
        assertThat(robot.lookup("#modelImportError").queryLabeled().getText()).startsWith("Could not read config.json");
        assertThat(context.workload().snapshot()).isEqualTo(before);
    }

    @Test
    void theProgressBarIsMadeForTheFirstJobAndShownOnlyWhileAJobRuns(FxRobot robot) throws Exception {
        assertThat(window.scene().lookup("#busyProgressBar")).isNull();
        boolean[] shownWhileBusy = new boolean[1];
        robot.interact(() -> {
            window.openDropped(Path.of("src/test/resources/configs/mistral-7b-v0.3"));
            // The import's result arrives through the UI thread's queue, so the job is still running here.
            Node bar = window.scene().lookup("#busyProgressBar");
            shownWhileBusy[0] = bar != null && bar.isVisible() && bar.isManaged();
        });
        assertThat(shownWhileBusy[0]).isTrue();
        WaitForAsyncUtils.waitFor(TestPatience.SECONDS, TimeUnit.SECONDS,
                () -> !context.modelImport().busyProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        Node bar = window.scene().lookup("#busyProgressBar");
        assertThat(bar.isVisible()).isFalse();
        assertThat(bar.isManaged()).isFalse();
    }

    @Test
    void aDroppedScenarioFileIsOpened(FxRobot robot) {
        robot.interact(() -> window.openDropped(savedScenario));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(context.workload().snapshot().workload().precision()).isEqualTo(Precision.FP32);
    }

    @Test
    void aDroppedScenarioFileWithTheRegisteredExtensionIsOpened(FxRobot robot) throws Exception {
        Path vram = Files.copy(savedScenario, dir.resolve("fp32-batch8.vram"));
        robot.interact(() -> window.openDropped(vram));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(context.workload().snapshot().workload().precision()).isEqualTo(Precision.FP32);
        assertThat(robot.lookup("#statusMessageLabel").queryAs(Label.class).getText())
                .isEqualTo("Opened fp32-batch8.vram.");
    }
}
