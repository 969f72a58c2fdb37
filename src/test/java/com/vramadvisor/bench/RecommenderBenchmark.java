package com.vramadvisor.bench;

import com.vramadvisor.catalog.Catalog;
import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.engine.llm.LoraSpec;
import com.vramadvisor.engine.llm.Mode;
import com.vramadvisor.engine.llm.ModelSpec;
import com.vramadvisor.engine.llm.Recompute;
import com.vramadvisor.engine.llm.Workload;
import com.vramadvisor.engine.hardware.CloudOffer;
import com.vramadvisor.engine.hardware.GpuSpec;
import com.vramadvisor.engine.hardware.HardwareList;
import com.vramadvisor.engine.hardware.SystemSpec;
import com.vramadvisor.engine.ranking.RankingOptions;
import com.vramadvisor.engine.ranking.Recommendation;
import com.vramadvisor.engine.ranking.Recommender;
import com.vramadvisor.engine.ranking.ReferenceModels;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One full decision table (every GPU alone and in the machines it takes, every system and cloud offer, each laid out
 * by the planner or the inference search, filtered and sorted) over two hardware lists: the shipped catalog, and a
 * synthetic list of 60 GPUs, 8 systems and 20 cloud offers shaped like a larger catalog (memory sizes from 8 to 288 GB, consumer to data centre, with and without
 * NVLink, instances of 1 to 8 GPUs). Sampled time per call: the mean, and percentiles whose median resists other
 * load on a shared machine. Run:
 * {@code ./mvnw -B -Pbench test-compile exec:exec -Dbench.args="RecommenderBenchmark -f1 -wi 3 -i 5"}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(org.openjdk.jmh.annotations.Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3)
@Measurement(iterations = 5)
@Fork(1)
public class RecommenderBenchmark {

    /** The workload: full training of a 7B model, 70B inference, or 70B QLoRA. */
    @Param({"train-7b", "infer-70b", "qlora-70b"})
    public String workload;

    /** The hardware list: the shipped catalog or the 60-GPU synthetic list. */
    @Param({"catalog", "synthetic-60"})
    public String hardware;

    private final Recommender recommender = new Recommender();
    private final RankingOptions options = RankingOptions.defaults();
    private HardwareList list;
    private ModelSpec model;
    private Workload work;

    @Setup
    public void setUp() {
        if ("catalog".equals(hardware)) {
            Catalog c = CatalogLoader.shippedOnly().load();
            if (c.gpus().isEmpty()) {
                throw new IllegalStateException("the shipped catalog has no GPUs: " + c.problems());
            }
            list = c.hardware();
        } else {
            List<GpuSpec> gpus = gpus();
            list = HardwareList.of(gpus, systems(gpus), cloud(gpus));
        }
        switch (workload) {
            case "train-7b":
                model = ReferenceModels.llama2_7b();
                work = Workload.builder().batch(1).sequenceLength(2048).build();
                break;
            case "infer-70b":
                model = ReferenceModels.llama2_70b();
                work = Workload.builder().mode(Mode.INFER).batch(8).sequenceLength(2048).context(4096).build();
                break;
            default:
                model = ReferenceModels.llama2_70b();
                work = Workload.builder().mode(Mode.QLORA).lora(new LoraSpec(16, LoraSpec.ALL_LINEAR))
                        .recompute(Recompute.FULL).batch(1).sequenceLength(2048).build();
                break;
        }
    }

    @Benchmark
    public Recommendation fullRecommendation() {
        return recommender.recommend(model, work, list, options);
    }

    private static final double[] MEMORY_GB = {8, 10, 11, 12, 16, 20, 24, 32, 40, 48, 64, 80, 94, 96, 128, 141, 144,
        180, 192, 288};

    private static List<GpuSpec> gpus() {
        List<GpuSpec> list = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            double gb = MEMORY_GB[i % MEMORY_GB.length];
            int generation = i / MEMORY_GB.length;
            boolean datacenter = gb >= 40;
            long total = Math.round(gb * 1024) << 20;
            long usable = total - (560L << 20);
            double bandwidth = datacenter ? 1500 + 400 * generation + 10 * gb : 360 + 300 * generation + 20 * gb;
            double fp16 = datacenter ? 300 + 350 * generation : 25 + 70 * generation;
            list.add(new GpuSpec("gpu-" + i, "GPU " + i + " " + (int) gb + "GB", i % 7 == 0 ? "AMD" : "NVIDIA",
                    datacenter ? "datacenter" : "consumer", datacenter ? "SXM" : "PCIe", gb,
                    datacenter ? "HBM3" : "GDDR6", total, usable, bandwidth, fp16 / 15, fp16 / 2, fp16,
                    generation > 0 ? 2 * fp16 : 0, 2 * fp16, datacenter ? 700 : 350,
                    datacenter ? "NVLink 4" : "PCIe 4.0", datacenter ? 900 : 0, 4, 2020 + generation,
                    datacenter ? 0 : 300 + 60 * gb, datacenter ? "" : "2024-01", "benchmark"));
        }
        return list;
    }

    private static List<SystemSpec> systems(List<GpuSpec> gpus) {
        List<SystemSpec> list = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
            GpuSpec g = gpus.get(8 + 7 * i);
            int count = i % 2 == 0 ? 8 : 4;
            list.add(new SystemSpec("system-" + i, "System " + i, g.id(), count, i % 2 == 0 ? "NVSwitch" : "PCIe",
                    50_000 + 30_000 * i, "2024-01", 6500, "benchmark"));
        }
        return list;
    }

    private static List<CloudOffer> cloud(List<GpuSpec> gpus) {
        List<CloudOffer> list = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            GpuSpec g = gpus.get((3 * i) % gpus.size());
            int count = new int[] {1, 2, 4, 8}[i % 4];
            list.add(new CloudOffer("cloud-" + i, "Cloud", "instance-" + i, g.id(), count, 1.5 * count + i, "2024-01",
                    "region", "benchmark"));
        }
        return list;
    }
}
