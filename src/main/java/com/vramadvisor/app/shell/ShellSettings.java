package com.vramadvisor.app.shell;

import com.vramadvisor.app.settings.AppSettings;
import com.vramadvisor.app.settings.SettingsStore;
import com.vramadvisor.app.settings.SettingsViewModel;
import com.vramadvisor.app.ui.Messages;
import java.util.Locale;

/**
 * What the window's first frame needs before the catalog is read: the stored preferences (theme, language, window
 * geometry) and the texts in the chosen language. Reading them takes a few milliseconds; the catalog and the
 * view-models over it follow once the frame is on screen (see {@link MainWindow#showProgressively}).
 *
 * @param store        where preferences and the last scenario live
 * @param stored       the preferences as stored (defaults where missing or unreadable)
 * @param messages     the application's texts, already in the stored language
 * @param systemLocale the operating system's locale, which an empty language setting follows
 */
public record ShellSettings(SettingsStore store, AppSettings stored, Messages messages, Locale systemLocale) {

    /** Reads the preferences from {@code store}. Needs no JavaFX toolkit, so it can run while the toolkit starts. */
    public static ShellSettings read(SettingsStore store, Locale systemLocale) {
        AppSettings stored = store.load();
        Messages messages = new Messages(SettingsViewModel.localeFor(stored.language(), systemLocale));
        return new ShellSettings(store, stored, messages, systemLocale);
    }
}
