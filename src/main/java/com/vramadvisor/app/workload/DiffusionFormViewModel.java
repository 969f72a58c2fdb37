package com.vramadvisor.app.workload;

import static com.vramadvisor.app.workload.NumberParser.Suffixes.BINARY;

import com.vramadvisor.app.ui.Messages;
import com.vramadvisor.scenario.DiffusionInputs;
import com.vramadvisor.scenario.DomainInputs;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;

/**
 * The diffusion form: pipeline preset, mode, batch, image side (square), precision, attention, VAE tiling and
 * offload, each a property tied to the scenario's {@link DiffusionInputs}.
 */
public final class DiffusionFormViewModel {

    private final ObjectProperty<String> preset = new SimpleObjectProperty<>(this, "preset");
    private final ObjectProperty<String> mode = new SimpleObjectProperty<>(this, "mode");
    private final IntegerProperty batch = new SimpleIntegerProperty(this, "batch");
    private final IntegerProperty resolution = new SimpleIntegerProperty(this, "resolution");
    private final ObjectProperty<String> precision = new SimpleObjectProperty<>(this, "precision");
    private final ObjectProperty<String> attention = new SimpleObjectProperty<>(this, "attention");
    private final BooleanProperty vaeTiling = new SimpleBooleanProperty(this, "vaeTiling");
    private final ObjectProperty<String> offload = new SimpleObjectProperty<>(this, "offload");
    private final NumberInput batchInput;
    private final NumberInput resolutionInput;

    DiffusionFormViewModel(ObjectProperty<DomainInputs> domain, Messages messages) {
        RecordLink<DiffusionInputs> link = new RecordLink<>(domain, DomainInputs::diffusion,
                DomainInputs::withDiffusion);
        link.link(preset, DiffusionInputs::presetId, DiffusionInputs::withPresetId);
        link.link(mode, DiffusionInputs::mode, DiffusionInputs::withMode);
        link.link(batch, r -> r.batch(), (r, v) -> r.withBatch(v.intValue()));
        link.link(resolution, r -> r.width(), (r, v) -> r.withResolution(v.intValue(), v.intValue()));
        link.link(precision, DiffusionInputs::precision, DiffusionInputs::withPrecision);
        link.link(attention, DiffusionInputs::attention, DiffusionInputs::withAttention);
        link.link(vaeTiling, DiffusionInputs::vaeTiling, DiffusionInputs::withVaeTiling);
        link.link(offload, DiffusionInputs::offload, DiffusionInputs::withOffload);
        batchInput = new NumberInput(batch, 1, DiffusionInputs.MAX_BATCH, "domain.batch.name", BINARY, messages);
        resolutionInput = new NumberInput(resolution, 64, DiffusionInputs.MAX_SIDE, "domain.resolution.name",
                BINARY, messages);
    }

    public ObjectProperty<String> presetProperty() { return preset; }
    public ObjectProperty<String> modeProperty() { return mode; }
    public IntegerProperty batchProperty() { return batch; }
    /** Image side in pixels; the image is square. */
    public IntegerProperty resolutionProperty() { return resolution; }
    public ObjectProperty<String> precisionProperty() { return precision; }
    public ObjectProperty<String> attentionProperty() { return attention; }
    public BooleanProperty vaeTilingProperty() { return vaeTiling; }
    public ObjectProperty<String> offloadProperty() { return offload; }
    NumberInput batchInput() { return batchInput; }
    NumberInput resolutionInput() { return resolutionInput; }
}
