package com.vramadvisor.app.shell;

import com.vramadvisor.app.ui.Messages;
import javafx.beans.binding.Bindings;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;

/**
 * The strip along the bottom: the last thing that happened (opened, saved, exported), a progress bar while a long
 * job runs, and what the catalog holds (with the number of entries it had to skip, if any).
 */
final class StatusBar {

    private final HBox root = new HBox();
    private final Label message = new Label();
    private final ProgressBar progress = new ProgressBar();

    StatusBar(AppContext context) {
        Messages messages = context.messages();
        root.getStyleClass().add("status-bar");
        Label peak = new Label();
        peak.setId("peakSummaryLabel");
        peak.getStyleClass().add("status-peak");
        peak.textProperty().bind(context.summary().textProperty());
        Label verdict = new Label();
        verdict.setId("fitSummaryLabel");
        verdict.getStyleClass().add("status-verdict");
        verdict.textProperty().bind(context.summary().verdictProperty());
        message.setId("statusMessageLabel");
        message.getStyleClass().add("status-message");
        progress.setId("busyProgressBar");
        progress.setPrefWidth(160);
        progress.setProgress(ProgressBar.INDETERMINATE_PROGRESS);
        progress.visibleProperty().bind(context.export().busyProperty().or(context.modelImport().busyProperty()));
        progress.managedProperty().bind(progress.visibleProperty());
        context.export().messageProperty().addListener((obs, old, now) -> show(now));

        Label catalog = new Label();
        catalog.setId("catalogStatusLabel");
        catalog.getStyleClass().add("status-catalog");
        int gpus = context.catalog().gpus().size();
        int models = context.workload().presets().size();
        int skipped = context.catalog().problems().size();
        catalog.textProperty().bind(Bindings.createStringBinding(() -> skipped == 0
                ? messages.get("status.catalog", gpus, models)
                : messages.get("status.catalogWithProblems", gpus, models, skipped), messages.localeProperty()));
        if (skipped > 0) {
            StringBuilder details = new StringBuilder();
            context.catalog().problems().forEach(p -> details.append(p).append('\n'));
            catalog.setTooltip(new Tooltip(details.toString().strip()));
        }
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        root.getChildren().addAll(peak, verdict, message, spacer, progress, catalog);
    }

    void show(String text) {
        message.setText(text);
    }

    HBox root() {
        return root;
    }
}
