package com.vramadvisor.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

/** Only JavaFX's unnamed-module warning is dropped; its other messages, and other loggers', are not. */
class ClasspathNoticeTest {

    @Test
    void onlyTheUnnamedModuleWarningIsDropped() {
        ClasspathNotice.install();
        Logger javafx = Logger.getLogger("javafx");
        LogRecord classpath = new LogRecord(Level.WARNING,
                "Unsupported JavaFX configuration: classes were loaded from 'unnamed module @69eee410'");
        LogRecord automatic = new LogRecord(Level.WARNING, "Unsupported JavaFX configuration: classes were loaded"
                + " from 'unnamed module @1', isAutomatic: true, isOpen: false");
        LogRecord other = new LogRecord(Level.WARNING, "Loading FXML document with JavaFX API of version 21");

        assertThat(javafx.getFilter().isLoggable(classpath)).isFalse();
        assertThat(javafx.getFilter().isLoggable(automatic)).isTrue();
        assertThat(javafx.getFilter().isLoggable(other)).isTrue();
        assertThat(Logger.getLogger("javafx.scene").getFilter()).isNull();
    }
}
