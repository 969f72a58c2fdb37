package com.vramadvisor.engine.ranking;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.vramadvisor.catalog.Catalog;
import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.engine.core.StepWork;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.hpc.MdSystem;
import com.vramadvisor.engine.hpc.Potential;
import com.vramadvisor.engine.hpc.SimPrecision;
import com.vramadvisor.engine.plan.Rig;
import com.vramadvisor.engine.speed.DomainStepTime;
import org.junit.jupiter.api.Test;

/**
 * The speed model of simulations against published measurements, with the shipped catalog's GPU figures and the
 * default efficiencies (0.50 of the dense peak, 0.60 of the memory bandwidth: the benchmark corpus holds no
 * simulation, so nothing refits them, {@code SpeedSettings#forWork}); nothing here is fitted to these figures. The
 * errors are recorded in {@code docs/estimation-hpc.md}. Image models and language models are checked against the
 * benchmark corpus instead ({@code SpeedCorpusGateTest}).
 */
class DomainSpeedPublishedTest {

    private static final Catalog CATALOG = CatalogLoader.shippedOnly().load();
    private static final RankingOptions DEFAULTS = RankingOptions.defaults();

    /** Items per second of {@code work} on {@code n} GPUs of one 8-GPU machine of {@code gpuId}. */
    private static double perSecond(String gpuId, StepWork work, int n) {
        GpuSpec g = CATALOG.gpu(gpuId).orElseThrow();
        Rig rig = Rig.units(g, 8, "", 0, CATALOG.hardware().nodeFor(g), g.memoryBytesUsable());
        DomainStepTime.Step s = DomainStepTime.of(work, g, rig.fabric(n), n, DEFAULTS.speed()
                .forWork(g, work.framework()));
        return work.itemsPerStep() / s.seconds();
    }

    /**
     * LAMMPS KOKKOS, Lennard-Jones benchmark ({@code bench/in.lj} replicated 8 x 8 x 8: 16,384,000 atoms, cutoff 2.5
     * sigma, skin 0.3, density 0.8442, double precision, full neighbour lists) on one MI250X GCD of LUMI: 0.243
     * Gatom-step/s (github.com/rkronberg/chem-benchmarks, results/lammps/README.md, LAMMPS 22Jul2025, Kokkos 4.6.2,
     * ROCm 6.3.4, 2026-02-19). The model gives 0.321 Gatom-step/s (+32 %): it streams 3,066 bytes per atom and step
     * at 0.60 of the GCD's 1,638 GB/s; tolerance 35 %.
     */
    @Test
    void lennardJonesOnOneMi250xGcdMatchesThePublishedAtomStepsPerSecond() {
        long atoms = 16_384_000;
        MdSystem lj = MdSystem.of(atoms, Potential.LJ, SimPrecision.DOUBLE);
        double atomSteps = atoms * perSecond("mi250x", lj.work(1).orElseThrow(), 1);
        assertThat(atomSteps).isCloseTo(0.243e9, within(0.35 * 0.243e9));
    }
}
