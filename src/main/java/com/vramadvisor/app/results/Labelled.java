package com.vramadvisor.app.results;

import javafx.beans.value.ObservableValue;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;

/** A control with its translated label before it, as the decision table's and the planner's control bars show them. */
public final class Labelled {

    private Labelled() {
    }

    /** The label of {@code key} (bound to the language) before {@code control}, and linked to it for Alt-mnemonics. */
    public static HBox box(ResultsMessages messages, String key, Node control) {
        return box(messages.text(key), control);
    }

    /** A label whose text changes with more than the language (a unit) before {@code control}. */
    public static HBox box(ObservableValue<String> text, Node control) {
        Label label = new Label();
        label.textProperty().bind(text);
        label.getStyleClass().add("filter-label");
        label.setLabelFor(control);
        HBox box = new HBox(6, label, control);
        box.setAlignment(Pos.CENTER_LEFT);
        return box;
    }
}
