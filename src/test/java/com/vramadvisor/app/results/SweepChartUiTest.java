package com.vramadvisor.app.results;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.MainWindowFixture;
import com.vramadvisor.app.shell.AppContext;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.scenario.SweepAxis;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.chart.Axis;
import javafx.scene.chart.NumberAxis;
import javafx.scene.control.Label;
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

/** The sweep chart in the real window, read as the user reads it. */
@ExtendWith(ApplicationExtension.class)
class SweepChartUiTest {

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

    private SweepAreaChart chart(FxRobot robot) {
        return robot.lookup("#sweepChart").queryAs(SweepAreaChart.class);
    }

    private static String drawn(Label label) {
        return ((Text) label.lookup(".text")).getText();
    }

    @Test
    void theAxisTitlesAreNeverCutAndTheMemoryAxisNamesItsUnit(FxRobot robot) {
        for (Mode mode : new Mode[] {Mode.TRAIN, Mode.INFER}) {
            robot.interact(() -> context.workload().modeProperty().set(mode));
            WaitForAsyncUtils.waitForFxEvents();
            NumberAxis y = (NumberAxis) chart(robot).getYAxis();
            Label yTitle = (Label) y.lookup(".axis-label");
            assertThat(yTitle.getText()).contains("GiB");
            assertThat(drawn(yTitle)).as("the memory axis's title is not cut").isEqualTo(yTitle.getText());
            Label xTitle = (Label) chart(robot).getXAxis().lookup(".axis-label");
            assertThat(xTitle.getText()).isNotBlank();
            assertThat(drawn(xTitle)).as("the swept axis's title is not cut").isEqualTo(xTitle.getText());
        }
    }

    @Test
    void tickLabelsOfALongAxisDoNotRunTogether(FxRobot robot) {
        // Inference over the context: the axis reaches past 100,000 tokens.
        robot.interact(() -> {
            context.workload().modeProperty().set(Mode.INFER);
            context.workload().sweepAxisProperty().set(SweepAxis.CONTEXT);
        });
        WaitForAsyncUtils.waitForFxEvents();
        NumberAxis x = (NumberAxis) chart(robot).getXAxis();
        assertThat(x.getUpperBound()).isGreaterThan(10_000);
        List<Axis.TickMark<Number>> ticks = x.getTickMarks().stream().filter(Axis.TickMark::isTextVisible).toList();
        assertThat(ticks).hasSizeGreaterThan(2);
        for (int i = 1; i < ticks.size(); i++) {
            double gap = ticks.get(i).getPosition() - ticks.get(i - 1).getPosition();
            double widths = (width(x, ticks.get(i).getLabel()) + width(x, ticks.get(i - 1).getLabel())) / 2;
            assertThat(gap).as("between %s and %s", ticks.get(i - 1).getLabel(), ticks.get(i).getLabel())
                    .isGreaterThan(widths + 4);
        }
    }

    private static double width(NumberAxis axis, String text) {
        Text t = new Text(text);
        t.setFont(axis.getTickLabelFont());
        return t.getLayoutBounds().getWidth();
    }

    @Test
    void theCapacityLabelDoesNotCoverTheCurve(FxRobot robot) {
        // The default scenario, and one where the curve crosses the line in the middle of the plot.
        for (int batch : new int[] {1, 8}) {
            robot.interact(() -> {
                context.workload().modeProperty().set(Mode.LORA);
                context.workload().batchProperty().set(batch);
            });
            WaitForAsyncUtils.waitForFxEvents();
            SweepAreaChart chart = chart(robot);
            Node label = chart.lookup(".capacity-line-label");
            Bounds b = label.getBoundsInParent();
            double[][] curve = curveOf(chart);
            assertThat(curve[0]).hasSizeGreaterThan(5);
            assertThat(SweepAreaChart.curveInside(curve, b.getMinX(), b.getMinY(), b.getMaxX(), b.getMaxY()))
                    .as("curve under the label at batch %d", batch).isZero();
        }
    }

    private static double[][] curveOf(SweepAreaChart chart) {
        var data = chart.getData().get(0).getData();
        double[][] xy = new double[2][data.size()];
        for (int i = 0; i < data.size(); i++) {
            xy[0][i] = chart.getXAxis().getDisplayPosition(data.get(i).getXValue());
            xy[1][i] = chart.getYAxis().getDisplayPosition(data.get(i).getYValue());
        }
        return xy;
    }

    @Test
    void servingNamesOneNumberOfSequencesThatFitInOneFormat(FxRobot robot) throws Exception {
        robot.interact(() -> context.workload().modeProperty().set(Mode.INFER));
        WaitForAsyncUtils.waitForFxEvents();
        String fit = robot.lookup("#largestFitLabel").queryAs(Label.class).getText();
        String kv = robot.lookup("#sweepKvCapacityLabel").queryAs(Label.class).getText();
        String status = robot.lookup("#fitSummaryLabel").queryAs(Label.class).getText();
        Label target = robot.lookup("#sweepLatencyLabel").queryAs(Label.class);
        long n = lastNumber(fit);
        assertThat(n).isPositive();
        assertThat(lastNumber(kv)).isEqualTo(n);
        assertThat(status).contains(": " + String.format("%,d", n) + " sequences");
        // Whole sequences everywhere: no "107.08", no "107.1x".
        assertThat(List.of(fit, kv, status)).allSatisfy(t -> assertThat(t).doesNotContainPattern("\\d\\.\\d+x")
                .doesNotContain(String.format("%,d.", n)));
        // The latency line shows only where the targets stop the concurrency first, with a smaller number.
        if (target.isVisible()) {
            assertThat(lastNumber(target.getText())).isLessThan(n);
        }
        CapacityLine primary = context.results().sweep().capacityLines().get(0);
        assertThat(primary.largestFit()).isEqualTo(n);
    }

    private static long lastNumber(String text) {
        Matcher m = Pattern.compile("(\\d[\\d,]*)(?!.*\\d)").matcher(text);
        assertThat(m.find()).as(text).isTrue();
        return Long.parseLong(m.group(1).replace(",", ""));
    }
}
