package com.vramadvisor.app;

import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Reads window state on the JavaFX application thread. A test thread that iterates a table's items while the FX
 * thread replaces them (a ranking arriving) can see a sorted list half rebuilt: JavaFX collections are not
 * thread-safe. Conditions and reads that walk such lists go through here.
 */
public final class FxReads {

    private FxReads() {
    }

    /** The value of {@code read} computed on the FX thread; waits at most {@link TestPatience#SECONDS}. */
    public static <T> T onFx(Callable<T> read) {
        try {
            return WaitForAsyncUtils.asyncFx(read).get(TestPatience.SECONDS, TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new IllegalStateException("reading on the FX thread failed", e);
        }
    }
}
