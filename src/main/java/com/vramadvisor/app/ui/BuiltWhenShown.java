package com.vramadvisor.app.ui;

import java.util.function.Supplier;
import javafx.beans.InvalidationListener;
import javafx.beans.value.ObservableBooleanValue;
import javafx.scene.Node;
import javafx.scene.layout.Pane;

/**
 * Puts a node into a pane the first time a condition holds, and from then on shows it exactly while the condition
 * holds. For views that most users never open (the other workload kinds' results beside a language model's): a
 * hidden node is not free, since JavaFX gives hidden controls their CSS pass and skins with the window's first
 * complete frame.
 */
public final class BuiltWhenShown {

    private BuiltWhenShown() {
    }

    /**
     * Adds the node {@code build} makes to the end of {@code parent}'s children once {@code visible} is true (at once
     * if it is now), bound to {@code visible} (visible and managed).
     */
    public static void add(Pane parent, ObservableBooleanValue visible, Supplier<? extends Node> build) {
        if (visible.get()) {
            parent.getChildren().add(bound(build.get(), visible));
            return;
        }
        InvalidationListener[] first = new InvalidationListener[1];
        first[0] = obs -> {
            if (visible.get()) {
                visible.removeListener(first[0]);
                parent.getProperties().remove(first[0]);
                parent.getChildren().add(bound(build.get(), visible));
            }
        };
        visible.addListener(first[0]);
        // A binding observes its sources weakly: until the node binds it, the pane keeps it (and this listener).
        parent.getProperties().put(first[0], visible);
    }

    private static Node bound(Node node, ObservableBooleanValue visible) {
        node.visibleProperty().bind(visible);
        node.managedProperty().bind(visible);
        return node;
    }
}
