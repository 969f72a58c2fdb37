package com.vramadvisor.engine.ranking;

import com.vramadvisor.engine.money.ElectricityPrice;
import com.vramadvisor.engine.money.MoneyFacts;
import com.vramadvisor.engine.money.OwnershipTerms;
import com.vramadvisor.engine.money.PowerUsageEffectiveness;
import com.vramadvisor.engine.money.Usage;
import com.vramadvisor.engine.llm.Parallelism;
import com.vramadvisor.engine.llm.Recompute;
import com.vramadvisor.engine.plan.StepTimeModel;
import com.vramadvisor.engine.serving.ServingTargets;
import com.vramadvisor.engine.speed.SpeedSettings;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * Everything the decision table needs beyond the model and the workload: the speed model's stated efficiencies, the
 * token budget and deadline, what electricity and amortisation cost, the parallel-layout search, and the filters and
 * sort order of the table. Immutable; start from {@link #defaults()} or {@link #builder()}. The defaults and their
 * sources are in {@code docs/decision-table.md}.
 *
 * @param speed                             the speed models' efficiencies: the fitted data
 *                                          ({@code catalog/efficiency.json}) per GPU stack, kernel class and engine,
 *                                          with a user's compute or bandwidth override
 * @param tokenBudget                       training: tokens to train on; inference: tokens to generate
 * @param globalBatchTokens                 training: tokens per optimizer step over all replicas; 0 keeps the
 *                                          workload's batch and gradient accumulation per replica
 * @param fixedRecompute                    training: the recomputation every layout keeps; {@code null} lets the
 *                                          planner choose none, selective or full per layout
 * @param deadlineDays                      training uses the fewest GPUs that finish within this many days; rows
 *                                          that take longer are marked {@link Reason#PAST_DEADLINE} and sort after
 *                                          those that do not
 * @param electricityUsdPerKWh              electricity price for owned hardware, US dollars per kWh; {@code null} for the
 *                                          catalog's ({@code catalog/money.json})
 * @param pue                               power usage effectiveness of the data centre owned servers run in (1 or
 *                                          more); {@code null} for the catalog's
 * @param usage                             how bought hardware will be used, which decides what buying costs the job
 *                                          ({@link Usage}): this job only (the default), or busy a share of the time
 *                                          for some years
 * @param sharding                          how multi-GPU layouts are chosen
 * @param maxGpus                           most GPUs one option may use: the layout search tries no more, an option
 *                                          that needs more to fit is laid out within the limit and marked
 *                                          {@link Reason#EXCEEDS_MAX_GPUS}, and rows that still run on more GPUs
 *                                          (one system or instance larger than the limit, or the workload's own
 *                                          layout) are dropped like the other filters' rows; 1 to
 *                                          {@link Parallelism#MAX_GPUS}, so the search's index arithmetic stays in
 *                                          {@code int}
 * @param tightFitFraction                  headroom below this fraction of capacity is flagged as a tight fit
 * @param vendors                           keep only GPUs of these vendors (case-insensitive); empty keeps all
 * @param formFactors                       keep only these form factors (case-insensitive); empty keeps all
 * @param kinds                             keep only these row kinds; empty keeps all
 * @param acquisitions                      keep only bought or only rented options; empty keeps both
 * @param maxBudgetUsd                      keep only rows whose job cost is known and at most this; 0 for no limit
 * @param maxCapitalUsd                     keep only bought rows whose capital is known and at most this (rented rows
 *                                          need none); 0 for no limit
 * @param maxPowerKw                        keep only bought rows whose power at load is known and at most this many kW
 *                                          (a room's or a circuit's limit; rented rows draw in the provider's data
 *                                          centre); 0 for no limit
 * @param priceAsOf                         the month prices are judged against ({@code YYYY-MM}): a price dated more
 *                                          than {@link #STALE_PRICE_MONTHS} before it is flagged
 *                                          {@link Reason#STALE_PRICE}; empty to flag none
 * @param minMemoryGbPerGpu                 keep only GPUs with at least this nominal memory (GB, 10^9 bytes)
 * @param fitsOnly                          keep only rows that fit
 * @param sortKey                           column to sort by
 * @param descending                        sort direction
 * @param fitsFirst                         put rows that fit before rows that do not, and rows within the
 *                                          deadline before those past it or without a time (no throughput
 *                                          figures: not known to meet it), whatever the sort key
 * @param topN                              keep the first N rows after sorting; 0 keeps all
 * @param servingTargets                    inference: the latency targets and running-request cap that users served
 *                                          are counted within ({@link ServingTargets#NONE} by default here; the
 *                                          command line and the window start from {@link ServingTargets#DEFAULTS})
 * @param servingChunkPerGpu                inference: whether the serving engine picks its prefill chunk for each GPU
 *                                          ({@code ServingEngine.onGpu}: vLLM 2,048 tokens below 70 GiB and on the
 *                                          A100, 8,192 above), because no chunk was given; the KV pool of each row is
 *                                          then profiled at that chunk, as {@code fit --gpu} does. {@code false} keeps
 *                                          the workload's chunk for every GPU
 * @param showUnsupported                   keep rows that no software runs as laid out ({@link Reason#unsupported()}:
 *                                          a real-time scene on a GPU without a graphics API, training collectives
 *                                          on a GPU without NCCL, RCCL, HCCL or oneCCL, ...; {@link Support}), each
 *                                          with its reason; by default they are left out like filtered rows
 */
public record RankingOptions(SpeedSettings speed, long tokenBudget,
                             long globalBatchTokens, Recompute fixedRecompute, double deadlineDays,
                             Double electricityUsdPerKWh, Double pue, Usage usage,
                             ShardingSearch sharding, int maxGpus,
                             double tightFitFraction, Set<String> vendors, Set<String> formFactors,
                             Set<HardwareKind> kinds, Set<Acquisition> acquisitions, double maxBudgetUsd,
                             double maxCapitalUsd, double maxPowerKw, String priceAsOf,
                             double minMemoryGbPerGpu, boolean fitsOnly, SortKey sortKey, boolean descending,
                             boolean fitsFirst, int topN, ServingTargets servingTargets,
                             boolean servingChunkPerGpu, boolean showUnsupported) {

    /** 10^9 tokens: a round budget that makes hours and cost comparable between rows. */
    public static final long DEFAULT_TOKEN_BUDGET = 1_000_000_000L;
    /**
     * 90 days: a quarter, the horizon published pre-training runs plan for: GPT-3 175B on 1,024 A100s in about 34
     * days (Narayanan et al. 2021, section 5.1), Llama 3 405B's main pre-training snapshot of 54 days (Dubey et al.
     * 2024, section 3.3.4), BLOOM in 117 days (11 March to 6 July 2022).
     */
    public static final double DEFAULT_DEADLINE_DAYS = 90;
    /**
     * 0.124 USD/kWh, where the catalog gives no electricity price: average US commercial-sector price in 2022, from the
     * EIA Electric Power Monthly (table 5.2 revenue 172,257 million USD over table 5.1 sales 1,390,873 GWh), the figure
     * {@code catalog/money.json} gives.
     */
    public static final double DEFAULT_ELECTRICITY_USD_PER_KWH = 0.124;
    /**
     * 1.56, where the catalog gives no PUE: the average annual PUE in Uptime Institute's Global Data Center Survey
     * 2024, the figure {@code catalog/money.json} gives.
     */
    public static final double DEFAULT_PUE = 1.56;
    /**
     * 3 years: the horizon a purchase's break-even is stated over when the usage is this job only: the depreciation
     * period of servers and network equipment that the large cloud providers used in 2020-2021 (Microsoft and Alphabet
     * extended theirs from 3 to 4 years in 2020 and 2021, 10-K filings), and the usual warranty term of data-centre
     * GPUs' servers.
     */
    public static final double DEFAULT_BREAK_EVEN_YEARS = 3;
    /** 18 months: a price older than this against {@link #priceAsOf} is flagged {@link Reason#STALE_PRICE}. */
    public static final int STALE_PRICE_MONTHS = 18;
    /** Hours in a year of amortisation: 365 days of 24 hours, for the job cost and the texts that explain it. */
    public static final double HOURS_PER_YEAR = 365.0 * 24.0;
    /**
     * 1024 GPUs: 128 nodes of 8, far beyond the catalog's largest system, so the default leaves every option of the
     * catalog to the search while bounding its work; it stands for "no limit" wherever a user leaves the limit empty.
     */
    public static final int DEFAULT_MAX_GPUS = 1024;
    /**
     * 10 %: the safety margin. Headroom below it is flagged as tight (as is a capacity inside the estimate's range),
     * and the planner ranks such layouts after those outside it ({@code Planner.Settings#marginFraction}).
     */
    public static final double DEFAULT_TIGHT_FIT_FRACTION = 0.10;

    public RankingOptions {
        Objects.requireNonNull(speed, "speed");
        if (globalBatchTokens < 0) {
            throw new IllegalArgumentException("global batch must be 0 (none) or more tokens, got "
                    + globalBatchTokens);
        }
        if (!(deadlineDays > 0) || Double.isInfinite(deadlineDays)) {
            throw new IllegalArgumentException("deadline must be a positive number of days, got " + deadlineDays);
        }
        if (pue != null && (!(pue >= 1) || Double.isInfinite(pue))) {
            throw new IllegalArgumentException("PUE must be 1 or more, got " + pue);
        }
        if (tokenBudget < 1) {
            throw new IllegalArgumentException("token budget must be at least 1, got " + tokenBudget);
        }
        if (electricityUsdPerKWh != null
                && (!(electricityUsdPerKWh >= 0) || Double.isInfinite(electricityUsdPerKWh))) {
            throw new IllegalArgumentException("electricity price must be 0 or more, got " + electricityUsdPerKWh);
        }
        Objects.requireNonNull(usage, "usage");
        if (!(maxCapitalUsd >= 0) || Double.isInfinite(maxCapitalUsd)) {
            throw new IllegalArgumentException("capital budget must be 0 (none) or more, got " + maxCapitalUsd);
        }
        if (!(maxPowerKw >= 0) || Double.isInfinite(maxPowerKw)) {
            throw new IllegalArgumentException("power limit must be 0 (none) or more kW, got " + maxPowerKw);
        }
        priceAsOf = priceAsOf == null ? "" : priceAsOf;
        if (!priceAsOf.isEmpty() && !priceAsOf.matches("\\d{4}-(0[1-9]|1[0-2])")) {
            throw new IllegalArgumentException("prices are judged as of a month YYYY-MM, got " + priceAsOf);
        }
        Objects.requireNonNull(sharding, "sharding");
        Objects.requireNonNull(sortKey, "sortKey");
        Objects.requireNonNull(servingTargets, "servingTargets");
        if (maxGpus < 1 || maxGpus > Parallelism.MAX_GPUS) {
            throw new IllegalArgumentException("the GPU limit must be 1 to " + Parallelism.MAX_GPUS + ", got "
                    + maxGpus);
        }
        if (!(tightFitFraction >= 0 && tightFitFraction < 1)) {
            throw new IllegalArgumentException("tight-fit fraction must be in [0, 1), got " + tightFitFraction);
        }
        if (!(maxBudgetUsd >= 0)) {
            throw new IllegalArgumentException("budget must be 0 (none) or more, got " + maxBudgetUsd);
        }
        if (!(minMemoryGbPerGpu >= 0)) {
            throw new IllegalArgumentException("minimum memory must be 0 or more, got " + minMemoryGbPerGpu);
        }
        if (topN < 0) {
            throw new IllegalArgumentException("top N must be 0 (all) or more, got " + topN);
        }
        vendors = lowercase(vendors);
        formFactors = lowercase(formFactors);
        kinds = kinds == null || kinds.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(kinds));
        acquisitions = acquisitions == null || acquisitions.isEmpty() ? Set.of()
                : Set.copyOf(EnumSet.copyOf(acquisitions));
    }

    private static Set<String> lowercase(Set<String> values) {
        if (values == null) {
            return Set.of();
        }
        Set<String> out = new TreeSet<>();
        for (String v : values) {
            if (v != null && !v.isBlank()) {
                out.add(v.trim().toLowerCase(Locale.ROOT));
            }
        }
        return Set.copyOf(out);
    }

    public static RankingOptions defaults() {
        return builder().build();
    }

    public static Builder builder() {
        return new Builder();
    }

    public Builder toBuilder() {
        return new Builder(this);
    }

    public static final class Builder {
        /** {@code null}: the shipped fitted data, read when the options are built. */
        private SpeedSettings speed;
        private Double computeOverride;
        private Double bandwidthOverride;
        private long tokenBudget = DEFAULT_TOKEN_BUDGET;
        private long globalBatchTokens;
        private Recompute fixedRecompute;
        private double deadlineDays = DEFAULT_DEADLINE_DAYS;
        private Double electricityUsdPerKWh;
        private Double pue;
        private Usage usage = Usage.JOB_ONLY;
        private ShardingSearch sharding = ShardingSearch.AUTOMATIC_UNLESS_GIVEN;
        private int maxGpus = DEFAULT_MAX_GPUS;
        private double tightFitFraction = DEFAULT_TIGHT_FIT_FRACTION;
        private Set<String> vendors = Set.of();
        private Set<String> formFactors = Set.of();
        private Set<HardwareKind> kinds = Set.of();
        private Set<Acquisition> acquisitions = Set.of();
        private double maxBudgetUsd;
        private double maxCapitalUsd;
        private double maxPowerKw;
        private String priceAsOf = "";
        private double minMemoryGbPerGpu;
        private boolean fitsOnly;
        private SortKey sortKey = SortKey.JOB_COST_USD;
        private boolean descending;
        private boolean fitsFirst = true;
        private int topN;
        private ServingTargets servingTargets = ServingTargets.NONE;
        private boolean servingChunkPerGpu;
        private boolean showUnsupported;

        private Builder() {
        }

        private Builder(RankingOptions o) {
            speed = o.speed;
            computeOverride = o.speed.computeOverride();
            bandwidthOverride = o.speed.bandwidthOverride();
            tokenBudget = o.tokenBudget;
            globalBatchTokens = o.globalBatchTokens;
            fixedRecompute = o.fixedRecompute;
            deadlineDays = o.deadlineDays;
            electricityUsdPerKWh = o.electricityUsdPerKWh;
            pue = o.pue;
            usage = o.usage;
            sharding = o.sharding;
            maxGpus = o.maxGpus;
            tightFitFraction = o.tightFitFraction;
            vendors = o.vendors;
            formFactors = o.formFactors;
            kinds = o.kinds;
            acquisitions = o.acquisitions;
            maxBudgetUsd = o.maxBudgetUsd;
            maxCapitalUsd = o.maxCapitalUsd;
            maxPowerKw = o.maxPowerKw;
            priceAsOf = o.priceAsOf;
            minMemoryGbPerGpu = o.minMemoryGbPerGpu;
            fitsOnly = o.fitsOnly;
            sortKey = o.sortKey;
            descending = o.descending;
            fitsFirst = o.fitsFirst;
            topN = o.topN;
            servingTargets = o.servingTargets;
            servingChunkPerGpu = o.servingChunkPerGpu;
            showUnsupported = o.showUnsupported;
        }

        /** The efficiencies, with their own overrides (which replace any set here before). */
        public Builder speed(SpeedSettings v) {
            speed = v;
            computeOverride = v.computeOverride();
            bandwidthOverride = v.bandwidthOverride();
            return this;
        }

        /** A user's compute efficiency in place of the fitted ones ({@link SpeedSettings#computeOverride}). */
        public Builder computeEfficiency(double v) { computeOverride = v; return this; }

        /** A user's bandwidth efficiency in place of the fitted ones ({@link SpeedSettings#bandwidthOverride}). */
        public Builder decodeBandwidthEfficiency(double v) { bandwidthOverride = v; return this; }
        public Builder tokenBudget(long v) { tokenBudget = v; return this; }
        public Builder globalBatchTokens(long v) { globalBatchTokens = v; return this; }
        public Builder fixedRecompute(Recompute v) { fixedRecompute = v; return this; }
        public Builder deadlineDays(double v) { deadlineDays = v; return this; }
        public Builder electricityUsdPerKWh(Double v) { electricityUsdPerKWh = v; return this; }
        public Builder pue(Double v) { pue = v; return this; }
        public Builder usage(Usage v) { usage = v; return this; }
        public Builder sharding(ShardingSearch v) { sharding = v; return this; }
        public Builder maxGpus(int v) { maxGpus = v; return this; }
        public Builder tightFitFraction(double v) { tightFitFraction = v; return this; }
        public Builder vendors(Set<String> v) { vendors = v; return this; }
        public Builder formFactors(Set<String> v) { formFactors = v; return this; }
        public Builder kinds(Set<HardwareKind> v) { kinds = v; return this; }
        public Builder acquisitions(Set<Acquisition> v) { acquisitions = v; return this; }
        public Builder maxBudgetUsd(double v) { maxBudgetUsd = v; return this; }
        public Builder maxCapitalUsd(double v) { maxCapitalUsd = v; return this; }
        public Builder maxPowerKw(double v) { maxPowerKw = v; return this; }
        public Builder priceAsOf(String v) { priceAsOf = v; return this; }
        public Builder minMemoryGbPerGpu(double v) { minMemoryGbPerGpu = v; return this; }
        public Builder fitsOnly(boolean v) { fitsOnly = v; return this; }
        public Builder sortKey(SortKey v) { sortKey = v; return this; }
        public Builder descending(boolean v) { descending = v; return this; }
        public Builder fitsFirst(boolean v) { fitsFirst = v; return this; }
        public Builder topN(int v) { topN = v; return this; }
        public Builder servingTargets(ServingTargets v) { servingTargets = v; return this; }
        public Builder servingChunkPerGpu(boolean v) { servingChunkPerGpu = v; return this; }
        public Builder showUnsupported(boolean v) { showUnsupported = v; return this; }

        /**
         * The decision table's order for serving: most users per dollar first ({@link SortKey#USERS_PER_DOLLAR},
         * descending).
         */
        public Builder rankByUsersPerDollar() { return rankBy(SortKey.USERS_PER_DOLLAR); }

        /** Ranks by {@code key}, best first: descending where more is better ({@link SortKey#higherIsBetter()}). */
        public Builder rankBy(SortKey key) { sortKey = key; descending = key.higherIsBetter(); return this; }

        public RankingOptions build() {
            SpeedSettings base = speed != null ? speed : SpeedSettings.fitted();
            return new RankingOptions(new SpeedSettings(base.table(), computeOverride, bandwidthOverride),
                    tokenBudget, globalBatchTokens,
                    fixedRecompute, deadlineDays, electricityUsdPerKWh, pue, usage, sharding, maxGpus,
                    tightFitFraction, vendors, formFactors, kinds, acquisitions, maxBudgetUsd, maxCapitalUsd,
                    maxPowerKw, priceAsOf, minMemoryGbPerGpu,
                    fitsOnly, sortKey, descending, fitsFirst, topN, servingTargets, servingChunkPerGpu,
                    showUnsupported);
        }
    }

    /** The deadline in hours. */
    public double deadlineHours() {
        return deadlineDays * 24.0;
    }

    /**
     * The years a purchase's break-even against renting is stated over: the usage's, or
     * {@link #DEFAULT_BREAK_EVEN_YEARS} for this job only.
     */
    public double breakEvenYears() {
        return usage.jobOnly() ? DEFAULT_BREAK_EVEN_YEARS : usage.years();
    }

    /**
     * What owning hardware costs beside its price under these options: the hardware list's money facts, with the
     * electricity price and PUE given here where they are, else the facts', else the defaults above.
     */
    public OwnershipTerms ownership(MoneyFacts facts) {
        double usdPerKWh = electricityUsdPerKWh != null ? electricityUsdPerKWh
                : facts.electricity().map(ElectricityPrice::usdPerKWh).orElse(DEFAULT_ELECTRICITY_USD_PER_KWH);
        double p = pue != null ? pue : facts.pue().map(PowerUsageEffectiveness::value).orElse(DEFAULT_PUE);
        return OwnershipTerms.of(facts, usdPerKWh, p);
    }
}
