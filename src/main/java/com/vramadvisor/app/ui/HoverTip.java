package com.vramadvisor.app.ui;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.scene.Node;
import javafx.scene.control.Control;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.Tooltip;
import javafx.scene.input.MouseEvent;

/**
 * A tooltip that is made when the pointer first enters one of its nodes, then shared by all of them.
 *
 * <p>A {@code Tooltip} is a popup control with a scene of its own: making the window's hundred or so up front was
 * about a seventh of the UI thread's work before the window was complete (docs/benchmarks.md). The text lives here,
 * bound to a message or set by a table cell, so a language switch or a new row relabels the tooltip whether it exists
 * yet or not. A control's {@code accessibleHelp} is bound to the same text from the start, since a screen reader reads
 * a control's tooltip as its help and the tooltip may not exist yet. The tooltip appears on the pointer's next
 * movement over the node, as JavaFX's own tooltips wait for a movement.
 */
public final class HoverTip {

    /** Wide enough for a sentence or two per line, narrow enough to read at a glance. */
    static final double MAX_WIDTH = 360;
    private static final String KEY = HoverTip.class.getName();

    private final Supplier<Tooltip> style;
    private final StringProperty text = new SimpleStringProperty(this, "text", "");
    private final List<Node> installed = new ArrayList<>(2);
    private Tooltip tooltip;

    private HoverTip(Supplier<Tooltip> style) {
        this.style = style;
    }

    /** A tooltip that explains an input, in the current language, wrapped to a readable width. */
    public static HoverTip of(Messages messages, String key) {
        HoverTip tip = wrapped();
        tip.text.bind(messages.text(key));
        return tip;
    }

    /** A tooltip like {@link #of(Messages, String)}'s whose text is set or bound through {@link #textProperty()}. */
    public static HoverTip wrapped() {
        return new HoverTip(HoverTip::wrappedTooltip);
    }

    /**
     * A tooltip whose text is set or bound through {@link #textProperty()}, made by {@code style} (which sets its
     * look and timing; the text is bound afterwards).
     */
    public static HoverTip styled(Supplier<Tooltip> style) {
        return new HoverTip(style);
    }

    /** Gives each node this tooltip when the pointer first enters it; returns this tip. */
    public HoverTip attach(Node... nodes) {
        for (Node node : nodes) {
            node.getProperties().put(KEY, this);
            node.addEventHandler(MouseEvent.MOUSE_ENTERED, e -> install(node));
            if (node instanceof Control c) {
                c.accessibleHelpProperty().bind(text);
            }
        }
        return this;
    }

    /**
     * Gives {@code tab} this tooltip when the pointer first enters {@code pane}: a tab is no node, and the header that
     * shows its tooltip is made by the pane's skin.
     */
    public HoverTip attach(Tab tab, TabPane pane) {
        pane.addEventHandler(MouseEvent.MOUSE_ENTERED, e -> {
            if (tab.getTooltip() == null) {
                tab.setTooltip(tooltip());
            }
        });
        return this;
    }

    /** The text, bindable; the tooltip follows it once made. */
    public StringProperty textProperty() {
        return text;
    }

    public String getText() {
        return text.get();
    }

    public void setText(String value) {
        text.set(value);
    }

    /**
     * The tooltip of {@code node}: the one made when the pointer entered it, made now (and installed) if it was not
     * yet, or the tooltip the node was given directly; {@code null} if it has none.
     */
    public static Tooltip tooltipOf(Node node) {
        if (node.getProperties().get(KEY) instanceof HoverTip tip) {
            return tip.install(node);
        }
        return node instanceof Control c ? c.getTooltip() : null;
    }

    private Tooltip tooltip() {
        if (tooltip == null) {
            tooltip = style.get();
            tooltip.textProperty().bind(text);
        }
        return tooltip;
    }

    private Tooltip install(Node node) {
        tooltip();
        if (!installed.contains(node)) {
            installed.add(node);
            if (node instanceof Control c) {
                c.setTooltip(tooltip);
            } else {
                Tooltip.install(node, tooltip);
            }
        }
        return tooltip;
    }

    private static Tooltip wrappedTooltip() {
        Tooltip tip = new Tooltip();
        tip.setWrapText(true);
        tip.setMaxWidth(MAX_WIDTH);
        return tip;
    }
}
