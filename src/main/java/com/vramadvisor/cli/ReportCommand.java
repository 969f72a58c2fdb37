package com.vramadvisor.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.function.Supplier;

import com.vramadvisor.catalog.Catalog;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.core.JobSize;
import com.vramadvisor.engine.core.Sizable;
import com.vramadvisor.engine.core.WorkloadKind;
import com.vramadvisor.engine.ranking.RankingOptions;
import com.vramadvisor.engine.ranking.Recommendation;
import com.vramadvisor.engine.ranking.Recommender;
import com.vramadvisor.files.FileWriteException;
import com.vramadvisor.report.CsvReportWriter;
import com.vramadvisor.report.DomainReportModels;
import com.vramadvisor.report.JsonReportWriter;
import com.vramadvisor.report.MarkdownReportWriter;
import com.vramadvisor.report.PdfReportWriter;
import com.vramadvisor.report.PngReportWriter;
import com.vramadvisor.report.ReportContext;
import com.vramadvisor.report.ReportLanguage;
import com.vramadvisor.report.ReportModel;
import com.vramadvisor.report.ReportModels;
import com.vramadvisor.report.ReportWriteException;
import com.vramadvisor.report.ReportWriter;
import com.vramadvisor.report.TextReportWriter;
import com.vramadvisor.scenario.SpreadWorkload;

import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code report}: writes the sizing report of one workload as PDF, PNG, Markdown, CSV and/or JSON, with the decision
 * table over the catalog. The model and workload flags are {@code estimate}'s. Exit status: 0 when every file was
 * written, 2 on bad input, 1 when a file could not be written (the message names the file and the reason; an earlier
 * file there is kept). Runs headless: it draws with Java2D and never starts the JavaFX toolkit.
 */
@Command(name = "report", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Write the sizing report of a workload as PDF, PNG, Markdown, CSV or JSON.")
public final class ReportCommand implements Callable<Integer> {

    /** The file name that sends a text format to standard output. */
    static final String STANDARD_OUTPUT = "-";

    /** Exit status when a report file cannot be written. */
    public static final int WRITE_FAILED = 1;
    /** Exit status for bad input. */
    public static final int BAD_INPUT = 2;

    /** What a report is about: the model, the workload, the catalog for the decision table and its settings. */
    public record Scenario(ModelSpec model, Workload workload, Catalog catalog, RankingOptions ranking) {
        public Scenario {
            Objects.requireNonNull(model, "model");
            Objects.requireNonNull(workload, "workload");
            catalog = catalog == null ? Catalog.empty() : catalog;
            ranking = ranking == null ? RankingOptions.defaults() : ranking;
        }
    }

    /**
     * The files to write and the language.
     *
     * @param pdf       PDF file, or {@code null}
     * @param png       PNG file with the charts at 2x, or {@code null}
     * @param markdown  Markdown file, or {@code null}
     * @param csv       CSV file, or {@code null}
     * @param json      JSON file, or {@code null}
     * @param language  language of the report
     * @throws IllegalArgumentException (bad input) for an empty file name, or two formats given the same file, which
     *                                  would leave only the last one written
     */
    public record Options(Path pdf, Path png, Path markdown, Path csv, Path json, ReportLanguage language) {
        public Options {
            Objects.requireNonNull(language, "language");
            Map<String, Path> given = new LinkedHashMap<>();
            given.put("--pdf", pdf);
            given.put("--png", png);
            given.put("--md", markdown);
            given.put("--csv", csv);
            given.put("--json", json);
            Map<Path, String> seen = new LinkedHashMap<>();
            for (Map.Entry<String, Path> g : given.entrySet()) {
                Path path = g.getValue();
                if (path == null) {
                    continue;
                }
                if (path.toString().isEmpty()) {
                    throw new IllegalArgumentException(g.getKey() + " needs a file name");
                }
                if (isStandardOutput(path) && (g.getKey().equals("--pdf") || g.getKey().equals("--png"))) {
                    throw new IllegalArgumentException(g.getKey() + " - : " + g.getKey().substring(2).toUpperCase(
                            Locale.ROOT) + " is binary; give a file name (standard output takes --md, --csv or --json)");
                }
                for (Map.Entry<Path, String> earlier : seen.entrySet()) {
                    if (sameFile(earlier.getKey(), path)) {
                        throw new IllegalArgumentException(earlier.getValue() + " and " + g.getKey()
                                + " name the same file " + path + "; give each format a file of its own");
                    }
                }
                seen.put(path, g.getKey());
            }
        }

        /** {@code -}: the text formats go to standard output instead of a file. */
        static boolean isStandardOutput(Path path) {
            return path.toString().equals(STANDARD_OUTPUT);
        }

        /** The same path spelled two ways, or two names (links) of one existing file. */
        private static boolean sameFile(Path a, Path b) {
            if (a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize())) {
                return true;
            }
            try {
                return Files.exists(a) && Files.exists(b) && Files.isSameFile(a, b);
            } catch (IOException | SecurityException e) {
                return false;
            }
        }

        /** The writers to run, in a fixed order, each with its target. */
        Map<Path, ReportWriter> outputs() {
            Map<Path, ReportWriter> out = new LinkedHashMap<>();
            put(out, pdf, new PdfReportWriter());
            put(out, png, new PngReportWriter());
            put(out, markdown, new MarkdownReportWriter());
            put(out, csv, new CsvReportWriter());
            put(out, json, new JsonReportWriter());
            return out;
        }

        private static void put(Map<Path, ReportWriter> out, Path path, ReportWriter writer) {
            if (path != null) {
                out.put(path, writer);
            }
        }
    }

    /** What a text format writes, as the text standard output shows. */
    private static String toText(ReportWriter writer, ReportModel model) throws ReportWriteException {
        if (!(writer instanceof TextReportWriter text)) {
            // Options refuses '-' for the binary formats.
            throw new IllegalStateException(writer.getClass().getSimpleName() + " writes no text");
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try {
            text.render(model, bytes);
        } catch (IOException e) {
            throw new ReportWriteException(Path.of(STANDARD_OUTPUT), FileWriteException.Reason.FAILED,
                    String.valueOf(e.getMessage()), e);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    /** The output flags, as a picocli mixin. */
    public static final class Output {
        @Option(names = "--pdf", paramLabel = "FILE", description = "Write the report as PDF.")
        Path pdf;
        @Option(names = "--png", paramLabel = "FILE", description = "Write the charts as PNG at 2x scale.")
        Path png;
        @Option(names = "--md", paramLabel = "FILE", description = "Write the report as Markdown (- for standard"
                + " output).")
        Path markdown;
        @Option(names = "--csv", paramLabel = "FILE", description = "Write the report's tables as CSV (- for"
                + " standard output).")
        Path csv;
        @Option(names = "--json", paramLabel = "FILE", description = "Write the report model as JSON (- for"
                + " standard output).")
        Path json;
        @Option(names = "--lang", paramLabel = "en|zh-CN", defaultValue = "en",
                description = "Report language: en or zh-CN (default: ${DEFAULT-VALUE}).")
        String language;

        /** @throws IllegalArgumentException for an unknown language */
        public Options toOptions() {
            return new Options(pdf, png, markdown, csv, json, ReportLanguage.parse(language));
        }
    }

    @Spec
    CommandSpec spec;

    @Mixin
    ScenarioArgs args;

    @Mixin
    Output output = new Output();

    @Mixin
    RankingLimitsOption limits;

    @Mixin
    DomainJobOption job = new DomainJobOption();

    /** Serving: the latency targets users are counted within, as {@code recommend} takes them. */
    @Mixin
    ServingTargetsOption targets = new ServingTargetsOption();

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Options options = output.toOptions();
        if (args.kind() != WorkloadKind.LLM) {
            if (targets.anyTarget() || targets.maxNumSeqs != null) {
                throw new CliInputException("--tpot-ms, --ttft-ms and --max-num-seqs need --mode infer of a"
                        + " language model; they mean nothing to --workload " + args.kind().id());
            }
            Sizable w = DomainRun.build(args.kind(), args, spec);
            RankingOptions ranking = limits.domainBuilder(args, w.defaultJob().isPresent()).build();
            Catalog c = args.catalog.catalog(err);
            JobSize j = DomainRun.job(job, w, args);
            return write(() -> domainModel(w, c, ranking, j, options.language(), LocalDate.now(), appVersion()),
                    options, out, err);
        }
        ModelResolver.Resolved resolved = args.resolve();
        ModelSpec m = resolved.model();
        Workload w = resolved.workload();
        RankingOptions.Builder ranking = limits.given(args).builder(resolved);
        if (w.mode() == Mode.INFER) {
            ranking.servingTargets(targets.over(resolved.servingTargets()));
        } else if (targets.anyTarget() || targets.maxNumSeqs != null) {
            throw new CliInputException("--tpot-ms, --ttft-ms and --max-num-seqs need --mode infer");
        }
        Catalog c = args.catalog.catalog(err);
        return run(new Scenario(m, w, c, ranking.build()), options, LocalDate.now(), appVersion(), out, err);
    }

    /**
     * Writes the requested report files.
     *
     * @return 0 when all were written, {@link #BAD_INPUT} when no output was asked for or the engine rejects the
     *         workload, {@link #WRITE_FAILED} when a file could not be written (the others are still attempted)
     */
    public static int run(Scenario scenario, Options options, LocalDate date, String appVersion, PrintWriter out,
                          PrintWriter err) {
        return write(() -> model(scenario, options.language(), date, appVersion), options, out, err);
    }

    /**
     * Writes the requested report files of the model {@code build} makes.
     *
     * @return as {@link #run}
     */
    static int write(Supplier<ReportModel> build, Options options, PrintWriter out, PrintWriter err) {
        // Reports draw with Java2D; headless mode keeps AWT from opening a display connection or a dock icon.
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
        Map<Path, ReportWriter> outputs = options.outputs();
        if (outputs.isEmpty()) {
            err.println("vram-advisor report: no output given; use --pdf, --png, --md, --csv or --json FILE");
            return BAD_INPUT;
        }
        ReportModel model;
        try {
            model = build.get();
        } catch (IllegalArgumentException e) {
            err.println("vram-advisor report: " + e.getMessage());
            return BAD_INPUT;
        }
        int status = 0;
        for (Map.Entry<Path, ReportWriter> o : outputs.entrySet()) {
            try {
                if (Options.isStandardOutput(o.getKey())) {
                    out.print(toText(o.getValue(), model));
                    continue;
                }
                o.getValue().write(model, o.getKey());
                out.println("wrote " + o.getKey());
            } catch (ReportWriteException e) {
                err.println("vram-advisor report: " + e.getMessage());
                status = WRITE_FAILED;
            }
        }
        out.flush();
        err.flush();
        return status;
    }

    /** The report model of a scenario: the estimate, and a decision table when the catalog has hardware. */
    public static ReportModel model(Scenario scenario, ReportLanguage language, LocalDate date, String appVersion) {
        Catalog catalog = scenario.catalog();
        Recommendation recommendation = null;
        if (!catalog.gpus().isEmpty()) {
            recommendation = new Recommender().recommend(scenario.model(), scenario.workload(), catalog.hardware(),
                    scenario.ranking());
        }
        return ReportModels.from(scenario.model(), scenario.workload(), recommendation,
                new ReportContext(language, date, appVersion, catalogVersion(catalog), catalog.gpus()));
    }

    /**
     * The report model of a workload beyond language models: its estimate, and the decision table over the catalog's
     * hardware when it has any.
     */
    public static ReportModel domainModel(Sizable workload, Catalog catalog, RankingOptions ranking,
                                          ReportLanguage language, LocalDate date, String appVersion) {
        return domainModel(workload, catalog, ranking, null, language, date, appVersion);
    }

    /** The same for a job other than the workload's default ({@code null}: the default). */
    public static ReportModel domainModel(Sizable workload, Catalog catalog, RankingOptions ranking, JobSize job,
                                          ReportLanguage language, LocalDate date, String appVersion) {
        Recommendation recommendation = catalog.gpus().isEmpty() ? null
                : new Recommender().recommend(SpreadWorkload.unspread(workload), catalog.hardware(), ranking, job);
        return DomainReportModels.from(workload, recommendation,
                new ReportContext(language, date, appVersion, catalogVersion(catalog), catalog.gpus()));
    }

    /** The catalog files' versions: one value when they agree, else each distinct value, sorted. */
    public static String catalogVersion(Catalog catalog) {
        return String.join(", ", new TreeSet<>(catalog.versions().values()));
    }

    /** The version in the jar's manifest, or {@code dev} when running from compiled classes. */
    public static String appVersion() {
        String v = ReportCommand.class.getPackage().getImplementationVersion();
        return v == null || v.isBlank() ? "dev" : v;
    }
}
