package com.vramadvisor.engine.ranking;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.catalog.Catalog;
import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.engine.core.Fp64Need;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.hardware.HardwareList;
import com.vramadvisor.engine.hpc.GridProblem;
import com.vramadvisor.engine.hpc.MdSystem;
import com.vramadvisor.engine.hpc.Potential;
import com.vramadvisor.engine.hpc.SimPrecision;
import com.vramadvisor.engine.hpc.Solver;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Double precision in the decision table beyond language models. Vendor figures used by the hand-made GPUs: A100
 * 9.7 TFLOPS FP64 against 19.5 FP32 (NVIDIA A100 datasheet), RTX 4090 1.29 against 82.6 (NVIDIA Ada GPU Architecture
 * whitepaper, appendix); Intel Arc A-series has no FP64 hardware (Intel oneAPI DPC++ compiler, fp64 emulation on DG2).
 * The shipped-catalog cases are the command lines an HPC user found ranked wrongly: {@code recommend --workload md
 * --atoms 100M --potential lj} (mixed, LAMMPS GPU package's default) and a double-precision grid.
 */
class Fp64RankingTest {

    private static HardwareList shipped;
    private static Catalog catalog;

    @BeforeAll
    static void load() {
        catalog = CatalogLoader.shippedOnly().load();
        shipped = catalog.hardware();
    }

    private static GpuSpec gpu(String id, double fp32, double fp64) {
        return new GpuSpec(id, id, "NVIDIA", "datacenter", "PCIe", 80, "HBM2e", TestHardware.totalBytes(80),
                TestHardware.usableBytes(80), 2000, fp32, 0, 0, 0, 0, 300, "PCIe", 0, 4, 2020, 0, "", "test", 0, fp64);
    }

    private static GpuSpec specOf(RecommendationRow r) {
        return catalog.gpu(r.gpuId()).orElseThrow(() -> new AssertionError("no GPU " + r.gpuId()));
    }

    @Test
    void theRuleFollowsTheVendorsRatios() {
        GpuSpec a100 = gpu("a100", 19.5, 9.7);
        GpuSpec rtx4090 = gpu("rtx-4090", 82.6, 1.29);
        GpuSpec arc = gpu("arc", 19.66, 0);
        GpuSpec unknown = gpu("unknown", 30, GpuSpec.FP64_UNKNOWN);

        assertThat(SizablePlacer.fp64Reason(Fp64Need.HEAVY, a100)).isNull();
        assertThat(SizablePlacer.fp64Reason(Fp64Need.HEAVY, rtx4090)).isEqualTo(Reason.SLOW_FP64);
        // Accumulating in double is a small share of the work: a slow FP64 unit still does it.
        assertThat(SizablePlacer.fp64Reason(Fp64Need.ACCUMULATE, rtx4090)).isNull();
        assertThat(SizablePlacer.fp64Reason(Fp64Need.ACCUMULATE, arc)).isEqualTo(Reason.NO_FP64);
        assertThat(SizablePlacer.fp64Reason(Fp64Need.NONE, arc)).isNull();
        assertThat(SizablePlacer.fp64Reason(Fp64Need.HEAVY, unknown)).isEqualTo(Reason.FP64_UNKNOWN);
        assertThat(SizablePlacer.fp64Reason(Fp64Need.NONE, unknown)).isNull();
        // No FP32 figure: judged against the floor (5 TFLOPS).
        assertThat(SizablePlacer.fp64Reason(Fp64Need.HEAVY, gpu("a10g", 0, 0.49))).isEqualTo(Reason.SLOW_FP64);
        assertThat(SizablePlacer.fp64Reason(Fp64Need.HEAVY, gpu("x", 0, 9.7))).isNull();
    }

    @Test
    void theSimulationsSayWhatTheyNeed() {
        assertThat(MdSystem.of(1_000_000, Potential.LJ, SimPrecision.MIXED).fp64Need()).isEqualTo(Fp64Need.ACCUMULATE);
        assertThat(MdSystem.of(1_000_000, Potential.LJ, SimPrecision.DOUBLE).fp64Need()).isEqualTo(Fp64Need.HEAVY);
        assertThat(MdSystem.of(1_000_000, Potential.LJ, SimPrecision.SINGLE).fp64Need()).isEqualTo(Fp64Need.NONE);
        assertThat(grid(SimPrecision.DOUBLE, Solver.NONE).fp64Need()).isEqualTo(Fp64Need.HEAVY);
        assertThat(grid(SimPrecision.SINGLE, Solver.NONE).fp64Need()).isEqualTo(Fp64Need.NONE);
        assertThat(grid(SimPrecision.SINGLE, Solver.HPCG).fp64Need()).isEqualTo(Fp64Need.HEAVY);
    }

    private static GridProblem grid(SimPrecision p, Solver s) {
        return GridProblem.of(1024, 1024, 512, 5, 2, 2, p, s, 30, 7);
    }

    @Test
    void mixedPrecisionMolecularDynamicsIsNotRankedOnGpusWithoutFp64() {
        Recommendation rec = new Recommender().recommend(MdSystem.of(100_000_000L, Potential.LJ, SimPrecision.MIXED),
                shipped, RankingOptions.defaults());

        List<RecommendationRow> fitting = rec.rows().stream().filter(RecommendationRow::fits).toList();
        assertThat(fitting).isNotEmpty();
        assertThat(specOf(rec.rows().get(0)).fp64Tflops()).isPositive();
        assertThat(fitting).allSatisfy(r -> assertThat(specOf(r).fp64Tflops()).as(r.hardwareName()).isNotZero());
        // Rows no software runs the workload on are left out unless asked for, with their reason.
        assertThat(rec.rows()).noneMatch(r -> r.gpuId().equals("arc-a770-16gb") || r.gpuId().startsWith("apple-"));
        Recommendation all = new Recommender().recommend(MdSystem.of(100_000_000L, Potential.LJ, SimPrecision.MIXED),
                shipped, RankingOptions.builder().showUnsupported(true).build());
        RecommendationRow arc = all.rows().stream().filter(r -> r.gpuId().equals("arc-a770-16gb")).findFirst()
                .orElseThrow();
        assertThat(arc.fits()).isFalse();
        assertThat(arc.reasons()).contains(Reason.NO_FP64);
        assertThat(all.rows()).filteredOn(r -> r.gpuId().startsWith("apple-"))
                .isNotEmpty().allSatisfy(r -> assertThat(r.reasons()).contains(Reason.NO_FP64));
    }

    @Test
    void singlePrecisionMolecularDynamicsStillRanksEveryGpu() {
        Recommendation rec = new Recommender().recommend(MdSystem.of(100_000_000L, Potential.LJ, SimPrecision.SINGLE),
                shipped, RankingOptions.defaults());
        assertThat(rec.rows()).noneMatch(r -> r.reasons().contains(Reason.NO_FP64)
                || r.reasons().contains(Reason.SLOW_FP64));
    }

    @Test
    void aDoublePrecisionGridRanksDataCentreFp64PartsFirst() {
        Recommendation rec = new Recommender().recommend(grid(SimPrecision.DOUBLE, Solver.NONE), shipped,
                RankingOptions.defaults());

        List<RecommendationRow> rows = rec.rows();
        for (RecommendationRow r : rows.subList(0, 5)) {
            GpuSpec g = specOf(r);
            assertThat(r.fits()).as(r.hardwareName()).isTrue();
            assertThat(g.segment()).as(r.hardwareName()).isEqualTo("datacenter");
            assertThat(g.fp64Tflops()).as(r.hardwareName()).isGreaterThanOrEqualTo(g.fp32Tflops() / 8);
        }
        int lastFast = -1;
        int firstSlow = Integer.MAX_VALUE;
        for (int i = 0; i < rows.size(); i++) {
            if (rows.get(i).reasons().contains(Reason.SLOW_FP64)) {
                firstSlow = Math.min(firstSlow, i);
            } else if (rows.get(i).fits() && !rows.get(i).reasons().contains(Reason.FP64_UNKNOWN)) {
                lastFast = i;
            }
        }
        assertThat(lastFast).isLessThan(firstSlow);
        // A GPU whose FP64 rate no source gives is neither fast nor slow: it is marked, never judged slow.
        assertThat(rows).filteredOn(r -> r.gpuId().equals("gb300-288gb"))
                .isNotEmpty().allSatisfy(r -> assertThat(r.reasons()).contains(Reason.FP64_UNKNOWN)
                        .doesNotContain(Reason.SLOW_FP64));
        assertThat(rows).filteredOn(r -> r.gpuId().equals("rtx-3060-12gb"))
                .isNotEmpty().allSatisfy(r -> assertThat(r.reasons()).contains(Reason.SLOW_FP64));
        assertThat(rows).filteredOn(r -> r.gpuId().equals("b300-sxm-288gb"))
                .allSatisfy(r -> assertThat(r.reasons()).contains(Reason.SLOW_FP64));
    }
}
