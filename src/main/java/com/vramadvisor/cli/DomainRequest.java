package com.vramadvisor.cli;

import com.vramadvisor.catalog.Catalog;
import java.io.PrintWriter;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParseResult;

/**
 * What a workload kind beyond language models is built from: the shared flags, the domain flags, and which of them
 * the user actually typed (the shared flags carry language-model defaults such as {@code --precision bf16-mixed}
 * that mean nothing to a simulation).
 */
final class DomainRequest {

    private static final List<String> SHARED_FLAGS = optionNames(ModelOptions.class, WorkloadOptions.class,
            CalibrationOption.class);
    private static final List<String> DOMAIN_FLAGS = optionNames(DomainOptions.class);

    private final ScenarioArgs args;
    private final ParseResult parsed;
    private final PrintWriter err;

    DomainRequest(ScenarioArgs args, ParseResult parsed, PrintWriter err) {
        this.args = args;
        this.parsed = parsed;
        this.err = err;
    }

    /** The domain flags. */
    DomainOptions domain() {
        return args.domain;
    }

    /** The shared model flags ({@code --preset}). */
    ModelOptions model() {
        return args.model;
    }

    /** The shared workload flags ({@code --mode}, {@code --batch}, {@code --precision}, {@code --optimizer}). */
    WorkloadOptions workload() {
        return args.workload;
    }

    /** The text of an option as typed on the command line (the last occurrence), or empty when it was not given. */
    Optional<String> given(String optionName) {
        var matched = parsed.matchedOption(optionName);
        if (matched == null) {
            return Optional.empty();
        }
        List<String> values = matched.stringValues();
        return values.isEmpty() ? Optional.of("") : Optional.of(values.get(values.size() - 1));
    }

    /** Whether an option was typed on the command line. */
    boolean isGiven(String optionName) {
        return parsed.hasMatchedOption(optionName);
    }

    /**
     * Rejects, in one line, the first flag the user typed that {@code kind} does not read: a shared flag
     * ({@link ModelOptions}, {@link WorkloadOptions}, {@code --calibration}) outside
     * {@link DomainCli#reads()}, or a domain flag ({@link DomainOptions}) outside it.
     * The names come from the option classes themselves, so a flag added to any of them later is refused too until
     * a kind says it reads it. {@code --workload} always belongs. Flags are checked in declaration order.
     *
     * @throws CliInputException "FLAG means nothing to --workload KIND", plus the kind's hint for that flag
     */
    void rejectUnread(DomainCli kind) {
        String kindWords = "--workload " + kind.kind().id();
        for (String name : SHARED_FLAGS) {
            if (!kind.reads().shared().contains(name) && isGiven(name)) {
                throw new CliInputException(name + " means nothing to " + kindWords + kind.hint(name));
            }
        }
        for (String name : DOMAIN_FLAGS) {
            if (!kind.reads().domain().contains(name) && !name.equals("--workload") && isGiven(name)) {
                throw new CliInputException(name + " means nothing to " + kindWords + kind.hint(name));
            }
        }
    }

    /**
     * Every name of every shared option a workload kind beyond language models may or may not read: the model and
     * workload groups and {@code --calibration}, in declaration order. {@code --scenario} is not among them: every kind
     * reads a scenario file, through {@link DomainRun#build} before any flag is read.
     */
    static List<String> sharedFlagNames() {
        return SHARED_FLAGS;
    }

    /** Every name of every option {@link DomainOptions} declares, in declaration order. */
    static List<String> domainFlagNames() {
        return DOMAIN_FLAGS;
    }

    /** Every name of every option the classes declare, in declaration order. */
    private static List<String> optionNames(Class<?>... types) {
        List<String> names = new ArrayList<>();
        for (Class<?> type : types) {
            for (Field f : type.getDeclaredFields()) {
                Option option = f.getAnnotation(Option.class);
                if (option != null) {
                    names.addAll(List.of(option.names()));
                }
            }
        }
        return List.copyOf(names);
    }

    /** The catalog (shipped plus the user folder), warnings to standard error. */
    Catalog catalog() {
        return args.catalog.catalog(err);
    }
}
