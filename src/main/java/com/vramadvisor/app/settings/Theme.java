package com.vramadvisor.app.settings;

/** The two colour themes; each is one token stylesheet under {@code com/vramadvisor/app/theme/}. */
public enum Theme {
    LIGHT("theme-light.css"),
    DARK("theme-dark.css");

    private final String tokenStylesheet;

    Theme(String tokenStylesheet) {
        this.tokenStylesheet = tokenStylesheet;
    }

    /** File name of the stylesheet that defines this theme's colour tokens. */
    public String tokenStylesheet() {
        return tokenStylesheet;
    }
}
