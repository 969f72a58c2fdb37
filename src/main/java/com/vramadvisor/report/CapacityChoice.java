package com.vramadvisor.report;

import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.serving.ServingEngine;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.ToLongFunction;

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

    /**
     * The chosen GPUs, largest capacity first, each judged by {@code capacity} (usable memory, a reservation): the
     * smallest that holds the need ({@link #smallestHolding}), the two largest that do not, then the next that do.
     */
    static List<Choice> choose(List<GpuSpec> gpus, ToLongFunction<GpuSpec> capacity, long needBytes) {
        List<Choice> all = new ArrayList<>();
        List<Choice> distinct = new ArrayList<>();
        for (GpuSpec g : gpus) {
            long c = capacity.applyAsLong(g);
            all.add(new Choice(g, c));
            if (distinct.stream().noneMatch(d -> d.capacityBytes() == c)) {
                distinct.add(new Choice(g, c));
            }
        }
        // The first fitting choice is the smallest GPU that holds the need, one sold alone where any is.
        Optional<Choice> smallest = smallestHolding(all, needBytes);
        List<Choice> fitting = new ArrayList<>();
        smallest.ifPresent(fitting::add);
        distinct.stream().filter(c -> c.capacityBytes() >= needBytes
                        && smallest.map(s -> s.capacityBytes() != c.capacityBytes()).orElse(true))
                .sorted(Comparator.comparingLong(Choice::capacityBytes)).forEach(fitting::add);
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

    /**
     * The smallest of {@code choices} that holds {@code needBytes}, preferring a GPU sold alone (a PCIe card, a
     * machine with its own GPU) over one that comes only on a baseboard or as a module (SXM, OAM, superchips), which
     * nobody buys one of; empty when none holds it.
     */
    static Optional<Choice> smallestHolding(List<Choice> choices, long needBytes) {
        Comparator<Choice> bySize = Comparator.comparingLong(Choice::capacityBytes);
        Optional<Choice> alone = choices.stream()
                .filter(c -> c.capacityBytes() >= needBytes && soldAlone(c.gpu())).min(bySize);
        return alone.isPresent() ? alone
                : choices.stream().filter(c -> c.capacityBytes() >= needBytes).min(bySize);
    }

    /** Whether {@code gpu} can be bought on its own: not a baseboard module (SXM, OAM) or a superchip. */
    static boolean soldAlone(GpuSpec gpu) {
        String f = gpu.formFactor() == null ? "" : gpu.formFactor().toUpperCase(Locale.ROOT);
        return !(f.startsWith("SXM") || f.startsWith("OAM") || f.startsWith("SUPERCHIP"));
    }
}
