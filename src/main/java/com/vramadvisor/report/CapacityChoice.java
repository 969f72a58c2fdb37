package com.vramadvisor.report;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.ToLongFunction;

import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.serving.ServingEngine;

/**
 * Picks the GPUs whose capacity lines a report draws: up to three that bracket the per-GPU need, so the charts show
 * both where the workload stops fitting and what it takes to fit. In order of preference: the smallest GPU that
 * holds the need, the largest that does not, and the next smaller one (or, when every GPU fits, the second
 * smallest that fits). GPUs of equal capacity count once (the first in catalog order).
 */
final class CapacityChoice {

    /** A GPU with the memory the fit is judged against. */
    record Choice(GpuSpec gpu, long capacityBytes) {
    }

    private CapacityChoice() {
    }

    /** The chosen GPUs, largest capacity first. */
    static List<Choice> choose(List<GpuSpec> gpus, Workload workload, long needBytes) {
        return choose(gpus, g -> ServingEngine.capacityBytes(g, workload), needBytes);
    }

    /** The chosen GPUs, largest capacity first, each judged by {@code capacity} (usable memory, a reservation). */
    static List<Choice> choose(List<GpuSpec> gpus, ToLongFunction<GpuSpec> capacity, long needBytes) {
        List<Choice> distinct = new ArrayList<>();
        for (GpuSpec g : gpus) {
            long c = capacity.applyAsLong(g);
            if (distinct.stream().noneMatch(d -> d.capacityBytes() == c)) {
                distinct.add(new Choice(g, c));
            }
        }
        List<Choice> fitting = distinct.stream().filter(c -> c.capacityBytes() >= needBytes)
                .sorted(Comparator.comparingLong(Choice::capacityBytes)).toList();
        List<Choice> notFitting = distinct.stream().filter(c -> c.capacityBytes() < needBytes)
                .sorted(Comparator.comparingLong(Choice::capacityBytes).reversed()).toList();

        List<Choice> chosen = new ArrayList<>();
        if (!fitting.isEmpty()) {
            chosen.add(fitting.get(0));
        }
        chosen.addAll(notFitting.subList(0, Math.min(2, notFitting.size())));
        for (int i = 1; i < fitting.size() && chosen.size() < 3; i++) {
            chosen.add(fitting.get(i));
        }
        List<Choice> out = new ArrayList<>(chosen.subList(0, Math.min(3, chosen.size())));
        out.sort(Comparator.comparingLong(Choice::capacityBytes).reversed());
        return out;
    }
}
