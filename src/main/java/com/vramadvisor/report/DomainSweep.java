package com.vramadvisor.report;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

import com.vramadvisor.engine.core.LargestFit;
import com.vramadvisor.engine.core.Sizable;
import com.vramadvisor.engine.core.SizingAxis;
import com.vramadvisor.report.ReportModel.CapacityLine;
import com.vramadvisor.report.ReportModel.SweepChart;

/**
 * The sweep chart of a workload beyond language models: peak memory on one GPU at the workload's value on its axis
 * (batch, image side, atoms, cells) times powers of two: four halvings below it, and above it up to twice the larger
 * of the value and the largest value any capacity line holds ({@link LargestFit#largest}), at most 2^10 times the
 * value, within the axis range; so the chart shows where each GPU stops holding the workload without running far
 * above every line.
 */
final class DomainSweep {

    private static final int BELOW = 4;
    private static final int MOST_ABOVE = 10;

    private DomainSweep() {
    }

    static SweepChart of(ReportText text, Sizable workload, String axisLabel,
                         List<CapacityChoice.Choice> capacities) {
        SizingAxis axis = workload.axis();
        long current = workload.axisValue();
        List<CapacityLine> lines = new ArrayList<>();
        long largest = 0;
        for (CapacityChoice.Choice c : capacities) {
            long fit = LargestFit.largest(workload, c.capacityBytes());
            largest = Math.max(largest, fit);
            lines.add(new CapacityLine(c.gpu().name(), c.capacityBytes(), fit));
        }
        TreeSet<Long> xs = new TreeSet<>();
        xs.add(current);
        for (int k = 1; k <= BELOW; k++) {
            long x = current >> k;
            if (x >= axis.min()) {
                xs.add(x);
            }
        }
        long reach = Math.max(largest, current);
        for (int k = 1; k <= MOST_ABOVE; k++) {
            if (current > axis.max() >> k) {
                break;
            }
            long x = current << k;
            if (k > 1 && x > 2 * reach) {
                break;
            }
            xs.add(x);
        }
        List<Long> peaks = new ArrayList<>();
        for (long x : xs) {
            peaks.add(workload.withAxisValue(x).estimate().peakBytes());
        }
        return new SweepChart(axis.id(), text.format("domain.sweep.title", axisLabel), axisLabel, List.copyOf(xs),
                peaks, current, lines);
    }
}
