package com.vramadvisor.cli;

import com.vramadvisor.catalog.Catalog;
import java.io.PrintWriter;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Collection;
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

    private static final List<String> DOMAIN_FLAGS = domainFlagNames();

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
     * Rejects, in one line and in the order {@link DomainOptions} declares them, every domain flag the user typed
     * that is not in {@code own}: the other kinds' flags, including ones added to {@link DomainOptions} later, mean
     * nothing to {@code kindWords} ("--workload md"). {@code --workload} itself always belongs.
     *
     * @throws CliInputException naming the first such flag
     */
    void rejectOtherDomainFlags(String kindWords, Collection<String> own) {
        for (String name : DOMAIN_FLAGS) {
            if (!own.contains(name) && !name.equals("--workload") && isGiven(name)) {
                throw new CliInputException(name + " means nothing to " + kindWords);
            }
        }
    }

    /** Every name of every option {@link DomainOptions} declares, in declaration order. */
    private static List<String> domainFlagNames() {
        List<String> names = new ArrayList<>();
        for (Field f : DomainOptions.class.getDeclaredFields()) {
            Option option = f.getAnnotation(Option.class);
            if (option != null) {
                names.addAll(List.of(option.names()));
            }
        }
        return List.copyOf(names);
    }

    /** The catalog (shipped plus the user folder), warnings to standard error. */
    Catalog catalog() {
        return args.catalog.catalog(err);
    }
}
