package com.vramadvisor.app.workload;

import static com.vramadvisor.app.workload.NumberParser.Suffixes.DECIMAL;

import com.vramadvisor.app.ui.Messages;
import com.vramadvisor.scenario.DomainInputs;
import com.vramadvisor.scenario.RenderInputs;
import java.nio.file.Path;
import java.util.List;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * The rendering form: a scene preset or a scene file, the output resolution (the scene's own or a common one) and
 * the viewers, each a property tied to the scenario's {@link RenderInputs}.
 */
public final class RenderFormViewModel {

    /** Output resolutions offered besides the scene's own, as width x height; {@code 0x0} stands for the scene's. */
    static final List<String> RESOLUTIONS = List.of("0x0", "1920x1080", "2560x1440", "3840x2160", "5120x2880",
            "7680x4320");

    private final ObjectProperty<String> scenePreset = new SimpleObjectProperty<>(this, "scenePreset");
    private final StringProperty sceneFile = new SimpleStringProperty(this, "sceneFile", "");
    private final ObjectProperty<String> resolution = new SimpleObjectProperty<>(this, "resolution");
    private final IntegerProperty viewers = new SimpleIntegerProperty(this, "viewers");
    private final NumberInput viewersInput;
    private final RecordLink<RenderInputs> link;
    private final Messages messages;

    RenderFormViewModel(ObjectProperty<DomainInputs> domain, Messages messages) {
        this.messages = messages;
        link = new RecordLink<>(domain, DomainInputs::render, DomainInputs::withRender);
        link.link(scenePreset, RenderInputs::scenePresetId, RenderInputs::withScenePresetId);
        link.link(sceneFile, RenderInputs::sceneFile, RenderInputs::withSceneFile);
        link.link(resolution, r -> r.width() + "x" + r.height(), (r, v) -> {
            String[] wh = v.split("x");
            return r.withResolution(Integer.parseInt(wh[0]), Integer.parseInt(wh[1]));
        });
        link.link(viewers, r -> r.viewers(), (r, v) -> r.withViewers(v.intValue()));
        viewersInput = new NumberInput(viewers, 1, RenderInputs.MAX_VIEWERS, "domain.viewers.name", DECIMAL,
                messages);
    }

    /** Uses a scene file the user opened instead of the preset. */
    public void useSceneFile(Path file) {
        sceneFile.set(file.toAbsolutePath().normalize().toString());
    }

    /** Goes back to the preset scene. */
    public void usePreset() {
        sceneFile.set("");
    }

    /** What the scene line says: the file's name, or that the preset is used. */
    public StringBinding sceneTextProperty() {
        return Bindings.createStringBinding(() -> sceneFile.get().isEmpty()
                        ? messages.get("domain.render.scene.preset")
                        : messages.get("domain.render.scene.file", Path.of(sceneFile.get()).getFileName()),
                sceneFile, messages.localeProperty());
    }

    public ObjectProperty<String> scenePresetProperty() { return scenePreset; }
    /** Path of the scene file, empty while the preset is used. */
    public StringProperty sceneFileProperty() { return sceneFile; }
    /** {@code "3840x2160"}, or {@code "0x0"} for the scene's own resolution. */
    public ObjectProperty<String> resolutionProperty() { return resolution; }
    public IntegerProperty viewersProperty() { return viewers; }
    NumberInput viewersInput() { return viewersInput; }

    /** The resolutions the form offers, the current one included when a file gave another. */
    List<String> resolutions() {
        String now = resolution.get();
        return RESOLUTIONS.contains(now) ? RESOLUTIONS
                : java.util.stream.Stream.concat(RESOLUTIONS.stream(), java.util.stream.Stream.of(now)).toList();
    }
}
