package com.vramadvisor.app.calibration;

import com.vramadvisor.app.ui.Messages;
import com.vramadvisor.engine.allocator.MeasurementSource;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.layout.GridPane;
import javafx.stage.Window;
import javafx.util.StringConverter;

/** The dialog of "Calibrate from a measurement...": the measured MiB and what measured it, bound to the view-model. */
public final class CalibrationDialog {

    private final Dialog<ButtonType> dialog = new Dialog<>();

    public CalibrationDialog(Window owner, CalibrationViewModel vm, Messages messages) {
        dialog.initOwner(owner);
        dialog.setTitle(messages.get("calibration.title"));
        dialog.setHeaderText(messages.get("calibration.header"));
        dialog.getDialogPane().setId("calibrationDialog");
        TextField measured = new TextField();
        measured.setId("measuredMibField");
        measured.textProperty().bindBidirectional(vm.measuredMibProperty());
        ChoiceBox<MeasurementSource> source = new ChoiceBox<>();
        source.setId("measurementSourceChoice");
        source.getItems().setAll(MeasurementSource.NVIDIA_SMI, MeasurementSource.RESERVED);
        source.setConverter(new StringConverter<>() {
            @Override
            public String toString(MeasurementSource s) {
                return s == null ? "" : messages.get("calibration.source." + s.id());
            }

            @Override
            public MeasurementSource fromString(String text) {
                return null;
            }
        });
        source.valueProperty().bindBidirectional(vm.sourceProperty());
        GridPane grid = new GridPane();
        grid.setHgap(8);
        grid.setVgap(8);
        grid.addRow(0, new Label(messages.get("calibration.measured")), measured);
        grid.addRow(1, new Label(messages.get("calibration.source")), source);
        dialog.getDialogPane().setContent(grid);
        dialog.getDialogPane().getButtonTypes().setAll(ButtonType.OK, ButtonType.CANCEL);
    }

    /** Shows the dialog and waits; true when the user confirmed. */
    public boolean showAndWait() {
        return dialog.showAndWait().filter(b -> b == ButtonType.OK).isPresent();
    }
}
