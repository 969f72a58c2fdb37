package com.vramadvisor.app.open;

import com.sun.glass.ui.Application;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * Receives the files Finder asks the app to open on macOS. Finder does not pass a double-clicked document as an
 * argument: it starts the app (or activates the running one) and sends an open-documents Apple event. JavaFX's glass
 * toolkit receives it ({@code GlassApplication.m}, {@code application:openFiles:}) and calls
 * {@code com.sun.glass.ui.Application.EventHandler.handleOpenFilesAction}; Quantum installs a handler of its own that
 * handles only quit and theme changes (OpenJFX 21, {@code QuantumToolkit.runToolkit}). So this class wraps Quantum's
 * handler: the open-files action goes to the window's requests, every other action to Quantum's handler unchanged.
 * Glass keeps the files that launched the app until a handler replaces the first one and then sends them again
 * ({@code Application.setEventHandler}), so files from a cold start arrive too.
 *
 * <p>AWT's {@code java.awt.Desktop.setOpenFileHandler} is not used: with JavaFX as the toolkit that owns the
 * application, AWT's handlers do not receive these events in JavaFX 21 (fixed for open-URI events only in JavaFX 25,
 * JDK-8354631), and starting AWT would slow the window's start.
 *
 * <p>{@code com.sun.glass.ui} is internal: the packaged runtime exports it to the application
 * ({@code --add-exports} in packaging/jpackage/app-image.args); the runnable jar has JavaFX on the class path and needs
 * nothing. It is tested on Linux only, not on a Mac: the forwarding (MacOpenFilesTest), and glass's Java side on
 * the headless toolkit, from {@code Application.notifyOpenFiles} (which the native side calls) before and after the
 * handler is installed, to the file open in the window (MacOpenFilesUiTest).
 */
public final class MacOpenFiles {

    private MacOpenFiles() {
    }

    /** Whether this is macOS, where documents arrive as events. */
    public static boolean applies() {
        return System.getProperty("os.name", "").toLowerCase(Locale.ROOT).startsWith("mac");
    }

    /**
     * Sends the files macOS asks the app to open to {@code requests}. Call on the JavaFX application thread once the
     * toolkit runs (from {@code Application.start}), on macOS only.
     *
     * @return whether the handler is in place; false when the runtime does not export glass's package, in which case
     *         files still open with File &gt; Open, a drop, or the launcher's argument
     */
    public static boolean install(OpenFileRequests requests) {
        try {
            Application glass = Application.GetApplication();
            glass.setEventHandler(new Forwarding(glass.getEventHandler(), names -> requests.submit(names)));
            return true;
        } catch (RuntimeException | LinkageError e) {
            // IllegalAccessError without the export: the app works as before, without Finder's documents.
            return false;
        }
    }

    /**
     * Glass's handler with the open-files action taken out: it goes to {@code openFiles}, everything else to the
     * handler that was there before. OpenJFX 21's {@code EventHandler} has these fourteen methods; MacOpenFilesTest
     * fails when a JavaFX update adds one that is not forwarded.
     */
    static final class Forwarding extends Application.EventHandler {

        private final Application.EventHandler previous;
        private final Consumer<List<String>> openFiles;

        Forwarding(Application.EventHandler previous, Consumer<List<String>> openFiles) {
            this.previous = previous != null ? previous : new Application.EventHandler();
            this.openFiles = openFiles;
        }

        @Override
        public void handleOpenFilesAction(Application app, long time, String[] files) {
            if (files != null) {
                openFiles.accept(Arrays.asList(files));
            }
        }

        @Override
        public void handleWillFinishLaunchingAction(Application app, long time) {
            previous.handleWillFinishLaunchingAction(app, time);
        }

        @Override
        public void handleDidFinishLaunchingAction(Application app, long time) {
            previous.handleDidFinishLaunchingAction(app, time);
        }

        @Override
        public void handleWillBecomeActiveAction(Application app, long time) {
            previous.handleWillBecomeActiveAction(app, time);
        }

        @Override
        public void handleDidBecomeActiveAction(Application app, long time) {
            previous.handleDidBecomeActiveAction(app, time);
        }

        @Override
        public void handleWillResignActiveAction(Application app, long time) {
            previous.handleWillResignActiveAction(app, time);
        }

        @Override
        public void handleDidResignActiveAction(Application app, long time) {
            previous.handleDidResignActiveAction(app, time);
        }

        @Override
        public void handleDidReceiveMemoryWarning(Application app, long time) {
            previous.handleDidReceiveMemoryWarning(app, time);
        }

        @Override
        public void handleWillHideAction(Application app, long time) {
            previous.handleWillHideAction(app, time);
        }

        @Override
        public void handleDidHideAction(Application app, long time) {
            previous.handleDidHideAction(app, time);
        }

        @Override
        public void handleWillUnhideAction(Application app, long time) {
            previous.handleWillUnhideAction(app, time);
        }

        @Override
        public void handleDidUnhideAction(Application app, long time) {
            previous.handleDidUnhideAction(app, time);
        }

        @Override
        public void handleQuitAction(Application app, long time) {
            previous.handleQuitAction(app, time);
        }

        @Override
        public boolean handleThemeChanged(String themeName) {
            return previous.handleThemeChanged(themeName);
        }
    }
}
