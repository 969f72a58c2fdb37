package com.vramadvisor.catalog.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.engine.hardware.GpuSpec;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** This machine's GPUs from the vendors' tools (real output shapes), matched to the shipped catalog. */
class LocalGpusTest {

    private static final List<GpuSpec> CATALOG = CatalogLoader.shippedOnly().load().gpus();

    @Test
    void nvidiaSmiLinesBecomeNamesBytesAndBusIds() {
        // nvidia-smi --query-gpu=name,memory.total,pci.bus_id --format=csv,noheader,nounits: "name, MiB, bus id".
        List<DetectedGpu> found = NvidiaSmiOutput.parse("NVIDIA H100 80GB HBM3, 81559, 00000000:18:00.0\n"
                + "NVIDIA GeForce RTX 4090, 24564\n\nnot a gpu line\n");
        assertThat(found).containsExactly(
                new DetectedGpu("nvidia-smi", "NVIDIA H100 80GB HBM3", 81559L << 20, "00000000:18:00.0"),
                new DetectedGpu("nvidia-smi", "NVIDIA GeForce RTX 4090", 24564L << 20, ""));
    }

    @Test
    void rocmSmiJsonListsCardsAndSkipsTheSystemMember() {
        // Shape of rocm-smi --showproductname --showmeminfo vram --json: one "cardN" object per GPU, values as
        // strings. A Radeon PRO W7900 reports 51527024640 B (48 GiB less the firmware reserve) in public samples.
        String json = "{\"card0\": {\"Card series\": \"AMD Radeon PRO W7900\", \"Card model\": \"0x7448\","
                + " \"VRAM Total Memory (B)\": \"51527024640\", \"VRAM Total Used Memory (B)\": \"10747904\"},"
                + " \"card1\": {\"Card series\": \"Radeon RX 7900 XTX\", \"VRAM Total Memory (B)\": \"25753026560\"},"
                + " \"system\": {\"Driver version\": \"6.7.0\"}}";
        assertThat(RocmSmiOutput.parse(json)).containsExactly(
                new DetectedGpu("rocm-smi", "AMD Radeon PRO W7900", 51527024640L, ""),
                new DetectedGpu("rocm-smi", "Radeon RX 7900 XTX", 25753026560L, ""));
        assertThat(RocmSmiOutput.parse("ERROR: No AMD GPUs")).isEmpty();
        assertThat(RocmSmiOutput.parse("[1,2]")).isEmpty();
    }

    @Test
    void systemProfilerGivesDiscreteVramOrAppleUnifiedMemory() {
        // system_profiler SPDisplaysDataType -json: discrete GPUs state "spdisplays_vram"; Apple silicon states
        // none ("sppci_cores" instead) and shares the machine's memory (sysctl -n hw.memsize, bytes).
        String json = "{\"SPDisplaysDataType\" : [ {\"_name\" : \"kHW_AppleM2MaxItem\", \"sppci_cores\" : \"38\","
                + " \"sppci_model\" : \"Apple M2 Max\", \"spdisplays_vendor\" : \"sppci_vendor_Apple\"},"
                + " {\"_name\" : \"Radeon Pro 5500M\", \"spdisplays_vram\" : \"4 GB\","
                + " \"sppci_model\" : \"Radeon Pro 5500M\"}, \"not-a-gpu\" ] }";
        long memsize = SystemProfilerOutput.memsize("103079215104\n");
        assertThat(memsize).isEqualTo(96L << 30);
        assertThat(SystemProfilerOutput.parse(json, memsize)).containsExactly(
                new DetectedGpu("system_profiler", "Apple M2 Max", 96L << 30, ""),
                new DetectedGpu("system_profiler", "Radeon Pro 5500M", 4L << 30, ""));
        assertThat(SystemProfilerOutput.size("1536 MB")).isEqualTo(1536L << 20);
        assertThat(SystemProfilerOutput.parse("{", 0)).isEmpty();
    }

    @Test
    void detectedGpusMatchTheirCatalogEntriesByModelAndMemory() {
        // Totals as nvidia-smi -q reports them (the catalog's memoryReadingSource for each entry).
        assertThat(match("NVIDIA H100 80GB HBM3", 81559L << 20)).contains("h100-sxm-80gb");
        assertThat(match("NVIDIA H100 PCIe", 81559L << 20)).contains("h100-pcie-80gb");
        assertThat(match("NVIDIA A100-SXM4-80GB", 81920L << 20)).contains("a100-sxm-80gb");
        assertThat(match("NVIDIA GeForce RTX 4090", 24564L << 20)).contains("rtx-4090");
        assertThat(match("NVIDIA H200", 143771L << 20)).contains("h200-sxm-141gb");
        assertThat(match("Apple M2 Max", 96L << 30)).contains("apple-m2-max-96gb");
        assertThat(match("Apple M2 Max", 32L << 30)).isEmpty();
        assertThat(match("NVIDIA GeForce RTX 4090", 12000L << 20)).isEmpty();
        // rocm-smi's 25,753,026,560 B on an RX 7900 XTX is within 2 % of its 24 GB (the catalog entry since 2026-12).
        assertThat(match("Radeon RX 7900 XTX", 25753026560L)).contains("radeon-rx-7900-xtx");
        assertThat(match("Radeon RX 6700 XT", 12868124672L)).isEmpty();
        assertThat(match("Some Unknown Accelerator", 81559L << 20)).isEmpty();
        assertThat(match("NVIDIA GeForce RTX 4090", 0)).isEmpty();
    }

    @Test
    void detectAsksEachToolAndSystemProfilerOnlyOnMacOs() {
        Map<String, String> outputs = Map.of(
                "nvidia-smi", "NVIDIA L4, 23034, 00000000:01:00.0\n",
                "rocm-smi", "{\"card0\": {\"Card series\": \"AMD Instinct MI300X\", \"VRAM Total Memory (B)\":"
                        + " \"206141652992\"}}",
                "system_profiler", "{\"SPDisplaysDataType\": [{\"sppci_model\": \"Apple M1 Max\"}]}",
                "sysctl", "34359738368");
        List<String> asked = new ArrayList<>();
        ToolRunner fake = command -> {
            asked.add(command.get(0));
            return Optional.ofNullable(outputs.get(command.get(0)));
        };
        assertThat(LocalGpus.detect(fake, false)).extracting(DetectedGpu::tool)
                .containsExactly("nvidia-smi", "rocm-smi");
        assertThat(asked).containsExactly("nvidia-smi", "rocm-smi");
        assertThat(LocalGpus.detect(fake, true)).extracting(DetectedGpu::name)
                .containsExactly("NVIDIA L4", "AMD Instinct MI300X", "Apple M1 Max");
        assertThat(LocalGpus.detect(command -> Optional.empty(), true)).isEmpty();
    }

    /**
     * A tool that would answer only after 30 s (six times the limit) is killed at the limit and counts as not found:
     * waited for, it would have answered "late".
     */
    @Test
    void aMissingOrSlowToolIsNotFoundAndNeverHangs() {
        ToolRunner system = ToolRunner.system();
        assertThat(system.run(List.of("no-such-tool-vram-advisor-xyz"))).isEmpty();
        assertThat(system.run(List.of("sh", "-c", "echo soon"))).hasValue("soon\n");
        assertThat(system.run(List.of("sh", "-c", "sleep " + 6 * ToolRunner.TIMEOUT_SECONDS + "; echo late")))
                .isEmpty();
    }

    private static Optional<String> match(String name, long bytes) {
        return LocalGpus.match(new DetectedGpu("test", name, bytes, ""), CATALOG).map(GpuSpec::id);
    }
}
