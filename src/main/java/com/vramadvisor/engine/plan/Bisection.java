package com.vramadvisor.engine.plan;

import java.util.function.IntPredicate;

/** The search over GPU counts that the planner and the inference layout search share. */
public final class Bisection {

    private Bisection() {
    }

    /**
     * Smallest k in [lo, hi] with {@code test(k)}, for a test that stays true once true: {@code hi} first (when it
     * fails, nothing smaller passes), then doubling from {@code lo} and bisection; -1 when none.
     */
    public static int smallest(int lo, int hi, IntPredicate test) {
        if (lo > hi || !test.test(hi)) {
            return -1;
        }
        int below = lo - 1;
        int k = lo;
        while (!test.test(k)) {
            if (k == hi) {
                return -1;
            }
            below = k;
            k = (int) Math.min(hi, 2L * k);
        }
        int found = k;
        int low = below + 1;
        int high = found - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            if (test.test(mid)) {
                found = mid;
                high = mid - 1;
            } else {
                low = mid + 1;
            }
        }
        return found;
    }
}
