package com.vramadvisor.app.results;

import com.vramadvisor.app.ui.HoverTip;
import javafx.beans.value.ObservableValue;
import javafx.scene.control.Tooltip;
import javafx.util.Duration;

/** Tooltips that explain a number: they open quickly, wrap, and stay while the pointer rests on the number. */
public final class Tooltips {

    private static final double MAX_WIDTH = 460;
    private static final double CONTROL_MAX_WIDTH = 420;

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

    /**
     * A control's tooltip (the decision table's headers and filters): wrapped, opening after a short rest, made when
     * the pointer first comes over one of its nodes.
     */
    public static HoverTip describing(ObservableValue<String> text) {
        HoverTip tip = HoverTip.styled(() -> {
            Tooltip t = new Tooltip();
            t.setWrapText(true);
            t.setMaxWidth(CONTROL_MAX_WIDTH);
            t.setShowDelay(Duration.millis(300));
            return t;
        });
        tip.textProperty().bind(text);
        return tip;
    }

    /** An explaining tooltip made when the pointer first comes over one of its nodes; its text is set on the tip. */
    public static HoverTip explainingOnHover() {
        return HoverTip.styled(() -> explaining(""));
    }
}
