package com.vramadvisor.engine.money;

import java.util.Objects;

/**
 * What a job costs the user, bought or rented, under a {@link Usage}; formulas in {@code docs/decision-table.md},
 * section "Money". With {@code h} the job's hours, {@code H} the horizon the hardware is had for and {@code B} the hours
 * it is busy ({@link Usage#horizonHours}, {@link Usage#busyHours}):
 * <pre>
 *   bought:  job cost = (capital - resale(H) + hosting(H)) x h / B + energy(h)
 *            resale(t)  = sum over parts of price x residual(class, t) x (1 - selling cost)
 *            hosting(t) = colocation per kW-month x kW at load x months       (servers; nothing for a desk)
 *            energy(h)  = kW at load x h x PUE x electricity price              (PUE 1 under a desk)
 *   rented:  job cost = rate x h                                               (on demand, spot, marketplace)
 *            job cost = rate x h x max(term, H) / B                            (a commitment bills its whole term)
 * </pre>
 * For {@link Usage#JOB_ONLY}, {@code H = B = h}: a purchase costs its capital less what it sells for when the job
 * ends, plus hosting and energy meanwhile; a commitment costs its whole term. Idle power is not counted.
 *
 * <p>Break-even against renting the same GPUs at {@code rent} per hour, over {@code Y} years:
 * <pre>
 *   fixed(Y)          = capital - resale(Y) + hosting(Y)
 *   break-even share  = fixed(Y) / ((rent - energy per hour) x Y x 8,760)      (buying is cheaper above it)
 *   break-even months = the first month m at which rent x U x 730 m >= capital - resale(m) + hosting(m)
 *                       + energy per hour x U x 730 m
 * </pre>
 */
public final class JobCostModel {

    /** The longest break-even searched: ten years, in months. */
    static final int MAX_BREAK_EVEN_MONTHS = 120;

    /**
     * The money of one bought option for one job.
     *
     * @param capitalUsd   what buying costs up front
     * @param resaleUsd    what it sells for at the end of the horizon, after the selling cost; {@code null} without a
     *                     time for the job
     * @param hostingUsd   colocation over the horizon; 0 for a desk-side machine; {@code null} when unknown
     * @param energyKWh    the job's electricity, PUE included; {@code null} when unknown
     * @param energyUsd    its price; {@code null} when unknown
     * @param jobCostUsd   the job's cost; {@code null} when a time or a power figure is missing
     */
    public record Owned(double capitalUsd, Double resaleUsd, Double hostingUsd, Double energyKWh, Double energyUsd,
                        Double jobCostUsd) {
    }

    private final OwnershipTerms terms;
    private final Usage usage;

    public JobCostModel(OwnershipTerms terms, Usage usage) {
        this.terms = Objects.requireNonNull(terms, "terms");
        this.usage = Objects.requireNonNull(usage, "usage");
    }

    public Usage usage() {
        return usage;
    }

    public OwnershipTerms terms() {
        return terms;
    }

    /**
     * A bought option for a job of {@code jobHours}.
     *
     * @param jobHours the job's wall-clock hours, {@code null} without a speed
     */
    public Owned buy(Purchase p, Double jobHours) {
        double capital = p.capitalUsd();
        if (jobHours == null || !(jobHours >= 0)) {
            return new Owned(capital, null, null, null, null, null);
        }
        double horizon = usage.horizonHours(jobHours);
        double resale = resaleUsd(p, horizon / Usage.HOURS_PER_MONTH);
        Double hosting = hostingUsd(p, horizon);
        Double energy = p.powerWatts() == null ? null : p.powerWatts() * jobHours * pue(p) / 1000.0;
        Double energyUsd = energy == null ? null : energy * terms.electricityUsdPerKWh();
        Double job = hosting == null || energyUsd == null ? null
                : (capital - resale + hosting) * usage.share(jobHours) + energyUsd;
        return new Owned(capital, resale, hosting, energy, energyUsd, job);
    }

    /**
     * A rented option for a job of {@code jobHours}.
     *
     * @param usdPerHour what all the instances cost an hour
     * @param termYears  the commitment's term in years, 0 for on-demand, spot and marketplace prices
     * @return the bill, or {@code null} without a time
     */
    public Double rent(double usdPerHour, double termYears, Double jobHours) {
        if (jobHours == null || !(jobHours >= 0)) {
            return null;
        }
        if (!(termYears > 0)) {
            return usdPerHour * jobHours;
        }
        double horizon = usage.horizonHours(jobHours);
        double busy = usage.busyHours(jobHours);
        double billed = Math.max(termYears * Usage.HOURS_PER_YEAR, horizon);
        return busy > 0 ? usdPerHour * jobHours * billed / busy : null;
    }

    /**
     * The share of the time {@code p} must stay busy over {@code years} for buying to cost less per busy hour than
     * renting the same GPUs at {@code rentUsdPerHour}; {@code null} when renting costs no more than the energy alone,
     * when the power is unknown, or when buying costs more even at full use.
     */
    public Double breakEvenUtilization(Purchase p, double rentUsdPerHour, double years) {
        if (p.powerWatts() == null || !(years > 0)) {
            return null;
        }
        double hours = years * Usage.HOURS_PER_YEAR;
        Double hosting = hostingUsd(p, hours);
        if (hosting == null) {
            return null;
        }
        double fixed = p.capitalUsd() - resaleUsd(p, years * 12) + hosting;
        double margin = rentUsdPerHour - energyUsdPerHour(p);
        if (!(margin > 0)) {
            return null;
        }
        double share = Math.max(0, fixed) / (margin * hours);
        return share <= 1 ? share : null;
    }

    /**
     * Months of use at {@code utilization} after which owning {@code p} has cost less than renting the same GPUs at
     * {@code rentUsdPerHour} for the same busy hours; {@code null} when that takes more than ten years or the power
     * is unknown.
     */
    public Double breakEvenMonths(Purchase p, double rentUsdPerHour, double utilization) {
        if (p.powerWatts() == null || !(utilization > 0) || hostingUsd(p, 0) == null) {
            return null;
        }
        double busyPerMonth = utilization * Usage.HOURS_PER_MONTH;
        double energyPerHour = energyUsdPerHour(p);
        for (int m = 1; m <= MAX_BREAK_EVEN_MONTHS; m++) {
            double own = p.capitalUsd() - resaleUsd(p, m) + hostingUsd(p, m * Usage.HOURS_PER_MONTH)
                    + energyPerHour * busyPerMonth * m;
            if (rentUsdPerHour * busyPerMonth * m >= own) {
                return (double) m;
            }
        }
        return null;
    }

    private double resaleUsd(Purchase p, double ageMonths) {
        double sum = 0;
        for (Purchase.Part part : p.parts()) {
            double f = terms.residuals().fraction(part.assetClass(), ageMonths);
            sum += part.usd() * Math.max(0, Math.min(1, f));
        }
        return sum * (1 - terms.sellingCostFraction());
    }

    /**
     * Colocation over {@code hours} for a server; 0 under a desk; {@code null} for a server of unknown power or where
     * no colocation price is known.
     */
    private Double hostingUsd(Purchase p, double hours) {
        if (!p.dataCentre()) {
            return 0.0;
        }
        if (p.powerWatts() == null || terms.colocationUsdPerKwMonth() == null) {
            return null;
        }
        return terms.colocationUsdPerKwMonth() * p.powerWatts() / 1000.0 * hours / Usage.HOURS_PER_MONTH;
    }

    private double energyUsdPerHour(Purchase p) {
        return p.powerWatts() * pue(p) / 1000.0 * terms.electricityUsdPerKWh();
    }

    /** The data centre's PUE for a server; 1 for a machine under a desk (the office's air conditioning is not counted). */
    private double pue(Purchase p) {
        return p.dataCentre() ? terms.pue() : 1.0;
    }
}
