package com.vramadvisor.app.workload;

import static com.vramadvisor.app.workload.NumberParser.Suffixes.BINARY;

import com.vramadvisor.app.ui.Messages;
import com.vramadvisor.scenario.DomainInputs;
import com.vramadvisor.scenario.VisionInputs;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;

/**
 * The vision form: preset, mode, batch, image side (square), precision, optimizer and recomputation, each a property
 * tied to the scenario's {@link VisionInputs}.
 */
public final class VisionFormViewModel {

    private final ObjectProperty<String> preset = new SimpleObjectProperty<>(this, "preset");
    private final ObjectProperty<String> mode = new SimpleObjectProperty<>(this, "mode");
    private final IntegerProperty batch = new SimpleIntegerProperty(this, "batch");
    private final IntegerProperty resolution = new SimpleIntegerProperty(this, "resolution");
    private final ObjectProperty<String> precision = new SimpleObjectProperty<>(this, "precision");
    private final ObjectProperty<String> optimizer = new SimpleObjectProperty<>(this, "optimizer");
    private final BooleanProperty recompute = new SimpleBooleanProperty(this, "recompute");
    private final NumberInput batchInput;
    private final NumberInput resolutionInput;

    VisionFormViewModel(ObjectProperty<DomainInputs> domain, Messages messages) {
        RecordLink<VisionInputs> link = new RecordLink<>(domain, DomainInputs::vision, DomainInputs::withVision);
        link.link(preset, VisionInputs::presetId, VisionInputs::withPresetId);
        link.link(mode, VisionInputs::mode, VisionInputs::withMode);
        link.link(batch, r -> r.batch(), (r, v) -> r.withBatch(v.intValue()));
        link.link(resolution, r -> r.width(), (r, v) -> r.withResolution(v.intValue(), v.intValue()));
        link.link(precision, VisionInputs::precision, VisionInputs::withPrecision);
        link.link(optimizer, VisionInputs::optimizer, VisionInputs::withOptimizer);
        link.link(recompute, VisionInputs::recompute, VisionInputs::withRecompute);
        batchInput = new NumberInput(batch, 1, VisionInputs.MAX_BATCH, "domain.batch.name", BINARY, messages);
        resolutionInput = new NumberInput(resolution, 8, VisionInputs.MAX_SIDE, "domain.resolution.name", BINARY,
                messages);
    }

    public ObjectProperty<String> presetProperty() { return preset; }
    public ObjectProperty<String> modeProperty() { return mode; }
    public IntegerProperty batchProperty() { return batch; }
    /** Image side in pixels; the image is square. */
    public IntegerProperty resolutionProperty() { return resolution; }
    public ObjectProperty<String> precisionProperty() { return precision; }
    public ObjectProperty<String> optimizerProperty() { return optimizer; }
    public BooleanProperty recomputeProperty() { return recompute; }
    NumberInput batchInput() { return batchInput; }
    NumberInput resolutionInput() { return resolutionInput; }

    /** Whether the model is trained: optimizer and recomputation apply. */
    public BooleanBinding trainingProperty() {
        return Bindings.createBooleanBinding(() -> !"infer".equals(mode.get()), mode);
    }
}
