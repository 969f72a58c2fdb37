package com.vramadvisor.app.ui;

import javafx.scene.control.Tooltip;

/** Tooltips that explain an input, in the current language, wrapped to a readable width. */
public final class Tips {

    /** Wide enough for a sentence or two per line, narrow enough to read at a glance. */
    static final double MAX_WIDTH = 360;

    private Tips() {
    }

    public static Tooltip of(Messages messages, String key) {
        Tooltip tip = new Tooltip();
        tip.textProperty().bind(messages.text(key));
        tip.setWrapText(true);
        tip.setMaxWidth(MAX_WIDTH);
        return tip;
    }
}
