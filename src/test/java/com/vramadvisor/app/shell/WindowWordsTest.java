package com.vramadvisor.app.shell;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.settings.SettingsStore;
import com.vramadvisor.app.ui.CutTextTips;
import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.engine.core.WorkloadKind;
import com.vramadvisor.scenario.ScenarioInputs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Tab;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.VBox;
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

/** The window's words: the comparison names choices as the panel does, and no cut text is left unreadable. */
@ExtendWith(ApplicationExtension.class)
class WindowWordsTest {

    @TempDir
    static Path configDir;

    private AppContext context;
    private MainWindow window;
    private Stage stage;

    @Start
    void start(Stage stage) throws Exception {
        this.stage = stage;
        Path dir = Files.createTempDirectory(configDir, "config");
        context = new AppContext(new SettingsStore(dir), CatalogLoader.shippedOnly().load(), Locale.ENGLISH,
                Platform::runLater);
        window = new MainWindow(context);
        window.show(stage);
    }

    @AfterEach
    void closeContext() {
        context.close();
    }

    private void showTab(FxRobot robot, String id) {
        robot.interact(() -> {
            var tabs = ((javafx.scene.control.TabPane) window.scene().lookup(".tab-pane"));
            Tab tab = tabs.getTabs().stream().filter(t -> id.equals(t.getId())).findFirst().orElseThrow();
            tabs.getSelectionModel().select(tab);
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static void collect(Node node, List<Labeled> out) {
        if (!node.isVisible()) {
            return;
        }
        if (node instanceof Labeled l) {
            out.add(l);
        }
        if (node instanceof Parent p) {
            for (Node child : p.getChildrenUnmodifiable()) {
                collect(child, out);
            }
        }
    }

    private List<String> compareTexts() {
        List<Labeled> labels = new ArrayList<>();
        collect(window.scene().lookup("#compareScrollPane"), labels);
        return labels.stream().map(Labeled::getText).filter(t -> t != null && !t.isEmpty()).toList();
    }

    @Test
    void theComparisonNamesPrecisionFrameworkAndOptimizerAsThePanelDoesInBothLanguages(FxRobot robot) {
        showTab(robot, "compareTab");
        List<String> english = compareTexts();
        // The default scenario trains in bf16-mixed with AdamW on PyTorch; the panel's buttons read so.
        assertThat(english).contains("BF16 mixed", "PyTorch / Hugging Face", "AdamW")
                .doesNotContain("bf16-mixed", "pytorch", "adamw");
        robot.interact(() -> context.messages().setLocale(Locale.SIMPLIFIED_CHINESE));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(compareTexts()).contains("BF16 混合", "AdamW").doesNotContain("bf16-mixed", "BF16 mixed");
    }

    @Test
    void everyTextCutWithAnEllipsisHasItsFullTextOnHover(FxRobot robot) {
        robot.interact(() -> {
            stage.setWidth(1280);
            stage.setHeight(720);
        });
        showTab(robot, "compareTab");
        robot.interact(() -> context.workload().apply(context.workload().snapshot().withKind(WorkloadKind.VISION)));
        WaitForAsyncUtils.waitForFxEvents();
        List<Labeled> labels = new ArrayList<>();
        collect(window.scene().getRoot(), labels);
        for (Labeled l : labels) {
            Text shown = (Text) l.getChildrenUnmodifiable().stream()
                    .filter(n -> n instanceof Text && n.getStyleClass().contains("text")).findFirst().orElse(null);
            String full = l.isMnemonicParsing() ? l.getText().replaceFirst("_", "") : l.getText();
            if (shown == null || full == null || full.equals(shown.getText())
                    || l.getProperties().containsKey(com.vramadvisor.app.ui.HoverTip.class.getName())) {
                continue;
            }
            assertThat(l.getTooltip()).as("tooltip of cut text '%s'", shown.getText()).isNotNull();
            if (l.getTooltip().getProperties().containsKey(
                    com.vramadvisor.app.ui.CutTextTips.class.getName())) {
                assertThat(l.getTooltip().getText()).isEqualTo(full);
            }
        }
    }

    @Test
    void aCutLabelGetsItsFullTextAsTooltipAndLosesItOnceItFits(FxRobot robot) {
        String full = "Deadline in days (decision table)";
        Label cut = new Label(full);
        cut.setMaxWidth(60);
        Label explained = new Label(full);
        explained.setMaxWidth(60);
        Tooltip own = new Tooltip("an explanation");
        explained.setTooltip(own);
        Stage[] small = new Stage[1];
        robot.interact(() -> {
            small[0] = new Stage();
            Scene scene = new Scene(new VBox(cut, explained), 300, 100);
            CutTextTips.install(scene);
            small[0].setScene(scene);
            small[0].show();
        });
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(cut.getTooltip()).isNotNull();
        assertThat(cut.getTooltip().getText()).isEqualTo(full);
        assertThat(explained.getTooltip()).isSameAs(own);
        robot.interact(() -> cut.setMaxWidth(Double.MAX_VALUE));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(cut.getTooltip()).as("the text fits again").isNull();
        robot.interact(() -> small[0].close());
    }

    @Test
    void anotherKindsMemoryCardStartsAtItsHeadline(FxRobot robot) {
        robot.interact(() -> {
            stage.setWidth(1280);
            stage.setHeight(720);
            context.workload().apply(context.workload().snapshot().withKind(WorkloadKind.VISION));
        });
        WaitForAsyncUtils.waitForFxEvents();
        ScrollPane card = (ScrollPane) window.scene().lookup("#domainBreakdownScroll");
        assertThat(card).isNotNull();
        robot.interact(() -> card.setVvalue(card.getVmax()));
        assertThat(card.getVvalue()).isEqualTo(card.getVmax());
        ScenarioInputs vision = context.workload().snapshot();
        robot.interact(() -> context.workload().apply(vision.withKind(WorkloadKind.DIFFUSION)));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(card.getVvalue()).isEqualTo(card.getVmin());
    }
}
