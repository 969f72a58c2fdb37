package com.vramadvisor.app.workload;

import static com.vramadvisor.app.workload.NumberParser.Suffixes.DECIMAL;

import com.vramadvisor.app.ui.Messages;
import com.vramadvisor.scenario.DomainInputs;
import com.vramadvisor.scenario.MdInputs;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.LongProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleLongProperty;
import javafx.beans.property.SimpleObjectProperty;

/**
 * The molecular-dynamics form: atoms, potential, precision, cutoff and GPUs, each a property tied to the scenario's
 * {@link MdInputs}. The cutoff is edited in tenths of an angstrom so it can share the whole-number inputs.
 */
public final class MdFormViewModel {

    private final LongProperty atoms = new SimpleLongProperty(this, "atoms");
    private final ObjectProperty<String> potential = new SimpleObjectProperty<>(this, "potential");
    private final ObjectProperty<String> precision = new SimpleObjectProperty<>(this, "precision");
    private final DoubleProperty cutoff = new SimpleDoubleProperty(this, "cutoff");
    private final IntegerProperty cutoffTenths = new SimpleIntegerProperty(this, "cutoffTenths");
    private final IntegerProperty gpus = new SimpleIntegerProperty(this, "gpus");
    private final NumberInput atomsInput;
    private final NumberInput cutoffInput;
    private final NumberInput gpusInput;

    MdFormViewModel(ObjectProperty<DomainInputs> domain, Messages messages) {
        RecordLink<MdInputs> link = new RecordLink<>(domain, DomainInputs::md, DomainInputs::withMd);
        link.link(atoms, r -> r.atoms(), (r, v) -> r.withAtoms(v.longValue()));
        link.link(potential, MdInputs::potential, MdInputs::withPotential);
        link.link(precision, MdInputs::precision, MdInputs::withPrecision);
        link.link(cutoff, r -> r.cutoffAngstrom(), (r, v) -> r.withCutoff(v.doubleValue()));
        link.link(cutoffTenths, r -> (int) Math.round(r.cutoffAngstrom() * 10),
                (r, v) -> r.withCutoff(v.intValue() / 10.0));
        link.link(gpus, r -> r.gpus(), (r, v) -> r.withGpus(v.intValue()));
        atomsInput = new NumberInput(atoms, 1, MdInputs.MAX_ATOMS, "domain.atoms.name", DECIMAL, messages);
        cutoffInput = new NumberInput(cutoffTenths, 0, 1000, "domain.cutoff.name", DECIMAL, messages);
        gpusInput = new NumberInput(gpus, 1, MdInputs.MAX_GPUS, "domain.gpus.name", DECIMAL, messages);
    }

    public LongProperty atomsProperty() { return atoms; }
    public ObjectProperty<String> potentialProperty() { return potential; }
    public ObjectProperty<String> precisionProperty() { return precision; }
    /** Pair cutoff in angstrom, 0 for the potential's default. */
    public DoubleProperty cutoffProperty() { return cutoff; }
    /** The cutoff in tenths of an angstrom, as the form's whole-number input edits it. */
    public IntegerProperty cutoffTenthsProperty() { return cutoffTenths; }
    public IntegerProperty gpusProperty() { return gpus; }
    NumberInput atomsInput() { return atomsInput; }
    NumberInput cutoffInput() { return cutoffInput; }
    NumberInput gpusInput() { return gpusInput; }
}
