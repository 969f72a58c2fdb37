package com.vramadvisor.app.ui;

import static org.assertj.core.api.Assertions.assertThat;

import javafx.beans.property.SimpleBooleanProperty;
import javafx.scene.Node;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.junit.jupiter.api.Test;

/** A hidden input waits outside the scene behind a stand-in and takes the stand-in's place when first shown. */
class BuiltWhenShownTest {

    private static Region boundTo(SimpleBooleanProperty shown) {
        Region r = new Region();
        r.visibleProperty().bind(shown);
        r.managedProperty().bind(shown);
        return r;
    }

    @Test
    void aHiddenUnmanagedNodeJoinsItsParentAtItsOwnPlaceWhenFirstShown() {
        SimpleBooleanProperty shown = new SimpleBooleanProperty(false);
        Region first = new Region();
        Region hidden = boundTo(shown);
        Region last = new Region();
        VBox box = new VBox(first, BuiltWhenShown.inPlaceOf(hidden), last);

        assertThat(box.getChildren()).hasSize(3).doesNotContain(hidden);
        Node standIn = box.getChildren().get(1);
        assertThat(standIn.isVisible()).isFalse();
        assertThat(standIn.isManaged()).as("takes no room, as the hidden node did not").isFalse();

        shown.set(true);
        assertThat(box.getChildren()).containsExactly(first, hidden, last);

        // From then on it is an ordinary node: hidden again, it stays.
        shown.set(false);
        shown.set(true);
        assertThat(box.getChildren()).containsExactly(first, hidden, last);
    }

    @Test
    void aStandInWithoutAParentYetGivesWayOnceItHasOne() {
        SimpleBooleanProperty shown = new SimpleBooleanProperty(false);
        Region hidden = boundTo(shown);
        Node standIn = BuiltWhenShown.inPlaceOf(hidden);
        shown.set(true);
        VBox box = new VBox(standIn);
        assertThat(box.getChildren()).containsExactly(hidden);
    }

    @Test
    void aVisibleOrRoomTakingNodeIsUsedAsItIs() {
        Region visible = new Region();
        assertThat(BuiltWhenShown.inPlaceOf(visible)).isSameAs(visible);
        Region hiddenButManaged = new Region();
        hiddenButManaged.setVisible(false);
        assertThat(BuiltWhenShown.inPlaceOf(hiddenButManaged)).as("a stand-in would change the layout")
                .isSameAs(hiddenButManaged);
    }
}
