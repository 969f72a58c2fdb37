package com.vramadvisor.engine.ranking;

import com.vramadvisor.engine.core.Sizable;

import java.util.Objects;

/**
 * A representative workload beyond language models for one line of the hardware guide (a 4K game scene, a
 * molecular-dynamics system). The command line builds them from the estimators' presets; the engine sees the
 * workload through {@link Sizable} only.
 *
 * @param id          stable lowercase id ({@code render-game-4k})
 * @param sizeClass   the line of the rule of thumb it is checked against
 * @param description English description
 * @param workload    the workload
 */
public record DomainGuideScenario(String id, SizeClass sizeClass, String description, Sizable workload) {

    public DomainGuideScenario {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(sizeClass, "sizeClass");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(workload, "workload");
    }
}
