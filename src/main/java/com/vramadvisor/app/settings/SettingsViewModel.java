package com.vramadvisor.app.settings;

import com.vramadvisor.scenario.SizeUnit;
import com.vramadvisor.app.ui.Messages;
import java.util.List;
import java.util.Locale;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * Language, theme and size unit. The language is a BCP 47 tag or empty for "follow the system"; changing it
 * relabels the open window through {@link Messages}. The size unit is shared with the workload view-model, which
 * puts it into every snapshot.
 */
public final class SettingsViewModel {

    /** Language choices offered in the View menu; the empty tag follows the system. */
    public static final String SYSTEM = "";
    public static final String ENGLISH = "en";
    public static final String CHINESE = "zh-CN";

    private final Messages messages;
    private final Locale systemLocale;
    private final StringProperty language = new SimpleStringProperty(this, "language", SYSTEM);
    private final ObjectProperty<Theme> theme = new SimpleObjectProperty<>(this, "theme", Theme.LIGHT);
    private final ObjectProperty<SizeUnit> sizeUnit;

    /**
     * @param initial      stored settings
     * @param systemLocale the operating system's locale, used while the language follows the system
     * @param sizeUnit     the workload view-model's size unit property, which this one drives
     */
    public SettingsViewModel(AppSettings initial, Locale systemLocale, Messages messages,
                             ObjectProperty<SizeUnit> sizeUnit) {
        this.messages = messages;
        this.systemLocale = systemLocale;
        this.sizeUnit = sizeUnit;
        language.set(initial.language());
        theme.set(initial.theme());
        sizeUnit.set(initial.sizeUnit());
        language.addListener((obs, old, now) -> messages.setLocale(localeFor(now)));
        messages.setLocale(localeFor(language.get()));
    }

    /** The locale a language setting stands for: the system's when it is empty. */
    public Locale localeFor(String tag) {
        return localeFor(tag, systemLocale);
    }

    /** The locale a language setting stands for on a system with {@code systemLocale}. */
    public static Locale localeFor(String tag, Locale systemLocale) {
        if (tag == null || tag.isEmpty()) {
            return Messages.supportedLocale(systemLocale);
        }
        return Messages.supportedLocale(Locale.forLanguageTag(tag));
    }

    public StringProperty languageProperty() {
        return language;
    }

    public ObjectProperty<Theme> themeProperty() {
        return theme;
    }

    public ObjectProperty<SizeUnit> sizeUnitProperty() {
        return sizeUnit;
    }

    public Messages messages() {
        return messages;
    }

    /** The current preferences with the given recent files and window geometry, for saving. */
    public AppSettings toSettings(List<String> recentFiles, WindowGeometry window) {
        return toSettings(recentFiles, window, null);
    }

    /** The current preferences with the calibration profile in effect ({@code null} for none), for saving. */
    public AppSettings toSettings(List<String> recentFiles, WindowGeometry window,
                                  AppSettings.Calibration calibration) {
        return new AppSettings(language.get(), theme.get(), sizeUnit.get(), recentFiles, window, calibration);
    }
}
