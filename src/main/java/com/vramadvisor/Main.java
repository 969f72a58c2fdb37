package com.vramadvisor;

import com.vramadvisor.app.WindowStartProblem;
import com.vramadvisor.app.open.WindowHandoff;
import com.vramadvisor.scenario.ScenarioFileNames;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Entry point of the runnable jar. Without arguments it opens the desktop window; with a scenario file as the only
 * argument (what a double-click on a {@code .vram} or {@code .vram.json} file passes) it hands the file to the window
 * this user already has open and exits, or else opens a window with that scenario; with any other arguments it is
 * the command line interface and never loads a JavaFX class.
 */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        Optional<Path> scenario = scenarioToOpen(args);
        if (args.length > 0 && scenario.isEmpty()) {
            System.exit(com.vramadvisor.cli.Cli.run(args));
        }
        // A later double-click on a scenario file: the window this user has open takes it, and this launch is done.
        if (scenario.isPresent() && WindowHandoff.forwardToRunningWindow(scenario.get())) {
            return;
        }
        int status = openWindow(scenario.orElse(null));
        if (status != 0) {
            System.exit(status);
        }
    }

    /**
     * The scenario file to open in the window: the only argument, when it names an existing regular file whose name
     * ends in {@code .vram} or {@code .vram.json} (in any case, as Windows may pass it; {@link ScenarioFileNames}).
     * Anything else is for the command line, which reports a name it does not know as an unmatched argument.
     *
     * @param args the program's arguments
     */
    static Optional<Path> scenarioToOpen(String[] args) {
        return args.length == 1 ? ScenarioFileNames.existing(args[0]) : Optional.empty();
    }

    /**
     * Opens the window and waits until it is closed. When the machine cannot show it (no GTK 3, no display), prints
     * one line on what is missing instead of JavaFX's stack trace and returns a non-zero status.
     */
    private static int openWindow(Path scenario) {
        try {
            // Standard output is where the window's start-up trace goes when asked for (app.StartupTrace).
            com.vramadvisor.app.DesktopLauncher.launch(scenario, System.out);
            return 0;
        } catch (RuntimeException | LinkageError e) {
            Optional<String> hint = WindowStartProblem.hint(e);
            if (hint.isEmpty()) {
                throw e;
            }
            System.err.println(hint.get());
            return WindowStartProblem.EXIT_STATUS;
        }
    }
}
