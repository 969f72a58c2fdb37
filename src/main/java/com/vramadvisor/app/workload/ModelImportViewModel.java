package com.vramadvisor.app.workload;

import com.vramadvisor.app.ui.Messages;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.ModelSpec;
import java.nio.file.Path;
import java.util.concurrent.Executor;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/**
 * Imports a model file the user opens or drops and makes it the scenario's model. Reading a header can touch a
 * multi-gigabyte file, so it runs on the background executor; the result is applied on the UI executor.
 */
public final class ModelImportViewModel {

    private final ModelFileReader reader;
    private ModelFinder finder = name -> {
        throw new IllegalStateException("no downloaded models are searched");
    };
    private final Executor background;
    private final Executor ui;
    private final WorkloadViewModel workload;
    private final Messages messages;
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(this, "busy");
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper(this, "error", "");
    private final ReadOnlyStringWrapper notice = new ReadOnlyStringWrapper(this, "notice", "");
    private ModelSpec imported;

    /**
     * @param background where files are read (tests pass a same-thread executor)
     * @param ui         where results are applied ({@code Platform::runLater} in the app)
     */
    public ModelImportViewModel(ModelFileReader reader, Executor background, Executor ui, WorkloadViewModel workload,
                                Messages messages) {
        this.reader = reader;
        this.background = background;
        this.ui = ui;
        this.workload = workload;
        this.messages = messages;
        // The notice describes the imported model; once another model is in use (a preset, the parameter slider,
        // File > New, an opened scenario) it would describe something the window no longer shows.
        workload.modelProperty().addListener((obs, old, now) -> {
            if (now != imported) {
                notice.set("");
                error.set("");
            }
        });
    }

    /** Where {@link #importNamed} looks for downloaded models (the Hugging Face cache, LM Studio, Ollama). */
    public void findDownloadedWith(ModelFinder modelFinder) {
        this.finder = modelFinder;
    }

    /** Starts importing {@code path}; ignored while an import is running. */
    public void importPath(Path path) {
        start(path.toString(), () -> path);
    }

    /**
     * Starts importing a downloaded model by its name ({@code ORG/NAME}, {@code MODEL[:TAG]}), found with the
     * {@link ModelFinder}; then read like an opened model file. Ignored while an import is running.
     */
    public void importNamed(String name) {
        String trimmed = name == null ? "" : name.trim();
        start(trimmed, () -> finder.find(trimmed));
    }

    private interface Locate {
        Path path() throws Exception;
    }

    private void start(String shown, Locate locate) {
        if (busy.get()) {
            return;
        }
        busy.set(true);
        error.set("");
        notice.set("");
        background.execute(() -> {
            ImportedSpec result;
            String what = shown;
            try {
                Path path = locate.path();
                what = name(path);
                result = reader.read(path);
            } catch (Exception e) {
                String reason = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
                String failed = what;
                ui.execute(() -> finish(null, messages.get("workload.import.failed", failed, reason)));
                return;
            }
            ImportedSpec imported = result;
            ui.execute(() -> finish(imported, ""));
        });
    }

    private void finish(ImportedSpec imported, String failure) {
        busy.set(false);
        error.set(failure);
        if (imported == null) {
            return;
        }
        // Served weights are stored as the file stores them; training keeps its own numerics.
        boolean serving = workload.modeProperty().get() == Mode.INFER;
        this.imported = imported.spec();
        workload.useImportedModel(imported.spec(), serving ? imported.weightType().orElse(null) : null);
        this.imported = workload.modelProperty().get();
        notice.set(imported.warnings().isEmpty() ? messages.get("workload.import.done", imported.spec().name())
                : messages.get("workload.import.doneWithWarnings", imported.spec().name(),
                        String.join(" ", imported.warnings())));
    }

    private static String name(Path path) {
        Path file = path.getFileName();
        return file == null ? path.toString() : file.toString();
    }

    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    /** Why the last import failed, empty after a success. */
    public ReadOnlyStringProperty errorProperty() {
        return error.getReadOnlyProperty();
    }

    /** What the last successful import loaded and assumed. */
    public ReadOnlyStringProperty noticeProperty() {
        return notice.getReadOnlyProperty();
    }
}
