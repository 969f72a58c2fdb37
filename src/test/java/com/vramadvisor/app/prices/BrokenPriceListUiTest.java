package com.vramadvisor.app.prices;

import static com.vramadvisor.app.ShowingNodes.clickShowing;
import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.settings.SettingsStore;
import com.vramadvisor.app.shell.AppContext;
import com.vramadvisor.app.shell.MainWindow;
import com.vramadvisor.app.ui.HoverTip;
import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.app.TestPatience;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.scene.control.Label;
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

/** A price list that is not valid JSON: the window starts, says what is wrong and where, and can replace it. */
@ExtendWith(ApplicationExtension.class)
class BrokenPriceListUiTest {

    @TempDir
    static Path dirs;

    private AppContext context;
    private Path catalogDir;

    @Start
    void start(Stage stage) throws Exception {
        catalogDir = Files.createTempDirectory(dirs, "catalog");
        Files.writeString(catalogDir.resolve("prices.json"), "{\"prices\": [\n  {\"id\": \"t4\", \"priceUsd\": 1900,\n");
        context = new AppContext(new SettingsStore(Files.createTempDirectory(dirs, "config")),
                CatalogLoader.withUserDirectory(catalogDir).load(), Locale.ENGLISH, Platform::runLater);
        context.useCatalogFolder(catalogDir);
        new MainWindow(context).show(stage);
    }

    @AfterEach
    void closeContext() {
        context.close();
    }

    @Test
    void aMalformedPriceListIsAClearProblemAndTheWindowKeepsWorking(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        Label status = robot.lookup("#catalogStatusLabel").queryAs(Label.class);
        assertThat(status.getText()).endsWith("1 entry skipped (hover for details)");
        String tip = HoverTip.tooltipOf(status).getText();
        assertThat(tip).contains(catalogDir.resolve("prices.json").toString())
                .contains("malformed JSON: line").contains("unexpected end of file");
        // Everything else loaded: the decision table ranks the shipped catalog.
        WaitForAsyncUtils.waitFor(TestPatience.SECONDS, TimeUnit.SECONDS,
                () -> !context.results().table().rows().isEmpty());

        clickShowing(robot, "#editMenu", "#myPricesMenuItem");
        Label problem = robot.lookup("#priceProblemLabel").queryAs(Label.class);
        assertThat(problem.isVisible()).isTrue();
        assertThat(problem.getText()).contains("malformed JSON");
        robot.clickOn("#priceFilterField").write("t4");
        WaitForAsyncUtils.waitForFxEvents();
        @SuppressWarnings("unchecked")
        TableView<PriceRow> table = robot.lookup("#priceTable").queryAs(TableView.class);
        robot.interact(() -> table.getSelectionModel().select(0));
        robot.clickOn("#userPriceField").write("1900");
        robot.clickOn("#setPriceButton");
        robot.clickOn("#savePricesButton");
        WaitForAsyncUtils.waitForFxEvents();

        WaitForAsyncUtils.waitFor(TestPatience.SECONDS, TimeUnit.SECONDS, () -> context.catalog().problems().isEmpty());
        assertThat(context.catalog().gpu("t4").orElseThrow().priceUsd()).isEqualTo(1900);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(status.getText()).doesNotContain("skipped");
    }
}
