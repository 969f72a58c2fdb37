package com.vramadvisor.app.open;

import com.vramadvisor.scenario.ScenarioFileNames;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.function.Consumer;

/**
 * Files the desktop asks the running window to open, from whichever thread they arrive on: a macOS open-documents
 * event ({@link MacOpenFiles}) or a second launch that hands its file over ({@link WindowHandoff}). Requests that come
 * before the window exists wait here, and are delivered in order once it does, on the UI thread.
 *
 * <p>Of one request only the first name that is an existing scenario file ({@link ScenarioFileNames#existing}) is
 * taken, as a drop of several files on the window opens the first: the window shows one scenario at a time. Other
 * names are ignored. Nothing here needs the JavaFX toolkit; the UI thread is an injected executor.
 */
public final class OpenFileRequests {

    /** Requests kept while the window does not exist yet; older ones are dropped, as each replaces the scenario. */
    static final int MAX_PENDING = 8;
    /** Names looked at per request: a request of thousands of files is not worth reading through. */
    static final int MAX_NAMES = 64;

    private final Deque<Path> pending = new ArrayDeque<>();
    private Consumer<Path> window;
    private Executor uiThread;

    /**
     * Asks the window to open the first scenario file among {@code names}.
     *
     * @param names file names as the desktop or the other launch gave them; may be null or hold nulls
     * @return whether one was a scenario file and will be opened
     */
    public boolean submit(List<String> names) {
        if (names == null) {
            return false;
        }
        Optional<Path> file = names.stream().limit(MAX_NAMES).map(ScenarioFileNames::existing)
                .flatMap(Optional::stream).findFirst();
        if (file.isEmpty()) {
            return false;
        }
        deliver(file.get());
        return true;
    }

    /** Under the lock, so requests reach the UI thread's queue in the order they came (its executor never waits). */
    private synchronized void deliver(Path file) {
        if (window == null) {
            if (pending.size() == MAX_PENDING) {
                pending.removeFirst();
            }
            pending.addLast(file);
        } else {
            Consumer<Path> target = window;
            uiThread.execute(() -> target.accept(file));
        }
    }

    /**
     * From now on requests go to {@code window}, run on {@code uiThread}; those that waited are delivered first, in
     * the order they came.
     *
     * @param window   opens one scenario file in the window, as File &gt; Open does
     * @param uiThread the UI thread ({@code Platform::runLater}); tests pass a same-thread executor
     */
    public synchronized void deliverTo(Consumer<Path> window, Executor uiThread) {
        if (this.window != null) {
            throw new IllegalStateException("requests already go to a window");
        }
        this.window = window;
        this.uiThread = uiThread;
        while (!pending.isEmpty()) {
            Path file = pending.removeFirst();
            uiThread.execute(() -> window.accept(file));
        }
    }
}
