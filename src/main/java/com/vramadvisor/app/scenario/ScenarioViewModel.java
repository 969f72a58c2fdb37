package com.vramadvisor.app.scenario;

import com.vramadvisor.scenario.ScenarioFileException;
import com.vramadvisor.scenario.FileProblem;
import com.vramadvisor.app.settings.AppSettings;
import com.vramadvisor.app.ui.Messages;
import com.vramadvisor.scenario.ScenarioInputs;
import com.vramadvisor.app.workload.WorkloadViewModel;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The scenario as a document: undo and redo of inputs, the file it lives in, unsaved changes, recent files, and
 * opening and saving. A file that cannot be used is reported as a {@link FileProblem} and leaves the current
 * scenario exactly as it was.
 *
 * <p>The size unit is a preference, not an input: changing it is not an undo step, and undo, redo and opening a
 * file keep the unit the user has chosen.
 */
public final class ScenarioViewModel {

    static final int UNDO_LIMIT = 200;

    private final WorkloadViewModel workload;
    private final ScenarioInputs defaults;
    private final ScenarioStore store;
    private final Messages messages;
    private final UndoHistory<ScenarioInputs> history;
    private final ReadOnlyBooleanWrapper canUndo = new ReadOnlyBooleanWrapper(this, "canUndo");
    private final ReadOnlyBooleanWrapper canRedo = new ReadOnlyBooleanWrapper(this, "canRedo");
    private final BooleanProperty adjusting = new SimpleBooleanProperty(this, "adjusting");
    private final ReadOnlyObjectWrapper<Path> currentFile = new ReadOnlyObjectWrapper<>(this, "currentFile");
    private final ReadOnlyBooleanWrapper dirty = new ReadOnlyBooleanWrapper(this, "dirty");
    private final ReadOnlyStringWrapper title = new ReadOnlyStringWrapper(this, "title");
    private final ObservableList<Path> recentFiles = FXCollections.observableArrayList();
    private ScenarioInputs saved;
    private boolean restoring;

    public ScenarioViewModel(WorkloadViewModel workload, ScenarioStore store, Messages messages) {
        this(workload, store, messages, ScenarioInputs.defaults());
    }

    /**
     * @param defaults what File > New starts from (the default scenario with the catalog's version of its model)
     */
    public ScenarioViewModel(WorkloadViewModel workload, ScenarioStore store, Messages messages,
                             ScenarioInputs defaults) {
        this.defaults = defaults;
        this.workload = workload;
        this.store = store;
        this.messages = messages;
        this.history = new UndoHistory<>(workload.snapshot(), UNDO_LIMIT);
        this.saved = workload.snapshot();
        workload.snapshotProperty().addListener((obs, old, now) -> onInputsChanged(now));
        // A slider drag publishes many snapshots; it becomes one undo step when the drag ends.
        adjusting.addListener((obs, was, now) -> {
            if (!now) {
                onInputsChanged(workload.snapshot());
            }
        });
        currentFile.addListener(obs -> updateTitle());
        dirty.addListener(obs -> updateTitle());
        messages.localeProperty().addListener(obs -> updateTitle());
        updateTitle();
    }

    private void onInputsChanged(ScenarioInputs now) {
        dirty.set(!sameIgnoringUnit(now, saved));
        if (restoring || adjusting.get()) {
            return;
        }
        if (sameIgnoringUnit(now, history.current())) {
            history.replaceCurrent(now);
        } else {
            history.record(now);
        }
        updateUndoState();
    }

    private static boolean sameIgnoringUnit(ScenarioInputs a, ScenarioInputs b) {
        return a.withSizeUnit(b.sizeUnit()).equals(b);
    }

    private void updateUndoState() {
        canUndo.set(history.canUndo());
        canRedo.set(history.canRedo());
    }

    private void restore(ScenarioInputs state) {
        restoring = true;
        try {
            workload.apply(state.withSizeUnit(workload.sizeUnitProperty().get()));
        } finally {
            restoring = false;
        }
        history.replaceCurrent(workload.snapshot());
        dirty.set(!sameIgnoringUnit(workload.snapshot(), saved));
        updateUndoState();
    }

    public void undo() {
        if (history.canUndo()) {
            restore(history.undo());
        }
    }

    public void redo() {
        if (history.canRedo()) {
            restore(history.redo());
        }
    }

    /** Starts over from the default scenario, in no file. Undo still returns to what was there. */
    public void newScenario() {
        workload.apply(defaults.withSizeUnit(workload.sizeUnitProperty().get()));
        currentFile.set(null);
        saved = workload.snapshot();
        dirty.set(false);
    }

    /**
     * Opens a scenario file. On success it becomes the current scenario and file, with a history of its own: undo
     * never goes back past the opening to the scenario that was there before, which Save would otherwise write into
     * the opened file under its name. On failure nothing changes and the problem is returned.
     */
    public Optional<FileProblem> open(Path file) {
        ScenarioInputs loaded;
        try {
            loaded = store.load(file);
        } catch (ScenarioFileException e) {
            return Optional.of(problem("scenario.open.failed", file, e));
        }
        workload.apply(loaded.withSizeUnit(workload.sizeUnitProperty().get()));
        saved = workload.snapshot();
        history.reset(saved);
        updateUndoState();
        currentFile.set(file);
        dirty.set(false);
        remember(file);
        return Optional.empty();
    }

    /** Whether {@link #save()} has a file to write to; otherwise the view asks for one and calls {@link #saveAs}. */
    public boolean hasFile() {
        return currentFile.get() != null;
    }

    public Optional<FileProblem> save() {
        if (!hasFile()) {
            throw new IllegalStateException("no file yet: ask for one and call saveAs");
        }
        return saveAs(currentFile.get());
    }

    /** Saves atomically to {@code file}, which becomes the current file; a failure leaves any earlier file intact. */
    public Optional<FileProblem> saveAs(Path file) {
        ScenarioInputs now = workload.snapshot();
        try {
            store.save(file, now);
        } catch (ScenarioFileException e) {
            return Optional.of(problem("scenario.save.failed", file, e));
        }
        saved = now;
        currentFile.set(file);
        dirty.set(false);
        remember(file);
        return Optional.empty();
    }

    private void remember(Path file) {
        Path normalized = file.toAbsolutePath().normalize();
        recentFiles.remove(normalized);
        recentFiles.add(0, normalized);
        if (recentFiles.size() > AppSettings.MAX_RECENT_FILES) {
            recentFiles.remove(AppSettings.MAX_RECENT_FILES, recentFiles.size());
        }
    }

    private FileProblem problem(String headerKey, Path file, ScenarioFileException e) {
        String reasonKey = "scenario.problem." + e.reason().name().toLowerCase(Locale.ROOT);
        return new FileProblem(messages.get(headerKey), messages.get(reasonKey, file.getFileName().toString()),
                e.detail());
    }

    private void updateTitle() {
        Path file = currentFile.get();
        String name = file == null ? messages.get("scenario.untitled") : file.getFileName().toString();
        title.set((dirty.get() ? "*" : "") + name + " \u2014 " + messages.get("app.title"));
    }

    public ReadOnlyBooleanProperty canUndoProperty() {
        return canUndo.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty canRedoProperty() {
        return canRedo.getReadOnlyProperty();
    }

    /** True while a slider is being dragged; the view binds it to the slider's {@code valueChanging}. */
    public BooleanProperty adjustingProperty() {
        return adjusting;
    }

    public ReadOnlyObjectProperty<Path> currentFileProperty() {
        return currentFile.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty dirtyProperty() {
        return dirty.getReadOnlyProperty();
    }

    /** The window title: file name (or "Untitled"), a leading {@code *} for unsaved changes, and the app name. */
    public ReadOnlyStringProperty titleProperty() {
        return title.getReadOnlyProperty();
    }

    /** Scenario files opened or saved most recently, newest first, absolute. */
    public ObservableList<Path> recentFiles() {
        return recentFiles;
    }
}
