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

    /**
     * The split of a {@code lx x ly x lz} box over {@code parts} subdomains with the least surface per subdomain.
     * Only divisors are tried: the divisors of {@code parts} are found by trial division up to its square root, then
     * every ordered pair of them whose product divides {@code parts}, in ascending order as LAMMPS tries them; at
     * most about {@code sqrt(parts) + d(parts)^2} steps ({@code d} the number of divisors, at most 1,600 below
     * 2^31), never a step per count.
     */
    public static DomainSplit best(int parts, double lx, double ly, double lz) {
        return search(parts, lx, ly, lz).split();
    }

    /** {@link #best} with the number of steps it took: trial divisions plus pairs of divisors tried. */
    static Search search(int parts, double lx, double ly, double lz) {
        if (parts < 1) {
            throw new IllegalArgumentException("parts must be at least 1: " + parts);
        }
        int[] divisors = divisors(parts);
        long steps = (long) Math.sqrt(parts) + 1;
        DomainSplit best = new DomainSplit(parts, 1, 1);
        double bestArea = Double.MAX_VALUE;
        for (int a : divisors) {
            int rest = parts / a;
            for (int b : divisors) {
                steps++;
                if (b > rest) {
                    break;
                }
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
        return new Search(best, steps);
    }

    /** A split and the steps {@link #search} took to find it. */
    record Search(DomainSplit split, long steps) {
    }

    /** The divisors of {@code n >= 1} in ascending order, by trial division up to {@code sqrt(n)}. */
    static int[] divisors(int n) {
        int[] small = new int[64];
        int[] large = new int[64];
        int count = 0;
        for (long d = 1; d * d <= n; d++) {
            if (n % d == 0) {
                if (count == small.length) {
                    small = java.util.Arrays.copyOf(small, 2 * count);
                    large = java.util.Arrays.copyOf(large, 2 * count);
                }
                small[count] = (int) d;
                large[count] = (int) (n / d);
                count++;
            }
        }
        boolean square = large[count - 1] == small[count - 1];
        int[] all = new int[2 * count - (square ? 1 : 0)];
        for (int i = 0; i < count; i++) {
            all[i] = small[i];
            all[all.length - 1 - i] = large[i];
        }
        return all;
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
