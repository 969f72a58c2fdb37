package com.vramadvisor.app.open;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.glass.ui.Application;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The macOS handler without a Mac: what glass hands it goes to the window's requests or to Quantum's own handler.
 * Glass's classes load on any OS; no toolkit is started.
 */
class MacOpenFilesTest {

    /** Quantum's handler as OpenJFX 21 writes it: quit and theme changes. */
    private static final class QuantumLike extends Application.EventHandler {
        final List<String> calls = new ArrayList<>();

        @Override
        public void handleQuitAction(Application app, long time) {
            calls.add("quit");
        }

        @Override
        public boolean handleThemeChanged(String themeName) {
            calls.add("theme " + themeName);
            return true;
        }

        @Override
        public void handleOpenFilesAction(Application app, long time, String[] files) {
            calls.add("open");
        }
    }

    @Test
    void openedFilesGoToTheRequestsAndNotToQuantum() {
        QuantumLike quantum = new QuantumLike();
        List<List<String>> opened = new ArrayList<>();
        var handler = new MacOpenFiles.Forwarding(quantum, opened::add);

        handler.handleOpenFilesAction(null, 1L, new String[] {"/Users/a/sizing.vram", "/Users/a/b.vram"});
        handler.handleOpenFilesAction(null, 2L, null);

        assertThat(opened).containsExactly(List.of("/Users/a/sizing.vram", "/Users/a/b.vram"));
        assertThat(quantum.calls).isEmpty();
    }

    @Test
    void quitAndThemeChangesStillReachQuantumsHandler() {
        QuantumLike quantum = new QuantumLike();
        var handler = new MacOpenFiles.Forwarding(quantum, files -> { });

        handler.handleQuitAction(null, 1L);
        boolean handled = handler.handleThemeChanged("High Contrast");

        assertThat(quantum.calls).containsExactly("quit", "theme High Contrast");
        assertThat(handled).isTrue();
    }

    @Test
    void everyActionOfGlasssHandlerIsForwarded() {
        // A JavaFX update that adds an action to EventHandler must add it here too, or Quantum would stop seeing it.
        List<String> notForwarded = Arrays.stream(Application.EventHandler.class.getDeclaredMethods())
                .filter(m -> Modifier.isPublic(m.getModifiers()) && !Modifier.isStatic(m.getModifiers()))
                .filter(m -> !declares(MacOpenFiles.Forwarding.class, m))
                .map(Method::getName).toList();

        assertThat(notForwarded).isEmpty();
    }

    @Test
    void withoutAnEarlierHandlerTheOtherActionsDoNothing() {
        var handler = new MacOpenFiles.Forwarding(null, files -> { });

        handler.handleQuitAction(null, 1L);
        assertThat(handler.handleThemeChanged("x")).isFalse();
    }

    private static boolean declares(Class<?> type, Method method) {
        try {
            type.getDeclaredMethod(method.getName(), method.getParameterTypes());
            return true;
        } catch (NoSuchMethodException e) {
            return false;
        }
    }
}
