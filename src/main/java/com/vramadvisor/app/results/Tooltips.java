package com.vramadvisor.app.results;

import javafx.scene.control.Tooltip;
import javafx.util.Duration;

/** Tooltips that explain a number: they open quickly, wrap, and stay while the pointer rests on the number. */
public final class Tooltips {

    private static final double MAX_WIDTH = 460;

    private Tooltips() {
    }

    public static Tooltip explaining(String text) {
        Tooltip t = new Tooltip(text);
        t.setShowDelay(Duration.millis(150));
        t.setShowDuration(Duration.INDEFINITE);
        t.setWrapText(true);
        t.setMaxWidth(MAX_WIDTH);
        return t;
    }
}
