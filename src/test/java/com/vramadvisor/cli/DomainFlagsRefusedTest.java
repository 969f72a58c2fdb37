package com.vramadvisor.cli;

import static com.vramadvisor.cli.EstimateCommandTest.run;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.OptionSpec;

/**
 * Every workload kind beyond language models refuses, in one line with exit status 2, each flag it does not read:
 * the language-model and workload flags (looped over the option specs, so a flag added later is covered) and the
 * other kinds' domain flags.
 */
class DomainFlagsRefusedTest {

    /** What each kind needs to build at all, so that the only problem is the refused flag. */
    private static final Map<String, List<String>> BASE = Map.of(
            "vision", List.of("--preset", "resnet-50"),
            "diffusion", List.of("--preset", "sd-1.5"),
            "render", List.of("--scene", "game-4k"),
            "md", List.of(),
            "grid", List.of());

    private static final CommandLine ESTIMATE = new CommandLine(EstimateCommand.class);

    @Test
    void theIssuesTwoExamplesAreRefusedNamingTheFlagAndTheKind() {
        EstimateCommandTest.Result md = run("estimate", "--workload", "md", "--ep", "4");
        assertThat(md.status()).isEqualTo(Cli.EXIT_BAD_INPUT);
        assertThat(md.err().strip()).isEqualTo("vram-advisor: --ep means nothing to --workload md");
        EstimateCommandTest.Result render = run("fit", "--workload", "render", "--scene", "game-4k", "--gpu",
                "rtx-4090", "--vae-tiling");
        assertThat(render.status()).isEqualTo(Cli.EXIT_BAD_INPUT);
        assertThat(render.err().strip()).isEqualTo("vram-advisor: --vae-tiling means nothing to --workload render");
    }

    @Test
    void everyKindRefusesEverySharedFlagItDoesNotRead() {
        List<String> checked = new ArrayList<>();
        for (DomainCli kind : DomainWorkloads.all()) {
            for (String flag : DomainRequest.sharedFlagNames()) {
                if (!kind.reads().shared().contains(flag)) {
                    expectRefused(kind, flag);
                    checked.add(flag);
                }
            }
        }
        // The language-model flags are many; a loop that checked none would pass silently.
        assertThat(checked).contains("--ep", "--cp", "--tp", "--seq", "--mla-cache", "--calibration");
        assertThat(checked.size()).isGreaterThan(5 * 35);
    }

    @Test
    void everyKindRefusesTheOtherKindsDomainFlags() {
        for (DomainCli kind : DomainWorkloads.all()) {
            for (String flag : DomainRequest.domainFlagNames()) {
                if (!flag.equals("--workload") && !kind.reads().domain().contains(flag)) {
                    expectRefused(kind, flag);
                }
            }
        }
    }

    @Test
    void theFlagsAKindNamesExistSoARenamedFlagCannotSlipThrough() {
        for (DomainCli kind : DomainWorkloads.all()) {
            assertThat(DomainRequest.sharedFlagNames()).as(kind.kind().id()).containsAll(kind.reads().shared());
            assertThat(DomainRequest.domainFlagNames()).as(kind.kind().id()).containsAll(kind.reads().domain());
        }
    }

    private static void expectRefused(DomainCli kind, String flag) {
        String id = kind.kind().id();
        List<String> args = new ArrayList<>(List.of("estimate", "--workload", id));
        args.addAll(BASE.get(id));
        args.add(flag);
        OptionSpec spec = ESTIMATE.getCommandSpec().findOption(flag);
        assertThat(spec).as(flag).isNotNull();
        if (spec.arity().max() > 0) {
            args.add(sampleValue(spec.type()));
        }
        EstimateCommandTest.Result r = run(args.toArray(String[]::new));
        assertThat(r.status()).as(String.join(" ", args) + " -> " + r.err()).isEqualTo(Cli.EXIT_BAD_INPUT);
        assertThat(r.err()).as(String.join(" ", args)).startsWith("vram-advisor: " + flag + " means nothing to"
                + " --workload " + id);
        assertThat(r.err().strip().lines().count()).isEqualTo(1);
    }

    /** A value of the option's type that picocli accepts, so that only the kind's check can refuse it. */
    private static String sampleValue(Class<?> type) {
        if (type == int.class || type == Integer.class || type == long.class || type == Long.class) {
            return "2";
        }
        if (type == double.class || type == Double.class || type == float.class || type == Float.class) {
            return "0.5";
        }
        if (type == Path.class) {
            return "none.json";
        }
        if (type.isEnum()) {
            return type.getEnumConstants()[0].toString();
        }
        return "x";
    }
}
