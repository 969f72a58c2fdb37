package com.vramadvisor.app.shell;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.MainWindowFixture;
import com.vramadvisor.app.settings.Theme;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Control;
import javafx.scene.control.TabPane;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
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
 * Every control the keyboard can reach in the window's first view shows that it has the focus, in the light and the
 * dark theme: the pixels around and on it change visibly when it gets the focus, as the user sees them.
 */
@ExtendWith(ApplicationExtension.class)
class FocusRingUiTest {

    @TempDir
    static Path configDir;

    private AppContext context;
    private Scene scene;

    @Start
    void start(Stage stage) throws Exception {
        context = MainWindowFixture.show(stage, configDir);
        scene = stage.getScene();
    }

    @AfterEach
    void closeContext() {
        context.close();
    }

    @Test
    void everyFocusableControlShowsAFocusRingInTheLightTheme(FxRobot robot) throws Exception {
        assertThat(controlsWithoutAVisibleRing(robot)).isEmpty();
    }

    @Test
    void everyFocusableControlShowsAFocusRingInTheDarkTheme(FxRobot robot) throws Exception {
        robot.interact(() -> context.settings().themeProperty().set(Theme.DARK));
        assertThat(controlsWithoutAVisibleRing(robot)).isEmpty();
    }

    private List<String> controlsWithoutAVisibleRing(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(60, TimeUnit.SECONDS, () -> robot.lookup("#decisionTable").tryQuery().isPresent());
        WaitForAsyncUtils.waitForFxEvents();
        List<Control> controls = new ArrayList<>();
        collect(scene.getRoot(), controls);
        assertThat(controls).as("controls to check").hasSizeGreaterThan(10);
        List<String> missing = new ArrayList<>();
        for (Control c : controls) {
            robot.interact(c::requestFocus);
            WaitForAsyncUtils.waitForFxEvents();
            if (!c.isFocused() && !isFocusWithin(c)) {
                continue;
            }
            robot.interact(() -> scene.getRoot().requestFocus());
            WaitForAsyncUtils.waitForFxEvents();
            WritableImage before = snapshot(robot);
            robot.interact(c::requestFocus);
            WaitForAsyncUtils.waitForFxEvents();
            WritableImage after = snapshot(robot);
            Node ringed = c instanceof TabPane ? c.lookup(".tab:selected") : c;
            Bounds b = ringed.localToScene(ringed.getLayoutBounds());
            long changed = changedPixels(before, after, b, 4);
            // A ring goes round the control: at least half its outline must change to a colour that stands out from
            // what was there and from the control's own colour (an accent ring round an accent-filled button does not).
            double outline = b.getWidth() + b.getHeight();
            if (changed < outline) {
                missing.add(describe(c) + " changed " + changed + " px of " + (long) (2 * outline) + " outline");
            }
        }
        return missing;
    }

    private static boolean isFocusWithin(Node n) {
        return n.getScene() != null && n.getScene().getFocusOwner() != null
                && isInside(n.getScene().getFocusOwner(), n);
    }

    private static boolean isInside(Node node, Node ancestor) {
        for (Node n = node; n != null; n = n.getParent()) {
            if (n == ancestor) {
                return true;
            }
        }
        return false;
    }

    private static String describe(Control c) {
        return (c.getId() != null ? "#" + c.getId() : "") + " " + c.getClass().getSimpleName() + " "
                + c.getStyleClass();
    }

    /** Visible, enabled, focus-traversable controls, not inside another control (a spinner's editor). */
    private static void collect(Node node, List<Control> out) {
        if (!node.isVisible() || node.isDisabled()) {
            return;
        }
        if (node instanceof Control c && c.isFocusTraversable()) {
            Bounds b = c.localToScene(c.getLayoutBounds());
            Scene s = c.getScene();
            if (b.getWidth() > 0 && b.getHeight() > 0 && b.getMaxX() <= s.getWidth() && b.getMinY() >= 0
                    && b.getMinY() + 20 <= s.getHeight()) {
                out.add(c);
                return;
            }
        }
        if (node instanceof Parent p) {
            for (Node child : p.getChildrenUnmodifiable()) {
                collect(child, out);
            }
        }
    }

    private WritableImage snapshot(FxRobot robot) {
        WritableImage[] image = new WritableImage[1];
        robot.interact(() -> image[0] = scene.snapshot(null));
        return image[0];
    }

    private static long changedPixels(WritableImage a, WritableImage b, Bounds area, int margin) {
        PixelReader ra = a.getPixelReader();
        PixelReader rb = b.getPixelReader();
        int x0 = (int) Math.max(0, Math.floor(area.getMinX()) - margin);
        int y0 = (int) Math.max(0, Math.floor(area.getMinY()) - margin);
        int x1 = (int) Math.min(a.getWidth() - 1, Math.ceil(area.getMaxX()) + margin);
        int y1 = (int) Math.min(a.getHeight() - 1, Math.ceil(area.getMaxY()) + margin);
        Color own = dominant(ra, x0, y0, x1, y1);
        long changed = 0;
        for (int y = y0; y <= y1; y++) {
            for (int x = x0; x <= x1; x++) {
                Color cb = rb.getColor(x, y);
                if (distance(ra.getColor(x, y), cb) > 0.25 && distance(own, cb) > 0.25) {
                    changed++;
                }
            }
        }
        return changed;
    }

    private static double distance(Color a, Color b) {
        return Math.abs(a.getRed() - b.getRed()) + Math.abs(a.getGreen() - b.getGreen())
                + Math.abs(a.getBlue() - b.getBlue());
    }

    /** The commonest colour of an area: a control's fill. */
    private static Color dominant(PixelReader r, int x0, int y0, int x1, int y1) {
        java.util.Map<Integer, Integer> counts = new java.util.HashMap<>();
        for (int y = y0; y <= y1; y++) {
            for (int x = x0; x <= x1; x++) {
                counts.merge(r.getArgb(x, y), 1, Integer::sum);
            }
        }
        int argb = counts.entrySet().stream().max(java.util.Map.Entry.comparingByValue()).orElseThrow().getKey();
        return Color.rgb((argb >> 16) & 0xff, (argb >> 8) & 0xff, argb & 0xff);
    }
}
