package com.vramadvisor.app.shell;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.MainWindowFixture;
import com.vramadvisor.app.results.DecisionRow;
import com.vramadvisor.app.TestPatience;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.scene.control.Slider;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.ToggleButton;
import javafx.scene.layout.Background;
import javafx.scene.layout.BackgroundFill;
import javafx.scene.layout.Region;
import javafx.scene.paint.Color;
import javafx.scene.paint.Paint;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** What the keyboard focus and the table selection look like in the real window's stylesheets. */
@ExtendWith(ApplicationExtension.class)
class FocusAndSelectionStyleTest {

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

    private static List<Paint> fills(Region region) {
        Background b = region.getBackground();
        return b == null ? List.of() : b.getFills().stream().map(BackgroundFill::getFill).toList();
    }

    @Test
    void aFocusedSliderRingsItsThumb(FxRobot robot) {
        Slider slider = robot.lookup("#batchSizeSlider").queryAs(Slider.class);
        Region thumb = (Region) slider.lookup(".thumb");
        List<Paint> unfocused = fills(thumb);
        robot.interact(slider::requestFocus);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(slider.isFocused()).isTrue();
        assertThat(fills(thumb)).isNotEqualTo(unfocused);
        // The ring: an outer, translucent layer around the thumb.
        BackgroundFill ring = thumb.getBackground().getFills().get(0);
        assertThat(ring.getInsets().getTop()).isNegative();
        assertThat(((Color) ring.getFill()).getOpacity()).isBetween(0.1, 0.9);
    }

    @Test
    void aFocusedToggleButtonHasARing(FxRobot robot) {
        ToggleButton toggle = robot.lookup("#precisionToggle-3").queryAs(ToggleButton.class);
        assertThat(toggle.getBorder() == null || toggle.getBorder().getStrokes().stream()
                .allMatch(s -> s.getWidths().getTop() < 2)).as("no ring before focus").isTrue();
        javafx.geometry.Insets before = toggle.getInsets();
        robot.interact(toggle::requestFocus);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(toggle.getInsets()).as("the ring does not move the button's content").isEqualTo(before);
        assertThat(toggle.getBorder()).isNotNull();
        assertThat(toggle.getBorder().getStrokes().get(0).getWidths().getTop()).isEqualTo(2);
    }

    @Test
    void theSelectedTableRowStandsOutFromTheOthers(FxRobot robot) throws Exception {
        TableView<DecisionRow> table = robot.lookup("#decisionTable").queryTableView();
        WaitForAsyncUtils.waitFor(TestPatience.SECONDS, TimeUnit.SECONDS, () -> table.getItems().size() > 3);
        robot.interact(() -> {
            table.requestFocus();
            table.getSelectionModel().select(1);
        });
        WaitForAsyncUtils.waitForFxEvents();
        List<TableRow<?>> rows = table.lookupAll(".table-row-cell").stream()
                .filter(n -> n instanceof TableRow<?> r && r.getItem() != null && r.isVisible())
                .<TableRow<?>>map(n -> (TableRow<?>) n).toList();
        TableRow<?> selected = rows.stream().filter(TableRow::isSelected).findFirst().orElseThrow();
        TableRow<?> other = rows.stream().filter(r -> !r.isSelected()).findFirst().orElseThrow();
        Color plain = topColor(other);
        Color chosen = topColor(selected);
        // The theme's own selection colour differed from a plain row by a few percent of brightness.
        double distance = Math.abs(plain.getRed() - chosen.getRed()) + Math.abs(plain.getGreen() - chosen.getGreen())
                + Math.abs(plain.getBlue() - chosen.getBlue());
        assertThat(distance).isGreaterThan(0.3);
    }

    /** The colour a row shows, its background fills composed from the bottom up over white. */
    private static Color topColor(Node row) {
        Color c = Color.WHITE;
        for (Paint p : fills((Region) row)) {
            if (p instanceof Color f) {
                double a = f.getOpacity();
                c = new Color(f.getRed() * a + c.getRed() * (1 - a), f.getGreen() * a + c.getGreen() * (1 - a),
                        f.getBlue() * a + c.getBlue() * (1 - a), 1);
            }
        }
        return c;
    }
}
