package com.vramadvisor.app.shell;

import com.vramadvisor.app.ui.Messages;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import javafx.application.Platform;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;
import javafx.stage.Window;

/**
 * File > Open downloaded model: offers the models found on this computer (the Hugging Face cache, LM Studio, Ollama)
 * in an editable list, so a name can also be typed ({@code ORG/NAME}, {@code MODEL[:TAG]}), and names the folders
 * that are searched.
 */
final class DownloadedModelDialog {

    private DownloadedModelDialog() {
    }

    /** The name chosen or typed, trimmed; empty when cancelled or blank. */
    static Optional<String> ask(Window owner, Messages messages, List<String> found, List<Path> searched) {
        Dialog<String> dialog = new Dialog<>();
        dialog.initOwner(owner);
        dialog.setTitle(messages.get("dialog.downloaded.title"));
        dialog.setHeaderText(messages.get("dialog.downloaded.header",
                searched.stream().map(Path::toString).collect(Collectors.joining("\n"))));
        dialog.getDialogPane().setId("downloadedModelDialog");
        ComboBox<String> names = new ComboBox<>();
        names.setId("downloadedModelField");
        names.setEditable(true);
        names.getItems().setAll(found);
        names.setMaxWidth(Double.MAX_VALUE);
        names.setPromptText(found.isEmpty() ? "meta-llama/Llama-3.1-8B" : found.get(0));
        Label label = new Label(messages.get("dialog.downloaded.label"));
        label.setLabelFor(names);
        dialog.getDialogPane().setContent(new VBox(6, label, names));
        dialog.getDialogPane().getButtonTypes().addAll(ButtonType.OK, ButtonType.CANCEL);
        dialog.setResultConverter(b -> b == ButtonType.OK ? names.getEditor().getText() : null);
        Platform.runLater(names::requestFocus);
        return dialog.showAndWait().map(String::trim).filter(s -> !s.isEmpty());
    }
}
