package com.vramadvisor.app;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The hint printed instead of a stack trace when the window cannot start; no display or toolkit needed. */
class WindowStartProblemTest {

    @Test
    void missingGtkAsJavaFx21ReportsItNamesThePackageToInstallOnOneLine() {
        // What Application.launch throws on Linux without libgtk-3-0 (JavaFX 21.0.11, seen with the library hidden).
        var failure = new UnsupportedOperationException("Unable to load glass GTK library.");

        assertThat(WindowStartProblem.hint(failure)).hasValueSatisfying(hint -> {
            assertThat(hint).contains("GTK 3").contains("libgtk-3-0").contains("vram-advisor --help");
            assertThat(hint).doesNotContain("\n");
        });
    }

    @Test
    void aGtkLinkErrorWrappedByTheLauncherIsRecognisedThroughItsCause() {
        var failure = new RuntimeException("Application launch error", new UnsatisfiedLinkError(
                "/home/u/.openjfx/cache/21/amd64/libglassgtk3.so: libgtk-3.so.0: cannot open shared object file"));

        assertThat(WindowStartProblem.hint(failure))
                .hasValueSatisfying(hint -> assertThat(hint).contains("libgtk-3-0"));
    }

    @Test
    void noDisplayGetsItsOwnHint() {
        var failure = new UnsupportedOperationException("Unable to open DISPLAY");

        assertThat(WindowStartProblem.hint(failure)).hasValueSatisfying(hint -> {
            assertThat(hint).contains("display").contains("DISPLAY").doesNotContain("libgtk");
            assertThat(hint).doesNotContain("\n");
        });
    }

    @Test
    void anyOtherFailureIsLeftToItsStackTrace() {
        assertThat(WindowStartProblem.hint(new IllegalStateException("Application launch must not be called more"
                + " than once"))).isEmpty();
        assertThat(WindowStartProblem.hint(new RuntimeException((String) null))).isEmpty();
    }

    @Test
    void theExitStatusIsNotZeroAndNotTheCommandLinesBadInputStatus() {
        assertThat(WindowStartProblem.EXIT_STATUS).isNotZero().isNotEqualTo(2);
    }
}
