package com.vramadvisor.catalog;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.vramadvisor.engine.speed.BenchmarkKind;
import com.vramadvisor.engine.speed.BenchmarkSource;
import com.vramadvisor.engine.speed.MeasuredLayout;
import com.vramadvisor.engine.speed.Measurement;
import com.vramadvisor.engine.speed.Metric;
import com.vramadvisor.engine.speed.Statistic;
import com.vramadvisor.files.UntrustedText;
import com.vramadvisor.json.JsonTrees;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.YearMonth;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Reads the benchmark corpus, one JSON file per source ({@code catalog/benchmarks/*.json}), and checks each file
 * against the schema and the naming rule of {@code catalog/benchmarks/README.md}: the file is named after its
 * {@code sourceId}; every measurement has an id {@code <sourceId>/<model>/<count>x<gpuId>/<configuration>} that
 * agrees with its own fields, a kind, a metric, a positive value, a statistic and where in the source it stands; no
 * field is unknown (a misspelt field would silently lose its value); ids are unique over the whole corpus. A file with
 * any problem contributes no measurement ({@link BenchmarkCorpus}).
 */
public final class BenchmarkCorpusReader {

    /** {@code sourceId}: lower case letters and digits in groups joined by hyphens or dots. */
    static final Pattern SOURCE_ID = Pattern.compile("[a-z0-9]+([.-][a-z0-9]+)*");
    /** The configuration part of an id: lower case letters, digits, dots, underscores, joined by hyphens. */
    static final Pattern CONFIGURATION = Pattern.compile("[a-z0-9._]+(-[a-z0-9._]+)*");

    private BenchmarkCorpusReader() {
    }

    /** Reads every {@code *.json} file of {@code directory} (the README and other files are ignored). */
    public static BenchmarkCorpus read(Path directory) {
        List<CatalogProblem> problems = new ArrayList<>();
        List<BenchmarkSource> sources = new ArrayList<>();
        if (!Files.isDirectory(directory)) {
            problems.add(new CatalogProblem(directory.toString(), "", "is not a folder"));
            return new BenchmarkCorpus(sources, problems);
        }
        List<Path> files;
        try (Stream<Path> list = Files.list(directory)) {
            files = list.filter(p -> p.getFileName().toString().endsWith(".json")).sorted().toList();
        } catch (IOException e) {
            problems.add(new CatalogProblem(directory.toString(), "", "cannot list the folder: " + e.getMessage()));
            return new BenchmarkCorpus(sources, problems);
        }
        Map<String, String> seen = new HashMap<>();
        for (Path file : files) {
            List<CatalogProblem> fileProblems = new ArrayList<>();
            BenchmarkSource source = readFile(file, fileProblems);
            if (source != null) {
                for (Measurement m : source.measurements()) {
                    String other = seen.putIfAbsent(m.id(), file.getFileName().toString());
                    if (other != null) {
                        fileProblems.add(new CatalogProblem(file.toString(), "$",
                                "measurement id " + UntrustedText.quote(m.id()) + " is also in " + other));
                    }
                }
            }
            if (fileProblems.isEmpty() && source != null) {
                sources.add(source);
            }
            problems.addAll(fileProblems);
        }
        return new BenchmarkCorpus(sources, problems);
    }

    /** One source file; {@code null} when it cannot be read at all. */
    static BenchmarkSource readFile(Path file, List<CatalogProblem> problems) {
        String name = file.toString();
        JsonNode root;
        try {
            root = JsonTrees.read(file, CatalogLoader.MAX_USER_FILE_BYTES, JsonTrees.Check.NO_DUPLICATE_FIELDS,
                    JsonTrees.Check.NO_TRAILING_CONTENT);
        } catch (JsonProcessingException e) {
            problems.add(new CatalogProblem(name, "$", "malformed JSON: " + JsonTrees.problem(e)));
            return null;
        } catch (IOException e) {
            problems.add(new CatalogProblem(name, "", "cannot read the file: " + e.getMessage()));
            return null;
        }
        if (!root.isObject()) {
            problems.add(new CatalogProblem(name, "$", "expected an object with sourceId and measurements"));
            return null;
        }
        // The measurements are read one by one below; the source's own fields are checked without them.
        ObjectNode fields = root.deepCopy();
        fields.remove("measurements");
        EntryReader r = new EntryReader(name, fields, "$");
        String sourceId = r.text("sourceId");
        if (!sourceId.isEmpty() && !SOURCE_ID.matcher(sourceId).matches()) {
            r.fail("sourceId", "source ids are lower case with hyphens, e.g. mlperf-inference-v4.1; found "
                    + UntrustedText.quote(sourceId));
        }
        String expectedFile = sourceId + ".json";
        if (!sourceId.isEmpty() && !file.getFileName().toString().equals(expectedFile)) {
            r.fail("sourceId", "the file must be named after its source: " + expectedFile);
        }
        String title = r.text("title");
        String publisher = r.text("publisher");
        String url = r.text("url");
        String published = r.has("published") ? date(r, "published") : null;
        r.optionalText("published", null);
        String taken = r.text("taken");
        List<Measurement> measurements = new ArrayList<>();
        JsonNode list = root.get("measurements");
        if (list == null || !list.isArray() || list.isEmpty()) {
            r.fail("measurements", "expected a non-empty list of measurements");
        } else {
            for (int i = 0; i < list.size(); i++) {
                JsonNode node = list.get(i);
                String path = "$.measurements[" + i + "]";
                if (!node.isObject()) {
                    problems.add(new CatalogProblem(name, path, "expected an object"));
                    continue;
                }
                EntryReader entry = new EntryReader(name, node, path);
                Measurement m = measurement(entry, sourceId, published);
                problems.addAll(entry.problems());
                if (m != null) {
                    measurements.add(m);
                }
            }
        }
        r.rejectUnknownFields();
        problems.addAll(r.problems());
        if (!r.ok() || measurements.size() != (list == null ? 0 : list.size())) {
            return null;
        }
        return new BenchmarkSource(sourceId, title, publisher, url, published, taken, measurements);
    }

    private static Measurement measurement(EntryReader r, String sourceId, String published) {
        String id = r.text("id");
        String kindText = r.text("kind");
        BenchmarkKind kind = BenchmarkKind.of(kindText).orElse(null);
        if (kind == null && !kindText.isEmpty()) {
            r.fail("kind", "expected one of " + names(BenchmarkKind.values()));
        }
        String model = r.text("model");
        String modelName = r.optionalText("modelName", "");
        String precision = r.optionalText("precision", null);
        String kvDtype = r.optionalText("kvDtype", null);
        String engine = r.optionalText("engine", null);
        String engineVersion = r.optionalText("engineVersion", null);
        String backend = r.optionalText("backend", null);
        String gpuId = "";
        int count = 1;
        EntryReader hw = r.optionalObject("hardware");
        if (hw == null) {
            r.fail("hardware", "required: {\"gpuId\": ..., \"count\": ...}");
        } else {
            gpuId = hw.text("gpuId");
            // Clarification 7: a model card that gives no GPU count records count null.
            Integer given = optionalInt(hw, "count", 1_000_000);
            count = given == null ? 0 : given;
            hw.rejectUnknownFields();
        }
        MeasuredLayout layout = layout(r.optionalObject("layout"));
        String scenario = r.optionalText("scenario", null);
        Integer batch = optionalInt(r, "batch", 1_000_000);
        Integer concurrency = optionalInt(r, "concurrency", 1_000_000);
        Double requestRate = optionalDouble(r, "requestRate", 1e-9, 1e9);
        Integer inputTokens = optionalInt(r, "inputTokens", 10_000_000);
        Integer outputTokens = optionalInt(r, "outputTokens", 10_000_000);
        Integer seq = optionalInt(r, "seq", 10_000_000);
        Integer resolution = optionalInt(r, "resolution", 100_000);
        Integer steps = optionalInt(r, "steps", 100_000);
        Integer images = optionalInt(r, "images", 100_000);
        Double tokens = optionalDouble(r, "tokens", 1, 1e18);
        String metricText = r.text("metric");
        Metric metric = Metric.of(metricText).orElse(null);
        if (metric == null && !metricText.isEmpty()) {
            r.fail("metric", "expected one of " + names(Metric.values()));
        }
        double value = r.number("value", Double.MIN_VALUE, Double.MAX_VALUE);
        // Clarification 7: GPU-hours are a total, without a statistic.
        String statisticText = r.has("statistic") || metric != Metric.GPU_HOURS ? r.text("statistic") : "";
        r.optionalText("statistic", "");
        Statistic statistic = statisticText.isEmpty() ? null : Statistic.of(statisticText).orElse(null);
        if (statistic == null && !statisticText.isEmpty()) {
            r.fail("statistic", "expected one of mean, median, p90, p99, max");
        }
        String where = r.text("where");
        String notes = r.optionalText("notes", "");
        r.rejectUnknownFields();
        if (r.ok()) {
            String problem = idProblem(id, sourceId, model, count, gpuId);
            if (problem != null) {
                r.fail("id", problem);
            }
        }
        if (!r.ok()) {
            return null;
        }
        return new Measurement(id, sourceId, kind, model, modelName, precision, kvDtype, engine, engineVersion,
                backend, gpuId, count, layout, scenario, batch, concurrency, requestRate, inputTokens, outputTokens,
                seq, resolution, steps, images, tokens, metric, value, statistic, where, notes, published);
    }

    /**
     * What is wrong with {@code id} under the naming rule, or {@code null}: it must read
     * {@code <sourceId>/<model>/<count>x<gpuId>/<configuration>}, where the model part is the measurement's model as
     * written (a Hugging Face repository id keeps its {@code /} and case, clarification 1) and the count is
     * {@code n} when the source gives none (clarification 7).
     */
    static String idProblem(String id, String sourceId, String model, int count, String gpuId) {
        String prefix = sourceId + "/" + model + "/" + (count > 0 ? Integer.toString(count) : "n") + "x" + gpuId
                + "/";
        if (!id.startsWith(prefix)) {
            return "ids read <sourceId>/<model>/<count>x<gpuId>/<configuration>; expected it to begin "
                    + UntrustedText.quote(prefix) + ", found " + UntrustedText.quote(id);
        }
        String configuration = id.substring(prefix.length());
        if (!CONFIGURATION.matcher(configuration).matches()) {
            return "the configuration part is lower case, its parts joined by '-' (offline-fp8-c64-in128-out128);"
                    + " found " + UntrustedText.quote(configuration);
        }
        return null;
    }

    private static MeasuredLayout layout(EntryReader l) {
        if (l == null) {
            return MeasuredLayout.NONE;
        }
        Integer tp = optionalInt(l, "tp", 1_000_000);
        Integer pp = optionalInt(l, "pp", 1_000_000);
        Integer dp = optionalInt(l, "dp", 1_000_000);
        Integer ep = optionalInt(l, "ep", 1_000_000);
        Integer cp = optionalInt(l, "cp", 1_000_000);
        Integer zero = l.has("zero") ? Integer.valueOf(l.integer("zero", 0, 3)) : null;
        boolean fsdpGiven = l.has("fsdp");
        boolean fsdpValue = l.optionalBoolean("fsdp", false);
        Boolean fsdp = fsdpGiven ? fsdpValue : null;
        Integer micro = optionalInt(l, "microBatch", 100_000_000);
        Integer global = optionalInt(l, "globalBatch", 100_000_000);
        String recompute = l.optionalText("recompute", null);
        if (recompute != null && !List.of("none", "selective", "full").contains(recompute)) {
            l.fail("recompute", "expected none, selective or full, found " + UntrustedText.quote(recompute));
        }
        l.rejectUnknownFields();
        return new MeasuredLayout(tp, pp, dp, ep, cp, zero, fsdp, micro, global, recompute);
    }

    private static Integer optionalInt(EntryReader r, String field, int max) {
        if (!r.has(field)) {
            r.optionalInteger(field, 0, 0, max);
            return null;
        }
        return r.integer(field, 1, max);
    }

    private static Double optionalDouble(EntryReader r, String field, double min, double max) {
        if (!r.has(field)) {
            r.optionalNumber(field, 0, 0, 0);
            return null;
        }
        return r.number(field, min, max);
    }

    /** A date as the source gives it: {@code yyyy-mm-dd}, or {@code yyyy-mm} where it gives only the month. */
    private static String date(EntryReader r, String field) {
        String text = r.text(field);
        if (text.isEmpty()) {
            return null;
        }
        try {
            if (text.length() == 7) {
                YearMonth.parse(text);
            } else {
                LocalDate.parse(text);
            }
            return text;
        } catch (DateTimeParseException e) {
            r.fail(field, "expected a date yyyy-mm-dd (or yyyy-mm), found " + UntrustedText.quote(text));
            return null;
        }
    }

    private static String names(Enum<?>[] values) {
        List<String> names = new ArrayList<>();
        for (Enum<?> v : values) {
            names.add(v instanceof BenchmarkKind k ? k.id() : v instanceof Metric m ? m.id() : v.name());
        }
        return String.join(", ", names);
    }
}
