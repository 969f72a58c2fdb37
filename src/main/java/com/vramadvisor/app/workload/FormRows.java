package com.vramadvisor.app.workload;

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
        box.getChildren().addAll(children);
        box.getStyleClass().add("form-section");
        return box;
    }

    /** Inputs side by side, sharing the width equally. */
    static HBox row(Node... children) {
        HBox row = new HBox(children);
        row.getStyleClass().add("form-row");
        for (Node c : children) {
            HBox.setHgrow(c, Priority.ALWAYS);
        }
        return row;
    }
}
