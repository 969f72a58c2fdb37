package com.vramadvisor.engine.speed.corpus;

import com.vramadvisor.engine.speed.BenchmarkKind;
import com.vramadvisor.engine.speed.BenchmarkSplit;
import com.vramadvisor.engine.speed.EfficiencyTable;
import com.vramadvisor.engine.speed.EngineProfile;
import com.vramadvisor.engine.speed.KernelClass;
import com.vramadvisor.engine.speed.Measurement;
import com.vramadvisor.engine.speed.Residuals;
import com.vramadvisor.engine.speed.SpeedFigure;
import com.vramadvisor.engine.speed.Stack;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Fits the speed model's efficiencies ({@link EfficiencyTable}) on the fit part of the benchmark corpus, and only on
 * it, then measures the residuals of both parts with the result.
 *
 * <p>Parameters: the share of peak of every kernel class on every stack that fit measurements run on, and for every
 * engine and stack they name ({@link EfficiencyTable#fixedCostKey}) whose fit measurements cover at least
 * {@value #MIN_MODELS_FOR_FACTORS} models the engine's fixed costs per pass and per layer on that stack and, for
 * engines with kernels of their own ({@link #OWN_KERNELS}), its factors on the compute shares, the weight read and
 * the KV-cache read ({@link EngineProfile}). Each measurement is predicted through the
 * application's code ({@link CorpusEvaluator}); the loss is
 * <pre>
 *   sum over sources of  (1 / n_source) x sum over the source's points of  huber(ln(predicted / measured))
 *   + LAMBDA x sum over stacks and classes of  (ln share(stack, class) - ln share before any fit(class))^2
 *   + LAMBDA x sum over engines and stacks of  (ln computeFactor)^2 + (ln bandwidthFactor)^2 + (ln cacheFactor)^2
 * </pre>
 * Every source weighs one unit, its points sharing it (corpus README, clarification 6), so that no single source
 * sets a constant; the Huber loss ({@value #HUBER_DELTA} in log error, about a factor of 1.65) keeps a wild point from
 * dragging a share; the penalties pull a stack's share towards its documented value before any fit
 * ({@code Efficiency#UNFITTED}) and an engine's factors towards 1 where the measurements say little. A stack's
 * shares are what the vendor's libraries reach (cuBLAS, cuDNN, hipBLASLt, called by the training frameworks, eager
 * PyTorch and diffusers), so they are searched on those engines' measurements only; an engine with kernels of its
 * own ({@link #OWN_KERNELS}) is described by its factors on them. Searched together, a stack's share and its engines'
 * factors are one product the data cannot split, and the share drifted to whatever its most measured engine reached.
 * The pooled shares, which stacks without fit measurements use, are the means over the fitted stacks.
 *
 * <p>Optimisation: coordinate descent in log space, each coordinate by golden-section search over its bounds (shares
 * {@value #MIN_SHARE} to 1; engine factors 0.25 to 4; fixed costs 0 or 10^-7 to 0.1 s per pass and 10^-8 to 10^-3 s
 * per layer), sweeping all
 * coordinates in a fixed order until a sweep improves the loss by less than {@value #TOLERANCE} (at most
 * {@value #MAX_SWEEPS} sweeps). Deterministic: the same corpus gives the same table.
 *
 * <p>Whole pre-training runs ({@code llm-pretraining}) are not fitted: their GPU-hours include restarts, evaluation
 * and data stalls that no kernel share describes, and the gate checks them as published runs.
 */
public final class EfficiencyFit {

    /** Huber threshold in log error. */
    static final double HUBER_DELTA = 0.5;
    /** Strength of the pull of a stack's share towards the pooled one. */
    static final double LAMBDA = 0.02;
    /** The smallest share of peak a class may fit to. */
    static final double MIN_SHARE = 0.01;
    static final double TOLERANCE = 1e-4;
    static final int MAX_SWEEPS = 8;
    private static final int GOLDEN_STEPS = 24;
    private static final double GOLDEN = (Math.sqrt(5) - 1) / 2;
    private static final double PASS_MIN = 1e-7;
    private static final double PASS_MAX = 0.1;
    private static final double LAYER_MIN = 1e-8;
    private static final double LAYER_MAX = 1e-3;
    private static final double MIN_FACTOR = 0.25;
    private static final double MAX_FACTOR = 4;
    /**
     * The engines that ship kernels of their own, whose compute and bandwidth factors are fitted: TensorRT-LLM's
     * generated kernels, vLLM's and SGLang's custom and Triton kernels, llama.cpp's quantised matrix-vector kernels,
     * MLX's Metal kernels, TGI's. Training frameworks and eager PyTorch (Megatron-LM, NeMo, torchtitan, DeepSpeed,
     * diffusers, Transformers) call the vendor's libraries (cuBLAS, cuDNN, hipBLASLt) for their matrix
     * multiplications, which the stack's shares describe; they get fixed costs only.
     */
    static final java.util.Set<String> OWN_KERNELS = java.util.Set.of("trtllm", "vllm", CorpusEvaluator.VLLM_V0,
            "sglang", "llama.cpp", "mlx", "tgi");
    /**
     * The fewest models an engine's fit measurements on a stack must cover before its factors and its fixed costs are
     * fitted. Both describe the engine, for every model it serves; measured on one model only, they also take up what
     * is that model's own (its attention variant, its expert count, its weight format's kernels) and carry it to every
     * other model, the fixed costs to the smallest most. With one model the factors stay at 1 and the fixed costs at 0
     * (corpus README, changes 3 and 4).
     */
    static final int MIN_MODELS_FOR_FACTORS = 2;

    /**
     * The fit and its residuals.
     *
     * @param table       the fitted table, with the residuals of both parts
     * @param predictions every measurement's prediction with it, in corpus order
     * @param sweeps      coordinate-descent sweeps run
     * @param loss        the final loss
     */
    public record Result(EfficiencyTable table, List<Prediction> predictions, int sweeps, double loss) {
    }

    private final List<CorpusEvaluator.Case> fitCases;
    private final List<CorpusEvaluator.Case> allCases;
    private final Map<String, Integer> sourceSizes = new HashMap<>();
    private final List<Stack> stacks;
    private final List<String> costKeys;
    /** The engine-and-stack keys whose fit measurements cover {@value #MIN_MODELS_FOR_FACTORS} models or more. */
    private final java.util.Set<String> enginesFitted;
    private final EnumMap<Stack, EnumMap<KernelClass, Double>> shares = new EnumMap<>(Stack.class);
    private final Map<String, double[]> fixed = new TreeMap<>();
    private final Map<CorpusEvaluator.Case, Double> lastLoss = new HashMap<>();

    private EfficiencyFit(List<CorpusEvaluator.Case> cases) {
        this.allCases = List.copyOf(cases);
        List<CorpusEvaluator.Case> fit = new ArrayList<>();
        TreeSet<Stack> usedStacks = new TreeSet<>();
        TreeSet<String> usedCosts = new TreeSet<>();
        for (CorpusEvaluator.Case c : cases) {
            Measurement m = c.measurement();
            if (m.part() != BenchmarkSplit.Part.FIT || m.kind() == BenchmarkKind.LLM_PRETRAINING
                    || c.stack() == null || !c.predict(EfficiencyTable.UNFITTED).supported()) {
                continue;
            }
            fit.add(c);
            sourceSizes.merge(m.sourceId(), 1, Integer::sum);
            usedStacks.add(c.stack());
            if (c.software() != null) {
                usedCosts.add(EfficiencyTable.fixedCostKey(c.software(), c.stack()));
            }
        }
        this.fitCases = fit;
        this.stacks = List.copyOf(usedStacks);
        this.costKeys = List.copyOf(usedCosts);
        Map<String, java.util.Set<String>> models = new HashMap<>();
        for (CorpusEvaluator.Case c : fit) {
            if (c.software() != null) {
                models.computeIfAbsent(EfficiencyTable.fixedCostKey(c.software(), c.stack()), k -> new TreeSet<>())
                        .add(c.measurement().model());
            }
        }
        this.enginesFitted = java.util.Set.copyOf(models.entrySet().stream()
                .filter(e -> e.getValue().size() >= MIN_MODELS_FOR_FACTORS).map(Map.Entry::getKey).toList());
        EfficiencyTable start = EfficiencyTable.UNFITTED;
        for (Stack s : stacks) {
            EnumMap<KernelClass, Double> m = new EnumMap<>(KernelClass.class);
            for (KernelClass k : KernelClass.values()) {
                m.put(k, start.pooled().get(k));
            }
            shares.put(s, m);
        }
        for (String k : costKeys) {
            fixed.put(k, new double[] {0, 0, 1, 1, 1});
        }
    }

    /**
     * Fits on the fit part of {@code cases} (all prepared measurements of the corpus, both parts) and returns the
     * table with the residuals of both parts.
     *
     * @param command the command that regenerates the file, recorded in it
     */
    public static Result fit(List<CorpusEvaluator.Case> cases, String command) {
        EfficiencyFit f = new EfficiencyFit(cases);
        return f.run(command);
    }

    private Result run(String command) {
        double loss = loss(fitCases);
        int sweeps = 0;
        while (sweeps < MAX_SWEEPS) {
            sweeps++;
            double before = loss;
            for (Stack s : stacks) {
                for (KernelClass k : KernelClass.values()) {
                    loss = optimiseShare(s, k, loss);
                }
            }
            // The shares moved the predictions of the engines with kernels of their own too, which their search
            // left out: the loss of every case again.
            loss = loss(fitCases);
            for (String k : costKeys) {
                if (enginesFitted.contains(k)) {
                    loss = optimiseFixed(k, 0, PASS_MIN, PASS_MAX, loss);
                    loss = optimiseFixed(k, 1, LAYER_MIN, LAYER_MAX, loss);
                }
            }
            for (String k : costKeys) {
                if (OWN_KERNELS.contains(k.substring(0, k.indexOf('@'))) && enginesFitted.contains(k)) {
                    loss = optimiseFactor(k, 2, loss);
                    loss = optimiseFactor(k, 3, loss);
                    loss = optimiseFactor(k, 4, loss);
                }
            }
            if (before - loss < TOLERANCE) {
                break;
            }
        }
        EfficiencyTable fitted = table(Map.of(), Map.of(), command);
        List<Prediction> predictions = allCases.stream().map(c -> c.predict(fitted)).toList();
        EfficiencyTable withResiduals = table(residuals(predictions, BenchmarkSplit.Part.HELD_OUT),
                residuals(predictions, BenchmarkSplit.Part.FIT), command);
        return new Result(withResiduals, predictions, sweeps, loss);
    }


    /** The residuals per figure group of the supported predictions of {@code part} (pre-training runs included). */
    public static Map<SpeedFigure, Residuals> residuals(List<Prediction> predictions, BenchmarkSplit.Part part) {
        Map<SpeedFigure, List<Double>> speed = new EnumMap<>(SpeedFigure.class);
        Map<SpeedFigure, List<Double>> errors = new EnumMap<>(SpeedFigure.class);
        for (Prediction p : predictions) {
            if (p.supported() && p.part() == part) {
                speed.computeIfAbsent(p.figure(), f -> new ArrayList<>()).add(p.speedResidual());
                errors.computeIfAbsent(p.figure(), f -> new ArrayList<>()).add(p.error());
            }
        }
        Map<SpeedFigure, Residuals> out = new EnumMap<>(SpeedFigure.class);
        speed.forEach((f, r) -> out.put(f, Residuals.of(r, errors.get(f))));
        return out;
    }

    private EfficiencyTable table(Map<SpeedFigure, Residuals> heldOut, Map<SpeedFigure, Residuals> fit,
                                  String command) {
        Map<KernelClass, Double> pooled = new EnumMap<>(KernelClass.class);
        for (KernelClass k : KernelClass.values()) {
            pooled.put(k, stacks.isEmpty() ? EfficiencyTable.UNFITTED.pooled().get(k) : Math.exp(meanLog(k)));
        }
        Map<Stack, Map<KernelClass, Double>> byStack = new EnumMap<>(Stack.class);
        shares.forEach((s, m) -> byStack.put(s, new EnumMap<>(m)));
        Map<String, EngineProfile> costs = new TreeMap<>();
        fixed.forEach((e, v) -> costs.put(e, new EngineProfile(v[0], v[1], v[2], v[3], v[4])));
        int heldOutPoints = heldOut.values().stream().mapToInt(Residuals::count).sum();
        return new EfficiencyTable(pooled, byStack, costs, heldOut, fit,
                new EfficiencyTable.FitInfo(fitCases.size(), heldOutPoints, corpusSha256(allCases), command));
    }

    private double meanLog(KernelClass k) {
        double sum = 0;
        for (Stack s : stacks) {
            sum += Math.log(shares.get(s).get(k));
        }
        return sum / stacks.size();
    }

    private double optimiseShare(Stack s, KernelClass k, double current) {
        List<CorpusEvaluator.Case> affected = fitCases.stream().filter(c -> c.stack() == s)
                .filter(c -> !OWN_KERNELS.contains(c.software())).toList();
        if (affected.isEmpty()) {
            return current;
        }
        double original = shares.get(s).get(k);
        double rest = current - partial(affected) - penalty();
        java.util.function.DoubleUnaryOperator f = x -> {
            shares.get(s).put(k, Math.exp(x));
            return rest + loss(affected) + penalty();
        };
        double[] best = golden(f, Math.log(MIN_SHARE), 0);
        double originalLoss = f.applyAsDouble(Math.log(original));
        if (best[1] < originalLoss) {
            shares.get(s).put(k, Math.exp(best[0]));
            return f.applyAsDouble(best[0]);
        }
        shares.get(s).put(k, original);
        return originalLoss;
    }

    private double optimiseFixed(String engine, int which, double min, double max, double current) {
        List<CorpusEvaluator.Case> affected = fitCases.stream().filter(c -> c.software() != null
                && engine.equals(EfficiencyTable.fixedCostKey(c.software(), c.stack()))).toList();
        double original = fixed.get(engine)[which];
        double rest = current - partial(affected);
        java.util.function.DoubleUnaryOperator f = x -> {
            fixed.get(engine)[which] = x == Double.NEGATIVE_INFINITY ? 0 : Math.exp(x);
            return rest + loss(affected);
        };
        double[] best = golden(f, Math.log(min), Math.log(max));
        double zero = f.applyAsDouble(Double.NEGATIVE_INFINITY);
        double originalLoss = f.applyAsDouble(original > 0 ? Math.log(original) : Double.NEGATIVE_INFINITY);
        double chosen;
        double chosenLoss;
        if (best[1] < Math.min(zero, originalLoss)) {
            chosen = best[0];
            chosenLoss = best[1];
        } else if (zero <= originalLoss) {
            chosen = Double.NEGATIVE_INFINITY;
            chosenLoss = zero;
        } else {
            chosen = original > 0 ? Math.log(original) : Double.NEGATIVE_INFINITY;
            chosenLoss = originalLoss;
        }
        f.applyAsDouble(chosen);
        return chosenLoss;
    }

    private double optimiseFactor(String engine, int which, double current) {
        List<CorpusEvaluator.Case> affected = fitCases.stream().filter(c -> c.software() != null
                && engine.equals(EfficiencyTable.fixedCostKey(c.software(), c.stack()))).toList();
        double original = fixed.get(engine)[which];
        double rest = current - partial(affected) - enginePenalty();
        java.util.function.DoubleUnaryOperator f = x -> {
            fixed.get(engine)[which] = Math.exp(x);
            return rest + loss(affected) + enginePenalty();
        };
        double[] best = golden(f, Math.log(MIN_FACTOR), Math.log(MAX_FACTOR));
        double originalLoss = f.applyAsDouble(Math.log(original));
        if (best[1] < originalLoss) {
            return f.applyAsDouble(best[0]);
        }
        return originalLoss;
    }

    /** The pull of every engine factor towards 1: {@code LAMBDA x sum (ln factor)^2}. */
    private double enginePenalty() {
        double sum = 0;
        for (double[] v : fixed.values()) {
            for (int i = 2; i <= 4; i++) {
                sum += Math.log(v[i]) * Math.log(v[i]);
            }
        }
        return LAMBDA * sum;
    }

    /** {argmin, min} of {@code f} on {@code [lo, hi]} by golden-section search. */
    private static double[] golden(java.util.function.DoubleUnaryOperator f, double lo, double hi) {
        double a = lo;
        double b = hi;
        double c = b - GOLDEN * (b - a);
        double d = a + GOLDEN * (b - a);
        double fc = f.applyAsDouble(c);
        double fd = f.applyAsDouble(d);
        for (int i = 0; i < GOLDEN_STEPS; i++) {
            if (fc < fd) {
                b = d;
                d = c;
                fd = fc;
                c = b - GOLDEN * (b - a);
                fc = f.applyAsDouble(c);
            } else {
                a = c;
                c = d;
                fc = fd;
                d = a + GOLDEN * (b - a);
                fd = f.applyAsDouble(d);
            }
        }
        return fc < fd ? new double[] {c, fc} : new double[] {d, fd};
    }

    /** The data loss of {@code cases} with the current parameters (cached per case for {@link #partial}). */
    private double loss(List<CorpusEvaluator.Case> cases) {
        EfficiencyTable t = table(Map.of(), Map.of(), "");
        double sum = 0;
        for (CorpusEvaluator.Case c : cases) {
            Prediction p = c.predict(t);
            double l = p.supported() ? huber(Math.log(p.predicted() / p.measurement().value()))
                    : HUBER_DELTA * HUBER_DELTA * 4;
            l /= sourceSizes.get(c.measurement().sourceId());
            lastLoss.put(c, l);
            sum += l;
        }
        return cases == fitCases ? sum + penalty() + enginePenalty() : sum;
    }

    /** The cached data loss of {@code cases} at the parameters last evaluated for them. */
    private double partial(List<CorpusEvaluator.Case> cases) {
        double sum = 0;
        for (CorpusEvaluator.Case c : cases) {
            sum += lastLoss.getOrDefault(c, 0.0);
        }
        return sum;
    }

    /**
     * The pull of every stack's share towards the documented value before any fit ({@link
     * com.vramadvisor.engine.speed.Efficiency#UNFITTED}): {@code LAMBDA x sum (ln share - ln prior)^2}. It anchors the
     * level of each class, which the data alone cannot split between a stack and the engines that run on it (a share
     * times an engine's factor): without it the stack's share drifted to whatever its most measured engine reached,
     * and every other engine on the stack inherited that engine's speed.
     */
    private double penalty() {
        double sum = 0;
        for (KernelClass k : KernelClass.values()) {
            double prior = Math.log(EfficiencyTable.UNFITTED.pooled().get(k));
            for (Stack s : stacks) {
                double d = Math.log(shares.get(s).get(k)) - prior;
                sum += d * d;
            }
        }
        return LAMBDA * sum;
    }

    static double huber(double r) {
        double a = Math.abs(r);
        return a <= HUBER_DELTA ? r * r : 2 * HUBER_DELTA * a - HUBER_DELTA * HUBER_DELTA;
    }

    /**
     * SHA-256 over every measurement's id, metric and value, in id order: whether the corpus a table was fitted on is
     * the corpus now.
     */
    public static String corpusSha256(List<CorpusEvaluator.Case> cases) {
        try {
            MessageDigest d = MessageDigest.getInstance("SHA-256");
            cases.stream().map(CorpusEvaluator.Case::measurement).sorted(Comparator.comparing(Measurement::id))
                    .forEach(m -> d.update((m.id() + "\t" + m.metric().id() + "\t" + m.value() + "\n")
                            .getBytes(StandardCharsets.UTF_8)));
            return HexFormat.of().formatHex(d.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform provides SHA-256", e);
        }
    }
}
