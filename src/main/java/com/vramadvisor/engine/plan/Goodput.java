package com.vramadvisor.engine.plan;

/**
 * The share of a training run's wall-clock time spent on steps that count, once interruptions are paid for: a job
 * on {@code n} GPUs is interrupted {@code r x n} times per hour (hardware faults, planned maintenance), and each
 * interruption loses the work since the last checkpoint plus the restart, {@code L} hours. The run then needs
 * {@code 1 + r n L} times its steady-state time:
 * <pre>
 *   goodput(n) = 1 / (1 + r n L)
 * </pre>
 * Both rates come from the one large run that publishes them, Llama 3 405B (Dubey et al. 2024, section 3.3.4 and
 * table 5): 466 job interruptions (419 unexpected, 47 planned) during a 54-day snapshot on 16,384 H100s, with more
 * than 90 % effective training time. Hence {@code r = 466 / (54 x 24 x 16,384) = 2.19e-5} per GPU-hour and
 * {@code L = 0.10 x 54 x 24 / 466 = 0.28} hours (17 minutes) per interruption. A node of 8 GPUs loses 0.005 %; 1,024
 * GPUs 0.6 %; 16,384 GPUs 9 %.
 */
public final class Goodput {

    /** Interruptions per GPU-hour: 466 / (54 days x 24 h x 16,384 GPUs). */
    public static final double INTERRUPTIONS_PER_GPU_HOUR = 466.0 / (54 * 24 * 16_384.0);
    /** Hours lost per interruption: 10 % of the 54-day snapshot over its 466 interruptions. */
    public static final double HOURS_LOST_PER_INTERRUPTION = 0.10 * 54 * 24 / 466.0;

    private Goodput() {
    }

    /** The fraction of wall-clock time that trains, for a job on {@code gpus} GPUs. */
    public static double fraction(int gpus) {
        return 1.0 / (1.0 + INTERRUPTIONS_PER_GPU_HOUR * Math.max(1, gpus) * HOURS_LOST_PER_INTERRUPTION);
    }
}
