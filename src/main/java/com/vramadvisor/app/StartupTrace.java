package com.vramadvisor.app;

import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.time.Instant;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import javafx.animation.PauseTransition;
import javafx.collections.ListChangeListener;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.TableView;
import javafx.stage.Window;
import javafx.stage.WindowEvent;

/**
 * Start-up trace of the window, for measuring start-up the way a launcher really starts the application: with the
 * system property {@value #PROPERTY} set (for an installed launcher, through {@code JAVA_TOOL_OPTIONS}), one line is
 * printed to standard output at each of three frames:
 * <pre>
 * startup-trace shown    &lt;ms since the process started&gt; &lt;CPU ms of the process&gt;
 * startup-trace chrome   ...   (the real menu bar is in the scene)
 * startup-trace complete ...   (workload panel, charts and a filled decision table)
 * </pre>
 * Each is taken at the post-layout point of the first pulse that shows that state, after which JavaFX hands the frame
 * to the render thread. Times come from {@link ProcessHandle.Info} (the installed runtime has no
 * {@code java.management}); the operating system counts process start and CPU time in clock ticks. With the value {@code threads}, the CPU time of every thread of the process (Linux) follows
 * the last line. {@code UiLatencyBenchmark} reads these lines.
 *
 * <p>With {@value #CLOSE_AFTER_PROPERTY} set to a number of milliseconds as well, the window is closed that long
 * after the complete frame, as the window's close button does (a close request, which hides the window), so the
 * application ends normally. The installers' build uses it for the training run that records the runtime's
 * ahead-of-time cache ({@code packaging/train-aot-cache.sh}, docs/install.md); it changes nothing else.
 */
public final class StartupTrace {

    /** The system property that turns the trace on: {@code true}, or {@code threads} for per-thread CPU as well. */
    public static final String PROPERTY = "vramadvisor.startupTrace";
    /** The first word of every line of the trace. */
    public static final String PREFIX = "startup-trace";
    /**
     * With the trace on, the milliseconds after the complete frame at which the window is closed as by its close
     * button; absent (the default) or negative: never.
     */
    public static final String CLOSE_AFTER_PROPERTY = "vramadvisor.startupTrace.closeAfterMs";

    private static final String BATCH_SLIDER = "#batchSizeSlider";
    private static final String MENU_BAR = "#mainMenuBar";
    private static final String DECISION_TABLE = "#decisionTable";

    private final PrintStream out;
    private final boolean threads;
    private final long closeAfterMs;
    private boolean chrome;
    private boolean complete;

    private StartupTrace(PrintStream out, boolean threads, long closeAfterMs) {
        this.out = out;
        this.threads = threads;
        this.closeAfterMs = closeAfterMs;
    }

    /**
     * Starts tracing the first window shown when the property asks for it; call before the window is shown.
     *
     * @param out the console the lines go to (the launcher's standard output)
     */
    public static void installIfAsked(PrintStream out) {
        String value = System.getProperty(PROPERTY, "");
        if (value.isEmpty() || value.equalsIgnoreCase("false")) {
            return;
        }
        new StartupTrace(out, value.equalsIgnoreCase("threads"), Long.getLong(CLOSE_AFTER_PROPERTY, -1))
                .watchWindows();
    }

    private void watchWindows() {
        Window.getWindows().addListener(new ListChangeListener<Window>() {
            @Override
            public void onChanged(Change<? extends Window> change) {
                while (change.next()) {
                    for (Window window : change.getAddedSubList()) {
                        if (window.getScene() != null) {
                            Window.getWindows().removeListener(this);
                            watch(window, window.getScene());
                            return;
                        }
                    }
                }
            }
        });
    }

    private void watch(Window window, Scene scene) {
        scene.addPostLayoutPulseListener(new Runnable() {
            private boolean shown;

            @Override
            public void run() {
                if (!window.isShowing()) {
                    return;
                }
                if (!shown) {
                    shown = true;
                    line("shown");
                }
                if (!chrome && hasChrome(scene)) {
                    chrome = true;
                    line("chrome");
                }
                if (!complete && isComplete(scene)) {
                    complete = true;
                    line("complete");
                    if (threads) {
                        threadCpu().forEach(row -> out.println(PREFIX + " thread " + row));
                    }
                    out.flush();
                    scene.removePostLayoutPulseListener(this);
                    if (closeAfterMs >= 0) {
                        closeLater(window);
                    }
                }
            }
        });
    }

    /**
     * Closes {@code window} {@link #closeAfterMs} from now as its close button does: a close request, which the
     * window's handlers see (the main window saves its settings) and which hides the window unless one consumes it.
     */
    private void closeLater(Window window) {
        PauseTransition wait = new PauseTransition(javafx.util.Duration.millis(closeAfterMs));
        wait.setOnFinished(e -> window.fireEvent(new WindowEvent(window, WindowEvent.WINDOW_CLOSE_REQUEST)));
        wait.play();
    }

    /** Whether the real menu bar is in {@code scene}: the "chrome" frame. */
    public static boolean hasChrome(Scene scene) {
        return scene.lookup(MENU_BAR) != null;
    }

    /** Whether {@code scene} is the complete window: the workload panel's batch slider and a decision table with rows. */
    public static boolean isComplete(Scene scene) {
        Node table = scene.lookup(DECISION_TABLE);
        return scene.lookup(BATCH_SLIDER) != null && table instanceof TableView<?> t && !t.getItems().isEmpty();
    }

    private void line(String what) {
        ProcessHandle.Info info = ProcessHandle.current().info();
        long sinceStart = info.startInstant().map(t -> Duration.between(t, Instant.now()).toMillis()).orElse(-1L);
        out.println(PREFIX + " " + what + " " + sinceStart + " " + info.totalCpuDuration().map(Duration::toMillis)
                .orElse(-1L));
        out.flush();
    }

    /**
     * The CPU time of each thread of this process, largest first, from {@code /proc/self/task} (Linux; the kernel
     * counts in clock ticks of 10 ms); empty elsewhere.
     */
    public static List<String> threadCpu() {
        List<String> rows = new ArrayList<>();
        Path tasks = Path.of("/proc/self/task");
        if (!Files.isDirectory(tasks)) {
            return rows;
        }
        try (Stream<Path> list = Files.list(tasks)) {
            for (Path task : (Iterable<Path>) list::iterator) {
                String stat = Files.readString(task.resolve("stat"));
                String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
                String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                // Fields 14 and 15 of stat (utime, stime), counted from the state field as 0 here: 11 and 12.
                long ms = (Long.parseLong(fields[11]) + Long.parseLong(fields[12])) * 10;
                if (ms > 0) {
                    rows.add(String.format(Locale.ROOT, "%6d %s", ms, name));
                }
            }
        } catch (IOException | RuntimeException e) {
            rows.add("unavailable: " + e.getMessage());
        }
        rows.sort(Collections.reverseOrder());
        return rows;
    }
}
