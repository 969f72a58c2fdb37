package com.vramadvisor.app.shell;

import com.vramadvisor.app.ui.Messages;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;
import javafx.scene.control.TextInputDialog;
import javafx.stage.Window;

/**
 * File > Open downloaded model: asks for the name of a model already on this computer ({@code ORG/NAME} in the
 * Hugging Face cache or LM Studio, {@code MODEL[:TAG]} in Ollama) and names the folders that are searched.
 */
final class DownloadedModelDialog {

    private DownloadedModelDialog() {
    }

    /** The name typed, trimmed; empty when cancelled or blank. */
    static Optional<String> ask(Window owner, Messages messages, List<Path> searched) {
        TextInputDialog dialog = new TextInputDialog();
        dialog.initOwner(owner);
        dialog.setTitle(messages.get("dialog.downloaded.title"));
        dialog.setHeaderText(messages.get("dialog.downloaded.header",
                searched.stream().map(Path::toString).collect(Collectors.joining("\n"))));
        dialog.setContentText(messages.get("dialog.downloaded.label"));
        dialog.getDialogPane().setId("downloadedModelDialog");
        dialog.getEditor().setId("downloadedModelField");
        dialog.getEditor().setPromptText("meta-llama/Llama-3.1-8B");
        return dialog.showAndWait().map(String::trim).filter(s -> !s.isEmpty());
    }
}
