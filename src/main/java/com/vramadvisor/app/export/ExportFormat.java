package com.vramadvisor.app.export;

/** What File > Export writes. */
public enum ExportFormat {
    /** The multi-page report. */
    PDF("exportPdfMenuItem", "menu.file.export.pdf", "*.pdf", ".pdf"),
    /** The report's charts at 2x. */
    PNG("exportPngMenuItem", "menu.file.export.png", "*.png", ".png"),
    /** The report's tables as text. */
    MARKDOWN("exportMarkdownMenuItem", "menu.file.export.markdown", "*.md", ".md"),
    /** The report's tables for spreadsheets. */
    CSV("exportCsvMenuItem", "menu.file.export.csv", "*.csv", ".csv"),
    /** The whole window as it looks now, at 2x. */
    WINDOW_PNG("exportWindowMenuItem", "menu.file.export.window", "*.png", "-window.png");

    private final String menuId;
    private final String messageKey;
    private final String pattern;
    private final String suffix;

    ExportFormat(String menuId, String messageKey, String pattern, String suffix) {
        this.menuId = menuId;
        this.messageKey = messageKey;
        this.pattern = pattern;
        this.suffix = suffix;
    }

    /** Node id of the menu item. */
    public String menuId() {
        return menuId;
    }

    public String messageKey() {
        return messageKey;
    }

    /** File-chooser pattern, e.g. {@code *.pdf}. */
    public String pattern() {
        return pattern;
    }

    /** What a suggested file name ends with. */
    public String suffix() {
        return suffix;
    }
}
