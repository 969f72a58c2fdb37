package com.vramadvisor.app.open;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Executor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How files the desktop asks to open reach the window: queued until it exists, then in order, on its thread. */
class OpenFileRequestsTest {

    @TempDir
    Path dir;

    private final OpenFileRequests requests = new OpenFileRequests();
    private final List<Path> opened = new ArrayList<>();
    private final List<Runnable> uiQueue = new ArrayList<>();
    /** Stands for Platform::runLater: runs nothing until the test says so. */
    private final Executor uiThread = uiQueue::add;

    private void runUiThread() {
        List<Runnable> tasks = new ArrayList<>(uiQueue);
        uiQueue.clear();
        tasks.forEach(Runnable::run);
    }

    private Path scenario(String name) throws Exception {
        return Files.writeString(dir.resolve(name), "{}");
    }

    @Test
    void aFileThatComesBeforeTheWindowIsOpenedOnceTheWindowIsThere() throws Exception {
        Path file = scenario("early.vram");

        assertThat(requests.submit(List.of(file.toString()))).isTrue();
        requests.deliverTo(opened::add, uiThread);
        assertThat(opened).as("only on the UI thread").isEmpty();
        runUiThread();

        assertThat(opened).containsExactly(file);
    }

    @Test
    void aFileThatComesWhileTheWindowRunsGoesToItOnTheUiThread() throws Exception {
        Path file = scenario("later.vram.json");
        requests.deliverTo(opened::add, uiThread);

        assertThat(requests.submit(List.of(file.toString()))).isTrue();
        assertThat(opened).isEmpty();
        runUiThread();

        assertThat(opened).containsExactly(file);
    }

    @Test
    void requestsArriveInTheOrderTheyCame() throws Exception {
        Path a = scenario("a.vram");
        Path b = scenario("b.vram");
        Path c = scenario("c.vram");
        requests.submit(List.of(a.toString()));
        requests.submit(List.of(b.toString()));
        requests.deliverTo(opened::add, uiThread);
        requests.submit(List.of(c.toString()));
        runUiThread();

        assertThat(opened).containsExactly(a, b, c);
    }

    @Test
    void ofSeveralFilesTheFirstScenarioOpensAsADropDoes() throws Exception {
        Path model = Files.writeString(dir.resolve("config.json"), "{}");
        Path first = scenario("first.vram");
        Path second = scenario("second.vram");
        requests.deliverTo(opened::add, Runnable::run);

        assertThat(requests.submit(Arrays.asList(null, model.toString(), dir.resolve("gone.vram").toString(),
                first.toString(), second.toString()))).isTrue();

        assertThat(opened).containsExactly(first);
    }

    @Test
    void namesThatAreNoScenarioFilesAreRefusedAndOpenNothing() throws Exception {
        Path model = Files.writeString(dir.resolve("config.json"), "{}");
        Path folder = Files.createDirectory(dir.resolve("folder.vram"));
        requests.deliverTo(opened::add, Runnable::run);

        assertThat(requests.submit(List.of(model.toString(), folder.toString(), "bad\0name.vram"))).isFalse();
        assertThat(requests.submit(List.of())).isFalse();
        assertThat(requests.submit(null)).isFalse();

        assertThat(opened).isEmpty();
    }

    @Test
    void aRelativeNameIsOpenedAsAnAbsolutePath() throws Exception {
        Path file = Files.writeString(Files.createTempFile(Path.of("target"), "relative", ".vram"), "{}");
        try {
            Path relative = Path.of("").toAbsolutePath().relativize(file.toAbsolutePath());
            requests.deliverTo(opened::add, Runnable::run);

            requests.submit(List.of(relative.toString()));

            assertThat(opened).containsExactly(file.toAbsolutePath());
        } finally {
            Files.delete(file);
        }
    }

    @Test
    void onlyTheLatestRequestsWaitForTheWindow() throws Exception {
        List<Path> files = new ArrayList<>();
        for (int i = 0; i < OpenFileRequests.MAX_PENDING + 3; i++) {
            files.add(scenario("s" + i + ".vram"));
            requests.submit(List.of(files.get(i).toString()));
        }
        requests.deliverTo(opened::add, Runnable::run);

        assertThat(opened).containsExactlyElementsOf(files.subList(3, files.size()));
    }

    @Test
    void requestsGoToOneWindow() {
        requests.deliverTo(opened::add, Runnable::run);

        assertThatThrownBy(() -> requests.deliverTo(opened::add, Runnable::run))
                .isInstanceOf(IllegalStateException.class);
    }
}
