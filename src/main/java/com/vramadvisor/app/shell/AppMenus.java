package com.vramadvisor.app.shell;

import com.vramadvisor.app.scenario.ScenarioViewModel;
import com.vramadvisor.app.settings.SettingsViewModel;
import com.vramadvisor.scenario.SizeUnit;
import com.vramadvisor.app.export.ExportFormat;
import com.vramadvisor.app.settings.Theme;
import com.vramadvisor.app.ui.Messages;
import java.nio.file.Path;
import javafx.beans.property.Property;
import javafx.collections.ListChangeListener;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.ToggleGroup;
import javafx.scene.input.KeyCombination;

/**
 * The menu bar. Every command has a mnemonic, the frequent ones an accelerator (Ctrl+N/O/S/Shift+S/Z/Y/Q, Cmd on
 * macOS through {@code Shortcut}); the commands themselves live in {@link MainWindow}.
 */
final class AppMenus {

    /** What the menus ask the window to do. */
    interface Actions {
        void newScenario();

        void open();

        void openDownloadedModel();

        void openRecent(Path file);

        void save();

        void saveAs();

        void export(ExportFormat format);

        void exit();

        void about();

        void shortcuts();

        void guide();

        void calibrate();

        void myPrices();
    }

    private final Messages messages;
    private final MenuBar bar = new MenuBar();
    private final Menu file;
    private final Menu edit;
    private final Menu view;
    private final Menu help;
    private Menu exportMenu;
    private MenuItem chineseItem;

    /**
     * The bar with its four menus, still empty: what the window's first frame shows. {@link #install} fills them
     * once the scenario and settings exist.
     */
    AppMenus(Messages messages) {
        this.messages = messages;
        bar.setId("mainMenuBar");
        file = menu("fileMenu", "menu.file");
        edit = menu("editMenu", "menu.edit");
        view = menu("viewMenu", "menu.view");
        help = menu("helpMenu", "menu.help");
        bar.getMenus().addAll(file, edit, view, help);
    }

    /** Fills the menus with their commands. Called once. */
    void install(ScenarioViewModel scenario, SettingsViewModel settings, Actions actions) {
        if (exportMenu != null) {
            throw new IllegalStateException("the menus are already installed");
        }
        Menu recent = menu("openRecentMenu", "menu.file.openRecent");
        scenario.recentFiles().addListener((ListChangeListener<Path>) c -> fillRecent(recent, scenario, actions));
        fillRecent(recent, scenario, actions);
        exportMenu = menu("exportMenu", "menu.file.export");
        for (ExportFormat format : ExportFormat.values()) {
            MenuItem item = item(format.menuId(), format.messageKey(), null, () -> actions.export(format));
            exportMenu.getItems().add(item);
        }
        file.getItems().addAll(
                item("newMenuItem", "menu.file.new", "Shortcut+N", actions::newScenario),
                item("openMenuItem", "menu.file.open", "Shortcut+O", actions::open),
                item("openDownloadedMenuItem", "menu.file.openDownloaded", null, actions::openDownloadedModel),
                recent,
                new SeparatorMenuItem(),
                item("saveMenuItem", "menu.file.save", "Shortcut+S", actions::save),
                item("saveAsMenuItem", "menu.file.saveAs", "Shortcut+Shift+S", actions::saveAs),
                new SeparatorMenuItem(),
                exportMenu,
                new SeparatorMenuItem(),
                item("exitMenuItem", "menu.file.exit", "Shortcut+Q", actions::exit));

        MenuItem undo = item("undoMenuItem", "menu.edit.undo", "Shortcut+Z", scenario::undo);
        undo.disableProperty().bind(scenario.canUndoProperty().not());
        MenuItem redo = item("redoMenuItem", "menu.edit.redo", "Shortcut+Y", scenario::redo);
        redo.disableProperty().bind(scenario.canRedoProperty().not());
        edit.getItems().addAll(undo, redo, new SeparatorMenuItem(),
                item("calibrateMenuItem", "menu.edit.calibrate", null, actions::calibrate),
                item("myPricesMenuItem", "menu.edit.prices", null, actions::myPrices));

        Menu theme = menu("themeMenu", "menu.view.theme");
        radios(theme, settings.themeProperty(), new Object[][] {
            {Theme.LIGHT, "lightThemeMenuItem", "menu.view.theme.light"},
            {Theme.DARK, "darkThemeMenuItem", "menu.view.theme.dark"}});
        Menu units = menu("unitsMenu", "menu.view.units");
        radios(units, settings.sizeUnitProperty(), new Object[][] {
            {SizeUnit.GIB, "gibMenuItem", "menu.view.units.gib"},
            {SizeUnit.GB, "gbMenuItem", "menu.view.units.gb"}});
        Menu language = menu("languageMenu", "menu.view.language");
        radios(language, settings.languageProperty(), new Object[][] {
            {SettingsViewModel.SYSTEM, "systemLanguageMenuItem", "menu.view.language.system"},
            {SettingsViewModel.ENGLISH, "englishMenuItem", "menu.view.language.en"},
            {SettingsViewModel.CHINESE, "chineseMenuItem", "menu.view.language.zh"}});
        view.getItems().addAll(theme, units, language);

        help.getItems().addAll(item("guideMenuItem", "menu.help.guide", "F1", actions::guide),
                item("shortcutsMenuItem", "menu.help.shortcuts", null, actions::shortcuts),
                new SeparatorMenuItem(),
                item("aboutMenuItem", "menu.help.about", null, actions::about));
    }

    private void fillRecent(Menu recent, ScenarioViewModel scenario, Actions actions) {
        recent.getItems().clear();
        int index = 1;
        for (Path p : scenario.recentFiles()) {
            // Numbered mnemonics (_1 ... _9, then none) give each recent file a keyboard path.
            String prefix = index <= 9 ? "_" + index + "  " : "    ";
            MenuItem item = new MenuItem(prefix + p.getFileName().toString().replace("_", "__"));
            item.setId("recentFileMenuItem" + index);
            item.setOnAction(e -> actions.openRecent(p));
            recent.getItems().add(item);
            index++;
        }
        recent.setDisable(recent.getItems().isEmpty());
    }

    @SuppressWarnings("unchecked")
    private <T> void radios(Menu menu, Property<T> value, Object[][] choices) {
        ToggleGroup group = new ToggleGroup();
        for (Object[] choice : choices) {
            T v = (T) choice[0];
            RadioMenuItem item = new RadioMenuItem();
            item.setId((String) choice[1]);
            item.textProperty().bind(messages.text((String) choice[2]));
            item.setToggleGroup(group);
            item.setUserData(v);
            item.setSelected(v.equals(value.getValue()));
            item.setOnAction(e -> value.setValue(v));
            menu.getItems().add(item);
            if ("chineseMenuItem".equals(item.getId())) {
                chineseItem = item;
            }
        }
        value.addListener((obs, old, now) -> group.getToggles().forEach(
                t -> t.setSelected(now.equals(t.getUserData()))));
    }

    private Menu menu(String id, String key) {
        Menu m = new Menu();
        m.setId(id);
        m.textProperty().bind(messages.text(key));
        return m;
    }

    private MenuItem item(String id, String key, String accelerator, Runnable action) {
        MenuItem m = new MenuItem();
        m.setId(id);
        m.textProperty().bind(messages.text(key));
        if (accelerator != null) {
            m.setAccelerator(KeyCombination.keyCombination(accelerator));
        }
        m.setOnAction(e -> action.run());
        return m;
    }

    MenuBar bar() {
        return bar;
    }

    Menu exportMenu() {
        return exportMenu;
    }

    /** The language menu's Chinese entry, which needs the CJK font even when the rest of the UI is English. */
    MenuItem chineseItem() {
        return chineseItem;
    }
}
