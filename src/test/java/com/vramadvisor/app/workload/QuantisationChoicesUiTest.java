package com.vramadvisor.app.workload;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.MainWindowFixture;
import com.vramadvisor.app.shell.AppContext;
import com.vramadvisor.app.ui.Messages;
import com.vramadvisor.engine.llm.Mode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.ToggleButton;
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
 * The quantisation choices of frozen or served weights as the user reads them: each button's whole name from the
 * bundle inside the panel, a tooltip of what it stores per weight, labelled drop-downs; in English, in Chinese and
 * back, at the default width and at the window's narrowest.
 */
@ExtendWith(ApplicationExtension.class)
class QuantisationChoicesUiTest {

    @TempDir
    static Path configDir;

    private AppContext context;
    private Stage stage;
    private double[] before;

    @Start
    void start(Stage stage) throws Exception {
        this.stage = stage;
        context = MainWindowFixture.show(stage, configDir);
        // The widest a headless test screen allows (1280 x 800); the panel then has 0.3 of it, as at 1440 it has 432 px.
        before = new double[] {stage.getWidth(), stage.getHeight()};
        stage.setWidth(1280);
        stage.setHeight(800);
    }

    @AfterEach
    void closeContext(FxRobot robot) {
        robot.interact(() -> {
            context.settings().languageProperty().set("en");
            stage.setWidth(before[0]);
            stage.setHeight(before[1]);
        });
        context.close();
    }

    private List<ToggleButton> buttons(FxRobot robot) {
        List<ToggleButton> found = new ArrayList<>();
        for (int i = 0; ; i++) {
            var b = robot.lookup("#quantizationToggle-" + i).tryQuery();
            if (b.isEmpty()) {
                return found;
            }
            found.add((ToggleButton) b.get());
        }
    }

    /** What the button really draws: its text node's string, which ends in "…" when the text is cut. */
    private static String drawn(ToggleButton b) {
        return ((Text) b.lookup(".text")).getText();
    }

    private void checkEveryChoiceReads(FxRobot robot, Locale locale) {
        WaitForAsyncUtils.waitForFxEvents();
        Messages texts = new Messages(locale);
        ScrollPane panel = robot.lookup("#workloadScrollPane").queryAs(ScrollPane.class);
        Bounds viewport = panel.localToScene(panel.getLayoutBounds());
        List<ToggleButton> buttons = buttons(robot);
        assertThat(buttons).hasSize(WorkloadView.quantizations().size());
        for (ToggleButton b : buttons) {
            var type = WorkloadView.quantizations().get(buttons.indexOf(b));
            String expected = texts.get(type == null ? "workload.quantization.auto"
                    : NumericsSection.typeKey(type));
            assertThat(b.getText()).as(b.getId()).isEqualTo(expected).doesNotContain("_").doesNotContain("!");
            assertThat(drawn(b)).as(b.getId() + " drawn whole").isEqualTo(b.getText());
            Bounds shown = b.localToScene(b.getLayoutBounds());
            assertThat(shown.getMaxX()).as(b.getId() + " inside the panel").isLessThanOrEqualTo(viewport.getMaxX());
            if (type != null) {
                assertThat(b.getAccessibleHelp()).as(b.getId() + " tooltip")
                        .contains(NumericsSection.bits(texts, type));
            }
        }
        // Each drop-down has a label of its own that points at it.
        for (String id : List.of("ggufTypeCombo", "groupQuantCombo")) {
            ComboBox<?> combo = robot.lookup("#" + id).queryAs(ComboBox.class);
            Label label = robot.lookup(".field-label").match((Label l) -> l.getLabelFor() == combo).query();
            assertThat(label).as(id + " label").isNotNull();
            assertThat(label.getText()).isNotBlank();
            assertThat(label.isVisible()).isTrue();
        }
        assertThat(robot.lookup(".field-label").match((Label l) -> l.getLabelFor() != null
                && "ggufTypeCombo".equals(l.getLabelFor().getId())).queryAs(Label.class).getText())
                .isEqualTo(texts.get("workload.quantization.gguf.label"));
    }

    @Test
    void everyQuantisationChoiceShowsItsWholeNameAndWhatItStoresInBothLanguages(FxRobot robot) {
        robot.interact(() -> context.workload().modeProperty().set(Mode.LORA));
        checkEveryChoiceReads(robot, Locale.ENGLISH);
        assertThat(robot.lookup("#quantizationToggle-7").queryAs(ToggleButton.class).getText())
                .isEqualTo("NF4 single");
        robot.interact(() -> context.settings().languageProperty().set("zh-CN"));
        checkEveryChoiceReads(robot, Locale.SIMPLIFIED_CHINESE);
        robot.interact(() -> context.settings().languageProperty().set("en"));
        checkEveryChoiceReads(robot, Locale.ENGLISH);
    }

    @Test
    void theChoicesWrapRatherThanCutAtTheNarrowestWindow(FxRobot robot) {
        robot.interact(() -> {
            context.workload().modeProperty().set(Mode.INFER);
            stage.setWidth(900);
        });
        robot.interact(() -> context.settings().languageProperty().set("zh-CN"));
        checkEveryChoiceReads(robot, Locale.SIMPLIFIED_CHINESE);
        robot.interact(() -> context.settings().languageProperty().set("en"));
        checkEveryChoiceReads(robot, Locale.ENGLISH);
        // Wrapped: the buttons sit in more than one row.
        assertThat(buttons(robot).stream().map(b -> b.localToScene(0, 0).getY()).distinct().count())
                .isGreaterThan(1);
    }
}
