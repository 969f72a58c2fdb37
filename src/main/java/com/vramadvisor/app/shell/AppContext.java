package com.vramadvisor.app.shell;

import com.vramadvisor.app.ui.Messages;
import com.vramadvisor.app.workload.ScenarioInputs;
import com.vramadvisor.app.workload.WorkloadViewModel;
import com.vramadvisor.engine.ModelSpec;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The application's services and view-models, wired by hand through constructors. Views receive what they need
 * from here; nothing looks anything up globally.
 */
public final class AppContext implements AutoCloseable {

    private final Messages messages;
    private final WorkloadViewModel workload;
    private final ExecutorService background;

    public AppContext(Locale locale, ScenarioInputs initial, List<ModelSpec> presets) {
        this.messages = new Messages(locale);
        this.workload = new WorkloadViewModel(initial, presets, count -> {
            throw new UnsupportedOperationException("parameter-count shapes arrive with the engine");
        }, spec -> 0L);
        this.background = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "vram-advisor-background");
            t.setDaemon(true);
            return t;
        });
    }

    public Messages messages() {
        return messages;
    }

    public WorkloadViewModel workload() {
        return workload;
    }

    /** One background thread for work that takes longer than a frame (exports, imports, searches). */
    public ExecutorService background() {
        return background;
    }

    @Override
    public void close() {
        background.shutdownNow();
    }
}
