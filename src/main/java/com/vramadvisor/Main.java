package com.vramadvisor;

import com.vramadvisor.app.WindowStartProblem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Entry point of the runnable jar. With arguments it is the command line interface and never loads a JavaFX
 * class; without arguments it opens the desktop window.
 */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        if (args.length > 0) {
            System.exit(com.vramadvisor.cli.Cli.run(args));
        }
        int status = openWindow();
        if (status != 0) {
            System.exit(status);
        }
    }

    /**
     * Opens the window and waits until it is closed. When the machine cannot show it (no GTK 3, no display), prints
     * one line on what is missing instead of JavaFX's stack trace and returns a non-zero status.
     */
    private static int openWindow() {
        try {
            com.vramadvisor.app.DesktopLauncher.launch();
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
