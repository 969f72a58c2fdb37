package com.vramadvisor.app.domain;

import com.vramadvisor.engine.core.Sizable;
import com.vramadvisor.scenario.ScenarioInputs;
import com.vramadvisor.scenario.ScenarioWorkloads;
import java.util.Optional;

/**
 * The application's {@link DomainSizer}: {@link ScenarioWorkloads#build}, the mapping the command line's
 * {@code --scenario} uses too, so a saved scenario gives the same workload in the window and in a script.
 */
public final class EngineDomainSizer implements DomainSizer {

    @Override
    public Optional<Sizable> build(ScenarioInputs inputs) {
        return ScenarioWorkloads.build(inputs);
    }
}
