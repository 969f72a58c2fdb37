package com.vramadvisor.engine.speed;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.ServiceLoader;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The speed model's fitted data ({@code catalog/efficiency.json}): the achieved share of peak of every kernel class,
 * pooled over all stacks and per stack where the corpus's fit part has measurements on it; the fixed costs of each
 * engine; and the residuals of each figure group on the fit part and on the held-out part, from which every speed
 * figure takes its range. Written by {@code vram-advisor speed fit} from {@code catalog/benchmarks/}
 * ({@link EfficiencyFit}), read by the catalog and handed to the engine. Immutable; equal when its six parts are
 * equal.
 *
 * <p>{@link #resolve} is asked for every GPU and engine of every ranked option, on every change of the window's
 * inputs, and its answer depends only on the stack and the engine: each answer is worked out once per table and kept
 * (a few dozen stacks and engines at most), so a ranking reads a map instead of building the efficiencies again.
 */
public final class EfficiencyTable {

    private final Map<KernelClass, Double> pooled;
    private final Map<Stack, Map<KernelClass, Double>> byStack;
    private final Map<String, EngineProfile> engines;
    private final Map<SpeedFigure, Residuals> heldOut;
    private final Map<SpeedFigure, Residuals> fit;
    private final FitInfo info;
    /** {@link #resolve}'s answers, per stack (by ordinal) and engine id as asked ({@link #NO_SOFTWARE} for none). */
    private final Map<String, Efficiency>[] resolved;
    private static final String NO_SOFTWARE = "\u0000none";

    /**
     * What a table was fitted on.
     *
     * @param fitPoints     measurements of the fit part the fit read
     * @param heldOutPoints measurements of the held-out part its residuals come from
     * @param corpusSha256  SHA-256 over the fit part's identifiers and values, to tell whether the corpus changed
     * @param command       the command that regenerates the file
     */
    public record FitInfo(int fitPoints, int heldOutPoints, String corpusSha256, String command) {
    }

    /** The command that regenerates {@code catalog/efficiency.json}, as the file and the documents state it. */
    public static final String COMMAND = "java -jar target/vram-advisor.jar speed fit --corpus catalog/benchmarks"
            + " --write catalog/efficiency.json";

    /** The values before any fit ({@link Efficiency#UNFITTED}), no fixed costs, no residuals. */
    public static final EfficiencyTable UNFITTED = new EfficiencyTable(unfittedPooled(), Map.of(), Map.of(),
            Map.of(), Map.of(), new FitInfo(0, 0, "", COMMAND));

    /**
     * @param pooled  share of peak per kernel class over all stacks: what a stack without its own value uses
     * @param byStack share of peak per stack and kernel class, where fitted
     * @param engines fixed costs and factors per engine id ({@code vllm}, {@code llama.cpp}, {@code pytorch}, ...)
     * @param heldOut residuals of the held-out measurements per figure group: the ranges
     * @param fit     residuals of the fit measurements per figure group (in-sample, for comparison only)
     * @param info    what the table was fitted on
     */
    @SuppressWarnings("unchecked")
    public EfficiencyTable(Map<KernelClass, Double> pooled, Map<Stack, Map<KernelClass, Double>> byStack,
                           Map<String, EngineProfile> engines, Map<SpeedFigure, Residuals> heldOut,
                           Map<SpeedFigure, Residuals> fit, FitInfo info) {
        this.info = Objects.requireNonNull(info, "info");
        EnumMap<KernelClass, Double> p = new EnumMap<>(KernelClass.class);
        p.putAll(unfittedPooled());
        p.putAll(pooled);
        this.pooled = Collections.unmodifiableMap(p);
        EnumMap<Stack, Map<KernelClass, Double>> s = new EnumMap<>(Stack.class);
        byStack.forEach((stack, values) -> s.put(stack, Collections.unmodifiableMap(new EnumMap<>(
                values.isEmpty() ? new EnumMap<>(KernelClass.class) : values))));
        this.byStack = Collections.unmodifiableMap(s);
        this.engines = Collections.unmodifiableMap(new TreeMap<>(engines));
        this.heldOut = Collections.unmodifiableMap(heldOut.isEmpty() ? new EnumMap<>(SpeedFigure.class)
                : new EnumMap<>(heldOut));
        this.fit = Collections.unmodifiableMap(fit.isEmpty() ? new EnumMap<>(SpeedFigure.class)
                : new EnumMap<>(fit));
        this.resolved = new Map[Stack.values().length];
        for (int i = 0; i < resolved.length; i++) {
            resolved[i] = new ConcurrentHashMap<>();
        }
    }

    /** Share of peak per kernel class over all stacks: what a stack without its own value uses. */
    public Map<KernelClass, Double> pooled() {
        return pooled;
    }

    /** Share of peak per stack and kernel class, where fitted. */
    public Map<Stack, Map<KernelClass, Double>> byStack() {
        return byStack;
    }

    /** Fixed costs and factors per engine and stack ({@link #fixedCostKey}). */
    public Map<String, EngineProfile> engines() {
        return engines;
    }

    /** Residuals of the held-out measurements per figure group: the ranges. */
    public Map<SpeedFigure, Residuals> heldOut() {
        return heldOut;
    }

    /** Residuals of the fit measurements per figure group (in-sample, for comparison only). */
    public Map<SpeedFigure, Residuals> fit() {
        return fit;
    }

    /** What the table was fitted on. */
    public FitInfo info() {
        return info;
    }

    @Override
    public boolean equals(Object o) {
        return this == o || o instanceof EfficiencyTable t && pooled.equals(t.pooled) && byStack.equals(t.byStack)
                && engines.equals(t.engines) && heldOut.equals(t.heldOut) && fit.equals(t.fit)
                && info.equals(t.info);
    }

    @Override
    public int hashCode() {
        return Objects.hash(pooled, byStack, engines, heldOut, fit, info);
    }

    @Override
    public String toString() {
        return "EfficiencyTable[pooled=" + pooled + ", byStack=" + byStack + ", engines=" + engines + ", heldOut="
                + heldOut + ", fit=" + fit + ", info=" + info + "]";
    }

    private static Map<KernelClass, Double> unfittedPooled() {
        EnumMap<KernelClass, Double> m = new EnumMap<>(KernelClass.class);
        for (KernelClass k : KernelClass.values()) {
            m.put(k, Efficiency.UNFITTED.of(k));
        }
        return m;
    }

    /**
     * The efficiencies of {@code stack} running {@code software}: each kernel class at the stack's fitted share, or
     * the pooled share where the stack has none, times the engine's factors; the engine's fixed costs, or none.
     *
     * @param software an engine or framework id, case-insensitive; {@code null} for none
     */
    public Efficiency resolve(Stack stack, String software) {
        Map<String, Efficiency> known = resolved[stack.ordinal()];
        String key = software == null ? NO_SOFTWARE : software;
        Efficiency e = known.get(key);
        if (e == null) {
            e = work(stack, software);
            Efficiency first = known.putIfAbsent(key, e);
            return first != null ? first : e;
        }
        return e;
    }

    private Efficiency work(Stack stack, String software) {
        Map<KernelClass, Double> own = byStack.getOrDefault(stack, Map.of());
        Efficiency e = Efficiency.UNFITTED;
        for (KernelClass k : KernelClass.values()) {
            e = e.with(k, own.getOrDefault(k, pooled.get(k)));
        }
        if (software == null) {
            return EngineProfile.NONE.apply(e, false);
        }
        EngineProfile engine = engines.get(fixedCostKey(software, stack));
        if (engine == null) {
            // No measurement of the engine on this stack: the stack's shares as they are, and the engine's host costs
            // as they are on CUDA.
            EngineProfile onCuda = engines.getOrDefault(fixedCostKey(software, Stack.CUDA), EngineProfile.NONE);
            engine = new EngineProfile(onCuda.passSeconds(), onCuda.layerSeconds(), 1, 1, 1);
        }
        return engine.apply(e, EngineProfile.capturesDecodeGraphs(software));
    }

    /**
     * The key of {@code software}'s profile on {@code stack} in {@link #engines}: {@code engine@stack}. An engine
     * with kernels of its own ships them per vendor back-end (vLLM's CUDA kernels are not its ROCm or XPU ones), and
     * launching a kernel costs what the stack's driver and runtime take, so both the factors and the fixed costs are
     * kept per engine and stack. An engine on a stack no measurement describes runs at the stack's shares (factors
     * of 1) with its fixed costs on CUDA.
     */
    public static String fixedCostKey(String software, Stack stack) {
        return software.toLowerCase(Locale.ROOT) + "@" + stack.id();
    }

    /** The held-out residuals of {@code figure}'s group, {@link Residuals#NONE} when it has none. */
    public Residuals residuals(SpeedFigure figure) {
        return heldOut.getOrDefault(figure, Residuals.NONE);
    }

    /**
     * The table shipped with the application ({@code catalog/efficiency.json}), read once through the
     * {@link Shipped} service the catalog layer provides; {@link #UNFITTED} when no provider is on the class path
     * (the engine alone, without the catalog).
     *
     * @throws IllegalStateException when the shipped file is missing or broken (a build error)
     */
    public static EfficiencyTable shipped() {
        return ShippedHolder.TABLE;
    }

    /** Reads the shipped table; the catalog layer implements it (the engine reads no files). */
    public interface Shipped {
        /** The table in {@code catalog/efficiency.json} inside the application. */
        EfficiencyTable load();
    }

    private static final class ShippedHolder {
        static final EfficiencyTable TABLE = load();

        private static EfficiencyTable load() {
            Iterator<Shipped> providers = ServiceLoader.load(Shipped.class, EfficiencyTable.class.getClassLoader())
                    .iterator();
            return providers.hasNext() ? providers.next().load() : UNFITTED;
        }
    }
}
