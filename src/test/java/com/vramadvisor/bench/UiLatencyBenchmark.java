package com.vramadvisor.bench;

import com.sun.management.OperatingSystemMXBean;
import com.vramadvisor.app.StartupTrace;
import com.vramadvisor.app.settings.SettingsStore;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.collections.ListChangeListener;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.Slider;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * Measures what a user of the desktop window feels, on the real main window:
 * <ol>
 *   <li><b>Start-up</b>: time from launching a JVM to the first rendered pulse of the shown window, for the real
 *       application ({@code com.vramadvisor.Main} without arguments) and for a bare JavaFX window (one label), in
 *       alternating child JVMs of the same run, with their ratio; also the CPU time each child used until then,
 *       which varies much less than wall time on a machine shared with other work. Both children share one fresh
 *       user home, so the application starts from its defaults and leaves the user's settings alone (the
 *       configuration folder is moved into it too, whatever {@code XDG_CONFIG_HOME} says); one unmeasured start of
 *       each warms the disk cache first.</li>
 *   <li><b>Slider latency</b>: a few hundred changes of the batch-size slider in the real scene, each timed from the
 *       change to the first pulse after which the breakdown's total and the decision table show the new value.
 *       Changes are posted at an interval that is not a multiple of the 60 Hz pulse, so they land at every phase
 *       of the frame; the figure includes the wait for the next pulse. "Rendered pulse" is the pulse's post-layout
 *       point, after which JavaFX hands the frame to the render thread.</li>
 * </ol>
 * Not a unit test: run it with the command in {@code docs/benchmarks.md}. It needs a display (Xvfb is fine) or
 * Monocle's headless platform, whichever the JVM is started with; children inherit the JavaFX platform properties.
 *
 * <p>Options: {@code --changes=N} (measured slider changes, default 300), {@code --warmup=N} (unmeasured changes
 * first, default 100), {@code --interval-ms=N} (default 23), {@code --startup-runs=N} (per window kind, default 5),
 * {@code --skip-startup}, {@code --skip-latency}; {@code --synthetic} adds a third child to the start-up runs, a
 * window of the same composition from plain controls without application logic ({@link SyntheticWindow}); and how
 * the application child is started ({@code --app-jar}, {@code --app-java-options}, {@code --app-launcher}: see
 * {@link AppLaunch}). {@code --compare-launcher=PATH} adds an installed launcher as a further child of every start-up
 * round, taking turns with the application child, and reports its medians as ratios to the application's (how the
 * installed app image is measured against {@code java -jar}, docs/benchmarks.md).
 */
public final class UiLatencyBenchmark {

    private static final String SHOWN = "VRAM_ADVISOR_BENCH_SHOWN";
    private static final String CHROME = "VRAM_ADVISOR_BENCH_CHROME";
    private static final String COMPLETE = "VRAM_ADVISOR_BENCH_COMPLETE";
    private static final List<String> INHERITED = List.of("glass.platform", "monocle.platform", "prism.order",
            "prism.text", "java.awt.headless", "headless.geometry");
    private static final double FRAME_MS = 1000.0 / 60;
    /** The application's compute thread (AppContext), which ranks the decision table beside the FX thread. */
    private static final String RANKING_THREAD = "vram-advisor-compute";

    private UiLatencyBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        String child = option(args, "child", "");
        if (child.equals("bare")) {
            reportWhenShown(false);
            Application.launch(BareWindow.class);
            return;
        }
        if (child.equals("synthetic")) {
            reportWhenShown(false);
            Application.launch(SyntheticWindow.class);
            return;
        }
        if (child.equals("app")) {
            // For profiling one start by hand (-Dbench.threads, -Dbench.exit); the timed runs use startApp.
            reportWhenShown(true);
            com.vramadvisor.Main.main(new String[0]);
            return;
        }
        Path home = Files.createTempDirectory("vram-advisor-bench-home");
        System.setProperty("user.home", home.toString());
        System.setProperty(SettingsStore.CONFIG_DIR_PROPERTY, home.resolve("config").toString());
        if (!flag(args, "skip-startup")) {
            String compared = option(args, "compare-launcher", "");
            startup(Integer.parseInt(option(args, "startup-runs", "5")), home, AppLaunch.from(args),
                    compared.isEmpty() ? null : new AppLaunch(null, List.of(), compared), flag(args, "synthetic"));
        }
        if (!flag(args, "skip-latency")) {
            latency(Integer.parseInt(option(args, "changes", "300")), Integer.parseInt(option(args, "warmup", "100")),
                    Integer.parseInt(option(args, "interval-ms", "23")));
            // Stop the toolkit before the JVM, so no pulse races the renderer's shutdown.
            Platform.exit();
            Thread.sleep(500);
        }
        System.exit(0);
    }

    // ---- start-up ---------------------------------------------------------------------------------------------------

    private static void startup(int runs, Path home, AppLaunch launch, AppLaunch compared, boolean synthetic)
            throws IOException, InterruptedException {
        System.out.printf(Locale.ROOT, "%nThe application is started as: %s%n", launch.describe());
        if (compared != null) {
            System.out.printf(Locale.ROOT, "Compared with: %s%n", compared.describe());
        }
        startBare(home, "bare");
        startApp(home, launch);
        if (compared != null) {
            startApp(home, compared);
        }
        if (synthetic) {
            startBare(home, "synthetic");
        }
        List<Start> bare = new ArrayList<>();
        List<Start> app = new ArrayList<>();
        List<Start> other = new ArrayList<>();
        List<Start> reference = new ArrayList<>();
        for (int i = 0; i < runs; i++) {
            bare.add(startBare(home, "bare"));
            // The two applications take turns at going first, so neither always follows the bare window.
            if (compared != null && i % 2 == 1) {
                other.add(startApp(home, compared));
            }
            app.add(startApp(home, launch));
            if (compared != null && i % 2 == 0) {
                other.add(startApp(home, compared));
            }
            if (synthetic) {
                reference.add(startBare(home, "synthetic"));
            }
        }
        double bareWall = median(bare, Start::wallMs);
        double bareCpu = median(bare, Start::cpuMs);
        System.out.printf(Locale.ROOT, "%nStart-up, launch to the first rendered pulse of the shown window (%d runs "
                + "each)%n", runs);
        System.out.printf(Locale.ROOT, "  bare JavaFX window: wall median %.0f ms (runs: %s); CPU median %.0f ms%n",
                bareWall, list(bare, Start::wallMs), bareCpu);
        System.out.printf(Locale.ROOT, "  VRAM Advisor:       wall median %.0f ms (runs: %s); CPU median %.0f ms%n",
                median(app, Start::wallMs), list(app, Start::wallMs), median(app, Start::cpuMs));
        System.out.printf(Locale.ROOT, "  ratio app / bare:   wall %.2f, CPU %.2f  (target <= 1.30)%n",
                median(app, Start::wallMs) / bareWall, median(app, Start::cpuMs) / bareCpu);
        System.out.printf(Locale.ROOT, "Then, in the same application runs (wall median, and its ratio to the bare "
                + "window's first frame):%n");
        System.out.printf(Locale.ROOT, "  menu bar and status bar in place: %.0f ms (%.2f)%n",
                median(app, Start::chromeMs), median(app, Start::chromeMs) / bareWall);
        System.out.printf(Locale.ROOT, "  complete (workload panel, charts and decision table filled): %.0f ms "
                + "(%.2f); CPU %.0f ms%n", median(app, Start::completeMs), median(app, Start::completeMs) / bareWall,
                median(app, Start::completeCpuMs));
        if (compared != null) {
            compare(app, other);
        }
        if (synthetic) {
            System.out.printf(Locale.ROOT, "Reference: the same composition of plain controls in one frame, no "
                    + "application logic (SyntheticWindow):%n  first frame: wall median %.0f ms (runs: %s) (%.2f); "
                    + "CPU median %.0f ms%n", median(reference, Start::wallMs), list(reference, Start::wallMs),
                    median(reference, Start::wallMs) / bareWall, median(reference, Start::cpuMs));
        }
    }

    /** Prints the compared launcher's medians and their ratios to the application's, from the same rounds. */
    private static void compare(List<Start> app, List<Start> other) {
        int rounds = Math.min(app.size(), other.size());
        int lower = 0;
        for (int i = 0; i < rounds; i++) {
            if (other.get(i).completeCpuMs() < app.get(i).completeCpuMs()) {
                lower++;
            }
        }
        System.out.printf(Locale.ROOT, "Compared launcher, in the same rounds (%d runs each, taking turns with the "
                + "application):%n", other.size());
        System.out.printf(Locale.ROOT, "  first frame: wall median %.0f ms, CPU median %.0f ms%n",
                median(other, Start::wallMs), median(other, Start::cpuMs));
        System.out.printf(Locale.ROOT, "  complete: wall median %.0f ms (runs: %s); CPU median %.0f ms (runs: %s)%n",
                median(other, Start::completeMs), list(other, Start::completeMs), median(other, Start::completeCpuMs),
                list(other, Start::completeCpuMs));
        System.out.printf(Locale.ROOT, "  the application's complete: CPU runs %s%n", list(app, Start::completeCpuMs));
        System.out.printf(Locale.ROOT, "  ratio compared / application (medians): first frame wall %.2f, CPU %.2f; "
                + "complete wall %.2f, complete CPU %.2f; complete CPU lower in %d of %d rounds%n",
                median(other, Start::wallMs) / median(app, Start::wallMs),
                median(other, Start::cpuMs) / median(app, Start::cpuMs),
                median(other, Start::completeMs) / median(app, Start::completeMs),
                median(other, Start::completeCpuMs) / median(app, Start::completeCpuMs), lower, rounds);
    }

    /**
     * Wall time from launch to the first shown pulse and the CPU time the child used until then; for the application
     * also the wall time to the pulse that showed the real chrome, and wall and CPU time to the complete window.
     */
    private record Start(double wallMs, double cpuMs, double chromeMs, double completeMs, double completeCpuMs) {
    }

    /** Starts a child JVM showing the bare or the synthetic window and times it to its first shown pulse. */
    private static Start startBare(Path home, String kind) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(javaCommand());
        command.addAll(inheritedProperties());
        command.add("-Duser.home=" + home);
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(UiLatencyBenchmark.class.getName());
        command.add("--child=" + kind);
        long start = System.nanoTime();
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8))) {
            String line;
            while ((line = out.readLine()) != null) {
                if (line.startsWith(SHOWN)) {
                    double ms = (System.nanoTime() - start) / 1e6;
                    double cpu = Double.parseDouble(line.split(" ")[2]);
                    process.waitFor(10, TimeUnit.SECONDS);
                    return new Start(ms, cpu, ms, ms, cpu);
                }
            }
        } finally {
            process.destroy();
            process.waitFor(10, TimeUnit.SECONDS);
        }
        throw new IllegalStateException("the " + kind + " window never reported being shown (exit "
                + process.exitValue() + ")");
    }

    /**
     * Starts the application as {@code launch} says, with its start-up trace on ({@link StartupTrace}), and times it
     * from the launch to the frames the trace reports: shown, chrome, complete. Ends it with SIGTERM once complete.
     */
    private static Start startApp(Path home, AppLaunch launch) throws IOException, InterruptedException {
        boolean threads = Boolean.getBoolean("bench.threads");
        List<String> traceOptions = new ArrayList<>(inheritedProperties());
        traceOptions.add("-Duser.home=" + home);
        traceOptions.add("-D" + SettingsStore.CONFIG_DIR_PROPERTY + "=" + home.resolve("config"));
        traceOptions.add("-D" + StartupTrace.PROPERTY + "=" + (threads ? "threads" : "true"));
        ProcessBuilder builder = new ProcessBuilder(launch.command(traceOptions)).redirectErrorStream(true);
        builder.environment().put("HOME", home.toString());
        if (launch.launcher() != null) {
            // An installed launcher takes JVM options only from its configuration or from the environment.
            builder.environment().put("JAVA_TOOL_OPTIONS", String.join(" ", traceOptions));
        }
        long start = System.nanoTime();
        Process process = builder.start();
        // A child that never reports (a launcher without the trace, a dialog) must not hang the benchmark.
        ScheduledExecutorService watchdog = Executors.newSingleThreadScheduledExecutor();
        watchdog.schedule(process::destroyForcibly, 120, TimeUnit.SECONDS);
        double shown = -1;
        double shownCpu = -1;
        double chrome = -1;
        try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(),
                StandardCharsets.UTF_8))) {
            String line;
            while ((line = out.readLine()) != null) {
                double ms = (System.nanoTime() - start) / 1e6;
                if (!line.startsWith(StartupTrace.PREFIX + " ")) {
                    continue;
                }
                String[] words = line.split(" +");
                switch (words[1]) {
                    case "shown" -> {
                        shown = ms;
                        shownCpu = Double.parseDouble(words[3]);
                    }
                    case "chrome" -> chrome = ms;
                    case "complete" -> {
                        double cpu = Double.parseDouble(words[3]);
                        if (threads) {
                            // The per-thread lines follow at once.
                            for (String row; (row = out.readLine()) != null && row.startsWith(StartupTrace.PREFIX); ) {
                                System.out.println("  " + row);
                            }
                        }
                        return new Start(shown, shownCpu, chrome, ms, cpu);
                    }
                    default -> {
                    }
                }
            }
        } finally {
            watchdog.shutdownNow();
            process.destroy();
            process.waitFor(10, TimeUnit.SECONDS);
        }
        throw new IllegalStateException("the application never reported being "
                + (shown < 0 ? "shown" : "complete") + " (exit " + process.exitValue() + ")");
    }

    private static String javaCommand() {
        return ProcessHandle.current().info().command().orElse("java");
    }

    private static List<String> inheritedProperties() {
        List<String> properties = new ArrayList<>();
        for (String p : INHERITED) {
            if (System.getProperty(p) != null) {
                properties.add("-D" + p + "=" + System.getProperty(p));
            }
        }
        return properties;
    }

    /**
     * How the application child is started: by default like the bare window, the same JVM on this benchmark's class
     * path with no JVM options ({@code com.vramadvisor.Main}); {@code --app-jar=JAR} runs {@code java -jar JAR} as
     * the README's run command does, with {@code --app-java-options="..."} before {@code -jar} (the options that
     * command gives); {@code --app-launcher=PATH} runs an installed launcher (the app image's {@code bin/vram-advisor}),
     * which applies its own JVM options and runtime, and gets the benchmark's through {@code JAVA_TOOL_OPTIONS}.
     */
    record AppLaunch(String jar, List<String> javaOptions, String launcher) {

        static AppLaunch from(String[] args) {
            String options = option(args, "app-java-options", "").trim();
            List<String> javaOptions = options.isEmpty() ? List.of() : List.of(options.split(" +"));
            String jar = option(args, "app-jar", "");
            String launcher = option(args, "app-launcher", "");
            return new AppLaunch(jar.isEmpty() ? null : jar, javaOptions, launcher.isEmpty() ? null : launcher);
        }

        List<String> command(List<String> traceOptions) {
            List<String> command = new ArrayList<>();
            if (launcher != null) {
                command.add(launcher);
                return command;
            }
            command.add(javaCommand());
            command.addAll(javaOptions);
            command.addAll(traceOptions);
            if (jar != null) {
                command.add("-jar");
                command.add(jar);
            } else {
                command.add("-cp");
                command.add(System.getProperty("java.class.path"));
                command.add(com.vramadvisor.Main.class.getName());
            }
            return command;
        }

        String describe() {
            if (launcher != null) {
                return launcher + " (its own runtime and JVM options)";
            }
            return "java " + String.join(" ", javaOptions) + (javaOptions.isEmpty() ? "" : " ")
                    + (jar != null ? "-jar " + jar : "-cp <the benchmark's class path> com.vramadvisor.Main");
        }
    }

    /**
     * In a child: prints one line at the first pulse after the first window is shown; for the application, then
     * one when the real menu bar is in the scene and one when the window is complete (workload panel, charts and a
     * filled decision table); then stops the JVM.
     */
    private static void reportWhenShown(boolean untilComplete) {
        onFirstShownPulse(scene -> {
            System.out.println(SHOWN + " " + sinceJvmStart() + " " + cpuMs());
            if (!untilComplete && Boolean.getBoolean("bench.nodes")) {
                printNodeCounts(scene.getRoot());
            }
            System.out.flush();
            if (!untilComplete) {
                // Halt, not exit: the application's shutdown would save settings into the scratch home for nothing.
                Runtime.getRuntime().halt(0);
            }
            boolean[] chrome = new boolean[1];
            scene.addPostLayoutPulseListener(() -> {
                if (!chrome[0] && StartupTrace.hasChrome(scene)) {
                    chrome[0] = true;
                    System.out.println(CHROME + " " + sinceJvmStart() + " " + cpuMs());
                    System.out.flush();
                }
                if (StartupTrace.isComplete(scene)) {
                    System.out.println(COMPLETE + " " + sinceJvmStart() + " " + cpuMs());
                    if (Boolean.getBoolean("bench.threads")) {
                        StartupTrace.threadCpu().forEach(row -> System.out.println("  thread " + row));
                    }
                    if (Boolean.getBoolean("bench.nodes")) {
                        printNodeCounts(scene.getRoot());
                    }
                    System.out.flush();
                    if (Boolean.getBoolean("bench.exit")) {
                        // A normal exit, so that a flight recording started with the child is written out.
                        System.exit(0);
                    }
                    Runtime.getRuntime().halt(0);
                }
            });
        });
    }

    /** Prints how many nodes the scene holds under each of the main view's parts (ids), and in all. */
    private static void printNodeCounts(javafx.scene.Parent root) {
        java.util.Map<String, int[]> byPart = new java.util.TreeMap<>();
        count(root, "-", byPart);
        byPart.forEach((part, n) -> System.out.printf(Locale.ROOT, "  nodes %6d (%d shown) %s%n", n[0], n[1], part));
    }

    private static void count(Node node, String part, java.util.Map<String, int[]> byPart) {
        String id = node.getId();
        String here = id != null && (id.endsWith("Panel") || id.endsWith("Pane") || id.endsWith("Table")
                || id.endsWith("View") || id.endsWith("Chart") || id.endsWith("Bar") || id.endsWith("Section"))
                ? id : part;
        int[] n = byPart.computeIfAbsent(here, k -> new int[2]);
        n[0]++;
        if (node.isVisible()) {
            n[1]++;
        }
        if (node instanceof javafx.scene.Parent p) {
            for (Node child : p.getChildrenUnmodifiable()) {
                count(child, here, byPart);
            }
        }
    }

    private static long sinceJvmStart() {
        return System.currentTimeMillis() - ManagementFactory.getRuntimeMXBean().getStartTime();
    }

    private static long cpuMs() {
        return ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime() / 1_000_000;
    }

    /** Runs {@code action} on the FX thread at the first post-layout pulse after a window is showing. */
    private static void onFirstShownPulse(Consumer<Scene> action) {
        Window.getWindows().addListener((ListChangeListener<Window>) change -> {
            while (change.next()) {
                for (Window window : change.getAddedSubList()) {
                    Scene scene = window.getScene();
                    if (scene == null) {
                        continue;
                    }
                    scene.addPostLayoutPulseListener(new Runnable() {
                        @Override
                        public void run() {
                            if (window.isShowing()) {
                                scene.removePostLayoutPulseListener(this);
                                action.accept(scene);
                            }
                        }
                    });
                }
            }
        });
    }

    /** The reference: the smallest window JavaFX can show. */
    public static final class BareWindow extends Application {
        @Override
        public void start(Stage stage) {
            stage.setTitle("VRAM Advisor");
            stage.setScene(new Scene(new Label("VRAM Advisor"), 800, 600));
            stage.show();
        }
    }

    // ---- slider latency ---------------------------------------------------------------------------------------------

    private static void latency(int changes, int warmup, int intervalMs) throws Exception {
        AtomicReference<Scene> shown = new AtomicReference<>();
        CountDownLatch ready = new CountDownLatch(1);
        onFirstShownPulse(scene -> {
            shown.set(scene);
            ready.countDown();
        });
        Thread launcher = new Thread(() -> com.vramadvisor.Main.main(new String[0]), "launcher");
        launcher.setDaemon(true);
        launcher.start();
        if (!ready.await(120, TimeUnit.SECONDS)) {
            throw new IllegalStateException("the main window did not appear within 2 minutes");
        }
        // The window shows its frame first and builds the panel and the charts in the next frames.
        awaitContent(shown.get());
        // Let the first results settle (a ranking worker's too, if one is configured), then set up on the FX thread.
        Thread.sleep(2000);
        AtomicReference<SliderRun> created = new AtomicReference<>();
        CountDownLatch setUp = new CountDownLatch(1);
        Platform.runLater(() -> {
            created.set(new SliderRun(shown.get(), warmup, warmup + changes));
            setUp.countDown();
        });
        setUp.await();
        SliderRun run = created.get();
        ScheduledExecutorService ticker = Executors.newSingleThreadScheduledExecutor();
        ticker.scheduleAtFixedRate(() -> Platform.runLater(run::tick), 500, intervalMs, TimeUnit.MILLISECONDS);
        if (!run.done.await(10, TimeUnit.MINUTES)) {
            throw new IllegalStateException("the slider run did not finish");
        }
        ticker.shutdownNow();
        List<Double> charts = run.chartsMs.subList(warmup, run.chartsMs.size());
        List<Double> table = run.tableMs.subList(warmup, run.tableMs.size());
        List<Integer> frames = run.tableFrames.subList(warmup, run.tableFrames.size());
        long firstFrame = frames.stream().filter(f -> f == 1).count();
        System.out.printf(Locale.ROOT, "%nBatch-size slider, change to rendered pulse (%d changes after %d warm-up, "
                + "one every %d ms)%n", charts.size(), warmup, intervalMs);
        System.out.printf(Locale.ROOT, "  breakdown and sweep:          median %.1f ms, p99 %.1f ms, max %.1f ms%n",
                median(charts), percentile(charts, 99), Collections.max(charts));
        System.out.printf(Locale.ROOT, "  with the decision table too:  median %.1f ms, p99 %.1f ms, max %.1f ms%n",
                median(table), percentile(table, 99), Collections.max(table));
        System.out.printf(Locale.ROOT, "  shown in the first pulse after the change: %d of %d (%.1f %%); "
                + "one frame is %.1f ms%n", firstFrame, frames.size(), 100.0 * firstFrame / frames.size(), FRAME_MS);
        System.out.printf(Locale.ROOT, "  the total label changed on %d of %d changes; the table missed %d%n",
                run.labelChanges, run.chartsMs.size(), run.misses);
        List<Double> handler = run.handlerMs.subList(warmup, run.handlerMs.size());
        List<Double> pulse = run.pulseMs.subList(warmup, run.pulseMs.size());
        List<Double> work = run.workMs.subList(warmup, run.workMs.size());
        System.out.printf(Locale.ROOT, "  work each change puts into its frame (handling, then that pulse's CSS and "
                + "layout): median %.1f ms, p95 %.1f ms, p99 %.1f ms, max %.1f ms; over one frame: %d of %d%n",
                median(work), percentile(work, 95), percentile(work, 99), Collections.max(work),
                work.stream().filter(w -> w > FRAME_MS).count(), work.size());
        System.out.printf(Locale.ROOT, "    of which: change handled (all results recomputed) median %.1f ms, "
                + "p99 %.1f ms; CSS and layout of the pulse median %.1f ms, p99 %.1f ms%n", median(handler),
                percentile(handler, 99), median(pulse), percentile(pulse, 99));
        List<Double> workCpu = run.workCpuMs.subList(warmup, run.workCpuMs.size());
        System.out.printf(Locale.ROOT, "  the same work in CPU time of the FX thread (what other processes on the machine "
                + "do not change): median %.1f ms, p95 %.1f ms, p99 %.1f ms, max %.1f ms; over one frame: %d of %d%n",
                median(workCpu), percentile(workCpu, 95), percentile(workCpu, 99), Collections.max(workCpu),
                workCpu.stream().filter(w -> w > FRAME_MS).count(), workCpu.size());
        System.out.printf(Locale.ROOT, "  FX thread CPU per change, everything included (the decision table's rows "
                + "arriving later too): %.1f ms; the ranking thread's: %.1f ms%n", run.measuredCpu / 1e6 / changes,
                run.rankingCpu / 1e6 / changes);
    }

    /** Waits until the workload panel and the decision table are in the scene. */
    private static void awaitContent(Scene scene) throws InterruptedException {
        for (int attempt = 0; attempt < 1200; attempt++) {
            CountDownLatch checked = new CountDownLatch(1);
            boolean[] present = new boolean[1];
            Platform.runLater(() -> {
                present[0] = scene.lookup("#batchSizeSlider") != null && scene.lookup("#decisionTable") != null;
                checked.countDown();
            });
            checked.await();
            if (present[0]) {
                return;
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException("the main window's content did not appear within 2 minutes");
    }

    /** Drives the slider from the FX thread and times each change to the pulse that shows it. */
    private static final class SliderRun {
        private final Scene scene;
        private final Slider slider;
        private final Label total;
        private final int count;
        private final int warmupSteps;
        private final CountDownLatch done = new CountDownLatch(1);
        private final List<Double> chartsMs = new ArrayList<>();
        private final List<Double> tableMs = new ArrayList<>();
        private final List<Integer> tableFrames = new ArrayList<>();
        private final List<Double> handlerMs = new ArrayList<>();
        private final List<Double> pulseMs = new ArrayList<>();
        private final List<Double> workMs = new ArrayList<>();
        private final List<Double> workCpuMs = new ArrayList<>();
        private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        private long pulseStart;
        private long pulseStartCpu;
        private long handlerCpu;
        private long measuredFromCpu;
        private long measuredCpu;
        private long rankingFromCpu;
        private long rankingCpu;
        private int labelChanges;
        private int misses;
        private int step;
        private long changedAt;
        private boolean pending;
        private boolean chartsShown;
        private boolean tableChanged;
        private int pulses;
        private String totalBefore;

        SliderRun(Scene scene, int warmup, int count) {
            this.scene = scene;
            this.warmupSteps = warmup;
            this.count = count;
            this.slider = find(scene, "#batchSizeSlider", Slider.class);
            this.total = find(scene, "#peakLabel", Label.class);
            TableView<?> table = find(scene, "#decisionTable", TableView.class);
            table.getItems().addListener((ListChangeListener<Object>) c -> tableChanged = true);
            scene.addPreLayoutPulseListener(() -> {
                pulseStart = System.nanoTime();
                pulseStartCpu = threads.getCurrentThreadCpuTime();
            });
            scene.addPostLayoutPulseListener(this::pulse);
            slider.setValueChanging(true);
        }

        /** CPU time of the application's ranking thread so far, in nanoseconds; 0 without one. */
        private long rankingThreadCpu() {
            for (Thread t : Thread.getAllStackTraces().keySet()) {
                if (t.getName().equals(RANKING_THREAD)) {
                    return Math.max(0, threads.getThreadCpuTime(t.getId()));
                }
            }
            return 0;
        }

        private static <T> T find(Scene scene, String id, Class<T> type) {
            Node node = scene.lookup(id);
            if (!type.isInstance(node)) {
                throw new IllegalStateException("the main window has no " + type.getSimpleName() + " " + id);
            }
            return type.cast(node);
        }

        /** On the FX thread, once per interval: the next slider position, unless the last change is still due. */
        void tick() {
            if (pending || step >= count) {
                return;
            }
            // Positions are powers of two: batch 1, 2, 4, ... 32 and back down, so every step changes the batch.
            int cycle = step % 10;
            double position = cycle <= 5 ? cycle : 10 - cycle;
            totalBefore = total.getText();
            tableChanged = false;
            chartsShown = false;
            pulses = 0;
            pending = true;
            long cpu = threads.getCurrentThreadCpuTime();
            if (step == warmupSteps) {
                measuredFromCpu = cpu;
                rankingFromCpu = rankingThreadCpu();
            }
            changedAt = System.nanoTime();
            slider.setValue(position == slider.getValue() ? position + 1 : position);
            handlerMs.add((System.nanoTime() - changedAt) / 1e6);
            handlerCpu = threads.getCurrentThreadCpuTime() - cpu;
        }

        private void finish(double ms) {
            tableMs.add(ms);
            tableFrames.add(pulses);
            pending = false;
            step++;
            if (step >= count) {
                measuredCpu = threads.getCurrentThreadCpuTime() - measuredFromCpu;
                rankingCpu = rankingThreadCpu() - rankingFromCpu;
                slider.setValueChanging(false);
                done.countDown();
            }
        }

        private void pulse() {
            if (!pending) {
                return;
            }
            pulses++;
            long now = System.nanoTime();
            double ms = (now - changedAt) / 1e6;
            if (!chartsShown) {
                chartsShown = true;
                chartsMs.add(ms);
                // The first pulse after the change: its CSS and layout, and with the change's own handling the
                // work the change put into the frame.
                double pulse = (now - pulseStart) / 1e6;
                pulseMs.add(pulse);
                workMs.add(handlerMs.get(handlerMs.size() - 1) + pulse);
                workCpuMs.add((handlerCpu + threads.getCurrentThreadCpuTime() - pulseStartCpu) / 1e6);
                if (!total.getText().equals(totalBefore)) {
                    labelChanges++;
                }
            }
            if (tableChanged) {
                finish(ms);
            } else if (ms > 2000) {
                // Counted as a miss rather than thrown: an exception in a pulse listener would only be logged.
                misses++;
                finish(ms);
            } else {
                // With a ranking worker the table's rows arrive later; make sure a pulse follows them.
                Platform.requestNextPulse();
            }
        }
    }

    // ---- options and statistics -------------------------------------------------------------------------------------

    private static String option(String[] args, String name, String fallback) {
        for (String a : args) {
            if (a.startsWith("--" + name + "=")) {
                return a.substring(name.length() + 3);
            }
        }
        return fallback;
    }

    private static boolean flag(String[] args, String name) {
        for (String a : args) {
            if (a.equals("--" + name)) {
                return true;
            }
        }
        return false;
    }

    private static double median(List<Double> values) {
        return percentile(values, 50);
    }

    /** Nearest-rank percentile. */
    private static double percentile(List<Double> values, double p) {
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int rank = (int) Math.ceil(p / 100.0 * sorted.size());
        return sorted.get(Math.max(0, rank - 1));
    }

    private static double median(List<Start> starts, java.util.function.ToDoubleFunction<Start> measure) {
        return median(starts.stream().map(st -> measure.applyAsDouble(st)).toList());
    }

    private static String list(List<Start> starts, java.util.function.ToDoubleFunction<Start> measure) {
        return list(starts.stream().map(st -> measure.applyAsDouble(st)).toList());
    }

    private static String list(List<Double> values) {
        StringBuilder s = new StringBuilder();
        for (double v : values) {
            s.append(s.length() == 0 ? "" : ", ").append(String.format(Locale.ROOT, "%.0f", v));
        }
        return s.toString();
    }
}
