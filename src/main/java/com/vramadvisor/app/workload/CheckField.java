package com.vramadvisor.app.workload;

import com.vramadvisor.app.ui.Messages;
import com.vramadvisor.app.ui.HoverTip;
import javafx.beans.property.BooleanProperty;
import javafx.scene.control.CheckBox;

/** A check box with a mnemonic label and a tooltip, bound both ways to a boolean property. */
final class CheckField {

    private final CheckBox check = new CheckBox();

    CheckField(String id, String labelKey, String tipKey, BooleanProperty value, Messages messages) {
        check.setId(id);
        check.textProperty().bind(messages.text(labelKey));
        check.setMnemonicParsing(true);
        check.selectedProperty().bindBidirectional(value);
        HoverTip.of(messages, tipKey).attach(check);
        check.getStyleClass().add("field");
    }

    CheckBox root() {
        return check;
    }
}
