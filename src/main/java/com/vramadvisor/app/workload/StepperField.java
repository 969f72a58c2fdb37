package com.vramadvisor.app.workload;

import com.vramadvisor.app.ui.BuiltWhenShown;
import com.vramadvisor.app.ui.Messages;
import com.vramadvisor.app.ui.HoverTip;
import java.text.NumberFormat;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.value.ObservableBooleanValue;
import javafx.scene.control.Label;
import javafx.scene.control.Spinner;
import javafx.scene.control.SpinnerValueFactory;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;

/**
 * A small whole-number input (parallel sizes, LoRA rank): an editable spinner whose arrows and Up/Down keys step
 * the value and whose text is validated like the slider fields, with the message shown below instead of an
 * exception.
 */
final class StepperField {

    private final VBox root = new VBox();
    private final Spinner<Integer> spinner = new Spinner<>();
    private final Label label = new Label();
    private final Label error = new Label();
    private final ObjectProperty<Integer> boxed;

    /**
     * @param id       node id of the spinner ({@code tensorParallelSpinner})
     * @param labelKey message key of the label with its mnemonic
     * @param tipKey   message key of the tooltip
     */
    StepperField(String id, String labelKey, String tipKey, IntegerProperty value, NumberInput input,
                 Messages messages) {
        label.textProperty().bind(messages.text(labelKey));
        label.setLabelFor(spinner);
        label.setMnemonicParsing(true);
        label.getStyleClass().add("field-label");

        spinner.setId(id);
        spinner.setEditable(true);
        spinner.getStyleClass().add(Spinner.STYLE_CLASS_SPLIT_ARROWS_HORIZONTAL);
        spinner.setPrefWidth(120);
        SpinnerValueFactory.IntegerSpinnerValueFactory factory = new SpinnerValueFactory.IntegerSpinnerValueFactory(
                (int) input.min(), (int) input.max(), value.get());
        factory.setConverter(new StringConverter<>() {
            @Override
            public String toString(Integer v) {
                return v == null ? "" : NumberFormat.getIntegerInstance(messages.locale()).format(v);
            }

            @Override
            public Integer fromString(String text) {
                // Invalid text leaves the value as it was; the input explains why below the spinner.
                input.textProperty().set(text);
                input.commit();
                return value.get();
            }
        });
        spinner.setValueFactory(factory);
        boxed = value.asObject();
        factory.valueProperty().bindBidirectional(boxed);

        error.setId(id.replace("Spinner", "Error"));
        error.getStyleClass().add("field-error");
        error.textProperty().bind(input.errorProperty());
        error.visibleProperty().bind(input.errorProperty().isNotEmpty());
        error.managedProperty().bind(error.visibleProperty());
        error.setWrapText(true);
        input.errorProperty().addListener((obs, old, now) ->
                spinner.getEditor().pseudoClassStateChanged(SliderField.INVALID, !now.isEmpty()));

        HoverTip.of(messages, tipKey).attach(spinner, label);
        root.getChildren().addAll(label, spinner, BuiltWhenShown.inPlaceOf(error));
        root.getStyleClass().add("stepper-field");
    }

    VBox root() {
        return root;
    }

    Spinner<Integer> spinner() {
        return spinner;
    }

    void bindVisible(ObservableBooleanValue visible) {
        root.visibleProperty().bind(visible);
        root.managedProperty().bind(visible);
    }
}
