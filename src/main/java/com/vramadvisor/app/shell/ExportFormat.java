package com.vramadvisor.app.shell;

/** The report formats of File > Export. */
enum ExportFormat {
    PDF("exportPdfMenuItem", "menu.file.export.pdf", "*.pdf"),
    PNG("exportPngMenuItem", "menu.file.export.png", "*.png"),
    MARKDOWN("exportMarkdownMenuItem", "menu.file.export.markdown", "*.md"),
    CSV("exportCsvMenuItem", "menu.file.export.csv", "*.csv");

    private final String menuId;
    private final String messageKey;
    private final String pattern;

    ExportFormat(String menuId, String messageKey, String pattern) {
        this.menuId = menuId;
        this.messageKey = messageKey;
        this.pattern = pattern;
    }

    String menuId() {
        return menuId;
    }

    String messageKey() {
        return messageKey;
    }

    /** File-chooser pattern, e.g. {@code *.pdf}. */
    String pattern() {
        return pattern;
    }
}
