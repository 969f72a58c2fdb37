package com.vramadvisor.engine.serving;

import com.vramadvisor.engine.llm.Component;
import com.vramadvisor.engine.llm.Estimate;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Parallelism;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.plan.Fabric;
import com.vramadvisor.engine.plan.SpeedModel;
import com.vramadvisor.engine.plan.StepTimeModel;
import com.vramadvisor.engine.speed.Efficiency;
import com.vramadvisor.engine.speed.PassTime;

/**
 * A continuously batching engine under load, in steady state: how many requests it completes per second, the time
 * per output token and the time to first token with its spread, for {@code c} users in a closed loop (each sends its
 * next request when the last one ends, as {@code benchmark_serving --max-concurrency} and GenAI-Perf's concurrency
 * mode run) or for requests arriving at a rate (an open loop with random arrivals, {@code --request-rate}).
 *
 * <p><b>Steps.</b> vLLM's and SGLang's schedulers fill each step with the running requests' decode tokens first and
 * give what is left of the batched-token budget {@code B} ({@code max_num_batched_tokens},
 * {@code chunked_prefill_size}) to prompts, in chunks ({@code vllm/v1/core/sched/scheduler.py}); TensorRT-LLM's
 * in-flight batcher does the same within {@code max_num_tokens}. A step with {@code d} decode tokens and {@code n}
 * prompt tokens takes
 * <pre>
 *   T(d, n) = max(memory(weights read, KV of d sequences), compute(d decode tokens)) + compute(n prompt tokens)
 *             + communication(d + n) + fixed costs
 * </pre>
 * The decode tokens keep the matrix multiplications bound by reading the weights and the KV cache; the prompt tokens
 * add their own compute, which that read does not hide: taking the roofline's larger term over the whole mixed batch
 * instead would hide the prompt tokens' compute under the weight read whenever the batch sits near the GPU's ridge
 * point, where measured matrix multiplications reach neither the bandwidth nor the compute peak.
 *
 * <p><b>Flow.</b> With {@code X} requests per second of {@code P} prompt and {@code O} output tokens and a step of
 * {@code tau}: by Little's law {@code d = X (O - 1) tau} requests are decoding, and prompts need {@code X P tau}
 * tokens of each step; the prefill's utilisation is {@code rho = X P tau / (B - d)}. A prompt needs
 * {@code S = ceil(P / (B - d))} steps of its own, each carrying a chunk of it beside the decode tokens, and waits
 * behind the others like a single queue with random arrivals and fixed service (Pollaczek-Khinchine, M/D/1: mean wait {@code rho S / (2 (1 - rho))}; Kleinrock,
 * <i>Queueing Systems</i> vol. 1, 1975, chapter 5). In a closed loop {@code X = c / (TTFT + (O - 1) tau)}, solved as
 * a fixed point; when the prompts would need more than the budget leaves ({@code rho >= 1}) the engine is
 * prefill-bound, completes {@code X = (B - d) / (P tau)} requests per second, and the other users queue:
 * {@code TTFT = c / X - (O - 1) tau}. In an open loop {@code X} is the rate; at {@code rho >= 1} the queue grows
 * without bound and there is no steady state.
 *
 * <p><b>Spread.</b> The wait's distribution is taken as exponential beyond an atom at zero with the M/D/1 mean:
 * {@code P(W > t) = rho exp(-rho t / W)}, the form the waiting time of a single-server queue approaches in its tail
 * (Kingman 1962, "On queues in heavy traffic", the exponential heavy-traffic limit). Its {@code q}-quantile is
 * {@code (W / rho) ln(rho / (1 - q))} where {@code rho > 1 - q}, else 0; TTFT's median and 99th percentile add it to
 * the prompt's own prefill. A prefill-bound closed loop queues every request about equally long: its percentiles are
 * the mean. TPOT, a request's average over its output tokens, varies little between requests: its percentiles are
 * the mean step.
 */
public final class ServingQueue {

    private static final int ITERATIONS = 200;
    private static final double CONVERGED = 1e-9;

    /**
     * The steady state of one model copy.
     *
     * @param requestsPerSecond requests completed per second
     * @param tpotSeconds       time per output token: the mean step
     * @param ttftSeconds       mean time to first token
     * @param ttftP50Seconds    median time to first token
     * @param ttftP99Seconds    99th percentile of the time to first token
     * @param prefillShare      {@code rho}, the prompts' share of the steps' budget left by decode (1 when
     *                          prefill-bound)
     * @param prefillBound      whether the engine cannot take the prompts as fast as the users send them
     */
    public record Load(double requestsPerSecond, double tpotSeconds, double ttftSeconds, double ttftP50Seconds,
                       double ttftP99Seconds, double prefillShare, boolean prefillBound) {
    }

    private final ModelSpec model;
    private final Workload workload;
    private final Estimate estimate;
    private final GpuSpec gpu;
    private final Fabric fabric;
    private final Efficiency eff;
    private final double peakTflops;
    private final int prompt;
    private final int output;
    private final double budget;

    /**
     * @param workload the workload (its batch is the concurrency the estimate holds the KV cache of)
     * @param estimate the estimate of {@code workload}
     */
    ServingQueue(ModelSpec model, Workload workload, Estimate estimate, GpuSpec gpu, Fabric fabric, Efficiency eff) {
        this.model = model;
        this.workload = workload;
        this.estimate = estimate;
        this.gpu = gpu;
        this.fabric = fabric;
        this.eff = ServingLatency.atWeights(eff, gpu, workload);
        this.peakTflops = ServingLatency.peak(gpu, workload).tflops();
        this.prompt = workload.sequenceLength();
        this.output = Math.max(1, workload.effectiveContext() - prompt);
        this.budget = workload.prefillChunkTokens() > 0 ? workload.prefillChunkTokens() : Double.POSITIVE_INFINITY;
    }

    /**
     * One step with {@code decode} decode tokens (each attending over its sequence's mean length) and {@code prefill}
     * prompt tokens, seconds.
     */
    double stepSeconds(double decode, double prefill) {
        Parallelism p = workload.parallelism();
        int batch = Math.max(1, workload.batch());
        double kvPerSequence = estimate.component(Component.KV_CACHE) / batch
                * SpeedModel.meanKvFraction(prompt, workload.effectiveContext());
        int tokens = (int) Math.min(Workload.MAX_TOKENS, Math.max(1, Math.ceil(decode + prefill)));
        double[] weights = ServingLatency.weightsRead(model, estimate, tokens);
        double bandwidth = gpu.memoryBandwidthGBps() * 1e9;
        double weightRead = p.pipelineParallel() * PassTime.memorySeconds(eff, bandwidth, weights[0], weights[1], 0);
        double kvRead = p.pipelineParallel() * PassTime.memorySeconds(eff, bandwidth, 0, 0, kvPerSequence * decode);
        double cached = (prompt + (double) workload.effectiveContext()) / 2;
        // The decode tokens' weight matrix multiplications and their attention over the cache each at their own
        // roofline; the prompt tokens' work on top, at the compute roofline.
        double[] decodeParts = ServingLatency.passComputeParts(model, estimate, eff, peakTflops, p, 0, 0, decode,
                cached);
        double prefillCompute = ServingLatency.passCompute(model, estimate, eff, peakTflops, p, prefill, prompt, 0,
                0);
        double comm = eff.collectiveSeconds(StepTimeModel.decodeCommSeconds(model, fabric, p.tensorParallel(),
                p.pipelineParallel(), tokens));
        // A step with prompt tokens in it runs outside the decode graphs (vLLM's and SGLang's graphs hold decode-only
        // batches); a pure decode step replays them.
        double fixed = prefill > 0 ? PassTime.fixedSeconds(eff, model.layers())
                : PassTime.decodeFixedSeconds(eff, model.layers());
        return ServingLatency.kernelSeconds(weightRead, kvRead, decodeParts) + prefillCompute + comm + fixed;
    }

    /**
     * {@code users} users in a closed loop of which at most {@code running} are admitted at once (the sequences the
     * KV cache holds whole, capped by the scheduler's {@code max_num_seqs}): the admitted ones run as
     * {@link #closed(double)} says, the others wait for a free slot in order, so every request waits about equally:
     * {@code TTFT = users / X - (O - 1) tau}, its percentiles the mean.
     */
    Load closed(double users, double running) {
        if (users <= running) {
            return closed(users);
        }
        Load admitted = closed(running);
        double ttft = users / admitted.requestsPerSecond() - (output - 1) * admitted.tpotSeconds();
        return new Load(admitted.requestsPerSecond(), admitted.tpotSeconds(), ttft, ttft, ttft,
                admitted.prefillShare(), admitted.prefillBound());
    }

    /** {@code c} users in a closed loop. */
    Load closed(double users) {
        double tau = stepSeconds(users, 0);
        double own = stepSeconds(0, Math.min(prompt, budget)) * Math.max(1, prompt / budget);
        double x = users / (own + (output - 1) * tau);
        Load load = null;
        for (int i = 0; i < ITERATIONS; i++) {
            double cycle = users / x;
            double decoding = Math.min(users, users * (output - 1) * tau / cycle);
            double room = Math.max(1, budget - decoding);
            double demand = x * prompt;
            double perStep = Math.min(demand * tau, Math.min(room, prompt * users));
            double next = stepSeconds(decoding, perStep);
            double rho = demand * next / room;
            double service = serviceSeconds(decoding, room);
            double xNext;
            if (rho < 1) {
                double wait = meanWaitSeconds(rho, service);
                xNext = users / (service + wait + (output - 1) * next);
                load = new Load(xNext, next, service + wait, service + quantile(wait, rho, 0.5),
                        service + quantile(wait, rho, 0.99), rho, false);
            } else {
                xNext = room / (prompt * next);
                double ttft = Math.max(service, users / xNext - (output - 1) * next);
                load = new Load(xNext, next, ttft, ttft, ttft, 1, true);
            }
            boolean done = Math.abs(xNext - x) <= CONVERGED * x && Math.abs(next - tau) <= CONVERGED * tau;
            x = 0.5 * x + 0.5 * xNext;
            tau = next;
            if (done) {
                break;
            }
        }
        return load;
    }

    /** Requests arriving at {@code rate} per second at random; {@code null} when the engine cannot keep up. */
    Load open(double rate) {
        double tau = stepSeconds(0, 0);
        Load load = null;
        for (int i = 0; i < ITERATIONS; i++) {
            double decoding = rate * (output - 1) * tau;
            double room = Math.max(1, budget - decoding);
            double demand = rate * prompt;
            double next = stepSeconds(decoding, Math.min(demand * tau, room));
            double rho = demand * next / room;
            if (rho >= 1) {
                return null;
            }
            double service = serviceSeconds(decoding, room);
            double wait = meanWaitSeconds(rho, service);
            load = new Load(rate, next, service + wait, service + quantile(wait, rho, 0.5),
                    service + quantile(wait, rho, 0.99), rho, false);
            boolean done = Math.abs(next - tau) <= CONVERGED * tau;
            tau = next;
            if (done) {
                break;
            }
        }
        return load;
    }

    /**
     * A prompt's own prefill while {@code decoding} requests decode: {@code ceil(P / room)} steps, each carrying a
     * chunk of it of at most {@code room} tokens beside the decode tokens.
     */
    private double serviceSeconds(double decoding, double room) {
        double chunk = Math.min(prompt, room);
        return Math.ceil(prompt / chunk) * stepSeconds(decoding, chunk);
    }

    /**
     * Mean seconds a prompt waits behind the others (M/D/1, Pollaczek-Khinchine): {@code rho S / (2 (1 - rho))};
     * infinite when the prompts take the whole budget.
     *
     * @param rho     the prompts' utilisation of the budget decode leaves
     * @param service the prompt's own prefill, {@code S}
     */
    static double meanWaitSeconds(double rho, double service) {
        if (rho < 0 || service < 0) {
            throw new IllegalArgumentException("utilisation and service time must not be negative");
        }
        return rho >= 1 ? Double.POSITIVE_INFINITY : rho * service / (2 * (1 - rho));
    }

    /**
     * The {@code q}-quantile of a wait with mean {@code mean} and probability {@code rho} of waiting at all:
     * {@code (mean / rho) ln(rho / (1 - q))} where {@code rho > 1 - q}, else 0 (see the class comment).
     */
    static double quantile(double mean, double rho, double q) {
        if (rho <= 1 - q || rho <= 0 || mean <= 0) {
            return 0;
        }
        return mean / rho * Math.log(rho / (1 - q));
    }
}
