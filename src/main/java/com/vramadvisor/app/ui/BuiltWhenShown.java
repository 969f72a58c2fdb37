package com.vramadvisor.app.ui;

import java.util.function.Supplier;
import javafx.beans.InvalidationListener;
import javafx.beans.Observable;
import javafx.beans.value.ObservableBooleanValue;
import javafx.scene.Node;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Region;

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

    /**
     * What to put into a layout in {@code node}'s place: {@code node} itself if it is visible or managed now, else an
     * invisible, unmanaged stand-in that gives {@code node} its place the first time {@code node} becomes visible (and
     * the stand-in has a parent). For a node whose visibility is bound (an input one mode shows, an error label) and
     * that takes no room while hidden (managed bound to visible): the layout is the same either way, and until it
     * first shows the node costs no CSS pass, skin or layout. The stand-in keeps the node, and with it the bindings
     * that will show it.
     */
    public static Node inPlaceOf(Node node) {
        if (node.isVisible() || node.isManaged()) {
            return node;
        }
        Region standIn = new Region();
        standIn.setVisible(false);
        standIn.setManaged(false);
        standIn.getProperties().put(BuiltWhenShown.class, node);
        InvalidationListener swap = new InvalidationListener() {
            @Override
            public void invalidated(Observable obs) {
                // Both read every time: an invalidation listener hears again only from a property read since.
                boolean visible = node.isVisible();
                if (standIn.getParent() instanceof Pane parent && visible) {
                    node.visibleProperty().removeListener(this);
                    standIn.parentProperty().removeListener(this);
                    standIn.getProperties().remove(BuiltWhenShown.class);
                    parent.getChildren().set(parent.getChildren().indexOf(standIn), node);
                }
            }
        };
        node.visibleProperty().addListener(swap);
        standIn.parentProperty().addListener(swap);
        return standIn;
    }

    private static Node bound(Node node, ObservableBooleanValue visible) {
        node.visibleProperty().bind(visible);
        node.managedProperty().bind(visible);
        return node;
    }
}
