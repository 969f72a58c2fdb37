package com.vramadvisor.app.results;

import com.vramadvisor.scenario.SizeUnit;
import com.vramadvisor.engine.Mode;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.ranking.HardwareKind;
import com.vramadvisor.engine.ranking.Reason;
import com.vramadvisor.engine.ranking.RecommendationRow;
import java.util.Map;

/** Turns the engine's recommendation rows into table rows with texts for the current locale and display unit. */
final class DecisionRows {

    /** Shown for a value the engine cannot know (no speed when it does not fit, no price in the catalog). */
    static final String UNKNOWN = "\u2014";

    private static final double HOURS_PER_DAY = 24;
    private static final double DAYS_PER_YEAR = 365;

    private final ResultsMessages messages;

    private static final int MAX_CACHED_TEXTS = 4096;
    private final Map<HardwareKey, String> hardwareTexts = new java.util.HashMap<>();

    /** What a hardware tooltip depends on: the option, its GPU, the size unit and the language. */
    private record HardwareKey(HardwareKind kind, String name, int gpus, String gpuId, SizeUnit unit,
                               java.util.Locale locale) {
    }

    DecisionRows(ResultsMessages messages) {
        this.messages = messages;
    }

    DecisionRow row(RecommendationRow r, SizeUnit unit, Mode mode, Map<String, GpuSpec> gpusById) {
        GpuSpec gpu = gpusById.get(r.gpuId());
        String gpus = "single".equals(r.sharding()) ? messages.integer(r.gpusNeeded())
                : messages.get("results.table.gpus", messages.integer(r.gpusNeeded()), r.sharding());
        String memory = messages.get("results.table.memory", messages.sizeNumber(r.perGpuBytes(), unit),
                messages.size(r.capacityBytes(), unit));
        String headroom = r.fits()
                ? messages.get("results.table.headroom.spare", messages.size(r.headroomBytes(), unit),
                        messages.percent(r.headroomFraction(), 0))
                : messages.get("results.table.headroom.short", messages.size(-r.headroomBytes(), unit));
        return new DecisionRow(r.hardwareId(), r.gpuId(), r.hardwareName(), hardwareText(r, gpu, unit), r.kind(), kindText(r.kind()), r.vendor(),
                gpu == null ? 0 : gpu.memoryGbNominal(), r.fits(), fitText(r, memory), r.gpusNeeded(), gpus,
                r.perGpuBytes(), r.capacityBytes(), memory, r.headroomFraction(), headroom, r.tokensPerSecond(),
                speed(r, mode), r.hours(), time(r.hours()), r.jobCostUsd(), cost(r), r.energyKWh(), energy(r));
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
        StringBuilder text = new StringBuilder(messages.get(r.fits() ? "results.table.fit.yes" : "results.table.fit.no",
                memory));
        for (Reason reason : r.reasons()) {
            text.append("\n\u2022 ").append(messages.get("results.reason." + reason.code()));
        }
        return text.toString();
    }

    private String speed(RecommendationRow r, Mode mode) {
        if (r.tokensPerSecond() == null) {
            return UNKNOWN;
        }
        String total = messages.integer(Math.round(r.tokensPerSecond()));
        if (mode == Mode.INFER && r.decodeTokensPerSecondPerSequence() != null) {
            return messages.get("results.table.speed.infer", total,
                    messages.decimal(r.decodeTokensPerSecondPerSequence(), 1));
        }
        return messages.get("results.table.speed", total);
    }

    private String time(Double hours) {
        if (hours == null) {
            return UNKNOWN;
        }
        if (hours < 1) {
            return messages.get("results.table.time.minutes", messages.integer(Math.max(1, Math.round(hours * 60))));
        }
        if (hours < 2 * HOURS_PER_DAY) {
            return messages.get("results.table.time.hours", messages.decimal(hours, 1));
        }
        double days = hours / HOURS_PER_DAY;
        if (days < 2 * DAYS_PER_YEAR) {
            return messages.get("results.table.time.days", messages.decimal(days, 1));
        }
        return messages.get("results.table.time.years", messages.decimal(days / DAYS_PER_YEAR, 1));
    }

    private String cost(RecommendationRow r) {
        if (r.jobCostUsd() == null) {
            return UNKNOWN;
        }
        return messages.get(r.kind() == HardwareKind.CLOUD ? "results.table.cost.rent" : "results.table.cost.buy",
                messages.usd(r.jobCostUsd()));
    }

    private String energy(RecommendationRow r) {
        if (r.energyKWh() == null) {
            return UNKNOWN;
        }
        return messages.get("results.table.energy", messages.integer(Math.round(r.energyKWh())));
    }
}
