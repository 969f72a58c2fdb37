package com.vramadvisor.app;

/**
 * How long a window test waits for work on other threads (a table filling, a file read in the background) before it
 * gives up. It is a guard against a hang, not a claim about speed: two minutes, so that only a hang trips it, also on
 * a machine shared by many builds. No test asserts how fast anything is; benchmarks measure that.
 */
public final class TestPatience {

    /** The longest wait for one condition, in seconds. */
    public static final long SECONDS = 120;

    private TestPatience() {
    }
}
