package com.vramadvisor.engine.serving;

import com.vramadvisor.engine.llm.Estimate;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Parallelism;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.plan.Bound;
import com.vramadvisor.engine.plan.Fabric;
import com.vramadvisor.engine.plan.SpeedModel;
import com.vramadvisor.engine.plan.StepTimeModel;

/**
 * Serving under steady load: {@code c} users, each sending a prompt of {@code P} tokens, reading {@code O} output
 * tokens and sending the next prompt (a closed loop, as benchmark clients such as NVIDIA's GenAI-Perf and vLLM's
 * {@code benchmark_serving --max-concurrency} run). Engines that batch continuously (vLLM and SGLang with chunked
 * prefill, TensorRT-LLM's in-flight batching, the llama.cpp server) put the arriving prompts into the same forward
 * passes as the running requests' decode tokens, so the steps a user waits for between two tokens also carry the
 * other users' prefills. Over one user's {@code O} steps the other {@code c - 1} users each send one prompt, so on
 * average each step carries
 * <pre>
 *   n = min( (c - 1) P / O,  max(0, budget - c) )
 * </pre>
 * prompt tokens, with {@code budget} the engine's batched-token limit ({@code max_num_batched_tokens}: vLLM's
 * scheduler fills a step with the running requests' decode tokens first and gives prompts what the budget leaves,
 * {@code vllm/v1/core/sched/scheduler.py}). The user's own prompt is prefilled before its first token, so it is in
 * the time to first token, not between tokens; at {@code c = 1} nothing is added. Hugging Face {@code generate}
 * runs a fixed batch that no new prompt joins: {@code n = 0}. A workload without output tokens (context = prompt)
 * says nothing of how often prompts arrive, so none are added to it either.
 *
 * <p><b>Step.</b> The decode tokens keep the matrix multiplications bound by reading the weights and the KV cache;
 * the prompt tokens add their own compute, which that read does not hide:
 * <pre>
 *   TPOT = max( memory(weightsRead + KV),  c x decodeFlops / rate )  +  n x prefillFlops(P) / rate
 *          + decodeComm(c + n),          rate = t x peak x computeEfficiency
 * </pre>
 * Taking the roofline's larger term over the whole mixed batch instead ({@code max(memory, (c + n) flops / rate)})
 * would hide the prompt tokens' compute under the weight read whenever the batch sits near the GPU's ridge point,
 * where measured matrix multiplications reach neither the bandwidth nor the compute peak; against NVIDIA NIM's
 * published inter-token latencies (Llama-3.3-70B fp8, TP2 on H100, 5,000 in / 500 out) that form is 3 %, 30 % and
 * 20 % short at concurrency 5, 25 and 50, while the sum above is 11 %, 18 % and 21 % long, as the decode step alone
 * already is 7 % long at concurrency 1 ({@code docs/estimation.md}).
 *
 * <p><b>Waiting.</b> A new prompt waits while the engine prefills the prompts ahead of it. With {@code rho} the share
 * of the engine's time that arriving prompts take ({@code n x prefillFlops / rate} of each step) and {@code S} the
 * prompt's own prefill, the mean wait of a single queue with random arrivals and fixed service time
 * (Pollaczek-Khinchine, M/D/1: Kleinrock, <i>Queueing Systems</i> vol. 1, 1975, chapter 5, M/G/1) is
 * <pre>
 *   wait = rho x S / (2 (1 - rho)),       TTFT = S + wait
 * </pre>
 */
public final class ServingLoad {

    private ServingLoad() {
    }

    /**
     * Prompt tokens of the other users' arriving requests that one decode step carries in steady state:
     * {@code min((c - 1) P / O, max(0, budget - c))}; 0 for Hugging Face {@code generate}, for one user and without
     * output tokens.
     */
    public static double arrivingPromptTokensPerStep(Workload workload) {
        int prompt = workload.sequenceLength();
        int output = workload.effectiveContext() - prompt;
        if (ServingEngine.of(workload) == ServingEngine.HF_GENERATE || workload.batch() <= 1 || output <= 0) {
            return 0;
        }
        double tokens = (workload.batch() - 1.0) * prompt / output;
        int budget = workload.prefillChunkTokens();
        return budget > 0 ? Math.min(tokens, Math.max(0, budget - workload.batch())) : tokens;
    }

    /**
     * One decode step with the arriving prompts' tokens in it (see the class comment); the plain decode step
     * ({@link ServingLatency#decodeStep}) when no prompt arrives or the GPU has no peak rate for the weights.
     *
     * @param decode the plain decode step of the same workload and layout
     */
    public static ServingLatency.Step loadedStep(ModelSpec model, Workload workload, Estimate e, GpuSpec gpu,
                                                 Fabric fabric, Parallelism p, double computeEfficiency,
                                                 ServingLatency.Step decode) {
        double tokens = arrivingPromptTokensPerStep(workload);
        double peak = SpeedModel.inferencePeak(gpu, workload.effectiveWeightType()).tflops();
        if (tokens <= 0 || peak <= 0) {
            return decode;
        }
        double prefill = prefillSeconds(model, workload, e, peak, computeEfficiency, p, tokens);
        int passTokens = (int) Math.min(Workload.MAX_TOKENS, Math.ceil(workload.batch() + tokens));
        double comm = StepTimeModel.decodeCommSeconds(model, fabric, p.tensorParallel(), p.pipelineParallel(),
                passTokens);
        double roofline = Math.max(decode.memorySeconds(), decode.computeSeconds());
        double seconds = roofline + prefill + comm;
        double compute = decode.computeSeconds() + prefill;
        Bound bound = comm > seconds - comm ? ServingLatency.linkBound(fabric, p)
                : decode.memorySeconds() >= compute ? Bound.MEMORY_BANDWIDTH : Bound.COMPUTE;
        return new ServingLatency.Step(seconds, decode.memorySeconds(), compute, comm, bound);
    }

    /**
     * The share of the engine's time that prefilling arriving prompts takes: the prompt tokens' compute over the
     * loaded step; 0 without load.
     */
    public static double prefillShare(ModelSpec model, Workload workload, Estimate e, GpuSpec gpu,
                                      double computeEfficiency, ServingLatency.Step loaded) {
        double tokens = arrivingPromptTokensPerStep(workload);
        double peak = SpeedModel.inferencePeak(gpu, workload.effectiveWeightType()).tflops();
        if (tokens <= 0 || peak <= 0 || loaded.seconds() <= 0) {
            return 0;
        }
        return Math.min(1, prefillSeconds(model, workload, e, peak, computeEfficiency, workload.parallelism(),
                tokens) / loaded.seconds());
    }

    /**
     * Mean seconds a new prompt waits behind the others (M/D/1): {@code rho S / (2 (1 - rho))}; infinite when the
     * prefills take all of the engine's time.
     *
     * @param rho            the share of time prefills take, {@link #prefillShare}
     * @param prefillSeconds the prompt's own prefill, {@code S}
     */
    public static double queueWaitSeconds(double rho, double prefillSeconds) {
        if (rho < 0 || prefillSeconds < 0) {
            throw new IllegalArgumentException("share and prefill time must not be negative");
        }
        return rho >= 1 ? Double.POSITIVE_INFINITY : rho * prefillSeconds / (2 * (1 - rho));
    }

    private static double prefillSeconds(ModelSpec model, Workload workload, Estimate e, double peakTflops,
                                         double computeEfficiency, Parallelism p, double tokens) {
        double flops = tokens * SpeedModel.prefillFlopsPerToken(e.activeParameters(), model,
                workload.sequenceLength());
        return flops / (p.tensorParallel() * peakTflops * 1e12 * computeEfficiency);
    }
}
