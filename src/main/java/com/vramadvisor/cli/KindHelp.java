package com.vramadvisor.cli;

import com.vramadvisor.engine.core.WorkloadKind;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgGroupSpec;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * {@code --help} of the sizing commands, one workload kind at a time. Every kind's flags together run to some 150
 * lines, most of them meaning nothing to the kind a user asks about, so {@code estimate --help} lists the workload
 * kinds and the flags every kind shares, and {@code estimate --workload vision --help} the flags vision reads
 * ({@link DomainCli#reads()}) beside those; {@code --workload llm --help} the language-model flags. {@code help
 * estimate} still prints every flag at once.
 */
final class KindHelp {

    /** The option groups of {@link ScenarioArgs}, by the field names picocli gives them. */
    private static final String MODEL_HEADING = "%nModel:%n";
    private static final String WORKLOAD_HEADING = "%nWorkload:%n";
    private static final String DOMAIN_HEADING = "%nOther workloads:%n";

    private KindHelp() {
    }

    /** Whether {@code spec} takes the model and workload flags of {@link ScenarioArgs}, so has per-kind help. */
    static boolean applies(CommandSpec spec) {
        return spec.findOption("--workload") != null && spec.findOption("--preset") != null;
    }

    /**
     * Prints the help {@code parsed} (a sizing command with {@code --help}) asks for: of the kind its
     * {@code --workload} names, or the overview without one.
     *
     * @return the exit status: 0, or 2 for an unknown kind
     */
    static int print(ParseResult parsed, PrintWriter out, PrintWriter err) {
        CommandSpec spec = parsed.commandSpec();
        if (!parsed.hasMatchedOption("--workload")) {
            render(spec, null, out);
            return 0;
        }
        String text = parsed.matchedOption("--workload").getValue();
        WorkloadKind kind;
        try {
            kind = WorkloadKind.parse(text);
        } catch (IllegalArgumentException e) {
            err.println("vram-advisor: " + Cli.oneLine(e.getMessage()));
            err.flush();
            return Cli.EXIT_BAD_INPUT;
        }
        render(spec, kind, out);
        return 0;
    }

    /** The usage of {@code spec} with only the options {@code kind} reads; {@code null} for the overview. */
    static void render(CommandSpec spec, WorkloadKind kind, PrintWriter out) {
        CommandSpec shown = CommandSpec.create().name(spec.qualifiedName());
        shown.usageMessage().description(spec.usageMessage().description())
                .sortOptions(false).width(spec.usageMessage().width())
                .customSynopsis(synopsis(spec, kind));
        Map<String, List<OptionSpec>> groups = new LinkedHashMap<>();
        for (OptionSpec o : spec.options()) {
            String heading = o.group() == null ? null : o.group().heading();
            if (!shows(o, heading, kind)) {
                continue;
            }
            OptionSpec copy = OptionSpec.builder(o).build();
            if (heading == null || o.longestName().equals("--workload")) {
                shown.addOption(copy);
            } else {
                groups.computeIfAbsent(heading, h -> new ArrayList<>()).add(copy);
            }
        }
        for (Map.Entry<String, List<OptionSpec>> g : groups.entrySet()) {
            ArgGroupSpec.Builder b = ArgGroupSpec.builder().exclusive(false).heading(heading(g.getKey(), kind));
            g.getValue().forEach(b::addArg);
            shown.addArgGroup(b.build());
        }
        shown.usageMessage().footer(footer(spec, kind));
        new CommandLine(shown).usage(out);
        out.flush();
    }

    /** Whether option {@code o} (in the group of {@code heading}, if any) is shown for {@code kind}. */
    private static boolean shows(OptionSpec o, String heading, WorkloadKind kind) {
        String name = o.longestName();
        if (name.equals("--workload")) {
            return true;
        }
        boolean modelOrWorkload = MODEL_HEADING.equals(heading) || WORKLOAD_HEADING.equals(heading);
        boolean domain = DOMAIN_HEADING.equals(heading);
        boolean calibration = name.equals("--calibration");
        if (!modelOrWorkload && !domain && !calibration) {
            return true;
        }
        if (kind == null) {
            return false;
        }
        if (kind == WorkloadKind.LLM) {
            return !domain;
        }
        DomainCli.Reads reads = DomainWorkloads.of(kind).orElseThrow().reads();
        return domain ? reads.domain().contains(name) : reads.shared().contains(name);
    }

    private static String heading(String heading, WorkloadKind kind) {
        return kind != null && kind != WorkloadKind.LLM && DOMAIN_HEADING.equals(heading)
                ? "%n--workload " + kind.id() + ":%n" : heading;
    }

    private static String[] synopsis(CommandSpec spec, WorkloadKind kind) {
        String workload = kind == null ? "[--workload=KIND]" : "--workload " + kind.id();
        return new String[] {spec.qualifiedName() + " " + workload + " [OPTIONS]"};
    }

    private static String[] footer(CommandSpec spec, WorkloadKind kind) {
        String kinds = Arrays.stream(WorkloadKind.values()).map(k -> "  " + pad(k.id()) + label(k))
                .collect(Collectors.joining("%n"));
        if (kind == null) {
            return new String[] {"%nWorkload kinds (--workload KIND; llm when absent):%n" + kinds,
                "%nEach kind's own flags: " + spec.qualifiedName() + " --workload KIND --help. Every flag at once:"
                    + " vram-advisor help " + spec.name() + "."};
        }
        return new String[] {"%nOther kinds: " + spec.qualifiedName() + " --workload KIND --help with KIND one of "
                + Arrays.stream(WorkloadKind.values()).filter(k -> k != kind).map(WorkloadKind::id)
                        .collect(Collectors.joining(", ")) + "."};
    }

    private static String pad(String id) {
        return String.format(Locale.ROOT, "%-11s", id);
    }

    /** What each kind sizes, in the words of the README, short enough for one line of the help. */
    private static String label(WorkloadKind kind) {
        return switch (kind) {
            case LLM -> "language models: training (full, LoRA, QLoRA) and inference";
            case VISION -> "image classifiers and encoders (ResNet, EfficientNet, ViT, ...)";
            case DIFFUSION -> "text-to-image pipelines: generation and fine-tuning";
            case RENDER -> "rendering scenes: games, path-traced stills, film frames";
            case MD -> "molecular dynamics";
            case GRID -> "structured grids and sparse solvers";
        };
    }

    /** The option names shown for {@code kind} (tests). */
    static Set<String> shownOptions(CommandSpec spec, WorkloadKind kind) {
        return spec.options().stream()
                .filter(o -> shows(o, o.group() == null ? null : o.group().heading(), kind))
                .map(OptionSpec::longestName).collect(Collectors.toSet());
    }
}
