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
        return new DecisionRow(r.hardwareId(), r.gpuId(), r.hardwareName(), r.kind(), kindText(r.kind()), r.vendor(),
                gpu == null ? 0 : gpu.memoryGbNominal(), r.fits(), fitText(r, memory), r.gpusNeeded(), gpus,
                r.perGpuBytes(), r.capacityBytes(), memory, r.headroomFraction(), headroom, r.tokensPerSecond(),
                speed(r, mode), r.hours(), time(r.hours()), r.costUsd(), cost(r), r.energyKWh(), energy(r));
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
        if (r.costUsd() == null) {
            return UNKNOWN;
        }
        return messages.get(r.kind() == HardwareKind.CLOUD ? "results.table.cost.rent" : "results.table.cost.buy",
                messages.usd(r.costUsd()));
    }

    private String energy(RecommendationRow r) {
        if (r.energyKWh() == null) {
            return UNKNOWN;
        }
        return messages.get("results.table.energy", messages.integer(Math.round(r.energyKWh())));
    }
}
