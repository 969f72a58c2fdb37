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
import javafx.scene.control.Tooltip;
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

    /** A list cell that shows a choice through a text function, and in a drop-down's list a tooltip per item. */
    static final class TextCell<T> extends ListCell<T> {
        private final Function<T, ObservableStringValue> text;
        private final Function<T, String> tip;

        TextCell(Function<T, ObservableStringValue> text) {
            this(text, null);
        }

        /** A list cell whose items each have a tooltip; {@code tip} may be {@code null} for none. */
        TextCell(Function<T, ObservableStringValue> text, Function<T, String> tip) {
            this.text = text;
            this.tip = tip;
        }

        @Override
        protected void updateItem(T item, boolean empty) {
            super.updateItem(item, empty);
            textProperty().unbind();
            if (empty || item == null) {
                // A drop-down's skin puts its prompt text here while nothing is chosen.
                setText(null);
                setTooltip(null);
            } else {
                textProperty().bind(text.apply(item));
                if (tip != null) {
                    setTooltip(new Tooltip(tip.apply(item)));
                }
            }
        }
    }
}
