package com.vramadvisor.engine.ranking;

import com.vramadvisor.engine.hardware.GpuSpec;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * One line of the hardware-selection rule of thumb that guides and articles on GPU memory repeat: small models on an
 * RTX 3060 12GB, 1-10B models on an A100 40GB, larger ones on an A100 80GB or H100. The guide checks each line
 * against the engine instead of trusting it.
 *
 * @param sizeClass        the scenario it speaks about
 * @param recommendation   the rule as usually written
 * @param memoryGbNominal  memory of the recommended card as sold (GB)
 * @param nameFragments    any of these in a GPU's name (case and spaces ignored) marks the recommended card
 */
public record RuleOfThumb(SizeClass sizeClass, String recommendation, double memoryGbNominal,
                          List<String> nameFragments) {

    public RuleOfThumb {
        nameFragments = List.copyOf(nameFragments);
    }

    /** The three lines of the rule of thumb. */
    public static List<RuleOfThumb> standard() {
        return List.of(
                new RuleOfThumb(SizeClass.SMALL_UNDER_1B, "RTX 3060 12GB", 12, List.of("RTX 3060")),
                new RuleOfThumb(SizeClass.MEDIUM_1B_TO_10B, "A100 40GB", 40, List.of("A100")),
                new RuleOfThumb(SizeClass.LARGE_OVER_10B, "A100 80GB / H100", 80, List.of("A100", "H100")));
    }

    /**
     * The two lines of the same table beyond language models, as buying guides for GPU memory write them: real-time
     * rendering on a 24 GB consumer flagship (an RTX 4090), scientific computing on an 80 GB data-centre GPU with
     * HBM and full-rate FP64 (an A100 80GB or H100).
     */
    public static List<RuleOfThumb> beyondLanguageModels() {
        return List.of(
                new RuleOfThumb(SizeClass.RENDERING, "RTX 4090 24GB", 24, List.of("RTX 4090")),
                new RuleOfThumb(SizeClass.SCIENTIFIC_COMPUTING, "A100 80GB / H100", 80, List.of("A100", "H100")));
    }

    /** The first GPU of the list that is the recommended card: same nominal memory and a matching name. */
    public Optional<GpuSpec> match(List<GpuSpec> gpus) {
        for (GpuSpec g : gpus) {
            if (g.memoryGbNominal() != memoryGbNominal) {
                continue;
            }
            String name = squash(g.name() + " " + g.id());
            for (String fragment : nameFragments) {
                if (name.contains(squash(fragment))) {
                    return Optional.of(g);
                }
            }
        }
        return Optional.empty();
    }

    private static String squash(String s) {
        return s.toLowerCase(Locale.ROOT).replaceAll("[\\s_-]", "");
    }
}
