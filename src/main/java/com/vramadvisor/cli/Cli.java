package com.vramadvisor.cli;

import com.vramadvisor.files.UntrustedText;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParseResult;

/**
 * The headless command line: same engine and catalog as the window, no JavaFX. Exit status 0 on success, 2 on bad
 * input (one line naming the problem on standard error, never a stack trace), 1 when an output cannot be written.
 */
@Command(name = "vram-advisor", mixinStandardHelpOptions = true, versionProvider = Cli.Version.class,
        description = "GPU memory sizing and hardware selection for ML workloads.",
        subcommands = {EstimateCommand.class, RecommendCommand.class, FitCommand.class, AdviseCommand.class,
            CalibrateCommand.class,
            GuideCommand.class, CatalogCommand.class, ReportCommand.class, PlanCommand.class, SpeedCommand.class,
            CommandLine.HelpCommand.class})
public final class Cli implements Runnable {

    /** Bad input: unknown flag, invalid value, malformed or unsupported model file. */
    public static final int EXIT_BAD_INPUT = 2;

    /** Longest message printed; the readers cut what they quote, so only a runaway message reaches this. */
    private static final int MAX_MESSAGE_CHARS = 2_000;

    private Cli() {
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(new CommandLine(this), "a command is required (try --help)");
    }

    /** Runs one command against the process's standard streams and returns its exit status. */
    public static int run(String... args) {
        PrintWriter out = new PrintWriter(new java.io.OutputStreamWriter(System.out, StandardCharsets.UTF_8), true);
        PrintWriter err = new PrintWriter(new java.io.OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
        return run(out, err, args);
    }

    /** Runs one command against the given streams and returns its exit status. */
    public static int run(PrintWriter out, PrintWriter err, String... args) {
        CommandLine cl = new CommandLine(new Cli());
        cl.setOut(out);
        cl.setErr(err);
        cl.setCaseInsensitiveEnumValuesAllowed(true);
        cl.setParameterExceptionHandler((ex, a) -> {
            // --json was a flag of advise only; every printing command takes --format json, so point there.
            String hint = ex instanceof CommandLine.UnmatchedArgumentException u
                    && u.getUnmatched().contains("--json") ? " (use --format json)" : "";
            err.println("vram-advisor: " + oneLine(ex.getMessage()) + hint);
            err.flush();
            return EXIT_BAD_INPUT;
        });
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            int status = ex instanceof CliOutputException ? 1 : EXIT_BAD_INPUT;
            String message = ex.getMessage() == null ? ex.getClass().getSimpleName() : ex.getMessage();
            if (!(ex instanceof IllegalArgumentException || ex instanceof CliInputException
                    || ex instanceof CliOutputException)) {
                message = "unexpected " + ex.getClass().getSimpleName() + ": " + message;
                status = 1;
            }
            err.println("vram-advisor: " + oneLine(message));
            err.flush();
            return status;
        });
        cl.setExecutionStrategy(parsed -> {
            // A sizing command's --help shows one workload kind's flags at a time (KindHelp); the rest as picocli does.
            ParseResult last = parsed;
            while (last.hasSubcommand()) {
                last = last.subcommand();
            }
            if (last != parsed && last.isUsageHelpRequested() && KindHelp.applies(last.commandSpec())) {
                return KindHelp.print(last, out, err);
            }
            return new CommandLine.RunLast().execute(parsed);
        });
        int status = cl.execute(args);
        out.flush();
        err.flush();
        return status;
    }

    /**
     * The first line of a message with any control character escaped: the readers already escape what they quote
     * from files, and this keeps anything they missed from reaching the terminal as an escape sequence.
     */
    static String oneLine(String message) {
        if (message == null) {
            return "error";
        }
        int nl = message.indexOf('\n');
        return UntrustedText.escape((nl < 0 ? message : message.substring(0, nl)).strip(), MAX_MESSAGE_CHARS);
    }

    /** Reads the version from the jar manifest. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            String v = Cli.class.getPackage().getImplementationVersion();
            return new String[] {"VRAM Advisor " + (v == null ? "development build" : v)};
        }
    }
}
