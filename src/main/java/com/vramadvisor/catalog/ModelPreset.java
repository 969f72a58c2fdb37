package com.vramadvisor.catalog;

import com.vramadvisor.engine.llm.ModelSpec;

import java.util.Objects;

/**
 * A model shipped in (or added to) the catalog: its architecture as the engine sees it plus where it comes from.
 *
 * @param spec                         the architecture, from the model's official {@code config.json}
 * @param publishedParameters          parameter count the model card or paper states, 0 when it states none
 * @param publishedParametersRounding  the rounding unit of that figure: 1 for an exact count ("20554567680"),
 *                                     10^8 for "7.3B", 10^9 for "70B"; 0 when there is no figure
 * @param publishedParametersText      the figure as written in the catalog ("7.3B"), empty when none
 * @param publishedParametersSource    where that figure is stated, empty when there is none
 * @param source                       where the architecture comes from ({@code config.json} URL or paper table)
 */
public record ModelPreset(ModelSpec spec, long publishedParameters, long publishedParametersRounding,
                          String publishedParametersText, String publishedParametersSource, String source) {

    public ModelPreset {
        Objects.requireNonNull(spec, "spec");
        publishedParametersText = publishedParametersText == null ? "" : publishedParametersText;
        publishedParametersSource = publishedParametersSource == null ? "" : publishedParametersSource;
        source = source == null ? "" : source;
    }

    public String id() {
        return spec.id();
    }

    public boolean hasPublishedParameters() {
        return publishedParameters > 0;
    }

    /** Whether the published figure is an exact count rather than a rounded one. */
    public boolean publishedParametersExact() {
        return publishedParametersRounding == 1;
    }

    /**
     * Whether a computed count agrees with the published figure: equal for an exact figure, otherwise within half
     * a rounding unit ("7.3B" accepts 7.25e9 to 7.35e9).
     */
    public boolean agreesWithPublished(long computed) {
        if (!hasPublishedParameters()) {
            return true;
        }
        return 2 * Math.abs(computed - publishedParameters) <= publishedParametersRounding;
    }
}
