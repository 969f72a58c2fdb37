package com.vramadvisor.app.workload;

import com.vramadvisor.app.ui.BuiltWhenShown;
import com.vramadvisor.app.ui.Messages;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/** Layout pieces shared by the workload panel's sections. */
final class FormRows {

    private FormRows() {
    }

    /** A titled group of inputs. */
    static VBox section(Messages messages, String titleKey, Node... children) {
        Label title = new Label();
        title.textProperty().bind(messages.text(titleKey));
        title.getStyleClass().add("section-title");
        VBox box = new VBox(title);
        // Inputs the current mode hides join the scene when first shown (BuiltWhenShown.inPlaceOf).
        for (Node child : children) {
            box.getChildren().add(BuiltWhenShown.inPlaceOf(child));
        }
        box.getStyleClass().add("form-section");
        return box;
    }

    /** Inputs side by side, sharing the width equally. */
    static HBox row(Node... children) {
        HBox row = new HBox();
        row.getStyleClass().add("form-row");
        for (Node c : children) {
            HBox.setHgrow(c, Priority.ALWAYS);
            row.getChildren().add(BuiltWhenShown.inPlaceOf(c));
        }
        return row;
    }
}
