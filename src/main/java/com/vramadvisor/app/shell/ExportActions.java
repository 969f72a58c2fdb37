package com.vramadvisor.app.shell;

import com.vramadvisor.app.export.ExportFormat;
import com.vramadvisor.app.ui.Messages;
import com.vramadvisor.files.AtomicFiles;
import com.vramadvisor.files.AtomicFiles.MissingFolder;
import com.vramadvisor.files.FileWriteException;
import com.vramadvisor.report.ReportWriteException;
import com.vramadvisor.scenario.ScenarioInputs;
import java.io.File;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;
import javafx.application.Platform;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.Scene;
import javafx.scene.SnapshotParameters;
import javafx.scene.image.WritableImage;
import javafx.scene.transform.Transform;
import javafx.stage.FileChooser;
import javafx.stage.Window;
import javax.imageio.ImageIO;

/** File > Export: asks where, then hands reports to the export view-model or snapshots the window itself. */
final class ExportActions {

    private final AppContext context;
    private final Window owner;
    private final Scene scene;
    private final Messages messages;

    ExportActions(AppContext context, Window owner, Scene scene) {
        this.context = context;
        this.owner = owner;
        this.scene = scene;
        this.messages = context.messages();
    }

    void export(ExportFormat format) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle(messages.get("dialog.export.title"));
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter(
                messages.get(format.messageKey()).replace("_", "").replace("…", ""), format.pattern()));
        chooser.setInitialFileName(suggestedName(context.workload().snapshot()) + format.suffix());
        File file = chooser.showSaveDialog(owner);
        if (file == null) {
            return;
        }
        Path target = file.toPath();
        if (format == ExportFormat.WINDOW_PNG) {
            exportWindow(target);
        } else {
            context.export().export(format, target);
        }
    }

    /** The model id and workload kind, e.g. {@code llama-3-8b-train}, as a starting file name. */
    static String suggestedName(ScenarioInputs s) {
        String model = s.model().id().isBlank() ? "model" : s.model().id();
        return model + "-" + s.workload().mode().name().toLowerCase(Locale.ROOT);
    }

    /**
     * The window as it is now at twice its size: sharp in slides and on high-density screens. The snapshot is taken
     * on the UI thread before the export is marked as running, so the picture shows the window the user sees, not its
     * own progress bar and "Exporting" message; encoding and writing run in the background.
     */
    void exportWindow(Path target) {
        SnapshotParameters params = new SnapshotParameters();
        params.setTransform(Transform.scale(2, 2));
        WritableImage image = scene.getRoot().snapshot(params, null);
        context.export().start(target);
        context.background().execute(() -> {
            String failure = "";
            try {
                AtomicFiles.write(target, MissingFolder.CREATE, out -> {
                    if (!ImageIO.write(SwingFXUtils.fromFXImage(image, null), "png", out)) {
                        throw new IOException("no PNG encoder available");
                    }
                });
            } catch (FileWriteException e) {
                // Worded as the report exports word their failures, in the report language.
                failure = new ReportWriteException(e).getLocalizedMessage(messages.locale());
            }
            String outcome = failure;
            Platform.runLater(() -> context.export().finish(target, outcome));
        });
    }
}
