package com.vramadvisor.app.shell;

import com.vramadvisor.scenario.FileProblem;
import com.vramadvisor.app.ui.Messages;
import javafx.scene.control.Alert;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.layout.VBox;
import javafx.stage.Window;

/** The window's message dialogs, in the current language and theme. */
final class Dialogs {

    private final Messages messages;

    Dialogs(Messages messages) {
        this.messages = messages;
    }

    /** Reports a file that could not be opened or saved; the technical detail is in the expandable part. */
    void showProblem(Window owner, FileProblem problem) {
        Alert alert = new Alert(Alert.AlertType.ERROR);
        alert.initOwner(owner);
        alert.setTitle(messages.get("app.title"));
        alert.setHeaderText(problem.header());
        alert.setContentText(problem.message());
        alert.getDialogPane().setId("fileProblemDialog");
        if (!problem.detail().isBlank()) {
            TextArea detail = new TextArea(problem.detail());
            detail.setEditable(false);
            detail.setWrapText(true);
            detail.setPrefRowCount(3);
            Label caption = new Label(messages.get("dialog.problem.detail"));
            alert.getDialogPane().setExpandableContent(new VBox(6, caption, detail));
        }
        alert.show();
    }

    void showError(Window owner, String header, String message) {
        Alert alert = new Alert(Alert.AlertType.ERROR);
        alert.initOwner(owner);
        alert.setTitle(messages.get("app.title"));
        alert.setHeaderText(header);
        alert.setContentText(message);
        alert.getDialogPane().setId("errorDialog");
        alert.show();
    }

    void showAbout(Window owner) {
        Alert alert = new Alert(Alert.AlertType.INFORMATION);
        alert.initOwner(owner);
        alert.setTitle(messages.get("menu.help.about").replace("_", ""));
        alert.setHeaderText(messages.get("app.title"));
        String version = Dialogs.class.getPackage().getImplementationVersion();
        alert.setContentText(messages.get("dialog.about.text", version == null ? "dev" : version));
        alert.getDialogPane().setId("aboutDialog");
        alert.show();
    }
}
