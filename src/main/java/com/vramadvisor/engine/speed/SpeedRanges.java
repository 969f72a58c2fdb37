package com.vramadvisor.engine.speed;

/**
 * The range of a speed, time or cost figure: where it lies when the model errs as it did on the held-out measurements
 * of the figure's group, the 10th to the 90th percentile of their errors ({@link Residuals#rateRange},
 * {@link Residuals#timeRange}). A time or cost derived from a rate (hours for a token budget, GPU-hours, a job's
 * cost, proportional to the hours) takes the rate's group. {@code null} when the figure is unknown or its group has
 * no held-out measurement (simulations: the corpus holds none).
 */
public final class SpeedRanges {

    private SpeedRanges() {
    }

    /** The range of a rate of {@code figure}'s group (tokens per second, images per second, MFU). */
    public static SpeedRange rate(EfficiencyTable table, SpeedFigure figure, Double value) {
        Residuals r = table.residuals(figure);
        return value == null || !r.known() ? null : r.rateRange(value);
    }

    /** The range of a time or cost that is work over a rate of {@code figure}'s group (TPOT, hours, job cost). */
    public static SpeedRange time(EfficiencyTable table, SpeedFigure figure, Double value) {
        Residuals r = table.residuals(figure);
        return value == null || !r.known() ? null : r.timeRange(value);
    }

    /** The group of a language-model table's throughput: training, or inference throughput. */
    public static SpeedFigure throughput(boolean training) {
        return training ? SpeedFigure.TRAINING : SpeedFigure.LLM_THROUGHPUT;
    }

    /** The group of a domain table's items per second: images for image models, none for other work. */
    public static SpeedFigure items(String itemUnit) {
        return "images".equals(itemUnit) ? SpeedFigure.IMAGES : null;
    }

    /** {@link #rate} for a figure group that may be absent ({@code null}: no range). */
    public static SpeedRange rateOrNull(EfficiencyTable table, SpeedFigure figure, Double value) {
        return figure == null ? null : rate(table, figure, value);
    }

    /** {@link #time} for a figure group that may be absent ({@code null}: no range). */
    public static SpeedRange timeOrNull(EfficiencyTable table, SpeedFigure figure, Double value) {
        return figure == null ? null : time(table, figure, value);
    }
}
