package com.vramadvisor.app.workload;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.MainWindowFixture;
import com.vramadvisor.app.shell.AppContext;
import com.vramadvisor.app.ui.HoverTip;
import com.vramadvisor.app.TestPatience;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Slider;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextField;
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

/** The workload panel's tooltips are made when the pointer first comes over a field, and then show as before. */
@ExtendWith(ApplicationExtension.class)
class HoverTipUiTest {

    private static final String BATCH_TIP = "Sequences each data-parallel replica processes per step.";

    @TempDir
    static Path configDir;

    private AppContext context;

    @Start
    void start(Stage stage) throws Exception {
        context = MainWindowFixture.show(stage, configDir);
    }

    @AfterEach
    void closeContext() {
        context.close();
    }

    @Test
    void pointingAtTheBatchSliderShowsItsTooltipThatDidNotExistBefore(FxRobot robot) throws Exception {
        Slider slider = robot.lookup("#batchSizeSlider").queryAs(Slider.class);
        assertThat(slider.getTooltip()).as("no tooltip before the pointer comes").isNull();
        assertThat(slider.getAccessibleHelp()).as("a screen reader has the text already").startsWith(BATCH_TIP);

        robot.moveTo(slider);
        // Like any JavaFX tooltip, it opens after the pointer moves over its node.
        robot.moveBy(3, 1);
        WaitForAsyncUtils.waitForFxEvents();
        Tooltip tip = slider.getTooltip();
        assertThat(tip).isNotNull();
        WaitForAsyncUtils.waitFor(TestPatience.SECONDS, TimeUnit.SECONDS, tip::isShowing);
        assertThat(tip.getText()).startsWith(BATCH_TIP);
        assertThat(tip.isWrapText()).isTrue();
        robot.moveTo("#peakSummaryLabel");
    }

    @Test
    void aTooltipNotYetMadeFollowsTheLanguageAndIsMadeInIt(FxRobot robot) {
        TextField field = robot.lookup("#batchSizeField").queryAs(TextField.class);
        assertThat(field.getTooltip()).isNull();

        robot.interact(() -> context.messages().setLocale(Locale.SIMPLIFIED_CHINESE));
        assertThat(field.getAccessibleHelp()).contains("每个数据并行副本每步处理的序列数");
        robot.interact(() -> HoverTip.tooltipOf(field));
        Tooltip tip = field.getTooltip();
        assertThat(tip).isNotNull();
        assertThat(tip.getText()).contains("每个数据并行副本每步处理的序列数");

        robot.interact(() -> context.messages().setLocale(Locale.ENGLISH));
        assertThat(tip.getText()).contains(BATCH_TIP);
    }

    @Test
    void aBarSegmentAndATabGetTheirTooltipsWhenThePointerComes(FxRobot robot) throws Exception {
        // A tab is no node: its tooltip is made when the pointer first enters the tab pane.
        TabPane tabs = robot.lookup("#mainTabPane").queryAs(TabPane.class);
        Tab advice = tabs.getTabs().stream().filter(t -> "adviceTab".equals(t.getId())).findFirst().orElseThrow();
        assertThat(advice.getTooltip()).isNull();
        robot.moveTo(advice.getText());
        robot.moveBy(2, 0);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(advice.getTooltip()).isNotNull();
        assertThat(advice.getTooltip().getText()).startsWith("What to change first when the workload does not fit");

        // A plain region (Tooltip.install rather than a control's own tooltip).
        Region segment = robot.lookup(".stacked-memory-bar .segment").queryAs(Region.class);
        robot.moveTo(segment);
        robot.moveBy(1, 0);
        WaitForAsyncUtils.waitForFxEvents();
        Tooltip segmentTip = HoverTip.tooltipOf(segment);
        WaitForAsyncUtils.waitFor(TestPatience.SECONDS, TimeUnit.SECONDS, segmentTip::isShowing);
        assertThat(segmentTip.getText()).isNotBlank();

        robot.moveTo("#peakSummaryLabel");
    }
}
