package com.vramadvisor.app.shell;

import com.vramadvisor.app.ui.Messages;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import javafx.scene.control.Alert;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.ScrollPane;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.GridPane;
import javafx.stage.Window;

/**
 * Help > Keyboard shortcuts and Help > User guide. The shortcut list is read from the menus themselves, so it cannot
 * drift from them; the keys that no menu carries follow. The guide is the desktop guide of the docs folder, shipped
 * inside the application so that it is there without the sources, and drawn from its Markdown rather than shown as
 * it is written (docs/adr/0026).
 */
final class HelpDialogs {

    /** The desktop guide, a copy of {@code docs/desktop.md} (a test keeps the two equal). */
    static final String GUIDE_RESOURCE = "guide.md";

    /** Keys no menu item carries, with the message key of what they do. */
    private static final String[][] OTHER_KEYS = {
        {"Shortcut+Shift+Z", "help.shortcuts.redo"},
        {"help.shortcuts.keys.mnemonic", "help.shortcuts.mnemonic"},
        {"help.shortcuts.keys.tab", "help.shortcuts.tab"},
        {"help.shortcuts.keys.arrows", "help.shortcuts.arrows"},
        {"help.shortcuts.keys.enter", "help.shortcuts.enter"},
        {"help.shortcuts.keys.escape", "help.shortcuts.escape"},
    };

    private final Messages messages;

    HelpDialogs(Messages messages) {
        this.messages = messages;
    }

    /** Each menu command with a shortcut (its keys, its name without the mnemonic mark), then the other keys. */
    List<String[]> shortcuts(MenuBar bar) {
        List<String[]> rows = new ArrayList<>();
        for (Menu menu : bar.getMenus()) {
            collect(menu, rows);
        }
        for (String[] other : OTHER_KEYS) {
            String keys = other[0].startsWith("help.") ? messages.get(other[0])
                    : KeyCombination.keyCombination(other[0]).getDisplayText();
            rows.add(new String[] {keys, messages.get(other[1])});
        }
        return rows;
    }

    private static void collect(Menu menu, List<String[]> rows) {
        for (MenuItem item : menu.getItems()) {
            if (item instanceof Menu sub) {
                collect(sub, rows);
            } else if (item.getAccelerator() != null && item.getText() != null) {
                rows.add(new String[] {item.getAccelerator().getDisplayText(), plain(item.getText())});
            }
        }
    }

    /** A menu text without its mnemonic marks: "_Save" reads "Save", "保存(_S)" reads "保存". */
    static String plain(String text) {
        return text.replaceAll("\\(_.\\)", "").replace("_", "").strip();
    }

    void showShortcuts(Window owner, MenuBar bar) {
        GridPane grid = new GridPane();
        grid.setId("shortcutsGrid");
        grid.setHgap(18);
        grid.setVgap(6);
        int row = 0;
        for (String[] s : shortcuts(bar)) {
            Label keys = new Label(s[0]);
            keys.getStyleClass().add("shortcut-keys");
            grid.addRow(row++, keys, new Label(s[1]));
        }
        Alert alert = new Alert(Alert.AlertType.INFORMATION);
        alert.initOwner(owner);
        alert.setTitle(plain(messages.get("menu.help.shortcuts")));
        alert.setHeaderText(plain(messages.get("menu.help.shortcuts")));
        alert.getDialogPane().setContent(grid);
        alert.getDialogPane().setId("shortcutsDialog");
        alert.show();
    }

    /** The guide's text, as shipped. */
    static String guide() {
        try (InputStream in = HelpDialogs.class.getResourceAsStream(GUIDE_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(GUIDE_RESOURCE + " is missing from the application");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The guide drawn from its Markdown (GuideView), in the window's theme, in a dialog the user can resize. */
    void showGuide(Window owner) {
        ScrollPane text = GuideView.of(guide());
        text.setPrefSize(780, 560);
        Alert alert = new Alert(Alert.AlertType.INFORMATION);
        if (owner != null && owner.getScene() != null) {
            // The theme's tokens and the guide's text styles.
            alert.getDialogPane().getStylesheets().setAll(owner.getScene().getStylesheets());
        }
        alert.initOwner(owner);
        alert.setTitle(plain(messages.get("menu.help.guide")));
        alert.setHeaderText(messages.get("help.guide.header"));
        alert.getDialogPane().setContent(text);
        alert.getDialogPane().setId("guideDialog");
        alert.setResizable(true);
        alert.show();
    }
}
