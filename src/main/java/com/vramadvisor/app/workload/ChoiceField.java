package com.vramadvisor.app.workload;

import com.vramadvisor.app.ui.Messages;
import com.vramadvisor.app.ui.HoverTip;
import java.util.List;
import java.util.function.Function;
import javafx.beans.property.ObjectProperty;
import javafx.beans.value.ObservableStringValue;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.layout.VBox;

/** A labelled drop-down over a fixed list of choices, bound both ways to an object property. */
final class ChoiceField<T> {

    private final VBox root = new VBox();
    private final ComboBox<T> combo = new ComboBox<>();

    ChoiceField(String id, String labelKey, String tipKey, List<T> choices, ObjectProperty<T> value,
                Function<T, ObservableStringValue> text, Messages messages) {
        Label label = new Label();
        label.textProperty().bind(messages.text(labelKey));
        label.setLabelFor(combo);
        label.setMnemonicParsing(true);
        label.getStyleClass().add("field-label");
        combo.setId(id);
        combo.getItems().setAll(choices);
        combo.valueProperty().bindBidirectional(value);
        combo.setMaxWidth(Double.MAX_VALUE);
        combo.setCellFactory(list -> new TextCell<>(text));
        combo.setButtonCell(new TextCell<>(text));
        HoverTip.of(messages, tipKey).attach(combo, label);
        root.getChildren().addAll(label, combo);
        root.getStyleClass().add("field");
    }

    VBox root() {
        return root;
    }

    ComboBox<T> combo() {
        return combo;
    }

    /** A list cell that shows a choice through a text function. */
    static final class TextCell<T> extends ListCell<T> {
        private final Function<T, ObservableStringValue> text;

        TextCell(Function<T, ObservableStringValue> text) {
            this.text = text;
        }

        @Override
        protected void updateItem(T item, boolean empty) {
            super.updateItem(item, empty);
            textProperty().unbind();
            if (empty || item == null) {
                setText(null);
            } else {
                textProperty().bind(text.apply(item));
            }
        }
    }
}
