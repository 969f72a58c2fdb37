package com.vramadvisor.app.results;

import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.money.Usage;
import com.vramadvisor.engine.ranking.Acquisition;
import com.vramadvisor.engine.ranking.HardwareKind;
import com.vramadvisor.engine.ranking.RankingOptions;
import com.vramadvisor.engine.ranking.Reason;
import com.vramadvisor.engine.ranking.RecommendationRow;
import com.vramadvisor.engine.ranking.RowMoney;
import com.vramadvisor.figures.VerdictText;
import com.vramadvisor.engine.ranking.ServingFigures;
import com.vramadvisor.engine.speed.SpeedRange;
import com.vramadvisor.scenario.SizeUnit;
import java.util.Locale;
import java.util.Map;

/**
 * Turns the engine's recommendation rows into table rows with texts for the current locale and display unit, for
 * every workload kind: a language model's rows speak of tokens and layouts, the other kinds' of their own items
 * (images, time steps, iterations) and of their job.
 */
public final class DecisionRows {

    /** Shown for a value the engine cannot know (no speed when it does not fit, no price in the catalog). */
    static final String UNKNOWN = PlanTexts.UNKNOWN;

    private final ResultsMessages messages;
    private final PlanTexts plans;
    private final CostTexts costs;
    private final VerdictText verdicts;

    private static final int MAX_CACHED_TEXTS = 4096;
    private final Map<HardwareKey, String> hardwareTexts = new java.util.HashMap<>();

    /** What a hardware tooltip depends on: the option, its GPU, the size unit and the language. */
    private record HardwareKey(HardwareKind kind, String name, int gpus, String gpuId, SizeUnit unit,
                               Locale locale) {
    }

    public DecisionRows(ResultsMessages messages) {
        this.messages = messages;
        this.plans = new PlanTexts(messages);
        this.costs = new CostTexts(messages);
        this.verdicts = VerdictText.of(messages.locale());
    }

    /** The language the rows are written in. */
    public Locale locale() {
        return messages.locale();
    }

    /**
     * @param options what the row was ranked with: its deadline, amortisation and electricity price go into the
     *                tooltips that explain time and cost
     */
    DecisionRow row(RecommendationRow r, SizeUnit unit, Mode mode, Map<String, GpuSpec> gpusById,
                    RankingOptions options) {
        return row(r, unit, mode, gpusById, options, null);
    }

    /**
     * A row of a workload beyond language models: its speed in the kind's own items, its time for {@code job}.
     *
     * @param job the job the time and cost are for, in words ({@code 1,000,000 time steps}), as the engine describes
     *            it ({@link com.vramadvisor.engine.core.JobSize#description()}); empty without a speed model
     */
    public DecisionRow otherKindRow(RecommendationRow r, SizeUnit unit, Map<String, GpuSpec> gpusById,
                                    RankingOptions options, String job) {
        return row(r, unit, Mode.TRAIN, gpusById, options, job == null ? "" : job);
    }

    /** @param job {@code null} for a language model (its token budget), else the other kind's job in words */
    private DecisionRow row(RecommendationRow r, SizeUnit unit, Mode mode, Map<String, GpuSpec> gpusById,
                            RankingOptions options, String job) {
        GpuSpec gpu = gpusById.get(r.gpuId());
        String gpus = r.gpusNeeded() == 0 ? UNKNOWN
                : r.sharding().isEmpty() || "single".equals(r.sharding()) ? messages.integer(r.gpusNeeded())
                : messages.get("results.table.gpus", messages.integer(r.gpusNeeded()), r.sharding());
        String memory = messages.get("results.table.memory", messages.sizeNumber(r.perGpuBytes(), unit),
                messages.size(r.capacityBytes(), unit));
        String headroom = r.fits()
                ? messages.get("results.table.headroom.spare", messages.size(r.headroomBytes(), unit),
                        messages.percent(r.headroomFraction(), 0))
                : messages.get("results.table.headroom.short", messages.size(-r.headroomBytes(), unit));
        boolean late = r.reasons().contains(Reason.PAST_DEADLINE);
        String acquisition = messages.get("results.acquisition." + r.acquisition().id());
        String machinesTip = machinesTip(r);
        String layoutTip = layoutTip(r);
        String bound = plans.bound(r.boundBy());
        String layoutText = r.layout() == null ? UNKNOWN : r.layout().label();
        String rowTip = r.layout() == null
                ? String.join("\n", r.hardwareName() + " \u2014 " + acquisition, machinesTip,
                        messages.get("results.table.row.bound", bound))
                : String.join("\n", r.hardwareName() + " \u2014 " + acquisition, machinesTip,
                        messages.get("results.table.row.layout", layoutText),
                        messages.get("results.table.row.bound", bound));
        return new DecisionRow(r.hardwareId(), r.gpuId(), r.hardwareName(), hardwareText(r, gpu, unit), r.kind(),
                kindText(r.kind()), r.acquisition(), acquisition, acquisitionTip(r.acquisition(), options),
                r.vendor(), gpu == null ? 0 : gpu.memoryGbNominal(), r.fits(), r.fits() && late, fitText(r, memory),
                r.gpusNeeded(), gpus, r.gpusNeeded() == 0 ? UNKNOWN : messages.integer(r.gpusNeeded()), r.nodes(),
                messages.get("results.table.machines", messages.integer(r.nodes()), messages.integer(r.gpusPerNode())),
                machinesTip, layoutText, layoutTip, r.perGpuBytes(), r.capacityBytes(), memory,
                r.headroomFraction(), headroom, r.itemsPerSecond(), speed(r, mode), r.hours(), plans.time(r.hours()),
                timeTip(r, late, options, job), r.gpuHours(), plans.gpuHours(r.gpuHours()), r.mfu(), plans.mfu(r.mfu()),
                r.boundBy(), bound, plans.boundTip(r.boundBy()), r.purchaseUsd(), costs.capital(r),
                costs.capitalTip(r), r.rentalUsdPerHour(), costs.rent(r), costs.rentTip(r), r.jobCostUsd(),
                costs.jobCost(r), jobCostTip(r, options), r.energyKWh(), energy(r), rowTip, r.layout(),
                gpu == null ? 0 : gpu.memoryBytesTotal(), serving(r), money(r, options));
    }

    /** Break-even, work per watt-hour, price date and market, worded as the command line's table has them. */
    private DecisionMoney money(RecommendationRow r, RankingOptions options) {
        RowMoney m = r.money();
        String years = verdicts.years(options.breakEvenYears());
        String paysOffTip;
        if (r.acquisition() != Acquisition.PURCHASE) {
            paysOffTip = messages.get("results.table.paysOff.rented");
        } else if (m.equalWorkRentUsdPerHour() == null) {
            paysOffTip = messages.get("results.table.paysOff.none");
        } else if (m.breakEvenUtilization() == null) {
            paysOffTip = messages.get("results.table.paysOff.never", messages.usdRate(m.equalWorkRentUsdPerHour()),
                    years);
        } else {
            paysOffTip = messages.get("results.table.paysOff.tip", messages.usdRate(m.equalWorkRentUsdPerHour()),
                    verdicts.percent(m.breakEvenUtilization()), years) + "\n"
                    + (m.breakEvenMonths() == null ? messages.get("results.table.paysOff.noMonths")
                    : messages.get("results.table.paysOff.months", messages.decimal(m.breakEvenMonths(),
                    m.breakEvenMonths() < 10 ? 1 : 0)));
        }
        String unit = r.itemUnit().isEmpty() ? RecommendationRow.TOKENS : r.itemUnit();
        String work = r.itemsPerWattHour() == null ? UNKNOWN : messages.get("results.table.workPerWh",
                messages.decimal(r.itemsPerWattHour(), r.itemsPerWattHour() < 10 ? 2 : 0), unitWord(unit));
        boolean stale = r.reasons().contains(Reason.STALE_PRICE);
        String date = r.priceDate();
        String dateText = date.isEmpty() ? UNKNOWN : stale ? messages.get("results.table.priceDate.stale", date) : date;
        String dateTip = date.isEmpty() ? messages.get("results.table.priceDate.unknown")
                : messages.get(stale ? "results.table.priceDate.staleTip" : "results.table.priceDate.tip", date);
        String marketName = marketName(r.market());
        String market = r.provider().isEmpty() ? marketName
                : messages.get("results.table.market", r.provider(), marketName);
        String marketTipKey = "results.market." + (r.market().isEmpty() ? "purchase" : r.market()) + ".tooltip";
        return new DecisionMoney(m.breakEvenUtilization(), verdicts.paysOff(r), paysOffTip, r.itemsPerWattHour(),
                work, date, dateText, dateTip, stale, market, messages.has(marketTipKey) ? messages.get(marketTipKey)
                : "", m.powerWatts());
    }

    private String marketName(String market) {
        String key = "results.market." + (market.isEmpty() ? "purchase" : market);
        return messages.has(key) ? messages.get(key) : market;
    }

    /** "tokens", "images", "time steps" in the table's language, else as the engine names them. */
    private String unitWord(String itemUnit) {
        String key = "results.unit." + itemUnit.replace(' ', '-');
        return messages.has(key) ? messages.get(key) : itemUnit;
    }

    /** The serving cells: users, users per dollar-hour, TPOT and TTFT at the operating point, and how they came. */
    private DecisionServing serving(RecommendationRow r) {
        ServingFigures f = r.serving();
        if (f == null) {
            return DecisionServing.NONE;
        }
        String users = messages.integer(f.usersServed());
        String perDollar = f.usersPerDollar() == null ? UNKNOWN
                : messages.get("results.table.usersPerDollar", messages.decimal(f.usersPerDollar(), 2));
        String tpot = messages.get("results.table.ms", messages.decimal(f.tpotMs(), 1));
        String ttft = f.ttftMs() == null ? UNKNOWN : messages.get("results.table.ms", messages.decimal(f.ttftMs(), 0));
        String cap = f.runningCap() == null ? messages.get("results.table.serving.noCap")
                : messages.integer(f.runningCap());
        String cost = f.usdPerHour() == null ? messages.get("results.table.serving.noCost")
                : messages.get("results.table.serving.cost", messages.usdRate(f.usdPerHour()));
        String tip = messages.get("results.table.serving.tip", users, messages.integer(f.usersPerReplica()),
                messages.integer(r.replicas()), messages.integer(f.kvSequencesPerReplica()), cap, tpot, ttft,
                messages.integer(Math.max(1, f.usersPerReplica()))) + "\n" + cost
                + latencyRanges(r);
        return new DecisionServing(f.usersServed(), users, f.usersPerDollar(), perDollar, f.tpotMs(), tpot,
                f.ttftMs(), ttft, tip);
    }

    private String acquisitionTip(Acquisition acquisition, RankingOptions options) {
        if (acquisition == Acquisition.RENTAL) {
            return messages.get("results.acquisition.rental.tooltip");
        }
        Usage u = options.usage();
        return u.jobOnly() ? messages.get("results.acquisition.purchase.tooltip.alone")
                : messages.get("results.acquisition.purchase.tooltip.used", messages.percent(u.utilization(), 0),
                        messages.decimal(u.years(), u.years() == Math.rint(u.years()) ? 0 : 1));
    }

    /** The machines and the links inside and between them. */
    private String machinesTip(RecommendationRow r) {
        String link = r.interconnect().isBlank() ? messages.get("results.table.machines.noLink") : r.interconnect();
        if (r.nodes() <= 1) {
            return messages.get("results.table.machines.one", messages.integer(r.gpusPerNode()), link);
        }
        String network = r.network().isBlank() ? messages.get("results.table.machines.noNetwork") : r.network();
        return messages.get("results.table.machines.several", messages.integer(r.nodes()),
                messages.integer(r.gpusPerNode()), network, link);
    }

    private String layoutTip(RecommendationRow r) {
        if (r.layout() == null) {
            return messages.get("results.table.layout.none");
        }
        String words = plans.layout(r.layout());
        return r.replicas() > 1 ? words + "\n" + messages.get("results.layout.replicas", messages.integer(r.replicas()))
                : words;
    }

    private String timeTip(RecommendationRow r, boolean late, RankingOptions options, String job) {
        if (r.hours() == null) {
            // Another kind with no speed model at all (a rendered frame, a CG grid) says so rather than "unknown".
            return messages.get(job != null && job.isEmpty() ? "results.table.time.noModel"
                    : "results.table.time.unknown");
        }
        String deadline = plans.days(options.deadlineDays());
        String tip;
        if (job != null) {
            tip = messages.get(late ? "results.table.time.job.late" : "results.table.time.job.tip", job,
                    speed(r, Mode.TRAIN), plans.time(r.hours()), deadline);
        } else {
            tip = messages.get(late ? "results.table.time.late" : "results.table.time.tip",
                    messages.integer(options.tokenBudget()), plans.speed(r.tokensPerSecond()), plans.time(r.hours()),
                    deadline);
        }
        SpeedRange speed = r.ranges().itemsPerSecond();
        SpeedRange time = r.ranges().hours();
        if (speed == null || time == null) {
            return tip;
        }
        return tip + "\n" + messages.get("results.table.range.speed", rate(r, speed.low()), rate(r, speed.high()),
                plans.time(time.low()), plans.time(time.high()));
    }

    /** A rate in the row's unit: tokens per second, or another kind's items ("1.5 steps/s", "240 images/s"). */
    private String rate(RecommendationRow r, double perSecond) {
        if (r.tokensPerSecond() != null) {
            return plans.speed(perSecond);
        }
        return messages.get("results.table.speed.items", messages.decimal(perSecond, perSecond < 100 ? 1 : 0),
                unitWord(r.itemUnit()));
    }

    /** The job cost's formula, and its range from the held-out published measurements where known. */
    private String jobCostTip(RecommendationRow r, RankingOptions options) {
        String tip = costs.jobCostTip(r, options);
        SpeedRange cost = r.ranges().jobCostUsd();
        return cost == null ? tip : tip + "\n" + messages.get("results.table.range.cost", messages.usd(cost.low()),
                messages.usd(cost.high()));
    }

    /** The TPOT and TTFT ranges of a serving row, from the held-out published measurements; empty without them. */
    private String latencyRanges(RecommendationRow r) {
        SpeedRange tpot = r.ranges().tpotMs();
        SpeedRange ttft = r.ranges().ttftMs();
        if (tpot == null) {
            return "";
        }
        String ttftText = ttft == null ? UNKNOWN : messages.get("results.table.range.ms",
                messages.decimal(ttft.low(), 0), messages.decimal(ttft.high(), 0));
        return "\n" + messages.get("results.table.range.latency", messages.get("results.table.range.ms",
                messages.decimal(tpot.low(), 1), messages.decimal(tpot.high(), 1)), ttftText);
    }

    /**
     * The GPU as the catalog describes it: memory as sold and its type, usable memory, bandwidth (the other limit of
     * decoding and of memory-bound layers), dense 16-bit and FP8 tensor throughput, the GPU-to-GPU link, board power
     * and the source of the figures. Figures the catalog leaves at 0 are not shown.
     */
    String hardwareText(RecommendationRow r, GpuSpec gpu, SizeUnit unit) {
        if (gpu == null) {
            return r.hardwareName();
        }
        // The text depends on the hardware, not on the workload: a slider step reuses it instead of formatting a
        // dozen messages for every row again.
        HardwareKey key = new HardwareKey(r.kind(), r.hardwareName(), r.gpusNeeded(), gpu.id(), unit,
                messages.locale());
        String cached = hardwareTexts.get(key);
        if (cached == null) {
            if (hardwareTexts.size() > MAX_CACHED_TEXTS) {
                hardwareTexts.clear();
            }
            cached = formatHardware(r, gpu, unit);
            hardwareTexts.put(key, cached);
        }
        return cached;
    }

    private String formatHardware(RecommendationRow r, GpuSpec gpu, SizeUnit unit) {
        StringBuilder text = new StringBuilder();
        if (r.kind() == HardwareKind.SYSTEM || r.kind() == HardwareKind.CLOUD) {
            text.append(messages.get("results.table.gpu.count", r.hardwareName(), messages.integer(r.gpusNeeded()),
                    gpu.name())).append('\n');
        }
        text.append(messages.get("results.table.gpu.memory", gpu.name(), messages.decimal(gpu.memoryGbNominal(), 0),
                gpu.memoryType(), messages.size(gpu.memoryBytesUsable(), unit)));
        if (gpu.memoryBandwidthGBps() > 0) {
            text.append('\n').append(messages.get("results.table.gpu.bandwidth",
                    messages.integer(Math.round(gpu.memoryBandwidthGBps()))));
        }
        if (gpu.fp16Tflops() > 0) {
            text.append('\n').append(gpu.fp8Tflops() > 0
                    ? messages.get("results.table.gpu.tensorFp8", tflops(gpu.fp16Tflops()),
                            tflops(gpu.fp8Tflops()))
                    : messages.get("results.table.gpu.tensor", tflops(gpu.fp16Tflops())));
        }
        if (gpu.interconnect() != null && !gpu.interconnect().isBlank()) {
            text.append('\n').append(gpu.interconnectGBps() > 0
                    ? messages.get("results.table.gpu.link", gpu.interconnect(),
                            messages.integer(Math.round(gpu.interconnectGBps())))
                    : messages.get("results.table.gpu.linkOnly", gpu.interconnect()));
        }
        if (gpu.tdpWatts() > 0) {
            text.append('\n').append(messages.get("results.table.gpu.power", messages.integer(gpu.tdpWatts())));
        }
        text.append('\n').append(messages.get("results.table.gpu.source", gpu.source()));
        return text.toString();
    }

    /** A throughput as the spec sheet prints it: whole numbers without decimals, 989.5 with one. */
    private String tflops(double value) {
        return messages.decimal(value, value == Math.rint(value) ? 0 : 1);
    }

    String kindText(HardwareKind kind) {
        return messages.get("results.kind." + kind.id());
    }

    private String fitText(RecommendationRow r, String memory) {
        String key = switch (r.verdict()) {
            case FITS -> "results.table.fit.yes";
            case TIGHT -> "results.table.fit.tight";
            case DOES_NOT_FIT -> "results.table.fit.no";
        };
        StringBuilder text = new StringBuilder(messages.get(key, memory));
        for (Reason reason : r.reasons()) {
            text.append("\n\u2022 ").append(messages.get("results.reason." + reason.code()));
        }
        return text.toString();
    }

    private String speed(RecommendationRow r, Mode mode) {
        if (r.itemsPerSecond() == null) {
            return UNKNOWN;
        }
        if (r.tokensPerSecond() == null) {
            // Another kind's items: a small rate keeps a decimal (1.5 steps/s), a large one reads whole.
            return messages.get("results.table.speed.items", messages.decimal(r.itemsPerSecond(),
                    r.itemsPerSecond() < 100 ? 1 : 0), unitWord(r.itemUnit()));
        }
        String total = messages.integer(Math.round(r.tokensPerSecond()));
        if (mode == Mode.INFER && r.decodeTokensPerSecondPerSequence() != null) {
            return messages.get("results.table.speed.infer", total,
                    messages.decimal(r.decodeTokensPerSecondPerSequence(), 1));
        }
        return messages.get("results.table.speed", total);
    }

    private String energy(RecommendationRow r) {
        if (r.energyKWh() == null) {
            return UNKNOWN;
        }
        return messages.get("results.table.energy", messages.integer(Math.round(r.energyKWh())));
    }
}
