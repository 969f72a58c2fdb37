package com.vramadvisor.app.compare;

import com.vramadvisor.app.results.ComponentRow;
import java.util.List;

/**
 * One scenario in the comparison: the live one or a pinned one, with what its bar needs.
 *
 * @param pinned        the pinned scenario, {@code null} for the live (current) scenario
 * @param title         {@code Current} or {@code #n}
 * @param subtitle      model, mode and the main sizes in a few words
 * @param components    non-zero components at the peak phase
 * @param peakBytes     peak per GPU, 0 when the engine rejects the inputs
 * @param peakText      the peak with its unit, or the engine's reason for rejecting the inputs
 * @param capacityBytes usable bytes of the scenario's GPU, 0 when it names none
 * @param capacityText  short label for the capacity marker
 * @param fits          whether the peak fits that GPU (true when none is named)
 */
public record CompareColumn(PinnedScenario pinned, String title, String subtitle, List<ComponentRow> components,
                            long peakBytes, String peakText, long capacityBytes, String capacityText, boolean fits) {

    public CompareColumn {
        components = List.copyOf(components);
    }

    public boolean current() {
        return pinned == null;
    }
}
