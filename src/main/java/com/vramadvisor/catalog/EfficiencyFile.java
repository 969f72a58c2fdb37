package com.vramadvisor.catalog;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.vramadvisor.engine.speed.EfficiencyTable;
import com.vramadvisor.engine.speed.EngineProfile;
import com.vramadvisor.engine.speed.KernelClass;
import com.vramadvisor.engine.speed.Residuals;
import com.vramadvisor.engine.speed.SpeedFigure;
import com.vramadvisor.engine.speed.Stack;
import com.vramadvisor.json.JsonTrees;

import java.io.IOException;
import java.io.InputStream;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code catalog/efficiency.json}, the speed model's fitted data ({@link EfficiencyTable}): written by
 * {@code vram-advisor speed fit}, shipped inside the application, read once at start through
 * {@link EfficiencyTable#shipped()} ({@link Shipped}, registered in {@code META-INF/services}). Numbers are written
 * with six significant digits; a file that does not parse, or names an unknown stack, class or figure, is an error:
 * the shipped file is built with the application, so a bad one is a build error, not a user's problem.
 */
public final class EfficiencyFile {

    /** Where the shipped file is on the class path. */
    public static final String RESOURCE = "catalog/efficiency.json";

    private EfficiencyFile() {
    }

    /** The provider {@link EfficiencyTable#shipped()} finds through {@link java.util.ServiceLoader}. */
    public static final class Shipped implements EfficiencyTable.Shipped {

        @Override
        public EfficiencyTable load() {
            try (InputStream in = EfficiencyFile.class.getClassLoader().getResourceAsStream(RESOURCE)) {
                if (in == null) {
                    throw new IllegalStateException(RESOURCE + " is missing from the application");
                }
                return read(JsonTrees.read(in, JsonTrees.Check.NO_DUPLICATE_FIELDS));
            } catch (IOException e) {
                throw new IllegalStateException(RESOURCE + " cannot be read: " + e.getMessage(), e);
            }
        }
    }

    /** The table a parsed file holds. */
    public static EfficiencyTable read(JsonNode root) {
        Map<KernelClass, Double> pooled = shares(root.path("pooled"), "pooled");
        Map<Stack, Map<KernelClass, Double>> byStack = new EnumMap<>(Stack.class);
        for (Iterator<Map.Entry<String, JsonNode>> it = root.path("stacks").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            Stack s = Stack.of(e.getKey()).orElseThrow(() -> bad("unknown stack " + e.getKey()));
            byStack.put(s, shares(e.getValue(), "stacks." + e.getKey()));
        }
        Map<String, EngineProfile> engines = new TreeMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = root.path("engines").fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            double bandwidth = number(e.getValue(), "bandwidthFactor");
            engines.put(e.getKey(), new EngineProfile(number(e.getValue(), "passSeconds"),
                    number(e.getValue(), "layerSeconds"), number(e.getValue(), "computeFactor"), bandwidth,
                    e.getValue().has("cacheFactor") ? number(e.getValue(), "cacheFactor") : bandwidth));
        }
        JsonNode residuals = root.path("residuals");
        EfficiencyTable.FitInfo info = new EfficiencyTable.FitInfo(root.path("fitPoints").asInt(),
                root.path("heldOutPoints").asInt(), root.path("corpusSha256").asText(""),
                root.path("command").asText(EfficiencyTable.COMMAND));
        return new EfficiencyTable(pooled, byStack, engines, residuals(residuals.path("heldOut")),
                residuals(residuals.path("fit")), info);
    }

    /** The file's text for {@code table}: stable order, six significant digits, a trailing newline. */
    public static String write(EfficiencyTable table) {
        ObjectNode root = JsonTrees.object();
        root.put("description", "The speed model's shares of peak per software stack and kernel class, the engines'"
                + " fixed costs, and the residuals of the benchmark corpus's fit and held-out parts (docs/verifying.md)."
                + " Generated: do not edit; regenerate with the command below.");
        root.put("command", table.info().command());
        root.put("corpusSha256", table.info().corpusSha256());
        root.put("fitPoints", table.info().fitPoints());
        root.put("heldOutPoints", table.info().heldOutPoints());
        ObjectNode pooled = root.putObject("pooled");
        table.pooled().forEach((k, v) -> pooled.put(k.id(), round(v)));
        ObjectNode stacks = root.putObject("stacks");
        table.byStack().forEach((s, m) -> {
            ObjectNode o = stacks.putObject(s.id());
            m.forEach((k, v) -> o.put(k.id(), round(v)));
        });
        ObjectNode engines = root.putObject("engines");
        table.engines().forEach((e, c) -> {
            ObjectNode o = engines.putObject(e);
            o.put("passSeconds", round(c.passSeconds()));
            o.put("layerSeconds", round(c.layerSeconds()));
            o.put("computeFactor", round(c.computeFactor()));
            o.put("bandwidthFactor", round(c.bandwidthFactor()));
            o.put("cacheFactor", round(c.cacheFactor()));
        });
        ObjectNode residuals = root.putObject("residuals");
        writeResiduals(residuals.putObject("heldOut"), table.heldOut());
        writeResiduals(residuals.putObject("fit"), table.fit());
        return JsonTrees.pretty(root) + "\n";
    }

    private static void writeResiduals(ObjectNode out, Map<SpeedFigure, Residuals> residuals) {
        residuals.forEach((f, r) -> {
            ObjectNode o = out.putObject(f.id());
            o.put("count", r.count());
            o.put("p10", round(r.p10()));
            o.put("p50", round(r.p50()));
            o.put("p90", round(r.p90()));
            o.put("medianAbs", round(r.medianAbs()));
            o.put("p90Abs", round(r.p90Abs()));
        });
    }

    private static Map<SpeedFigure, Residuals> residuals(JsonNode node) {
        Map<SpeedFigure, Residuals> out = new EnumMap<>(SpeedFigure.class);
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            SpeedFigure f = figure(e.getKey());
            JsonNode r = e.getValue();
            out.put(f, new Residuals(r.path("count").asInt(), number(r, "p10"), number(r, "p50"), number(r, "p90"),
                    number(r, "medianAbs"), number(r, "p90Abs")));
        }
        return out;
    }

    private static SpeedFigure figure(String id) {
        for (SpeedFigure f : SpeedFigure.values()) {
            if (f.id().equals(id)) {
                return f;
            }
        }
        throw bad("unknown figure group " + id);
    }

    private static Map<KernelClass, Double> shares(JsonNode node, String where) {
        Map<KernelClass, Double> out = new EnumMap<>(KernelClass.class);
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            KernelClass k = kernel(e.getKey()).orElseThrow(() -> bad("unknown kernel class " + where + "."
                    + e.getKey()));
            double v = e.getValue().asDouble(Double.NaN);
            if (!(v > 0 && v <= 1)) {
                throw bad(where + "." + e.getKey() + " must be a share above 0 and at most 1");
            }
            out.put(k, v);
        }
        return out;
    }

    private static java.util.Optional<KernelClass> kernel(String id) {
        for (KernelClass k : KernelClass.values()) {
            if (k.id().equals(id)) {
                return java.util.Optional.of(k);
            }
        }
        return java.util.Optional.empty();
    }

    private static double number(JsonNode node, String field) {
        JsonNode v = node.get(field);
        if (v == null || !v.isNumber()) {
            throw bad(field + " must be a number");
        }
        return v.asDouble();
    }

    /** Six significant digits, so that the file does not change with the last bits of a floating-point sum. */
    static double round(double v) {
        if (v == 0 || !Double.isFinite(v)) {
            return v;
        }
        return Double.parseDouble(String.format(Locale.ROOT, "%.6g", v));
    }

    private static IllegalStateException bad(String what) {
        return new IllegalStateException(RESOURCE + ": " + what);
    }
}
