package com.vramadvisor.engine.serving;

import com.vramadvisor.engine.llm.Workload;

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
 * This first-order count says whether a workload carries arriving prompts at all and how many, for the decision
 * table's sentences; the steady state itself, with the time to first token in the cycle, the scheduler's budget and
 * the queue, is {@link ServingQueue}'s.
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
}
