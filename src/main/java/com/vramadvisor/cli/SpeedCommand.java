package com.vramadvisor.cli;

import com.vramadvisor.catalog.BenchmarkCorpus;
import com.vramadvisor.catalog.BenchmarkCorpusReader;
import com.vramadvisor.catalog.Catalog;
import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.catalog.CatalogProblem;
import com.vramadvisor.catalog.EfficiencyFile;
import com.vramadvisor.engine.speed.EfficiencyTable;
import com.vramadvisor.engine.speed.corpus.CorpusEvaluator;
import com.vramadvisor.engine.speed.corpus.CorpusReport;
import com.vramadvisor.engine.speed.corpus.EfficiencyFit;
import com.vramadvisor.engine.speed.corpus.Prediction;
import com.vramadvisor.files.AtomicFiles;
import com.vramadvisor.files.FileWriteException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code speed}: the speed model against the benchmark corpus. {@code speed check} prints the errors of every figure
 * (fit and held-out parts apart; {@code --points} adds one line per measurement); {@code speed fit} fits the
 * efficiencies on the fit part and writes {@code catalog/efficiency.json} ({@link EfficiencyFit}). Both use the shipped
 * catalog only, so that a fit does not depend on a user's folder.
 */
@Command(name = "speed", mixinStandardHelpOptions = true,
        description = "Check the speed model against the benchmark corpus, or refit its efficiencies.",
        subcommands = {SpeedCommand.Check.class, SpeedCommand.Fit.class})
final class SpeedCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new picocli.CommandLine.ParameterException(spec.commandLine(), "speed needs check or fit");
    }

    /** Reads the corpus, refusing one with problems. */
    static BenchmarkCorpus corpus(Path directory) {
        BenchmarkCorpus corpus = BenchmarkCorpusReader.read(directory);
        if (!corpus.ok()) {
            CatalogProblem first = corpus.problems().get(0);
            throw new CliInputException("the benchmark corpus has " + corpus.problems().size()
                    + " problem(s); the first: " + Cli.oneLine(first.toString()));
        }
        return corpus;
    }

    static List<CorpusEvaluator.Case> cases(BenchmarkCorpus corpus) {
        Catalog catalog = CatalogLoader.shippedOnly().load();
        CorpusEvaluator evaluator = new CorpusEvaluator(catalog.hardware(), catalog::model);
        return corpus.measurements().stream().map(evaluator::prepare).toList();
    }

    @Command(name = "check", mixinStandardHelpOptions = true,
            description = "Print the errors of the speed model on the benchmark corpus, fit and held-out apart.")
    static final class Check implements Callable<Integer> {

        @Spec
        CommandSpec spec;

        @Option(names = "--corpus", paramLabel = "DIR", required = true,
                description = "The corpus folder (catalog/benchmarks).")
        Path corpus;

        @Option(names = "--points", description = "Also print every measurement: id, part, metric, measured,"
                + " predicted, error (tab-separated).")
        boolean points;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            EfficiencyTable table = EfficiencyTable.shipped();
            List<Prediction> predictions = cases(corpus(corpus)).stream().map(c -> c.predict(table)).toList();
            out.print(CorpusReport.markdown(predictions));
            if (points) {
                out.println();
                out.println("id\tpart\tmetric\tstatistic\tmeasured\tpredicted\terror");
                for (Prediction p : predictions) {
                    out.printf(Locale.ROOT, "%s\t%s\t%s\t%s\t%s\t%s\t%s%n", p.measurement().id(), p.part().id(),
                            p.measurement().metric().id(), p.measurement().statistic() == null ? ""
                                    : p.measurement().statistic().id(), p.measurement().value(),
                            p.supported() ? String.format(Locale.ROOT, "%.6g", p.predicted()) : "",
                            p.supported() ? String.format(Locale.ROOT, "%+.3f", p.error()) : p.unsupported());
                }
            }
            out.flush();
            return 0;
        }
    }

    @Command(name = "fit", mixinStandardHelpOptions = true,
            description = "Fit the efficiencies on the corpus's fit part and write them with both parts' residuals.")
    static final class Fit implements Callable<Integer> {

        @Spec
        CommandSpec spec;

        @Option(names = "--corpus", paramLabel = "DIR", required = true,
                description = "The corpus folder (catalog/benchmarks).")
        Path corpus;

        @Option(names = "--write", paramLabel = "FILE", required = true,
                description = "Where to write the table (catalog/efficiency.json).")
        Path write;

        @Override
        public Integer call() {
            PrintWriter out = spec.commandLine().getOut();
            EfficiencyFit.Result result = EfficiencyFit.fit(cases(corpus(corpus)), EfficiencyTable.COMMAND);
            try {
                AtomicFiles.writeString(write, AtomicFiles.MissingFolder.REFUSE, EfficiencyFile.write(result.table()));
            } catch (FileWriteException e) {
                throw new CliOutputException(write + ": " + e.getMessage());
            }
            out.printf(Locale.ROOT, "fitted on %d measurements in %d sweeps (loss %.4f); wrote %s%n%n",
                    result.table().info().fitPoints(), result.sweeps(), result.loss(), write);
            out.print(CorpusReport.markdown(result.predictions()));
            out.flush();
            return 0;
        }
    }
}
