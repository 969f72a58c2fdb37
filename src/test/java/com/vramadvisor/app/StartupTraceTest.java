package com.vramadvisor.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javafx.scene.Scene;
import javafx.scene.control.MenuBar;
import javafx.scene.control.Slider;
import javafx.scene.control.TableView;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The start-up trace reports the three frames in order, each once, with the states that define them: a window shown,
 * then the real menu bar, then the batch slider and a decision table with rows (an empty table is not complete).
 */
@ExtendWith(ApplicationExtension.class)
class StartupTraceTest {

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private Stage stage;

    @AfterEach
    void clearProperty(FxRobot robot) {
        System.clearProperty(StartupTrace.PROPERTY);
        System.clearProperty(StartupTrace.CLOSE_AFTER_PROPERTY);
        if (stage != null) {
            robot.interact(stage::close);
        }
    }

    @Test
    void reportsShownThenChromeThenCompleteOnlyOnceTheTableHasRows(FxRobot robot) throws Exception {
        System.setProperty(StartupTrace.PROPERTY, "true");
        VBox root = new VBox();
        TableView<String> table = new TableView<>();
        table.setId("decisionTable");
        robot.interact(() -> {
            StartupTrace.installIfAsked(new PrintStream(bytes, true, StandardCharsets.UTF_8));
            stage = new Stage();
            stage.setScene(new Scene(root, 300, 200));
            stage.show();
        });
        WaitForAsyncUtils.waitFor(TestPatience.SECONDS, TimeUnit.SECONDS, () -> lines().size() == 1);

        MenuBar bar = new MenuBar();
        bar.setId("mainMenuBar");
        Slider slider = new Slider();
        slider.setId("batchSizeSlider");
        robot.interact(() -> root.getChildren().addAll(bar, slider, table));
        WaitForAsyncUtils.waitFor(TestPatience.SECONDS, TimeUnit.SECONDS, () -> lines().size() == 2);
        // Slider and table are there, but the table has no rows yet: not complete.
        Thread.sleep(200);
        assertThat(lines()).hasSize(2);

        robot.interact(() -> table.getItems().add("row"));
        WaitForAsyncUtils.waitFor(TestPatience.SECONDS, TimeUnit.SECONDS, () -> lines().size() == 3);
        robot.interact(() -> table.getItems().add("another row"));
        Thread.sleep(200);

        List<String> lines = lines();
        assertThat(lines).hasSize(3);
        assertThat(lines).extracting(l -> l.split(" ")[1]).containsExactly("shown", "chrome", "complete");
        for (String line : lines) {
            String[] words = line.split(" ");
            assertThat(words[0]).isEqualTo(StartupTrace.PREFIX);
            assertThat(Long.parseLong(words[2])).as("ms since the process started").isPositive();
            assertThat(Long.parseLong(words[3])).as("process CPU ms").isPositive();
        }
        assertThat(Long.parseLong(lines.get(2).split(" ")[2]))
                .isGreaterThanOrEqualTo(Long.parseLong(lines.get(0).split(" ")[2]));
    }

    @Test
    void closesTheWindowAsItsCloseButtonDoesOnlyOnceCompleteWhenAsked(FxRobot robot) throws Exception {
        System.setProperty(StartupTrace.PROPERTY, "true");
        System.setProperty(StartupTrace.CLOSE_AFTER_PROPERTY, "0");
        VBox root = new VBox();
        Slider slider = new Slider();
        slider.setId("batchSizeSlider");
        TableView<String> table = new TableView<>();
        table.setId("decisionTable");
        root.getChildren().addAll(slider, table);
        AtomicInteger closeRequests = new AtomicInteger();
        robot.interact(() -> {
            StartupTrace.installIfAsked(new PrintStream(bytes, true, StandardCharsets.UTF_8));
            stage = new Stage();
            stage.setOnCloseRequest(e -> closeRequests.incrementAndGet());
            stage.setScene(new Scene(root, 300, 200));
            stage.show();
        });
        WaitForAsyncUtils.waitFor(TestPatience.SECONDS, TimeUnit.SECONDS, () -> lines().size() == 1);
        Thread.sleep(200);
        // Shown, but not complete (no rows): still open.
        assertThat(stage.isShowing()).isTrue();
        assertThat(closeRequests).hasValue(0);

        robot.interact(() -> table.getItems().add("row"));
        WaitForAsyncUtils.waitFor(TestPatience.SECONDS, TimeUnit.SECONDS, () -> !stage.isShowing());

        assertThat(closeRequests).hasValue(1);
        assertThat(lines()).extracting(l -> l.split(" ")[1]).containsExactly("shown", "complete");
    }

    @Test
    void aConsumedCloseRequestKeepsTheWindowOpenAsWithTheCloseButton(FxRobot robot) throws Exception {
        System.setProperty(StartupTrace.PROPERTY, "true");
        System.setProperty(StartupTrace.CLOSE_AFTER_PROPERTY, "0");
        VBox root = new VBox();
        Slider slider = new Slider();
        slider.setId("batchSizeSlider");
        TableView<String> table = new TableView<>(javafx.collections.FXCollections.observableArrayList("row"));
        table.setId("decisionTable");
        root.getChildren().addAll(slider, table);
        AtomicInteger closeRequests = new AtomicInteger();
        robot.interact(() -> {
            StartupTrace.installIfAsked(new PrintStream(bytes, true, StandardCharsets.UTF_8));
            stage = new Stage();
            stage.setOnCloseRequest(e -> {
                closeRequests.incrementAndGet();
                e.consume();
            });
            stage.setScene(new Scene(root, 300, 200));
            stage.show();
        });
        WaitForAsyncUtils.waitFor(TestPatience.SECONDS, TimeUnit.SECONDS, () -> closeRequests.get() == 1);
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(stage.isShowing()).isTrue();
    }

    @Test
    void printsNothingWithoutTheProperty(FxRobot robot) throws Exception {
        robot.interact(() -> {
            StartupTrace.installIfAsked(new PrintStream(bytes, true, StandardCharsets.UTF_8));
            stage = new Stage();
            stage.setScene(new Scene(new VBox(), 100, 100));
            stage.show();
        });
        WaitForAsyncUtils.waitForFxEvents();
        Thread.sleep(200);
        assertThat(bytes.size()).isZero();
    }

    private List<String> lines() {
        String text = bytes.toString(StandardCharsets.UTF_8).strip();
        return text.isEmpty() ? List.of() : List.of(text.split("\n"));
    }
}
