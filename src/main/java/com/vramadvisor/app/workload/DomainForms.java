package com.vramadvisor.app.workload;

import com.vramadvisor.app.ui.Messages;
import com.vramadvisor.scenario.DomainInputs;
import javafx.beans.property.ObjectProperty;

/** The view-models of the forms for the kinds beyond language models, all over one {@link DomainInputs}. */
public final class DomainForms {

    private final VisionFormViewModel vision;
    private final DiffusionFormViewModel diffusion;
    private final RenderFormViewModel render;
    private final MdFormViewModel md;
    private final GridFormViewModel grid;

    DomainForms(ObjectProperty<DomainInputs> domain, Messages messages) {
        vision = new VisionFormViewModel(domain, messages);
        diffusion = new DiffusionFormViewModel(domain, messages);
        render = new RenderFormViewModel(domain, messages);
        md = new MdFormViewModel(domain, messages);
        grid = new GridFormViewModel(domain, messages);
    }

    public VisionFormViewModel vision() {
        return vision;
    }

    public DiffusionFormViewModel diffusion() {
        return diffusion;
    }

    public RenderFormViewModel render() {
        return render;
    }

    public MdFormViewModel md() {
        return md;
    }

    public GridFormViewModel grid() {
        return grid;
    }
}
