package com.vramadvisor.catalog;

import com.vramadvisor.engine.ModelSpec;

import java.util.Objects;

/**
 * A model shipped in (or added to) the catalog: its architecture as the engine sees it plus where it comes from.
 *
 * @param spec                       the architecture, from the model's official {@code config.json}
 * @param publishedParameters        parameter count the model card or paper states, 0 when it states none
 * @param publishedParametersExact   whether that figure is exact (a full integer on the card) rather than rounded
 *                                   ("7B", "1.3B")
 * @param publishedParametersSource  where that figure is stated, empty when there is none
 * @param source                     where the architecture comes from ({@code config.json} URL or paper table)
 */
public record ModelPreset(ModelSpec spec, long publishedParameters, boolean publishedParametersExact,
                          String publishedParametersSource, String source) {

    public ModelPreset {
        Objects.requireNonNull(spec, "spec");
        publishedParametersSource = publishedParametersSource == null ? "" : publishedParametersSource;
        source = source == null ? "" : source;
    }

    public String id() {
        return spec.id();
    }

    public boolean hasPublishedParameters() {
        return publishedParameters > 0;
    }
}
