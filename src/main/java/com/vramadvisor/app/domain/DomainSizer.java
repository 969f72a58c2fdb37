package com.vramadvisor.app.domain;

import com.vramadvisor.engine.core.Sizable;
import com.vramadvisor.scenario.ScenarioInputs;
import java.util.Optional;

/**
 * Builds the workload a scenario of a kind beyond language models describes, through that kind's estimator. The
 * application passes {@link EngineDomainSizer}; view-model tests pass small fakes.
 */
@FunctionalInterface
public interface DomainSizer {

    /**
     * @return the workload, or empty when this version has no estimator for the scenario's kind
     * @throws IllegalArgumentException with a one-line reason when the estimator refuses the inputs (an unknown
     *                                  preset, a scene file that cannot be read, a value out of its range)
     */
    Optional<Sizable> build(ScenarioInputs inputs);
}
