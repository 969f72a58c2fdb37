package com.vramadvisor.cli;

import com.vramadvisor.engine.core.SizedEstimate;
import com.vramadvisor.engine.render.Scene;
import com.vramadvisor.engine.render.SceneEstimator;
import com.vramadvisor.scene.ScenePresets;

/** {@code catalog list scenes}: the shipped scene presets with their resolution and estimated peak. */
final class SceneTable {

    private SceneTable() {
    }

    static CatalogCommand.Table scenes() {
        var t = new CatalogCommand.Table("id", "name", "resolution", "viewers", "peakGiB", "source");
        for (String id : ScenePresets.IDS) {
            Scene s = ScenePresets.load(id);
            SizedEstimate e = SceneEstimator.estimate(s);
            t.row(id, s.name(), s.width() + "x" + s.height(), s.viewers(),
                    Math.round(e.peakBytes() / (double) (1L << 30) * 100) / 100.0, s.source());
        }
        return t;
    }
}
