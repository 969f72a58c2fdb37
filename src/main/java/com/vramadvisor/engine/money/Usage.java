package com.vramadvisor.engine.money;

/**
 * How the hardware of a decision will be used, which decides what buying costs a job
 * ({@code docs/decision-table.md}, section "Money").
 * <ul>
 *   <li>{@link #JOB_ONLY} (the default): the hardware is bought for this job alone and sold when it ends; the job
 *       carries the whole cost of owning it for that time.</li>
 *   <li>{@link #of(double, double) of(U, Y)}: the hardware stays busy {@code U} of the time for {@code Y} years with
 *       work like this job; the job carries its share of the total cost of ownership, {@code job hours / busy
 *       hours}.</li>
 * </ul>
 *
 * @param jobOnly     whether the hardware is had for this job alone
 * @param utilization share of the time the hardware is busy, (0, 1]; 1 for {@link #JOB_ONLY}
 * @param years       years the hardware is owned or committed, more than 0 and at most {@link #MAX_YEARS}; 0 for
 *                    {@link #JOB_ONLY}
 */
public record Usage(boolean jobOnly, double utilization, double years) {

    /** Hours in a year: 365 days of 24 hours. */
    public static final double HOURS_PER_YEAR = 365.0 * 24.0;
    /** Hours in a month: a twelfth of {@link #HOURS_PER_YEAR}. */
    public static final double HOURS_PER_MONTH = HOURS_PER_YEAR / 12.0;
    /** The longest use accepted: 20 years, past any hardware's service life. */
    public static final double MAX_YEARS = 20;
    /** Bought for this job alone. */
    public static final Usage JOB_ONLY = new Usage(true, 1, 0);

    public Usage {
        if (!jobOnly) {
            if (!(utilization > 0 && utilization <= 1)) {
                throw new IllegalArgumentException("utilisation must be above 0 and at most 1, got " + utilization);
            }
            if (!(years > 0 && years <= MAX_YEARS)) {
                throw new IllegalArgumentException("years must be above 0 and at most 20, got " + years);
            }
        }
    }

    /** Busy {@code utilization} of the time for {@code years} years. */
    public static Usage of(double utilization, double years) {
        return new Usage(false, utilization, years);
    }

    /**
     * Hours the hardware is had for a job of {@code jobHours}: the job's own for {@link #JOB_ONLY}; else the years,
     * or longer where the job alone needs more than the busy share of them ({@code jobHours / utilization}).
     */
    public double horizonHours(double jobHours) {
        return jobOnly ? jobHours : Math.max(years * HOURS_PER_YEAR, jobHours / utilization);
    }

    /** Hours the hardware is busy over {@link #horizonHours}: {@code utilization x horizon}. */
    public double busyHours(double jobHours) {
        return jobOnly ? jobHours : utilization * horizonHours(jobHours);
    }

    /** The share of the ownership the job carries: {@code jobHours / busyHours}, at most 1. */
    public double share(double jobHours) {
        double busy = busyHours(jobHours);
        return busy > 0 ? Math.min(1, jobHours / busy) : 1;
    }
}
