package com.vramadvisor.app.settings;

/**
 * Where the main window was and how large, in screen coordinates (pixels at scale 1).
 *
 * @param x         left edge
 * @param y         top edge
 * @param width     width, at least {@link #MIN_WIDTH}
 * @param height    height, at least {@link #MIN_HEIGHT}
 * @param maximized whether the window was maximised
 */
public record WindowGeometry(double x, double y, double width, double height, boolean maximized) {

    public static final double MIN_WIDTH = 900;
    public static final double MIN_HEIGHT = 600;

    public WindowGeometry {
        if (!Double.isFinite(x) || !Double.isFinite(y) || !Double.isFinite(width) || !Double.isFinite(height)) {
            throw new IllegalArgumentException("window geometry must be finite");
        }
        width = Math.max(MIN_WIDTH, width);
        height = Math.max(MIN_HEIGHT, height);
    }
}
