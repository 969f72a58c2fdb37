package com.vramadvisor.engine.hpc;

/**
 * The proportions of a simulation box, {@code x : y : z}; its size follows from the atoms and the density. A slab
 * such as LAMMPS's Tersoff benchmark ({@code region box block 0 20 0 20 0 10}) is {@code 2 : 2 : 1}.
 *
 * @param x relative side along x, positive
 * @param y relative side along y, positive
 * @param z relative side along z, positive
 */
public record BoxShape(double x, double y, double z) {

    /** A cube. */
    public static final BoxShape CUBE = new BoxShape(1, 1, 1);

    public BoxShape {
        if (!(x > 0 && y > 0 && z > 0) || Double.isInfinite(x) || Double.isInfinite(y) || Double.isInfinite(z)) {
            throw new IllegalArgumentException("box sides must be positive: " + x + " x " + y + " x " + z);
        }
    }

    /** The three sides of a box of this shape with the given volume. */
    public double[] sides(double volume) {
        double s = Math.cbrt(volume / (x * y * z));
        return new double[] {x * s, y * s, z * s};
    }

    /** Whether this is a cube. */
    public boolean isCube() {
        return x == y && y == z;
    }
}
