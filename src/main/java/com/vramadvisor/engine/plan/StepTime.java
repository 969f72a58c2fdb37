package com.vramadvisor.engine.plan;

/**
 * One optimizer step of a training layout on one hardware option, term by term (seconds, per step). The terms add
 * up to {@link #stepSeconds()}; see {@link StepTimeModel} for each formula.
 *
 * @param tokensPerStep        tokens all replicas process in one step: micro-batch x sequence x micro-batches x
 *                             data-parallel size
 * @param computeSeconds       matrix multiplications and element-wise kernels of every micro-batch on one GPU
 * @param tensorParallelSeconds tensor-parallel all-reduces (or all-gathers and reduce-scatters) of every micro-batch
 * @param pipelineSendSeconds  activations and their gradients sent between pipeline stages
 * @param bubbleSeconds        idle time of the pipeline's fill and drain
 * @param dataParallelSeconds  data-parallel and ZeRO traffic not hidden behind computation
 * @param optimizerSeconds     the optimizer update, bound by memory bandwidth
 * @param stepSeconds          the sum: wall-clock time of one step
 * @param mfu                  model FLOPs utilisation: model FLOPs of the step (without recomputation) over
 *                             {@code stepSeconds x GPUs x peak}
 * @param bound                the largest term
 * @param dataParallelOverNetwork whether the data-parallel group spans nodes
 * @param expertContextSeconds expert-parallel all-to-alls and the context-parallel K/V ring not hidden behind
 *                             attention, of every micro-batch (0 at ep = cp = 1); part of {@code stepSeconds}
 */
public record StepTime(double tokensPerStep, double computeSeconds, double tensorParallelSeconds,
                       double pipelineSendSeconds, double bubbleSeconds, double dataParallelSeconds,
                       double optimizerSeconds, double stepSeconds, double mfu, Bound bound,
                       boolean dataParallelOverNetwork, double expertContextSeconds) {

    /** Tokens per second over all GPUs. */
    public double tokensPerSecond() {
        return tokensPerStep / stepSeconds;
    }
}
