package com.vramadvisor.app.workload;

import com.vramadvisor.app.ui.BuiltWhenShown;
import com.vramadvisor.app.ui.Messages;
import com.vramadvisor.app.ui.HoverTip;
import javafx.beans.binding.Bindings;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.Property;
import javafx.beans.value.ObservableBooleanValue;
import javafx.css.PseudoClass;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * One numeric input of the workload panel: a label with a mnemonic, a slider on a (usually logarithmic) scale, and a
 * text field for the exact value that is validated when the user presses Enter or leaves the field. Escape puts the
 * current value back. The slider sets {@code adjusting} while it is dragged so a drag is one undo step.
 */
final class SliderField {

    static final PseudoClass INVALID = PseudoClass.getPseudoClass("invalid");

    private final VBox root = new VBox();
    private final Slider slider;
    private final TextField field = new TextField();
    private final Label label = new Label();
    private final Label error = new Label();
    private boolean syncing;

    /**
     * @param idStem    camelCase stem of the node ids: {@code batchSize} gives {@code batchSizeSlider},
     *                  {@code batchSizeField}, {@code batchSizeError}
     * @param labelKey  message key of the label (with its {@code _} mnemonic)
     * @param tipKey    message key of the tooltip
     * @param value     the view-model property
     * @param input     the exact-value input over the same property
     * @param scale     slider scale
     * @param adjusting set while the slider is dragged
     */
    SliderField(String idStem, String labelKey, String tipKey, Property<Number> value, NumberInput input,
                SliderScale scale, BooleanProperty adjusting, Messages messages) {
        slider = new SteppingSlider(value, scale);
        label.textProperty().bind(messages.text(labelKey));
        label.setMnemonicParsing(true);
        label.setLabelFor(slider);
        label.getStyleClass().add("field-label");

        slider.setId(idStem + "Slider");
        slider.setMin(scale.minPosition());
        slider.setMax(scale.maxPosition());
        slider.setBlockIncrement(1);
        slider.setValue(scale.toPosition(value.getValue().longValue()));
        HBox.setHgrow(slider, Priority.ALWAYS);
        slider.setMaxWidth(Double.MAX_VALUE);
        slider.valueProperty().addListener((obs, old, now) -> {
            if (!syncing) {
                value.setValue(scale.fromPosition(now.doubleValue()));
            }
        });
        slider.valueChangingProperty().addListener((obs, was, now) -> adjusting.set(now));
        value.addListener((obs, old, now) -> {
            syncing = true;
            // Reads the property, not the event's value: a listener may already have corrected it (snapped shapes).
            slider.setValue(scale.toPosition(value.getValue().longValue()));
            syncing = false;
        });

        field.setId(idStem + "Field");
        field.getStyleClass().add("exact-field");
        field.setPrefColumnCount(8);
        field.textProperty().bindBidirectional(input.textProperty());
        field.setOnAction(e -> input.commit());
        field.focusedProperty().addListener((obs, was, focused) -> {
            if (!focused) {
                input.commit();
            }
        });
        field.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ESCAPE) {
                input.revert();
                e.consume();
            }
        });

        error.setId(idStem + "Error");
        error.getStyleClass().add("field-error");
        error.textProperty().bind(input.errorProperty());
        error.visibleProperty().bind(input.errorProperty().isNotEmpty());
        error.managedProperty().bind(error.visibleProperty());
        error.setWrapText(true);
        field.pseudoClassStateChanged(INVALID, false);
        input.errorProperty().addListener((obs, old, now) -> field.pseudoClassStateChanged(INVALID, !now.isEmpty()));

        HoverTip tip = HoverTip.of(messages, tipKey).attach(slider, label);
        if (input.compact()) {
            // The field shows a short form; its tooltip gives every digit first.
            HoverTip.wrapped().attach(field).textProperty().bind(Bindings.createStringBinding(
                    () -> messages.get("input.exact", input.exactTextProperty().get()) + "\n\n" + tip.getText(),
                    input.exactTextProperty(), tip.textProperty(), messages.localeProperty()));
        } else {
            tip.attach(field);
        }

        HBox row = new HBox(slider, field);
        row.getStyleClass().add("slider-row");
        root.getChildren().addAll(label, row, BuiltWhenShown.inPlaceOf(error));
        root.getStyleClass().add("slider-field");
    }

    /**
     * A slider whose arrow keys step through the scale's values (the next power of two, the next published model
     * size) instead of moving the position by a fixed amount, which on a logarithmic scale jumps a decade.
     */
    private static final class SteppingSlider extends Slider {
        private final Property<Number> value;
        private final SliderScale scale;

        SteppingSlider(Property<Number> value, SliderScale scale) {
            this.value = value;
            this.scale = scale;
        }

        @Override
        public void increment() {
            stepBy(1);
        }

        @Override
        public void decrement() {
            stepBy(-1);
        }

        private void stepBy(int direction) {
            long now = value.getValue().longValue();
            long next = scale.step(now, direction);
            if (next != now) {
                value.setValue(next);
            }
        }
    }

    VBox root() {
        return root;
    }

    Slider slider() {
        return slider;
    }

    TextField field() {
        return field;
    }

    /** Shows or hides the whole input (e.g. context only for inference). */
    void bindVisible(ObservableBooleanValue visible) {
        root.visibleProperty().bind(visible);
        root.managedProperty().bind(visible);
    }
}
