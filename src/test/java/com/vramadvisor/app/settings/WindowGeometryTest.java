package com.vramadvisor.app.settings;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class WindowGeometryTest {

    @Test
    void aWindowFromALargerScreenIsShrunkAndMovedOntoTheCurrentOne() {
        WindowGeometry fromFourK = new WindowGeometry(900, 400, 1800, 1200, false);
        WindowGeometry fitted = fromFourK.fitInto(0, 0, 1280, 680);
        assertThat(fitted).isEqualTo(new WindowGeometry(0, 0, 1280, 680, false));
    }

    @Test
    void aWindowThatFitsKeepsItsPlaceAndSize() {
        WindowGeometry small = new WindowGeometry(100, 50, 1000, 650, true);
        assertThat(small.fitInto(0, 0, 1920, 1040)).isEqualTo(small);
    }

    @Test
    void aWindowHangingOffTheRightEdgeIsMovedBackInside() {
        WindowGeometry fitted = new WindowGeometry(1500, 900, 1000, 700, false).fitInto(0, 0, 1920, 1040);
        assertThat(fitted.x()).isEqualTo(920);
        assertThat(fitted.y()).isEqualTo(340);
        assertThat(fitted.width()).isEqualTo(1000);
    }
}
