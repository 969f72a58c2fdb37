package com.vramadvisor.engine.speed.corpus;

import com.vramadvisor.engine.llm.DataType;
import com.vramadvisor.engine.llm.Estimate;
import com.vramadvisor.engine.llm.Implementation;
import com.vramadvisor.engine.llm.MemoryEstimator;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Parallelism;
import com.vramadvisor.engine.llm.Precision;
import com.vramadvisor.engine.llm.Recompute;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.core.StepWork;
import com.vramadvisor.engine.diffusion.DiffusionDtype;
import com.vramadvisor.engine.diffusion.DiffusionMode;
import com.vramadvisor.engine.diffusion.DiffusionModel;
import com.vramadvisor.engine.diffusion.DiffusionPresets;
import com.vramadvisor.engine.diffusion.DiffusionWorkload;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.hardware.HardwareList;
import com.vramadvisor.engine.plan.Fabric;
import com.vramadvisor.engine.plan.PlanLayout;
import com.vramadvisor.engine.plan.Rig;
import com.vramadvisor.engine.plan.StepTime;
import com.vramadvisor.engine.plan.StepTimeModel;
import com.vramadvisor.engine.ranking.RankingOptions;
import com.vramadvisor.engine.ranking.RecommendationRow;
import com.vramadvisor.engine.ranking.Recommender;
import com.vramadvisor.engine.serving.KvCapacity;
import com.vramadvisor.engine.serving.SchedulerLimit;
import com.vramadvisor.engine.serving.ServingEngine;
import com.vramadvisor.engine.serving.ServingLatency;
import com.vramadvisor.engine.speed.BenchmarkKind;
import com.vramadvisor.engine.speed.DomainStepTime;
import com.vramadvisor.engine.speed.Efficiency;
import com.vramadvisor.engine.speed.EfficiencyTable;
import com.vramadvisor.engine.speed.MeasuredLayout;
import com.vramadvisor.engine.speed.Measurement;
import com.vramadvisor.engine.speed.Metric;
import com.vramadvisor.engine.speed.PrecisionRates;
import com.vramadvisor.engine.speed.SpeedSettings;
import com.vramadvisor.engine.speed.Stack;
import com.vramadvisor.engine.speed.Statistic;
import com.vramadvisor.engine.vision.VisionModel;
import com.vramadvisor.engine.vision.VisionOptimizer;
import com.vramadvisor.engine.vision.VisionPrecision;
import com.vramadvisor.engine.vision.VisionWorkload;

import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.function.Function;

/**
 * The product's figure for each published measurement of the benchmark corpus, through the code the application uses
 * for the same question, at the measurement's own workload, hardware and layout:
 * <ul>
 *   <li>{@code llm-serving}: {@link ServingLatency#of} (the decision table's serving latency under the load of the
 *       measured concurrency, with the engine's chunked prefill and queueing) for one model copy of the published
 *       tensor and pipeline parallelism; the copies the GPUs hold ({@code count / (tp x pp)}) add throughput. With an
 *       arrival rate and no concurrency, the concurrency that rate sustains (Little's law, {@link #atRate}); with
 *       neither (an offline run), the most sequences the KV cache and the engine's scheduler hold, as the decision
 *       table's users served. Output throughput is {@code c x O / (TTFT + (O - 1) TPOT)} per copy.</li>
 *   <li>{@code llm-decode}: one decode step of the fixed batch ({@link ServingLatency#decodeStep}), no arrivals;
 *       {@code llm-prefill}: the prefill of one prompt ({@link ServingLatency#prefill}).</li>
 *   <li>{@code llm-training}: the step-time model ({@link StepTimeModel#training}) at the published layout.</li>
 *   <li>{@code llm-pretraining}: the planner with the default framework (Megatron-LM's memory layout) on the published
 *       GPU count, sequence, global batch and tokens ({@link Recommender#plan}), as a user asking the product would.</li>
 *   <li>vision and diffusion: the workload's step work ({@code work}) timed by {@link DomainStepTime} with the
 *       framework's fixed costs; the batch a source gives is per GPU (DeepLearningExamples and diffusers report per
 *       device), the GPUs run data-parallel.</li>
 * </ul>
 * Efficiencies are resolved for the measurement's stack (its backend, MLX, or the GPU vendor's) and engine
 * ({@link Stack#of}). Preparing a case ({@link #prepare}) does everything that does not depend on the efficiencies
 * once, so a fit can evaluate many tables cheaply. Not thread-safe.
 */
public final class CorpusEvaluator {

    /** A measurement prepared for evaluation under any efficiency table. */
    public interface Case {
        /** The measurement. */
        Measurement measurement();

        /** The stack whose efficiencies the figure uses; {@code null} when it has no figure. */
        Stack stack();

        /** The engine or framework whose fixed costs the figure uses; {@code null} when none. */
        String software();

        /** The product's figure with {@code table}'s efficiencies. */
        Prediction predict(EfficiencyTable table);
    }

    private static final MemoryEstimator ESTIMATOR = new MemoryEstimator();
    /** The planner's GPU limit for published runs: beyond the largest (16,384 H100s for Llama 3 405B). */
    private static final int PRETRAINING_MAX_GPUS = 65_536;
    /** The planner's deadline for published runs: a quarter, the horizon they plan for (RankingOptions). */
    private static final double PRETRAINING_DEADLINE_DAYS = 90;

    private final HardwareList hardware;
    private final Function<String, Optional<ModelSpec>> models;

    /**
     * @param hardware the catalog's GPUs and node classes
     * @param models   the language-model presets by id
     */
    public CorpusEvaluator(HardwareList hardware, Function<String, Optional<ModelSpec>> models) {
        this.hardware = hardware;
        this.models = models;
    }

    /** The product's figure for {@code m} with {@code table}'s efficiencies. */
    public Prediction predict(Measurement m, EfficiencyTable table) {
        return prepare(m).predict(table);
    }

    /** {@code m} prepared: its workload, GPU and wires resolved once. */
    public Case prepare(Measurement m) {
        Optional<GpuSpec> gpu = hardware.gpus().stream().filter(g -> g.id().equals(m.gpuId())).findFirst();
        if (gpu.isEmpty()) {
            return fixed(m, "the catalog has no GPU '" + m.gpuId() + "'");
        }
        try {
            return switch (m.kind()) {
                case LLM_SERVING, LLM_DECODE, LLM_PREFILL -> inference(m, gpu.get());
                case LLM_TRAINING -> training(m, gpu.get());
                // A published run's MFU or throughput at its layout is a training step; its GPU-hours a plan, unless
                // the source gives the data-parallel size too: then the run is timed at the layout it states (the
                // Megatron-LM paper's ZeRO-3 runs are DeepSpeed's layouts, not a plan the default framework makes).
                case LLM_PRETRAINING -> m.metric() == Metric.GPU_HOURS && m.layout().dp() == null
                        ? pretraining(m, gpu.get()) : training(m, gpu.get());
                case VISION_INFERENCE, VISION_TRAINING -> vision(m, gpu.get());
                case DIFFUSION_INFERENCE, DIFFUSION_TRAINING -> diffusion(m, gpu.get());
            };
        } catch (IllegalArgumentException e) {
            return fixed(m, "the product refuses it: " + e.getMessage());
        }
    }

    private static Case fixed(Measurement m, String why) {
        return of(m, null, null, t -> Prediction.unsupported(m, why));
    }

    private static Case of(Measurement m, Stack stack, String software, Function<EfficiencyTable, Prediction> f) {
        return new Case() {
            @Override
            public Measurement measurement() {
                return m;
            }

            @Override
            public Stack stack() {
                return stack;
            }

            @Override
            public String software() {
                return software;
            }

            @Override
            public Prediction predict(EfficiencyTable table) {
                try {
                    return f.apply(table);
                } catch (IllegalArgumentException | ArithmeticException e) {
                    return Prediction.unsupported(m, "the product refuses it: " + e.getMessage());
                }
            }
        };
    }

    private static Prediction figure(Measurement m, double value) {
        return value > 0 && Double.isFinite(value) ? Prediction.of(m, value)
                : Prediction.unsupported(m, "the product gives no finite figure");
    }

    // ---- language-model inference ----------------------------------------------------------------------------

    private Case inference(Measurement m, GpuSpec gpu) {
        Optional<ModelSpec> found = models.apply(m.model());
        if (found.isEmpty()) {
            return fixed(m, "no language-model preset '" + m.model() + "'");
        }
        ModelSpec model = found.get();
        String engineId = m.engine() == null ? "" : m.engine().toLowerCase(Locale.ROOT);
        ServingEngine engine = servingEngine(engineId);
        if (engine == null) {
            return fixed(m, "no serving engine '" + m.engine() + "'");
        }
        DataType weights = weights(m.precision(), gpu);
        if (weights == null) {
            return fixed(m, "no weight type '" + m.precision() + "'");
        }
        MeasuredLayout l = m.layout();
        int tp = l.tpOr1();
        int pp = l.ppOr1();
        if (l.tp() == null && l.pp() == null && l.dp() == null && m.gpuCount() > 1) {
            if (engine.pipelinesMicroBatches()) {
                // vLLM, SGLang and TensorRT-LLM serve one copy over a node's GPUs with tensor parallelism unless the
                // source says otherwise (--tensor-parallel-size N, --tp N, tp_size).
                tp = m.gpuCount();
            } else {
                // llama.cpp, MLX and Transformers spread one model over several GPUs layer by layer (llama.cpp's
                // default --split-mode layer, Accelerate's device_map="auto"): one copy, its stages in sequence.
                pp = m.gpuCount();
            }
        }
        int copyGpus = tp * pp;
        if (m.gpuCount() % copyGpus != 0) {
            return fixed(m, "the GPU count is not a multiple of tp x pp");
        }
        int replicas = m.gpuCount() / copyGpus;
        Integer in = m.inputTokens();
        Integer out = m.outputTokens();
        if (m.kind() != BenchmarkKind.LLM_DECODE && in == null) {
            return fixed(m, "the source gives no prompt length");
        }
        int prompt = in == null ? 1 : in;
        int generated = out == null ? 0 : out;
        Workload.Builder b = Workload.builder().mode(Mode.INFER).batch(1).sequenceLength(prompt)
                .context(prompt + generated).weightType(weights)
                .parallelism(new Parallelism(tp, pp, 1, 0, false).withExpertContext(l.epOr1(), 1));
        DataType kv = m.kvDtype() == null ? null : weights(m.kvDtype(), gpu);
        if (kv != null) {
            b.kvCacheType(kv);
        }
        Workload base = engine.onGpu(engine.configure(b.build(), 0), gpu.memoryBytesTotal(), gpu.name());
        Fabric fabric = Rig.of(gpu, hardware.nodeFor(gpu), gpu.memoryBytesUsable()).fabric(copyGpus);
        Stack stack = Stack.of(gpu, engineId, m.backend());
        String software = engineId.isEmpty() ? engine.id() : engineGeneration(engineId, m);
        return switch (m.kind()) {
            case LLM_DECODE -> decode(m, model, base, gpu, fabric, stack, software, replicas);
            case LLM_PREFILL -> prefill(m, model, base, gpu, fabric, stack, software, replicas);
            default -> serving(m, model, base, gpu, fabric, stack, software, replicas);
        };
    }

    private Case serving(Measurement m, ModelSpec model, Workload base, GpuSpec gpu, Fabric fabric, Stack stack,
                         String software, int replicas) {
        if (m.outputTokens() == null) {
            return fixed(m, "the source gives no output length");
        }
        int out = m.outputTokens();
        long limit = concurrencyLimit(model, base, gpu);
        Integer given = m.concurrency() != null ? m.concurrency() : m.batch();
        if (given != null && given % replicas != 0 && given < replicas) {
            return fixed(m, "fewer concurrent requests than model copies");
        }
        if ("offline".equals(m.scenario()) && m.batch() != null && m.concurrency() == null) {
            return offlineBatch(m, model, base, gpu, fabric, stack, software, replicas, out, limit);
        }
        if ("concurrency".equals(m.scenario()) && m.concurrency() != null
                && Math.round((double) m.concurrency() / replicas) >= 2) {
            return concurrencyWaves(m, model, base, gpu, fabric, stack, software, replicas, out, limit);
        }
        return of(m, stack, software, table -> {
            Efficiency eff = table.resolve(stack, software);
            Optional<ServingLatency.Latency> l;
            if (given == null && m.requestRate() != null) {
                l = ServingLatency.atRate(model, base, gpu, fabric, eff, m.requestRate() / replicas);
                if (l.isEmpty()) {
                    return Prediction.unsupported(m, "the engine cannot keep up with the rate");
                }
            } else {
                int perCopy = given != null ? (int) Math.max(1, Math.round((double) given / replicas))
                        : (int) Math.max(1, Math.min(limit, Workload.MAX_TOKENS));
                l = ServingLatency.ofUsers(model, base, gpu, fabric, eff, perCopy, limit);
            }
            if (l.isEmpty() || l.get().ttftSeconds() == null) {
                return Prediction.unsupported(m, "the GPU has no rate for the weights");
            }
            return servingFigure(m, l.get(), replicas, base.sequenceLength(), out);
        });
    }

    /** The most concurrent sequences of one copy: what the KV cache holds, capped by the engine's scheduler. */
    private static long concurrencyLimit(ModelSpec model, Workload base, GpuSpec gpu) {
        long capacity = ServingEngine.capacityBytes(gpu, base);
        KvCapacity kv = KvCapacity.of(model, base, capacity, gpu.memoryBytesUsable(), gpu.memoryBytesTotal(),
                gpu.name());
        OptionalLong cap = SchedulerLimit.defaultMaxRunning(ServingEngine.of(base), kv.tokens(), model.maxPositions(),
                gpu.memoryBytesTotal(), gpu.name());
        long held = Math.max(1, kv.wholeSequences());
        return cap.isPresent() ? Math.min(held, cap.getAsLong()) : held;
    }

    /**
     * One prompt of {@code base} and a batch of its sequences, estimated once for the passes an offline batch and a
     * closed-loop wave are made of.
     */
    private record Passes(ModelSpec model, Workload one, Estimate eOne, Workload all, Estimate eAll) {

        static Passes of(ModelSpec model, Workload base, int batch) {
            Workload one = base.toBuilder().batch(1).build();
            Workload all = base.toBuilder().batch(batch).build();
            return new Passes(model, one, ESTIMATOR.estimate(model, one), all, ESTIMATOR.estimate(model, all));
        }

        /**
         * {one prompt's prefill, one decode step of the batch}, in seconds, at {@code eff}
         * ({@link ServingLatency#prefill}, {@link ServingLatency#decodeStep}); empty when the GPU has no rate for the
         * weights.
         */
        Optional<double[]> seconds(GpuSpec gpu, Fabric fabric, Efficiency eff) {
            return ServingLatency.prefill(model, one, eOne, gpu, fabric, one.parallelism(), eff)
                    .map(p -> new double[] {p.seconds(), ServingLatency.decodeStep(model, all, eAll, gpu, fabric,
                            all.parallelism(), eff).seconds()});
        }
    }

    /**
     * An offline run that submits {@code batch} prompts at once (corpus README, clarification 4) and waits for all:
     * the copies share the prompts; each copy prefills its prompts in turn and then decodes them together, at most
     * {@code limit} at once (what its KV cache and scheduler hold, {@link #concurrencyLimit}), so the {@code n}
     * prompts of a copy take {@code n x prefill(P) + ceil(n / limit) x (O - 1) x decodeStep(min(n, limit))}.
     */
    private Case offlineBatch(Measurement m, ModelSpec model, Workload base, GpuSpec gpu, Fabric fabric,
                              Stack stack, String software, int replicas, int out, long limit) {
        int perCopy = (int) Math.max(1, Math.round((double) m.batch() / replicas));
        int together = (int) Math.max(1, Math.min(perCopy, limit));
        int rounds = (perCopy + together - 1) / together;
        Passes passes = Passes.of(model, base, together);
        return of(m, stack, software, table -> {
            Optional<double[]> times = passes.seconds(gpu, fabric, table.resolve(stack, software));
            if (times.isEmpty()) {
                return Prediction.unsupported(m, "the GPU has no rate for the weights");
            }
            double seconds = perCopy * times.get()[0] + rounds * Math.max(0, out - 1) * times.get()[1];
            double requests = replicas * perCopy / seconds;
            int in = base.sequenceLength();
            return switch (m.metric()) {
                case OUTPUT_TOKENS_PER_SECOND -> figure(m, requests * out);
                case TOTAL_TOKENS_PER_SECOND -> figure(m, requests * (in + out));
                case TOKENS_PER_SECOND_PER_GPU -> figure(m, requests * out / m.gpuCount());
                case REQUESTS_PER_SECOND -> figure(m, requests);
                case E2E_LATENCY_SECONDS -> figure(m, seconds);
                default -> Prediction.unsupported(m, "an offline batch does not give " + m.metric().id());
            };
        });
    }

    /**
     * A closed-loop benchmark at a fixed concurrency (corpus scenario {@code concurrency}: vLLM's and SGLang's
     * {@code benchmark_serving --max-concurrency}, {@code genai-perf --concurrency}, {@code trtllm-bench}) whose
     * requests all have the stated prompt and output lengths: the {@code c} requests of a copy start together, and,
     * every request being as long as the next, finish together, so the next {@code c} start together again. Each
     * such wave is a burst: the engine prefills the {@code c} prompts one after another (at {@code T_p} each,
     * {@link ServingLatency#prefill}) and then decodes the {@code c} sequences together ({@code D} a step,
     * {@link ServingLatency#decodeStep} at batch {@code c}). The {@code i}-th request of a wave waits
     * {@code i x T_p} for its first token; it finishes with the wave, at {@code W = c x T_p + (O - 1) x D}:
     * <pre>
     *   TTFT mean = (c + 1) / 2 x T_p, median = ceil(c / 2) x T_p, 99th percentile = ceil(0.99 c) x T_p
     *   TPOT mean: {@link #waveTpot}                         throughput = c x O / W per copy
     * </pre>
     * A steady state with staggered arrivals ({@link ServingLatency#ofUsers}, what the decision table sizes a service
     * with) describes users who arrive on their own; a benchmark with equal lengths never reaches it. More requests
     * than the copy's KV cache and scheduler hold ({@code limit}) run as waves of {@code limit}.
     */
    private Case concurrencyWaves(Measurement m, ModelSpec model, Workload base, GpuSpec gpu, Fabric fabric,
                                  Stack stack, String software, int replicas, int out, long limit) {
        int perCopy = (int) Math.max(1, Math.round((double) m.concurrency() / replicas));
        int c = (int) Math.max(1, Math.min(perCopy, limit));
        Passes passes = Passes.of(model, base, c);
        return of(m, stack, software, table -> {
            Optional<double[]> times = passes.seconds(gpu, fabric, table.resolve(stack, software));
            if (times.isEmpty()) {
                return Prediction.unsupported(m, "the GPU has no rate for the weights");
            }
            double tp = times.get()[0];
            double d = times.get()[1];
            int steps = Math.max(0, out - 1);
            double wave = c * tp + steps * d;
            double requests = replicas * c / wave;
            int in = base.sequenceLength();
            double ttft = switch (m.statistic() == null ? Statistic.MEAN : m.statistic()) {
                case MEDIAN -> Math.ceil(c / 2.0) * tp;
                case P99, P90 -> Math.ceil(0.99 * c) * tp;
                default -> (c + 1) / 2.0 * tp;
            };
            // vLLM before 0.8 runs prompts in passes of their own unless chunked prefill is on, which its default
            // turns on only for models longer than 32K tokens ("Chunked prefill is enabled by default for models
            // with max_model_len > 32K", EngineArgs in vllm/engine/arg_utils.py of the 0.6 and 0.7 releases).
            int chunk = VLLM_V0.equals(software) && base.effectiveContext() <= 32_768 ? 0 : base.prefillChunkTokens();
            double tpot = steps > 0 ? waveTpot(c, tp, d, steps, base.sequenceLength(), chunk) : d;
            return switch (m.metric()) {
                case TPOT_MS, ITL_MS -> figure(m, tpot * 1000);
                case TTFT_MS -> figure(m, ttft * 1000);
                case E2E_LATENCY_SECONDS -> figure(m, wave);
                case REQUESTS_PER_SECOND -> figure(m, requests);
                case OUTPUT_TOKENS_PER_SECOND -> figure(m, requests * out);
                case TOTAL_TOKENS_PER_SECOND -> figure(m, requests * (in + out));
                case TOKENS_PER_SECOND_PER_GPU -> figure(m, requests * out / m.gpuCount());
                default -> Prediction.unsupported(m, "a serving measurement does not give " + m.metric().id());
            };
        });
    }

    /**
     * The mean TPOT of a wave of {@code c} requests ({@link #concurrencyWaves}). Without chunked prefill
     * ({@code chunk} 0) the engine runs the prompts' passes alone and the decodes wait: request {@code i} waits
     * through the {@code c - i} prefills after its own, {@code D + (c - 1) / 2 x T_p / (O - 1)} on average. With
     * chunked prefill each step carries a chunk of prompt tokens and one token of every running request: the prefill
     * phase's {@code S = ceil(c P / chunk)} steps take {@code c T_p / S} each, and request {@code i}, whose prompt
     * ends in step {@code ceil(i P / chunk)}, draws its next tokens from the steps after it, then from the decode
     * steps: {@code TPOT_i = (n_i x c T_p / S + (O - 1 - n_i) x D) / (O - 1)}, {@code n_i} the mixed steps left to it
     * (at most {@code O - 1}).
     */
    static double waveTpot(int c, double tp, double d, int steps, int prompt, int chunk) {
        if (chunk <= 0) {
            return d + (c - 1) / 2.0 * tp / steps;
        }
        long mixedSteps = Math.max(1, (long) Math.ceil((double) c * prompt / chunk));
        double mixed = c * tp / mixedSteps;
        double sum = 0;
        for (int i = 1; i <= c; i++) {
            long own = (long) Math.ceil((double) i * prompt / chunk);
            long left = Math.min(steps, Math.max(0, mixedSteps - own));
            sum += (left * mixed + (steps - left) * d) / steps;
        }
        return sum / c;
    }

    /**
     * A serving figure of {@code replicas} copies: TTFT at the measurement's statistic (the median for a median, the
     * 99th percentile for P99 and P90, else the mean), TPOT as the mean step, throughput from the requests the copies
     * complete.
     */
    private static Prediction servingFigure(Measurement m, ServingLatency.Latency l, int replicas, int in, int out) {
        double e2e = l.ttftSeconds() + Math.max(0, out - 1) * l.tpotSeconds();
        double requests = replicas * l.requestsPerSecond();
        int percentile = m.statistic() == Statistic.MEDIAN ? 50
                : m.statistic() == Statistic.P99 || m.statistic() == Statistic.P90 ? 99 : 0;
        return switch (m.metric()) {
            case TPOT_MS, ITL_MS -> figure(m, l.tpotMs());
            case TTFT_MS -> figure(m, l.ttftMs(percentile));
            case E2E_LATENCY_SECONDS -> figure(m, e2e);
            case REQUESTS_PER_SECOND -> figure(m, requests);
            case OUTPUT_TOKENS_PER_SECOND -> figure(m, requests * out);
            case TOTAL_TOKENS_PER_SECOND -> figure(m, requests * (in + out));
            case TOKENS_PER_SECOND_PER_GPU -> figure(m, requests * out / m.gpuCount());
            default -> Prediction.unsupported(m, "a serving measurement does not give " + m.metric().id());
        };
    }

    private Case decode(Measurement m, ModelSpec model, Workload base, GpuSpec gpu, Fabric fabric, Stack stack,
                        String software, int replicas) {
        int batch = m.batch() != null ? m.batch() : m.concurrency() != null ? m.concurrency() : 1;
        Workload w = base.toBuilder().batch(batch).build();
        Estimate e = ESTIMATOR.estimate(model, w);
        return of(m, stack, software, table -> {
            ServingLatency.Step step = ServingLatency.decodeStep(model, w, e, gpu, fabric, w.parallelism(),
                    table.resolve(stack, software));
            double tokens = replicas * batch / step.seconds();
            return switch (m.metric()) {
                case TPOT_MS, ITL_MS -> figure(m, step.seconds() * 1000);
                case OUTPUT_TOKENS_PER_SECOND, TOTAL_TOKENS_PER_SECOND -> figure(m, tokens);
                case TOKENS_PER_SECOND_PER_GPU -> figure(m, tokens / m.gpuCount());
                default -> Prediction.unsupported(m, "a decode measurement does not give " + m.metric().id());
            };
        });
    }

    private Case prefill(Measurement m, ModelSpec model, Workload base, GpuSpec gpu, Fabric fabric, Stack stack,
                         String software, int replicas) {
        int batch = m.batch() != null ? m.batch() : 1;
        Workload w = base.toBuilder().batch(batch).context(base.sequenceLength()).build();
        Estimate e = ESTIMATOR.estimate(model, w);
        return of(m, stack, software, table -> {
            Optional<ServingLatency.Step> step = ServingLatency.prefill(model, w, e, gpu, fabric, w.parallelism(),
                    table.resolve(stack, software));
            if (step.isEmpty()) {
                return Prediction.unsupported(m, "the GPU has no rate for the weights");
            }
            double seconds = step.get().seconds();
            double tokens = replicas * (double) batch * w.sequenceLength() / seconds;
            return switch (m.metric()) {
                case TTFT_MS -> figure(m, seconds * 1000);
                case TOTAL_TOKENS_PER_SECOND, OUTPUT_TOKENS_PER_SECOND -> figure(m, tokens);
                case TOKENS_PER_SECOND_PER_GPU -> figure(m, tokens / m.gpuCount());
                default -> Prediction.unsupported(m, "a prefill measurement does not give " + m.metric().id());
            };
        });
    }

    // ---- language-model training -----------------------------------------------------------------------------

    private Case training(Measurement m, GpuSpec gpu) {
        Optional<ModelSpec> found = models.apply(m.model());
        if (found.isEmpty()) {
            return fixed(m, "no language-model preset '" + m.model() + "'");
        }
        if (m.seq() == null) {
            return fixed(m, "the source gives no sequence length");
        }
        Precision precision = trainingPrecision(m.precision(), gpu);
        if (precision == null) {
            return fixed(m, "no training precision '" + m.precision() + "'");
        }
        ModelSpec model = found.get();
        MeasuredLayout l = m.layout();
        int tp = l.tpOr1();
        int pp = l.ppOr1();
        int cp = l.cpOr1();
        int dp = l.dp() != null ? l.dp() : m.gpuCount() / (tp * pp * cp);
        if (dp < 1 || tp * pp * cp * dp != m.gpuCount()) {
            return fixed(m, "the layout does not multiply to the GPU count");
        }
        int micro = l.microBatch() != null ? l.microBatch() : 1;
        if (pp > 1 && l.globalBatch() == null) {
            return fixed(m, "a pipelined layout without its global batch (the bubble depends on it)");
        }
        int microBatches = l.globalBatch() != null ? Math.max(1, l.globalBatch() / (micro * dp)) : 1;
        Recompute recompute = recompute(l.recompute());
        int zero = l.zero() != null ? l.zero() : Boolean.TRUE.equals(l.fsdp()) ? 3 : 1;
        Parallelism parallelism = new Parallelism(tp, pp, dp, zero, tp > 1).withExpertContext(l.epOr1(), cp);
        Workload w = Workload.builder().mode(Mode.TRAIN).batch(micro).sequenceLength(m.seq()).precision(precision)
                .implementation(implementation(m.engine())).parallelism(parallelism).recompute(recompute)
                .gradientAccumulation(microBatches).build();
        Estimate single = ESTIMATOR.estimate(model, w.toBuilder().parallelism(Parallelism.SINGLE_GPU).build());
        Fabric fabric = Rig.of(gpu, hardware.nodeFor(gpu), gpu.memoryBytesUsable()).fabric(m.gpuCount());
        PlanLayout layout = new PlanLayout(parallelism, recompute, microBatches);
        return of(m, Stack.vendorStack(gpu), w.implementation().id(), table -> {
            StepTimeModel steps = new StepTimeModel(model, w, single.parameters(), single.activeParameters(),
                    single.trainableParameters(), new SpeedSettings(table, null, null));
            StepTime step = steps.training(gpu, fabric, layout);
            if (step == null) {
                return Prediction.unsupported(m, "the GPU has no rate for the precision");
            }
            return switch (m.metric()) {
                case STEP_SECONDS -> figure(m, step.stepSeconds());
                case TOKENS_PER_SECOND_PER_GPU -> figure(m, step.tokensPerSecond() / m.gpuCount());
                case TOTAL_TOKENS_PER_SECOND -> figure(m, step.tokensPerSecond());
                case MFU -> figure(m, step.mfu());
                case GPU_HOURS -> m.tokens() == null ? Prediction.unsupported(m, "no token count")
                        : figure(m, m.tokens() / step.tokensPerSecond() * m.gpuCount() / 3600.0);
                default -> Prediction.unsupported(m, "a training measurement does not give " + m.metric().id());
            };
        });
    }

    private Case pretraining(Measurement m, GpuSpec gpu) {
        Optional<ModelSpec> found = models.apply(m.model());
        if (found.isEmpty()) {
            return fixed(m, "no language-model preset '" + m.model() + "'");
        }
        if (m.seq() == null || m.tokens() == null || m.metric() != Metric.GPU_HOURS) {
            return fixed(m, "a pre-training run needs its sequence, tokens and GPU-hours");
        }
        ModelSpec model = found.get();
        Recompute fixedRecompute = m.layout().recompute() == null ? null : recompute(m.layout().recompute());
        Integer global = m.layout().globalBatch();
        Workload w = Workload.builder().sequenceLength(m.seq()).implementation(Implementation.MEGATRON)
                .recompute(fixedRecompute == null ? Recompute.NONE : fixedRecompute).build();
        return of(m, Stack.vendorStack(gpu), w.implementation().id(), table -> {
            RankingOptions.Builder o = RankingOptions.builder().speed(new SpeedSettings(table, null, null))
                    .tokenBudget(Math.round(m.tokens())).deadlineDays(PRETRAINING_DEADLINE_DAYS)
                    .maxGpus(Math.max(PRETRAINING_MAX_GPUS, m.gpuCount())).fixedRecompute(fixedRecompute);
            if (global != null) {
                o.globalBatchTokens((long) global * m.seq());
            }
            RecommendationRow row = new Recommender().plan(model, w, hardware, gpu.id(), o.build(), m.gpuCount(), 1)
                    .best();
            if (!row.fits() || row.gpuHours() == null) {
                return Prediction.unsupported(m, "the planner finds no layout that fits");
            }
            return figure(m, row.gpuHours());
        });
    }

    // ---- vision and diffusion --------------------------------------------------------------------------------

    private Case vision(Measurement m, GpuSpec gpu) {
        VisionModel model;
        try {
            model = VisionModel.parse(m.model());
        } catch (IllegalArgumentException e) {
            return fixed(m, "no vision preset '" + m.model() + "'");
        }
        VisionPrecision precision = visionPrecision(m.precision(), gpu);
        if (precision == null) {
            return fixed(m, "no vision precision '" + m.precision() + "'");
        }
        boolean training = m.kind() == BenchmarkKind.VISION_TRAINING;
        int perGpu = m.batch() != null ? m.batch() : 1;
        int side = m.resolution() != null ? m.resolution() : 224;
        VisionWorkload w = new VisionWorkload(model, training, (long) perGpu * m.gpuCount(), side, side, precision,
                model.recipeOptimizer() == null ? VisionOptimizer.SGD_MOMENTUM : model.recipeOptimizer(), false,
                true, true);
        Optional<StepWork> work = w.work(m.gpuCount());
        return domain(m, gpu, work.orElse(null));
    }

    private Case diffusion(Measurement m, GpuSpec gpu) {
        Optional<DiffusionModel> found = DiffusionPresets.byId(m.model());
        if (found.isEmpty()) {
            return fixed(m, "no diffusion preset '" + m.model() + "'");
        }
        DiffusionModel model = found.get();
        boolean training = m.kind() == BenchmarkKind.DIFFUSION_TRAINING;
        DiffusionWorkload w = DiffusionWorkload.of(model, training ? DiffusionMode.TRAIN : DiffusionMode.INFER);
        int perGpu = m.batch() != null ? m.batch() : m.images() != null ? m.images() : 1;
        w = w.withBatch(perGpu);
        if (m.resolution() != null) {
            w = w.withSize(m.resolution(), m.resolution());
        }
        if (m.steps() != null && !training) {
            w = w.withSamplingSteps(m.steps());
        }
        DiffusionDtype dtype = diffusionDtype(m.precision(), gpu);
        if (dtype != null) {
            w = w.withDtype(dtype);
        }
        int steps = w.effectiveSamplingSteps();
        StepWork fewer = !training && m.metric() == Metric.STEP_SECONDS && steps > 1
                ? w.withSamplingSteps(steps - 1).work(m.gpuCount()).orElse(null) : null;
        return domain(m, gpu, w.work(m.gpuCount()).orElse(null), fewer);
    }

    /**
     * Seconds of one denoising iteration, as diffusers' progress bar counts them: the difference between the
     * pipeline with its sampling steps and with one step fewer (the text encoders and the VAE run once either way).
     */
    private static double denoisingStepSeconds(StepWork fewer, DomainStepTime.Step all, GpuSpec gpu, Fabric fabric,
                                               int gpus, Efficiency eff) {
        DomainStepTime.Step less = DomainStepTime.of(fewer, gpu, fabric, gpus, eff);
        return less == null ? Double.NaN : all.seconds() - less.seconds();
    }

    private Case domain(Measurement m, GpuSpec gpu, StepWork work) {
        return domain(m, gpu, work, null);
    }

    /**
     * @param denoisingStep for a diffusion measurement of seconds per denoising iteration, the same pipeline with
     *                      one sampling step fewer; {@code null} otherwise
     */
    private Case domain(Measurement m, GpuSpec gpu, StepWork work, StepWork denoisingStep) {
        if (work == null) {
            return fixed(m, "the workload has no speed model");
        }
        Fabric fabric = Rig.of(gpu, hardware.nodeFor(gpu), gpu.memoryBytesUsable()).fabric(m.gpuCount());
        String software = m.engine() != null ? m.engine().toLowerCase(Locale.ROOT) : work.framework();
        Stack stack = Stack.of(gpu, software, m.backend());
        return of(m, stack, software, table -> {
            DomainStepTime.Step step = DomainStepTime.of(work, gpu, fabric, m.gpuCount(),
                    table.resolve(stack, software));
            if (step == null) {
                return Prediction.unsupported(m, "the GPU lacks a rate or a bandwidth figure");
            }
            double perSecond = work.itemsPerStep() / step.seconds();
            return switch (m.metric()) {
                case IMAGES_PER_SECOND -> figure(m, perSecond);
                case SECONDS_PER_IMAGE -> figure(m, 1 / perSecond);
                case STEP_SECONDS -> figure(m, denoisingStep == null ? step.seconds()
                        : denoisingStepSeconds(denoisingStep, step, gpu, fabric, m.gpuCount(),
                        table.resolve(stack, software)));
                default -> Prediction.unsupported(m, "an image measurement does not give " + m.metric().id());
            };
        });
    }

    // ---- the corpus's names as the engine's types --------------------------------------------------------------

    /** The serving engine whose memory and scheduling a corpus engine runs with; {@code null} when none. */
    static ServingEngine servingEngine(String engine) {
        return switch (engine) {
            case "vllm", "tgi" -> ServingEngine.VLLM;
            case "sglang" -> ServingEngine.SGLANG;
            case "trtllm", "tensorrt-llm", "trt-llm", "nim" -> ServingEngine.TRTLLM;
            case "llama.cpp", "llamacpp" -> ServingEngine.LLAMA_CPP;
            // MLX and Transformers keep an unpaged cache and run a fixed batch.
            case "mlx", "hf", "transformers", "" -> ServingEngine.HF_GENERATE;
            default -> null;
        };
    }

    /** The weight (or KV) type of a corpus precision; FP4 as the vendor's format; {@code null} when unknown. */
    static DataType weights(String precision, GpuSpec gpu) {
        if (precision == null) {
            return DataType.BF16;
        }
        String p = precision.toLowerCase(Locale.ROOT);
        switch (p) {
            case "bf16":
                return PrecisionRates.hasBf16(gpu) ? DataType.BF16 : DataType.FP16;
            case "fp16":
            case "f16":
                return DataType.FP16;
            case "fp32":
            case "f32":
                return DataType.FP32;
            case "fp8":
                return DataType.FP8;
            case "int8":
                return DataType.INT8;
            case "int4":
            case "awq":
            case "gptq":
                return DataType.INT4;
            case "fp4":
                return "nvidia".equalsIgnoreCase(gpu.vendor()) ? DataType.NVFP4 : DataType.MXFP4;
            default:
                try {
                    return DataType.parse(p);
                } catch (IllegalArgumentException e) {
                    return null;
                }
        }
    }

    /** A training precision: mixed BF16 (or FP16 where the GPU has no BF16) for {@code bf16} and {@code amp}. */
    static Precision trainingPrecision(String precision, GpuSpec gpu) {
        String p = precision == null ? "bf16" : precision.toLowerCase(Locale.ROOT);
        return switch (p) {
            case "bf16", "amp" -> PrecisionRates.hasBf16(gpu) ? Precision.BF16_MIXED : Precision.FP16_MIXED;
            case "fp16" -> Precision.FP16_MIXED;
            case "fp8" -> Precision.FP8_MIXED;
            case "tf32" -> Precision.TF32;
            case "fp32" -> Precision.FP32;
            default -> null;
        };
    }

    private static VisionPrecision visionPrecision(String precision, GpuSpec gpu) {
        String p = precision == null ? "amp" : precision.toLowerCase(Locale.ROOT);
        return switch (p) {
            case "amp", "fp16" -> VisionPrecision.FP16_MIXED;
            case "bf16" -> PrecisionRates.hasBf16(gpu) ? VisionPrecision.BF16_MIXED : VisionPrecision.FP16_MIXED;
            case "tf32" -> VisionPrecision.TF32;
            case "fp32" -> VisionPrecision.FP32;
            case "int8" -> VisionPrecision.INT8;
            default -> null;
        };
    }

    private static DiffusionDtype diffusionDtype(String precision, GpuSpec gpu) {
        if (precision == null) {
            return null;
        }
        return switch (precision.toLowerCase(Locale.ROOT)) {
            case "fp16", "amp" -> DiffusionDtype.FP16;
            case "bf16" -> PrecisionRates.hasBf16(gpu) ? DiffusionDtype.BF16 : DiffusionDtype.FP16;
            case "fp32" -> DiffusionDtype.FP32;
            default -> null;
        };
    }

    private static Recompute recompute(String text) {
        if (text == null) {
            return Recompute.NONE;
        }
        return switch (text) {
            case "full" -> Recompute.FULL;
            case "selective" -> Recompute.SELECTIVE;
            default -> Recompute.NONE;
        };
    }

    /**
     * The engine id its fitted profile is kept under: vLLM before 0.8.0 as {@value #VLLM_V0}. vLLM 0.8.0 made its
     * rewritten engine (V1: a new scheduler, piecewise CUDA graphs, the API server and detokenisation in their own
     * process) the default (vLLM pull request 13726, released 18 March 2025), so a measurement of the older engine
     * says little about the engine the product serves with ({@code vllm}). A measurement without a version counts as
     * V0 when its source was published before that release.
     */
    static String engineGeneration(String engineId, Measurement m) {
        if (!"vllm".equals(engineId)) {
            return engineId;
        }
        String v = m.engineVersion();
        if (v != null) {
            java.util.regex.Matcher mm = java.util.regex.Pattern.compile("^(\\d+)\\.(\\d+)").matcher(v);
            if (mm.find()) {
                int major = Integer.parseInt(mm.group(1));
                int minor = Integer.parseInt(mm.group(2));
                return major == 0 && minor < 8 ? VLLM_V0 : engineId;
            }
        }
        return m.published() != null && m.published().compareTo(VLLM_V1_DEFAULT_SINCE) < 0 ? VLLM_V0 : engineId;
    }

    /** The profile id of vLLM's engine before 0.8.0 ({@link #engineGeneration}). */
    public static final String VLLM_V0 = "vllm-v0";
    private static final String VLLM_V1_DEFAULT_SINCE = "2025-03-18";

    private static Implementation implementation(String engine) {
        String e = engine == null ? "" : engine.toLowerCase(Locale.ROOT);
        return switch (e) {
            case "torchtitan", "fsdp", "pytorch", "hf", "transformers" -> Implementation.PYTORCH;
            default -> Implementation.MEGATRON;
        };
    }
}
