package com.vramadvisor.app.shell;

import com.vramadvisor.app.calibration.CalibrationStatus;
import com.vramadvisor.app.ui.HoverTip;
import com.vramadvisor.app.ui.Messages;
import com.vramadvisor.catalog.Catalog;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;

/**
 * The strip along the bottom: the last thing that happened (opened, saved, exported), the calibration profile in
 * effect (a lasting segment, shown only while one is), a progress bar while a long job runs, and what the catalog
 * holds (with the number of entries it had to skip, if any).
 */
final class StatusBar {

    private final HBox root = new HBox();
    private final Label message = new Label();
    private final Label peak = new Label();
    private final Label verdict = new Label();
    private final Label catalog = new Label();
    private final Label calibration = new Label();
    private HoverTip problemsTip;
    /** Held here: a binding that only weak listeners refer to could be collected before anything runs. */
    private BooleanBinding busy;

    /** The strip with its labels still empty, as the window's first frame shows it; {@link #bind} fills them. */
    StatusBar() {
        root.getStyleClass().add("status-bar");
        peak.setId("peakSummaryLabel");
        peak.getStyleClass().add("status-peak");
        verdict.setId("fitSummaryLabel");
        verdict.getStyleClass().add("status-verdict");
        message.setId("statusMessageLabel");
        message.getStyleClass().add("status-message");
        catalog.setId("catalogStatusLabel");
        catalog.getStyleClass().add("status-catalog");
        // On a laptop screen the peak and the verdict can be cut ("... 107 ..."): their tooltips say them whole.
        for (Label whole : new Label[] {peak, verdict}) {
            HoverTip.wrapped().attach(whole).textProperty().bind(whole.textProperty());
        }
        calibration.setId("calibrationStatusLabel");
        calibration.getStyleClass().add("status-calibration");
        calibration.visibleProperty().bind(calibration.textProperty().isNotEmpty());
        calibration.managedProperty().bind(calibration.visibleProperty());
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        root.getChildren().addAll(peak, verdict, message, spacer, calibration, catalog);
    }

    /** Shows the context's peak, verdict, catalog size and job progress. Called once. */
    void bind(AppContext context) {
        if (busy != null) {
            throw new IllegalStateException("the status bar is already bound");
        }
        Messages messages = context.messages();
        peak.textProperty().bind(context.summary().textProperty());
        verdict.textProperty().bind(context.summary().verdictProperty());
        context.export().messageProperty().addListener((obs, old, now) -> show(now));
        // A message says what just happened ("Saved ...", "Opened ..."); the next edit makes it stale.
        context.workload().snapshotProperty().addListener(obs -> show(""));
        int models = context.workload().presets().size();
        // A reload of the catalog (the user saved prices of their own) may bring problems or clear them.
        catalog.textProperty().bind(Bindings.createStringBinding(() -> {
            Catalog c = context.catalogProperty().get();
            int skipped = c.problems().size();
            return skipped == 0 ? messages.get("status.catalog", c.gpus().size(), models)
                    : messages.get("status.catalogWithProblems", c.gpus().size(), models, skipped);
        }, messages.localeProperty(), context.catalogProperty()));
        showProblems(context.catalog());
        context.catalogProperty().addListener((obs, old, now) -> showProblems(now));
        busy = context.export().busyProperty().or(context.modelImport().busyProperty())
                .or(context.reloadingProperty());
        // The progress bar is made the first time something runs: hidden, it would still cost its skin and an
        // animation before the window's first frame, on every start.
        busy.addListener((obs, was, now) -> {
            if (now && root.lookup("#busyProgressBar") == null) {
                root.getChildren().add(root.getChildren().indexOf(catalog), progressBar(busy));
            }
        });
    }

    /** The catalog's problems, one a line, on the catalog label's tooltip; none when it loaded clean. */
    private void showProblems(Catalog loaded) {
        if (loaded.problems().isEmpty()) {
            if (problemsTip != null) {
                problemsTip.setText("");
            }
            return;
        }
        if (problemsTip == null) {
            problemsTip = HoverTip.styled(Tooltip::new).attach(catalog);
        }
        StringBuilder details = new StringBuilder();
        loaded.problems().forEach(p -> details.append(p).append('\n'));
        problemsTip.setText(details.toString().strip());
    }

    private static ProgressBar progressBar(BooleanBinding busy) {
        ProgressBar progress = new ProgressBar(ProgressBar.INDETERMINATE_PROGRESS);
        progress.setId("busyProgressBar");
        progress.setPrefWidth(160);
        progress.visibleProperty().bind(busy);
        progress.managedProperty().bind(progress.visibleProperty());
        return progress;
    }

    /** Shows the calibration profile in effect, in the current language, for as long as it is. Called once. */
    void bindCalibration(CalibrationStatus status, Messages messages) {
        calibration.textProperty().bind(status.text(messages));
        HoverTip.styled(Tooltip::new).attach(calibration).textProperty().bind(status.tooltip(messages));
    }

    void show(String text) {
        message.setText(text);
    }

    HBox root() {
        return root;
    }
}
