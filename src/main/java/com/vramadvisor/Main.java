package com.vramadvisor;

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
        com.vramadvisor.app.DesktopLauncher.launch(args);
    }
}
