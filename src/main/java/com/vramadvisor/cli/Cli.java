package com.vramadvisor.cli;

/** The headless command line: same engine and catalog as the window, no JavaFX. */
public final class Cli {

    private Cli() {
    }

    /** Runs one command and returns its exit status: 0 on success, 2 on bad input. */
    public static int run(String... args) {
        System.err.println("vram-advisor: no commands yet");
        return 2;
    }
}
