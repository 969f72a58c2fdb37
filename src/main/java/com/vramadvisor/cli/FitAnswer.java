package com.vramadvisor.cli;

import com.vramadvisor.engine.llm.Estimate;
import com.vramadvisor.engine.core.FitVerdict;
import com.vramadvisor.engine.core.MemoryRange;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The three-state answer of an estimate against one capacity, as {@code estimate --gpu} and {@code fit} print it:
 * fits (the range's high end fits), tight (the capacity lies inside the range) or does not fit, with the headroom
 * of the central estimate ({@code capacity - peak}, negative when short).
 *
 * @param verdict       fits, tight or does not fit
 * @param capacityBytes the memory the workload may use on the device
 * @param headroomBytes capacity less the estimate's peak
 * @param range         the estimate's range
 * @param against       what the capacity is, in words (a GPU's name, a budget)
 */
record FitAnswer(FitVerdict verdict, long capacityBytes, long headroomBytes, MemoryRange range, String against) {

    static FitAnswer of(Estimate e, long capacityBytes, String against) {
        return new FitAnswer(e.range().verdict(capacityBytes), capacityBytes, capacityBytes - e.peakBytes(),
                e.range(), against);
    }

    /** JSON members: fit, capacityBytes, headroomBytes (range is in the estimate itself). */
    void putJson(Map<String, Object> root) {
        Map<String, Object> fit = new LinkedHashMap<>();
        fit.put("verdict", verdict.id());
        fit.put("against", against);
        fit.put("capacityBytes", capacityBytes);
        fit.put("headroomBytes", headroomBytes);
        root.put("fit", fit);
    }

    /** One line: {@code Fit on H100 SXM 80GB (79.11 GiB usable): tight; headroom 1.20 GiB, range ... to ...}. */
    void printText(PrintWriter out) {
        out.printf(Locale.ROOT, "Fit on %s: %s; headroom %s%s, range %s to %s%n", against,
                verdict.label(), headroomBytes < 0 ? "-" : "",
                Quantities.gib(Math.abs(headroomBytes)), Quantities.gib(range.lowBytes()),
                Quantities.gib(range.highBytes()));
        if (verdict == FitVerdict.TIGHT) {
            out.println("The capacity lies inside the estimate's range: measure one step before relying on it"
                    + " (docs/verifying.md), or calibrate with 'calibrate'.");
        }
    }

    /** The range as a JSON object {lowBytes, highBytes}. */
    static Map<String, Object> rangeJson(MemoryRange range) {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("lowBytes", range.lowBytes());
        r.put("highBytes", range.highBytes());
        return r;
    }
}
