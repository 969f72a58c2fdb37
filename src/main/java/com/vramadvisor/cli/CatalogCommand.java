package com.vramadvisor.cli;

import com.vramadvisor.catalog.Catalog;
import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.catalog.CatalogProblem;
import com.vramadvisor.catalog.ModelPreset;
import com.vramadvisor.engine.llm.ParameterCounter;
import com.vramadvisor.engine.hardware.CloudOffer;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.hardware.SystemSpec;
import com.vramadvisor.report.CsvReportWriter;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code catalog list gpus|systems|cloud|models} and {@code catalog validate [DIR]}. */
@Command(name = "catalog", mixinStandardHelpOptions = true, description = "List or validate the catalog, or detect this machine's GPUs.",
        subcommands = {CatalogCommand.ListCommand.class, CatalogCommand.ValidateCommand.class, DetectCommand.class})
final class CatalogCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new picocli.CommandLine.ParameterException(spec.commandLine(),
                "catalog needs 'list gpus|systems|cloud|models' or 'validate [DIR]'");
    }

    @Command(name = "list", mixinStandardHelpOptions = true, description = "List catalog entries.")
    static final class ListCommand implements Callable<Integer> {

        @Spec
        CommandSpec spec;

        @Parameters(paramLabel = "KIND", description = "gpus, systems, cloud, models or scenes.")
        String kind;

        @Option(names = "--format", paramLabel = "FORMAT", description = "text, json or csv (default text).")
        String format = "text";

        @Mixin
        CatalogOption catalogOption;

        @Override
        public Integer call() throws Exception {
            OutputFormat fmt = OutputFormat.parse(format, OutputFormat.TEXT, OutputFormat.JSON, OutputFormat.CSV);
            PrintWriter out = spec.commandLine().getOut();
            Catalog catalog = catalogOption.catalog(spec.commandLine().getErr());
            Table table = switch (kind.trim().toLowerCase(Locale.ROOT)) {
                case "gpus", "gpu" -> gpus(catalog.gpus());
                case "systems", "system" -> systems(catalog.systems());
                case "cloud", "offers" -> cloud(catalog.cloudOffers());
                case "models", "model", "presets" -> models(catalog.presets());
                case "scenes", "scene" -> SceneTable.scenes();
                default -> throw new CliInputException(
                        "catalog list takes gpus, systems, cloud, models or scenes, got '" + kind + "'");
            };
            table.print(out, fmt);
            out.flush();
            return 0;
        }

        private static Table gpus(List<GpuSpec> gpus) {
            Table t = new Table("id", "name", "vendor", "memoryGbNominal", "memoryUsableGiB", "memoryType",
                    "memoryBandwidthGBps", "fp16Tflops", "fp8Tflops", "fp4Tflops", "fp64Tflops", "tdpWatts", "priceUsd",
                    "priceDate");
            for (GpuSpec g : gpus) {
                t.row(g.id(), g.name(), g.vendor(), num(g.memoryGbNominal()),
                        num(g.memoryBytesUsable() / (double) (1L << 30)), g.memoryType(),
                        num(g.memoryBandwidthGBps()), known(g.fp16Tflops()), known(g.fp8Tflops()), known(g.fp4Tflops()),
                        g.fp64Known() ? num(g.fp64Tflops()) : null, g.tdpWatts() > 0 ? g.tdpWatts() : null, known(g.priceUsd()), g.priceDate());
            }
            return t;
        }

        private static Table systems(List<SystemSpec> systems) {
            Table t = new Table("id", "name", "gpuId", "gpuCount", "interconnect", "priceUsd", "priceDate");
            for (SystemSpec s : systems) {
                t.row(s.id(), s.name(), s.gpuId(), s.gpuCount(), s.interconnect(), known(s.priceUsd()), s.priceDate());
            }
            return t;
        }

        private static Table cloud(List<CloudOffer> offers) {
            Table t = new Table("id", "provider", "providerKind", "instanceType", "gpuId", "gpuCount", "market",
                    "priceUsdPerHour", "usdPerGpuHour", "priceDate", "region", "interruption", "priceSource");
            for (CloudOffer o : offers) {
                t.row(o.id(), o.provider(), o.providerKind().id(), o.instanceType(), o.gpuId(), o.gpuCount(),
                        o.market().id(), num(o.priceUsdPerHour()), num(o.usdPerGpuHour()), o.priceDate(), o.region(),
                        o.interruption().id(), o.priceSource().id());
            }
            return t;
        }

        private static Table models(List<ModelPreset> presets) {
            Table t = new Table("id", "name", "parameters", "activeParameters", "layers", "hiddenSize", "heads",
                    "kvHeads", "vocabSize", "maxPositions");
            for (ModelPreset p : presets) {
                var count = ParameterCounter.count(p.spec());
                var m = p.spec();
                t.row(m.id(), m.name(), count.total(), count.active(), m.layers(), m.hiddenSize(), m.heads(),
                        m.kvHeads(), m.vocabSize(), m.maxPositions());
            }
            return t;
        }

        /** A figure left at 0 (not supported, or no source gives it) is shown as absent, not as zero. */
        private static Object known(double v) {
            return v > 0 ? num(v) : null;
        }

        private static Object num(double v) {
            if (v == Math.rint(v) && Math.abs(v) < 1e15) {
                return (long) v;
            }
            return Math.round(v * 100) / 100.0;
        }
    }

    @Command(name = "validate", mixinStandardHelpOptions = true,
            description = "Check a catalog folder (default: the user catalog folder); exit 2 if anything is wrong.")
    static final class ValidateCommand implements Callable<Integer> {

        @Spec
        CommandSpec spec;

        @Parameters(paramLabel = "DIR", arity = "0..1", description = "Folder with gpus.json, systems.json, ...")
        Path directory;

        @Option(names = "--format", paramLabel = "FORMAT",
                description = "text or json (default text). JSON: directory, valid and problems (file, jsonPath, "
                        + "message) on standard output; the exit status is the same.")
        String format = "text";

        @Override
        public Integer call() throws Exception {
            OutputFormat fmt = OutputFormat.parse(format, OutputFormat.TEXT, OutputFormat.JSON);
            Path defaultDir = CatalogLoader.defaultUserDirectory();
            Path dir = directory != null ? directory : defaultDir;
            PrintWriter out = spec.commandLine().getOut();
            if (fmt == OutputFormat.JSON) {
                boolean fresh = !Files.exists(dir) && sameFolder(dir, defaultDir);
                List<CatalogProblem> problems = fresh ? List.of() : CatalogLoader.validate(dir);
                Map<String, Object> root = new LinkedHashMap<>();
                root.put("directory", dir.toString());
                root.put("valid", problems.isEmpty());
                List<Map<String, Object>> list = new ArrayList<>();
                for (CatalogProblem p : problems) {
                    Map<String, Object> o = new LinkedHashMap<>();
                    o.put("file", p.file());
                    o.put("jsonPath", p.jsonPath());
                    o.put("message", p.message());
                    list.add(o);
                }
                root.put("problems", list);
                out.println(EstimateOutput.json().writeValueAsString(root));
                out.flush();
                return problems.isEmpty() ? 0 : Cli.EXIT_BAD_INPUT;
            }
            if (!Files.exists(dir) && sameFolder(dir, defaultDir)) {
                // A fresh installation: the user folder is made when the first own entry is saved there.
                out.println(dir + ": no user catalog yet (the folder does not exist); the shipped catalog is used");
                out.flush();
                return 0;
            }
            List<CatalogProblem> problems = CatalogLoader.validate(dir);
            if (problems.isEmpty()) {
                out.println(dir + ": catalog is valid");
                out.flush();
                return 0;
            }
            PrintWriter err = spec.commandLine().getErr();
            for (CatalogProblem p : problems) {
                err.println(Cli.oneLine(p.toString()));
            }
            err.println(problems.size() + (problems.size() == 1 ? " problem" : " problems") + " in " + dir);
            err.flush();
            return Cli.EXIT_BAD_INPUT;
        }
    }

    private static boolean sameFolder(Path a, Path b) {
        return a.toAbsolutePath().normalize().equals(b.toAbsolutePath().normalize());
    }

    /** A small table printed as aligned text, JSON (array of objects) or CSV (RFC 4180). */
    static final class Table {
        private final String[] columns;
        private final List<Object[]> rows = new ArrayList<>();

        Table(String... columns) {
            this.columns = columns;
        }

        void row(Object... cells) {
            rows.add(cells);
        }

        void print(PrintWriter out, OutputFormat format) throws Exception {
            switch (format) {
                case JSON -> {
                    List<Map<String, Object>> list = new ArrayList<>();
                    for (Object[] r : rows) {
                        Map<String, Object> m = new LinkedHashMap<>();
                        for (int i = 0; i < columns.length; i++) {
                            m.put(columns[i], r[i]);
                        }
                        list.add(m);
                    }
                    out.println(EstimateOutput.json().writeValueAsString(list));
                }
                case CSV -> {
                    out.print(CsvReportWriter.record(List.of(columns)));
                    for (Object[] r : rows) {
                        List<String> cells = new ArrayList<>();
                        for (Object c : r) {
                            cells.add(c == null ? "" : String.valueOf(c));
                        }
                        out.print(CsvReportWriter.record(cells));
                    }
                }
                default -> {
                    int[] widths = new int[columns.length];
                    for (int i = 0; i < columns.length; i++) {
                        widths[i] = columns[i].length();
                        for (Object[] r : rows) {
                            widths[i] = Math.max(widths[i], text(r[i]).length());
                        }
                    }
                    printAligned(out, columns, widths);
                    for (Object[] r : rows) {
                        printAligned(out, r, widths);
                    }
                }
            }
        }

        /** Absent figures print as a dash in the text table. */
        private static String text(Object cell) {
            return cell == null ? "-" : String.valueOf(cell);
        }

        private static void printAligned(PrintWriter out, Object[] cells, int[] widths) {
            StringBuilder s = new StringBuilder();
            for (int i = 0; i < cells.length; i++) {
                String c = text(cells[i]);
                s.append(c);
                if (i < cells.length - 1) {
                    s.append(" ".repeat(widths[i] - c.length() + 2));
                }
            }
            out.println(s.toString().stripTrailing());
        }
    }
}
