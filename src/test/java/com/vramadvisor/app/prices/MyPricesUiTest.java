package com.vramadvisor.app.prices;

import static com.vramadvisor.app.ShowingNodes.clickShowing;
import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.settings.SettingsStore;
import com.vramadvisor.app.shell.AppContext;
import com.vramadvisor.app.shell.MainWindow;
import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.catalog.UserPrice;
import com.vramadvisor.catalog.UserPriceList;
import com.vramadvisor.engine.hardware.PriceSource;
import com.vramadvisor.app.TestPatience;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
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

/** Edit > My prices... in the real window: a price typed in the dialog reaches the file and the catalog. */
@ExtendWith(ApplicationExtension.class)
class MyPricesUiTest {

    private static final String OFFER = "lambda-gpu-8x-h100-sxm5-on-demand";

    @TempDir
    static Path dirs;

    private AppContext context;
    private Path catalogDir;

    @Start
    void start(Stage stage) throws Exception {
        catalogDir = Files.createTempDirectory(dirs, "catalog");
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
    void aPriceSetAndSavedReachesTheFileAndTheReloadedCatalog(FxRobot robot) throws Exception {
        clickShowing(robot, "#editMenu", "#myPricesMenuItem");
        robot.clickOn("#priceFilterField").write("gpu-8x-h100");
        WaitForAsyncUtils.waitForFxEvents();
        @SuppressWarnings("unchecked")
        TableView<PriceRow> table = robot.lookup("#priceTable").queryAs(TableView.class);
        assertThat(table.getItems()).extracting(PriceRow::id).containsExactly(OFFER);
        // A click on the row's id cell selects it and fills the fields under the table.
        robot.clickOn(robot.lookup("#priceTable .table-cell")
                .match((Node n) -> n instanceof TableCell<?, ?> c && OFFER.equals(c.getItem())).queryAs(Node.class));
        robot.clickOn("#userPriceField").write("27.50");
        robot.clickOn("#userPriceDateField").write("2026-09-30");
        robot.clickOn("#setPriceButton");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(table.getItems().get(0).yourPrice()).isEqualTo("27.5");
        robot.clickOn("#savePricesButton");
        WaitForAsyncUtils.waitForFxEvents();

        Path file = catalogDir.resolve(UserPriceList.FILE_NAME);
        assertThat(UserPriceList.contents(file).prices())
                .containsExactly(new UserPrice(OFFER, UserPrice.Field.USD_PER_HOUR, 27.5, "2026-09-30", ""));
        WaitForAsyncUtils.waitFor(TestPatience.SECONDS, TimeUnit.SECONDS, () -> context.catalog().isUserPriced(OFFER));
        assertThat(context.catalog().cloudOffer(OFFER).orElseThrow().priceUsdPerHour()).isEqualTo(27.5);
        assertThat(context.catalog().cloudOffer(OFFER).orElseThrow().priceSource()).isEqualTo(PriceSource.USER);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup("#statusMessageLabel").queryAs(Label.class).getText())
                .isEqualTo("Catalog reloaded with 1 price of your own.");
        // The decision table ranks over the reloaded catalog: the offer rents at the user's price.
        WaitForAsyncUtils.waitFor(TestPatience.SECONDS, TimeUnit.SECONDS,
                () -> context.results().table().rows().stream()
                .anyMatch(r -> r.hardwareId().equals(OFFER) && Double.valueOf(27.5).equals(r.rentalUsdPerHour())));
    }
}
