package com.vramadvisor.app.workload;

import static com.vramadvisor.app.workload.NumberParser.Suffixes.BINARY;
import static com.vramadvisor.app.workload.NumberParser.Suffixes.DECIMAL;

import com.vramadvisor.app.ui.Messages;
import com.vramadvisor.scenario.DomainInputs;
import com.vramadvisor.scenario.GridInputs;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;

/**
 * The grid form: cells per axis, fields, halo, precision, solver and GPUs, each a property tied to the scenario's
 * {@link GridInputs}.
 */
public final class GridFormViewModel {

    private final IntegerProperty cellsX = new SimpleIntegerProperty(this, "cellsX");
    private final IntegerProperty cellsY = new SimpleIntegerProperty(this, "cellsY");
    private final IntegerProperty cellsZ = new SimpleIntegerProperty(this, "cellsZ");
    private final IntegerProperty fields = new SimpleIntegerProperty(this, "fields");
    private final IntegerProperty halo = new SimpleIntegerProperty(this, "halo");
    private final ObjectProperty<String> precision = new SimpleObjectProperty<>(this, "precision");
    private final ObjectProperty<String> solver = new SimpleObjectProperty<>(this, "solver");
    private final IntegerProperty gpus = new SimpleIntegerProperty(this, "gpus");
    private final NumberInput xInput;
    private final NumberInput yInput;
    private final NumberInput zInput;
    private final NumberInput fieldsInput;
    private final NumberInput haloInput;
    private final NumberInput gpusInput;

    GridFormViewModel(ObjectProperty<DomainInputs> domain, Messages messages) {
        RecordLink<GridInputs> link = new RecordLink<>(domain, DomainInputs::grid, DomainInputs::withGrid);
        link.link(cellsX, r -> r.cellsX(), (r, v) -> r.withCells(v.intValue(), r.cellsY(), r.cellsZ()));
        link.link(cellsY, r -> r.cellsY(), (r, v) -> r.withCells(r.cellsX(), v.intValue(), r.cellsZ()));
        link.link(cellsZ, r -> r.cellsZ(), (r, v) -> r.withCells(r.cellsX(), r.cellsY(), v.intValue()));
        link.link(fields, r -> r.fields(), (r, v) -> r.withFields(v.intValue()));
        link.link(halo, r -> r.halo(), (r, v) -> r.withHalo(v.intValue()));
        link.link(precision, GridInputs::precision, GridInputs::withPrecision);
        link.link(solver, GridInputs::solver, GridInputs::withSolver);
        link.link(gpus, r -> r.gpus(), (r, v) -> r.withGpus(v.intValue()));
        xInput = new NumberInput(cellsX, 1, GridInputs.MAX_SIDE, "domain.cellsX.name", BINARY, messages);
        yInput = new NumberInput(cellsY, 1, GridInputs.MAX_SIDE, "domain.cellsY.name", BINARY, messages);
        zInput = new NumberInput(cellsZ, 1, GridInputs.MAX_SIDE, "domain.cellsZ.name", BINARY, messages);
        fieldsInput = new NumberInput(fields, 1, 1024, "domain.fields.name", DECIMAL, messages);
        haloInput = new NumberInput(halo, 0, 64, "domain.halo.name", DECIMAL, messages);
        gpusInput = new NumberInput(gpus, 1, GridInputs.MAX_GPUS, "domain.gpus.name", DECIMAL, messages);
    }

    public IntegerProperty cellsXProperty() { return cellsX; }
    public IntegerProperty cellsYProperty() { return cellsY; }
    public IntegerProperty cellsZProperty() { return cellsZ; }
    public IntegerProperty fieldsProperty() { return fields; }
    public IntegerProperty haloProperty() { return halo; }
    public ObjectProperty<String> precisionProperty() { return precision; }
    public ObjectProperty<String> solverProperty() { return solver; }
    public IntegerProperty gpusProperty() { return gpus; }
    NumberInput xInput() { return xInput; }
    NumberInput yInput() { return yInput; }
    NumberInput zInput() { return zInput; }
    NumberInput fieldsInput() { return fieldsInput; }
    NumberInput haloInput() { return haloInput; }
    NumberInput gpusInput() { return gpusInput; }
}
