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

    /**
     * This geometry moved and shrunk to lie inside a screen's usable area, for a window saved on a larger screen or at
     * a lower scaling than the one it opens on now.
     *
     * @param screenX      left edge of the usable area
     * @param screenY      top edge of the usable area
     * @param screenWidth  its width
     * @param screenHeight its height
     * @return a geometry whose width and height are at most the area's (but never under the minimum), placed inside it
     */
    public WindowGeometry fitInto(double screenX, double screenY, double screenWidth, double screenHeight) {
        double w = Math.min(width, screenWidth);
        double h = Math.min(height, screenHeight);
        double left = Math.max(screenX, Math.min(x, screenX + screenWidth - w));
        double top = Math.max(screenY, Math.min(y, screenY + screenHeight - h));
        return new WindowGeometry(left, top, w, h, maximized);
    }
}
