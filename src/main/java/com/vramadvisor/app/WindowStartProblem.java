package com.vramadvisor.app;

import java.util.Optional;

/**
 * Tells why the window could not start when the reason is on the user's machine rather than in the application,
 * so the launcher can print one line on what is missing and how to install it instead of a stack trace.
 *
 * <p>Plain Java with no JavaFX type: it reads the messages JavaFX's glass layer puts in the exception that
 * {@code Application.launch} throws (JavaFX 21 on Linux: {@code UnsupportedOperationException("Unable to load glass
 * GTK library.")} when {@code libgtk-3.so.0} cannot be loaded, {@code "Unable to open DISPLAY"} when there is no X
 * display), or, for other JavaFX versions, an {@link UnsatisfiedLinkError} that names the GTK library.
 */
public final class WindowStartProblem {

    /** Exit status after such a failure; the command line uses 2 for bad input. */
    public static final int EXIT_STATUS = 1;

    private WindowStartProblem() {
    }

    /**
     * The one-line hint for {@code failure}, or empty when it is not a known problem of the machine (then the
     * caller lets the exception and its stack trace through).
     *
     * @param failure what {@code Application.launch} threw
     */
    public static Optional<String> hint(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            String message = String.valueOf(t.getMessage());
            if (message.contains("glass GTK library") || message.contains("libgtk-3")) {
                return Optional.of("vram-advisor: the window needs GTK 3, which is not installed; install it with"
                        + " 'sudo apt-get install libgtk-3-0' (Debian, Ubuntu) or 'sudo dnf install gtk3' (Fedora)."
                        + " The command line works without it: vram-advisor --help");
            }
            if (message.contains("Unable to open DISPLAY")) {
                return Optional.of("vram-advisor: the window needs a display, and none could be opened (is DISPLAY"
                        + " set?). The command line works without one: vram-advisor --help");
            }
        }
        return Optional.empty();
    }
}
