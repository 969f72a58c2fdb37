package com.vramadvisor.app.workload;

import com.vramadvisor.app.ui.Messages;
import com.vramadvisor.app.ui.HoverTip;
import com.vramadvisor.engine.llm.ModelSpec;
import java.io.File;
import javafx.beans.property.BooleanProperty;
import javafx.beans.value.ChangeListener;
import javafx.beans.value.ObservableValue;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;
import javafx.util.StringConverter;
import org.controlsfx.control.SearchableComboBox;

/**
 * Which model: a searchable list of catalog presets, opening a model file or folder, and the parameter-count
 * slider for "a model of about this size" questions.
 */
public final class ModelSection {

    private static final double BUSY_SIZE = 18;

    private final VBox root;
    private final SearchableComboBox<ModelSpec> picker = new SearchableComboBox<>();

    ModelSection(WorkloadViewModel vm, Messages messages, BooleanProperty adjusting, ModelImportViewModel importer) {
        Label pickerLabel = new Label();
        pickerLabel.textProperty().bind(messages.text("workload.model.label"));
        pickerLabel.setLabelFor(picker);
        pickerLabel.setMnemonicParsing(true);
        pickerLabel.getStyleClass().add("field-label");
        picker.setId("modelPickerCombo");
        picker.setItems(vm.presets());
        picker.setMaxWidth(Double.MAX_VALUE);
        picker.setConverter(new StringConverter<>() {
            @Override
            public String toString(ModelSpec spec) {
                return spec == null ? "" : spec.name();
            }

            @Override
            public ModelSpec fromString(String text) {
                return vm.presets().stream().filter(p -> p.name().equals(text)).findFirst().orElse(null);
            }
        });
        picker.valueProperty().bindBidirectional(vm.selectedPresetProperty());
        picker.promptTextProperty().bind(vm.customModelTextProperty());
        // A combo box stops showing its prompt once its value has been set back to null; this cell shows the custom
        // model's name and size instead of a blank box.
        picker.setButtonCell(new ListCell<>() {
            {
                vm.customModelTextProperty().addListener(obs -> show(getItem(), isEmpty()));
            }

            @Override
            protected void updateItem(ModelSpec item, boolean empty) {
                super.updateItem(item, empty);
                show(item, empty);
            }

            private void show(ModelSpec item, boolean empty) {
                setText(empty || item == null ? vm.customModelTextProperty().get() : item.name());
            }
        });
        HoverTip.of(messages, "workload.model.tooltip").attach(picker);

        Button openFile = new Button();
        openFile.setId("openModelButton");
        openFile.textProperty().bind(messages.text("workload.model.openFile"));
        HoverTip.of(messages, "workload.model.openFile.tooltip").attach(openFile);
        openFile.setOnAction(e -> {
            FileChooser chooser = new FileChooser();
            chooser.titleProperty().bind(messages.text("workload.model.openFile.title"));
            chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter(
                    messages.get("workload.model.openFile.filter"), "*.json", "*.safetensors", "*.gguf"));
            File file = chooser.showOpenDialog(openFile.getScene().getWindow());
            if (file != null) {
                importer.importPath(file.toPath());
            }
        });
        Button openFolder = new Button();
        openFolder.setId("openModelFolderButton");
        openFolder.textProperty().bind(messages.text("workload.model.openFolder"));
        HoverTip.of(messages, "workload.model.openFolder.tooltip").attach(openFolder);
        openFolder.setOnAction(e -> {
            DirectoryChooser chooser = new DirectoryChooser();
            chooser.titleProperty().bind(messages.text("workload.model.openFolder"));
            File dir = chooser.showDialog(openFolder.getScene().getWindow());
            if (dir != null) {
                importer.importPath(dir.toPath());
            }
        });
        // The spinner is made the first time an import runs: hidden, it would still cost its skin and fifteen nodes
        // with the window's first complete frame. Until then an empty region of its size keeps its place.
        Region busySlot = new Region();
        busySlot.setPrefSize(BUSY_SIZE, BUSY_SIZE);
        HBox buttons = new HBox(openFile, openFolder, busySlot);
        importer.busyProperty().addListener(new ChangeListener<Boolean>() {
            @Override
            public void changed(ObservableValue<? extends Boolean> obs, Boolean was, Boolean now) {
                if (now) {
                    importer.busyProperty().removeListener(this);
                    ProgressIndicator busy = new ProgressIndicator();
                    busy.setId("modelImportProgress");
                    busy.setPrefSize(BUSY_SIZE, BUSY_SIZE);
                    busy.visibleProperty().bind(importer.busyProperty());
                    buttons.getChildren().set(buttons.getChildren().indexOf(busySlot), busy);
                }
            }
        });
        buttons.getStyleClass().add("button-row");

        Label summary = new Label();
        summary.setId("modelSummaryLabel");
        summary.getStyleClass().add("model-summary");
        summary.setWrapText(true);
        summary.textProperty().bind(vm.modelSummaryProperty());

        Label dropHint = hint(messages.text("workload.model.dropHint").get());
        dropHint.textProperty().bind(messages.text("workload.model.dropHint"));
        Label importError = new Label();
        importError.setId("modelImportError");
        importError.getStyleClass().add("field-error");
        importError.setWrapText(true);
        importError.textProperty().bind(importer.errorProperty());
        importError.visibleProperty().bind(importer.errorProperty().isNotEmpty());
        importError.managedProperty().bind(importError.visibleProperty());
        Label importNotice = hint("");
        importNotice.setId("modelImportNotice");
        importNotice.textProperty().bind(importer.noticeProperty());
        importNotice.visibleProperty().bind(importer.noticeProperty().isNotEmpty());
        importNotice.managedProperty().bind(importNotice.visibleProperty());

        SliderField parameters = new SliderField("parameterCount", "workload.parameters.label",
                "workload.parameters.tooltip", vm.parameterCountProperty(), vm.exact().parameters(),
                SliderScale.parameters(), adjusting, messages);
        HBox.setHgrow(picker, Priority.ALWAYS);
        VBox pickerBox = new VBox(pickerLabel, picker);
        pickerBox.getStyleClass().add("field");
        root = FormRows.section(messages, "workload.section.model", pickerBox, buttons, dropHint, importError,
                importNotice, summary, parameters.root());
        root.setId("modelSection");
    }

    private static Label hint(String text) {
        Label l = new Label(text);
        l.getStyleClass().add("hint-label");
        l.setWrapText(true);
        return l;
    }


    VBox root() {
        return root;
    }

    public SearchableComboBox<ModelSpec> picker() {
        return picker;
    }
}
