package com.vramadvisor.report;

import java.time.LocalDate;
import java.util.List;
import java.util.Objects;

import com.vramadvisor.engine.hardware.GpuSpec;

/**
 * What a report needs besides the workload and its results.
 *
 * @param language        language of the report
 * @param date            day to print as the report date
 * @param appVersion      VRAM Advisor version
 * @param catalogVersion  hardware catalog version, empty when none was used
 * @param gpus            GPUs to draw capacity lines for; {@link ReportModels} picks up to three that bracket the
 *                        workload's need (see {@link CapacityChoice})
 * @param shownGpus       the GPUs a window shows, its selected one first: when not empty the charts draw these
 *                        capacity lines instead (the summary still brackets the need over {@code gpus})
 */
public record ReportContext(ReportLanguage language, LocalDate date, String appVersion, String catalogVersion,
                            List<GpuSpec> gpus, List<GpuSpec> shownGpus) {

    /** A context whose charts bracket the need over {@code gpus}. */
    public ReportContext(ReportLanguage language, LocalDate date, String appVersion, String catalogVersion,
                         List<GpuSpec> gpus) {
        this(language, date, appVersion, catalogVersion, gpus, List.of());
    }

    public ReportContext {
        Objects.requireNonNull(language, "language");
        Objects.requireNonNull(date, "date");
        appVersion = appVersion == null ? "" : appVersion;
        catalogVersion = catalogVersion == null ? "" : catalogVersion;
        gpus = List.copyOf(gpus);
        shownGpus = shownGpus == null ? List.of() : List.copyOf(shownGpus);
    }
}
