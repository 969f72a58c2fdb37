package com.vramadvisor.app.shell;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.app.MainWindowFixture;
import com.vramadvisor.app.settings.SettingsViewModel;
import java.nio.file.Path;
import javafx.scene.control.ComboBox;
import javafx.scene.control.ListCell;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The decision table's "all" filter choices follow a language switch in place. */
@ExtendWith(ApplicationExtension.class)
class FilterLanguageTest {

    @TempDir
    static Path configDir;

    private AppContext context;

    @Start
    void start(Stage stage) throws Exception {
        context = MainWindowFixture.show(stage, configDir);
    }

    @AfterEach
    void closeContext() {
        context.close();
    }

    private static String shown(FxRobot robot, String id) {
        ComboBox<?> box = robot.lookup(id).queryAs(ComboBox.class);
        ListCell<?> cell = box.getButtonCell();
        return cell != null ? cell.getText() : robot.from(box).lookup(".list-cell").queryAs(ListCell.class).getText();
    }

    @Test
    void allVendorsAndAllKindsAreRelabelledWhenTheLanguageChanges(FxRobot robot) {
        assertThat(shown(robot, "#vendorFilterComboBox")).isEqualTo("All vendors");
        assertThat(shown(robot, "#kindFilterComboBox")).isEqualTo("All kinds");
        robot.interact(() -> context.settings().languageProperty().set(SettingsViewModel.CHINESE));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(shown(robot, "#vendorFilterComboBox")).isEqualTo("全部厂商");
        assertThat(shown(robot, "#kindFilterComboBox")).isEqualTo("全部类型");
        robot.interact(() -> context.settings().languageProperty().set(SettingsViewModel.ENGLISH));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(shown(robot, "#vendorFilterComboBox")).isEqualTo("All vendors");
    }
}
