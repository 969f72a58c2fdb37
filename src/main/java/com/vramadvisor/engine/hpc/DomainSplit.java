package com.vramadvisor.engine.hpc;

/**
 * How a rectangular box is cut into {@code px x py x pz} subdomains, one per GPU: the factorisation of the GPU count
 * whose subdomains have the least surface, which is how LAMMPS picks its processor grid (the {@code procs2box} search
 * in {@code src/procmap.cpp} minimises the surface area of a subdomain) and how HPCG picks its process grid
 * ({@code ComputeOptimalShapeXYZ.cpp}). The surface sets the ghost shell and the halo, so this is what makes more GPUs
 * cost a little more memory in total.
 *
 * @param px subdomains along x
 * @param py subdomains along y
 * @param pz subdomains along z
 */
public record DomainSplit(int px, int py, int pz) {

    public DomainSplit {
        if (px < 1 || py < 1 || pz < 1) {
            throw new IllegalArgumentException("bad split " + px + " x " + py + " x " + pz);
        }
    }

    /** The split of a {@code lx x ly x lz} box over {@code parts} subdomains with the least surface per subdomain. */
    public static DomainSplit best(int parts, double lx, double ly, double lz) {
        if (parts < 1) {
            throw new IllegalArgumentException("parts must be at least 1: " + parts);
        }
        DomainSplit best = new DomainSplit(parts, 1, 1);
        double bestArea = Double.MAX_VALUE;
        for (int a = 1; a <= parts; a++) {
            if (parts % a != 0) {
                continue;
            }
            int rest = parts / a;
            for (int b = 1; b <= rest; b++) {
                if (rest % b != 0) {
                    continue;
                }
                int c = rest / b;
                double x = lx / a;
                double y = ly / b;
                double z = lz / c;
                double area = x * y + y * z + x * z;
                if (area < bestArea - 1e-9 * area) {
                    bestArea = area;
                    best = new DomainSplit(a, b, c);
                }
            }
        }
        return best;
    }

    /** The number of subdomains. */
    public int parts() {
        return px * py * pz;
    }

    /**
     * The volume of the shell of thickness {@code reach} around one {@code lx/px x ly/py x lz/pz} subdomain:
     * {@code (x + 2r)(y + 2r)(z + 2r) - x y z}. Ghost atoms and halo cells fill this shell; with periodic boundaries a
     * single subdomain has the shell too (its images of itself).
     */
    public double shellVolume(double lx, double ly, double lz, double reach) {
        double x = lx / px;
        double y = ly / py;
        double z = lz / pz;
        return (x + 2 * reach) * (y + 2 * reach) * (z + 2 * reach) - x * y * z;
    }

    @Override
    public String toString() {
        return px + " x " + py + " x " + pz;
    }
}
