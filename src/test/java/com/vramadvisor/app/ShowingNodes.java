package com.vramadvisor.app;

import static org.assertj.core.api.Assertions.assertThat;

import javafx.scene.Node;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/** Finds nodes in windows that are showing now: menus and popups of earlier tests' windows linger in TestFX. */
public final class ShowingNodes {

    private ShowingNodes() {
    }

    /** Clicks each query's visible node in a showing window, in order, waiting for the UI between clicks. */
    public static void clickShowing(FxRobot robot, String... queries) {
        for (String query : queries) {
            WaitForAsyncUtils.waitForFxEvents();
            Node node = robot.lookup(query).match((Node n) -> n.isVisible() && n.getScene() != null
                    && n.getScene().getWindow() != null && n.getScene().getWindow().isShowing()).query();
            assertThat(node).as(query).isNotNull();
            robot.clickOn(node);
        }
        WaitForAsyncUtils.waitForFxEvents();
    }
}
