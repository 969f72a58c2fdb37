package com.vramadvisor.engine.ranking;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.engine.hardware.HardwareList;
import com.vramadvisor.engine.render.RenderWorkload;
import com.vramadvisor.scene.ScenePresets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * In the default order a user reads the first rows as the answer, so an option that fits only tightly (inside the
 * estimate's range or the safety margin) must not lead an option with room to spare, as the best option named above
 * the table does not; a column the user sorts by keeps its own order.
 */
class TightRowsOrderTest {

    private static final HardwareList SHIPPED = CatalogLoader.shippedOnly().load().hardware();

    @Test
    void aTightCardDoesNotLeadTheGameScenesTableWhereRoomierCardsFit() {
        List<RecommendationRow> rows = new Recommender().recommend(new RenderWorkload(ScenePresets.load("game-4k")),
                SHIPPED, RankingOptions.defaults()).rows();
        assertThat(rows).anyMatch(r -> r.fits() && r.reasons().contains(Reason.TIGHT_FIT));
        assertThat(rows).anyMatch(r -> r.fits() && !r.reasons().contains(Reason.TIGHT_FIT));
        int lastRoomy = -1;
        int firstTight = Integer.MAX_VALUE;
        for (int i = 0; i < rows.size(); i++) {
            RecommendationRow r = rows.get(i);
            if (!r.fits() || r.acquisition() != Acquisition.PURCHASE) {
                continue;
            }
            if (r.reasons().contains(Reason.TIGHT_FIT)) {
                firstTight = Math.min(firstTight, i);
            } else {
                lastRoomy = i;
            }
        }
        assertThat(lastRoomy).isLessThan(firstTight);
        assertThat(rows.get(0).reasons()).doesNotContain(Reason.TIGHT_FIT);
    }
}
