package com.vramadvisor.report;

import java.time.LocalDate;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Everything one report shows, already computed and translated, so every writer renders the same content.
 *
 * <p>Texts (titles, labels, decision table cells) are in the report's language; quantities are kept as raw numbers
 * (bytes are always bytes, shown in GiB = 2^30 bytes) so that CSV and JSON stay machine-readable and each writer
 * formats them for {@link #locale()}.
 *
 * @param locale          language of the texts ({@code en} or {@code zh-CN})
 * @param title           document title
 * @param subtitle        one line naming the model and the workload
 * @param date            day the report was produced
 * @param appVersion      version of VRAM Advisor that produced it
 * @param catalogVersion  version of the hardware catalog used for the decision table
 * @param highlights      short findings for readers who stop after the first paragraph
 * @param inputs          the workload as label/value pairs
 * @param components      per-GPU memory by component with the peak phase
 * @param breakdown       the stacked bar at the peak phase with capacity lines
 * @param sweeps          memory against batch, sequence length or context
 * @param decisions       hardware options from the catalog
 * @param assumptions     what the estimate assumes
 * @param formulas        the formulas behind the numbers with their references
 */
public record ReportModel(
        Locale locale,
        String title,
        String subtitle,
        LocalDate date,
        String appVersion,
        String catalogVersion,
        List<String> highlights,
        List<LabeledValue> inputs,
        ComponentTable components,
        BreakdownChart breakdown,
        List<SweepChart> sweeps,
        DecisionTable decisions,
        List<String> assumptions,
        List<Formula> formulas) {

    public ReportModel {
        Objects.requireNonNull(locale, "locale");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(date, "date");
        Objects.requireNonNull(components, "components");
        Objects.requireNonNull(breakdown, "breakdown");
        Objects.requireNonNull(decisions, "decisions");
        subtitle = subtitle == null ? "" : subtitle;
        appVersion = appVersion == null ? "" : appVersion;
        catalogVersion = catalogVersion == null ? "" : catalogVersion;
        highlights = List.copyOf(highlights);
        inputs = List.copyOf(inputs);
        sweeps = List.copyOf(sweeps);
        assumptions = List.copyOf(assumptions);
        formulas = List.copyOf(formulas);
    }

    /**
     * One input of the workload.
     *
     * @param key    stable id ({@code batch}, {@code precision}) for JSON readers
     * @param label  translated label
     * @param value  the value as shown
     */
    public record LabeledValue(String key, String label, String value) {
        public LabeledValue {
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(label, "label");
            Objects.requireNonNull(value, "value");
        }
    }

    /**
     * Per-GPU memory by component.
     *
     * @param rows            one row per component, in the engine's order
     * @param peakBytes       bytes the GPU must hold: the total at the peak phase
     * @param peakPhaseId     the engine's id of the phase that sets the peak ({@code backward})
     * @param peakPhaseLabel  the same phase, translated
     */
    public record ComponentTable(List<ComponentRow> rows, long peakBytes, String peakPhaseId, String peakPhaseLabel) {
        public ComponentTable {
            rows = List.copyOf(rows);
            Objects.requireNonNull(peakPhaseId, "peakPhaseId");
            Objects.requireNonNull(peakPhaseLabel, "peakPhaseLabel");
        }
    }

    /**
     * One component of per-GPU memory.
     *
     * @param id            the engine's JSON name ({@code optimizerStates})
     * @param label         translated name
     * @param bytesAtPeak   bytes alive at the peak phase
     * @param largestBytes  the largest size the component reaches during the step (may be at another phase)
     */
    public record ComponentRow(String id, String label, long bytesAtPeak, long largestBytes) {
        public ComponentRow {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(label, "label");
            if (bytesAtPeak < 0 || largestBytes < 0) {
                throw new IllegalArgumentException(id + ": bytes must not be negative");
            }
        }
    }

    /**
     * A horizontal stacked bar of the components at the peak phase.
     *
     * @param title       chart title
     * @param segments    components with their bytes at the peak phase, zero-byte ones left out
     * @param totalBytes  the peak (sum of the segments)
     * @param phaseLabel  translated name of the peak phase
     * @param capacities  usable memory of the GPUs to compare with, drawn as vertical lines
     */
    public record BreakdownChart(String title, List<Segment> segments, long totalBytes, String phaseLabel,
                                 List<Capacity> capacities, long rangeLowBytes, long rangeHighBytes) {
        public BreakdownChart {
            Objects.requireNonNull(title, "title");
            segments = List.copyOf(segments);
            Objects.requireNonNull(phaseLabel, "phaseLabel");
            capacities = List.copyOf(capacities);
        }

        /** A chart without a range band. */
        public BreakdownChart(String title, List<Segment> segments, long totalBytes, String phaseLabel,
                              List<Capacity> capacities) {
            this(title, segments, totalBytes, phaseLabel, capacities, 0, 0);
        }

        /** Whether the estimate's range is drawn as a band: its high end above its low end. */
        public boolean hasRange() {
            return rangeHighBytes > rangeLowBytes && rangeLowBytes >= 0;
        }
    }

    /**
     * One part of the breakdown bar.
     *
     * @param id           component or part id
     * @param label        translated name
     * @param bytes        its size
     * @param colourClass  the window's style class for it ({@link WindowColours#componentClass},
     *                     {@link WindowColours#partClass}), which picks its colour in exports as in the window
     */
    public record Segment(String id, String label, long bytes, String colourClass) {
    }

    /**
     * Memory a GPU offers to one process.
     *
     * @param label  what it is ({@code H100 SXM 80GB})
     * @param bytes  usable bytes per GPU
     */
    public record Capacity(String label, long bytes) {
    }

    /**
     * Peak memory per GPU as one workload parameter varies.
     *
     * @param id          what varies: {@code batch}, {@code sequence} or {@code context}
     * @param title       chart title
     * @param axisLabel   translated name of the varied parameter
     * @param xs          the values evaluated, ascending
     * @param peakBytes   the peak per GPU at each value, same length as {@code xs}
     * @param current     the value the workload uses, marked on the curve
     * @param capacities  horizontal capacity lines with the largest value that fits under each
     * @param markers     vertical lines at values of the swept parameter (serving: the sequences the KV cache holds)
     */
    public record SweepChart(String id, String title, String axisLabel, List<Long> xs, List<Long> peakBytes,
                             long current, List<CapacityLine> capacities, List<Marker> markers) {

        /** A sweep without vertical markers. */
        public SweepChart(String id, String title, String axisLabel, List<Long> xs, List<Long> peakBytes,
                          long current, List<CapacityLine> capacities) {
            this(id, title, axisLabel, xs, peakBytes, current, capacities, List.of());
        }

        public SweepChart {
            markers = markers == null ? List.of() : List.copyOf(markers);
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(title, "title");
            Objects.requireNonNull(axisLabel, "axisLabel");
            xs = List.copyOf(xs);
            peakBytes = List.copyOf(peakBytes);
            capacities = List.copyOf(capacities);
            if (xs.size() != peakBytes.size() || xs.isEmpty()) {
                throw new IllegalArgumentException("a sweep needs one memory value per x value, and at least one");
            }
            for (int i = 1; i < xs.size(); i++) {
                if (xs.get(i) <= xs.get(i - 1)) {
                    throw new IllegalArgumentException("sweep x values must ascend");
                }
            }
        }
    }

    /**
     * A vertical line on a sweep chart.
     *
     * @param label what it marks, drawn beside it
     * @param x     where, in values of the swept parameter
     */
    public record Marker(String label, double x) {
        public Marker {
            Objects.requireNonNull(label, "label");
        }
    }

    /**
     * A horizontal capacity line on a sweep chart.
     *
     * @param label          what it is
     * @param bytes          usable bytes per GPU
     * @param largestFitting the largest value of the swept parameter whose peak fits in {@code bytes}; 0 when even
     *                       the smallest value does not fit
     */
    public record CapacityLine(String label, long bytes, long largestFitting) {
    }

    /**
     * Hardware options ranked for the workload.
     *
     * @param columns  column headers; each row has one cell per column
     * @param rows     options in ranked order
     * @param notes    how to read the table (price dates, what "fits" means)
     */
    public record DecisionTable(List<Column> columns, List<DecisionRow> rows, List<String> notes) {
        public DecisionTable {
            columns = List.copyOf(columns);
            rows = List.copyOf(rows);
            notes = List.copyOf(notes);
            for (DecisionRow row : rows) {
                if (row.cells().size() != columns.size()) {
                    throw new IllegalArgumentException("decision row '" + row.raw().hardwareId() + "' has "
                            + row.cells().size() + " cells for " + columns.size() + " columns");
                }
            }
        }

        public static DecisionTable empty() {
            return new DecisionTable(List.of(), List.of(), List.of());
        }
    }

    /**
     * A decision table column.
     *
     * @param key      stable id for CSV/JSON readers
     * @param label    translated header
     * @param numeric  whether cells are numbers (right-aligned)
     */
    public record Column(String key, String label, boolean numeric) {
    }

    /**
     * One hardware option.
     *
     * @param cells  formatted cells, one per column
     * @param raw    the same values as numbers
     */
    public record DecisionRow(List<String> cells, DecisionValues raw) {
        public DecisionRow {
            cells = List.copyOf(cells);
            Objects.requireNonNull(raw, "raw");
        }
    }

    /**
     * Raw values behind one decision row; NaN where a value is unknown (no price, no speed figure, rented or bought).
     *
     * @param hardwareId        catalog id of the GPU, system or cloud offer
     * @param kind              {@code gpu}, {@code multi-gpu}, {@code system} or {@code cloud}
     * @param acquisition       {@code purchase} or {@code rental}
     * @param fits              whether the per-GPU need fits in {@code capacityBytes}
     * @param gpusNeeded        GPUs the workload runs on
     * @param nodes             machines the option spans
     * @param gpusPerNode       GPUs in each machine
     * @param network           the network between machines ({@code ""} for one machine)
     * @param sharding          the layout ({@code single}, {@code zero3-dp4}, {@code tp4-pp2-zero1-dp8-sp})
     * @param perGpuBytes       bytes needed per GPU at that layout
     * @param usableBytes       bytes one process can allocate per GPU
     * @param capacityBytes     bytes the fit is judged against (usable, or a serving reservation)
     * @param headroomFraction  {@code (capacity - need) / capacity}; negative when it does not fit
     * @param tokensPerSecond   estimated throughput, tokens per second
     * @param hours             estimated wall-clock hours for the token budget
     * @param gpuHours          {@code hours x gpusNeeded}
     * @param mfu               training: model FLOPs utilisation of the step-time model
     * @param boundBy           the speed model's largest term ({@code compute}, {@code network}, ...), {@code ""}
     *                          without a speed
     * @param purchaseUsd       bought: whole machines, US dollars
     * @param cardsUsd          bought: the GPUs alone
     * @param rentalUsdPerHour  rented: all instances per hour
     * @param jobCostUsd        the cost of the token budget: rent for the hours, or amortised purchase plus energy
     * @param energyKWh         bought: energy for the token budget including the PUE, kWh
     * @param reasons           the ranking's note codes ({@code does-not-fit}, {@code tight-fit}, ...)
     */
    public record DecisionValues(String hardwareId, String kind, String acquisition, boolean fits, int gpusNeeded,
                                 int nodes, int gpusPerNode, String network, String sharding, long perGpuBytes,
                                 long usableBytes, long capacityBytes, double headroomFraction,
                                 double tokensPerSecond, double hours, double gpuHours, double mfu, String boundBy,
                                 double purchaseUsd, double cardsUsd, double rentalUsdPerHour, double jobCostUsd,
                                 double energyKWh, List<String> reasons) {
        public DecisionValues {
            Objects.requireNonNull(hardwareId, "hardwareId");
            reasons = List.copyOf(reasons);
        }
    }

    /**
     * A formula the estimate uses.
     *
     * @param quantity    what it computes
     * @param expression  the formula
     * @param reference   where it comes from
     */
    public record Formula(String quantity, String expression, String reference) {
    }
}
