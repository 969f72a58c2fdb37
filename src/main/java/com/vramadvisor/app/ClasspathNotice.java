package com.vramadvisor.app;

import java.util.logging.Filter;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Drops the one warning JavaFX prints at every start from the runnable jar, "Unsupported JavaFX configuration:
 * classes were loaded from 'unnamed module @...'", and nothing else.
 *
 * <p>JavaFX checks in {@code PlatformImpl.startup} (openjdk/jfx, {@code javafx.graphics}) that its classes come from
 * the named module {@code javafx.graphics} and logs this warning through its {@code javafx} logger when they do not.
 * The runnable jar is one shaded jar on the class path, so JavaFX is in the unnamed module there by construction;
 * loading it as named modules would need its module jars on a module path beside the jar (which {@code java -jar}
 * cannot give) or a second JVM started with one, a second start for every launch. The installers do run JavaFX as
 * named modules (jpackage's runtime), where the check passes and nothing is filtered. The window works the same
 * either way (the test suite runs it from the class path too); the warning told every user of the jar about a
 * packaging choice they cannot act on. A warning about an automatic or open module (a different mistake), and every
 * other JavaFX message, still reaches the console.
 */
final class ClasspathNotice {

    /** The start of the warning's text, as {@code PlatformImpl} builds it for the unnamed module. */
    static final String UNNAMED_MODULE_WARNING =
            "Unsupported JavaFX configuration: classes were loaded from 'unnamed module @";

    /** Held here: the logging framework keeps loggers only weakly, and a new one would come without the filter. */
    private static final Logger JAVAFX = Logger.getLogger("javafx");

    private ClasspathNotice() {
    }

    /** Installs the filter on JavaFX's logger; call before the toolkit starts. */
    static void install() {
        Filter earlier = JAVAFX.getFilter();
        JAVAFX.setFilter(record -> !isClasspathWarning(record)
                && (earlier == null || earlier.isLoggable(record)));
    }

    /** Whether {@code record} is the unnamed-module warning and nothing more. */
    static boolean isClasspathWarning(LogRecord record) {
        String message = record.getMessage();
        return message != null && message.startsWith(UNNAMED_MODULE_WARNING) && !message.contains(", is");
    }
}
