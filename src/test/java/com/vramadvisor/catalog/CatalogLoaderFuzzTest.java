package com.vramadvisor.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.fuzz.FuzzFile;
import com.vramadvisor.fuzz.FuzzLoop;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Mutated user catalog files never make {@link CatalogLoader#load()} throw (it is documented never to) or hang;
 * every problem they cause is one printable line. Each load also parses the whole shipped catalog (close to a
 * millisecond on a busy two-core machine), so a run takes 2,000 inputs of each of the three file kinds, 6,000 in all
 * rather than 10,000 each, to keep the fuzz tests together near 15 seconds; the {@code fuzz} Maven profile runs
 * 1,000,000 of each.
 */
class CatalogLoaderFuzzTest {

    @TempDir
    Path dir;

    private static final String MODELS = """
            {"catalogVersion": "1", "models": [
              {"id": "tiny", "name": "Tiny", "hiddenSize": 64, "layers": 2, "heads": 4, "kvHeads": 2, "ffnSize": 256,
               "vocabSize": 100, "maxPositions": 128, "norm": "layernorm", "position": "learned",
               "positionTableSize": 130, "publishedParameters": "1.2M", "publishedParametersSource": "card",
               "moe": {"experts": 4, "expertsPerToken": 2, "expertFfnSize": 32, "denseLayers": 1},
               "source": "x"}]}""";

    private static final String GPUS = """
            {"catalogVersion": "1", "gpus": [
              {"id": "my-card", "name": "My Card", "vendor": "NVIDIA", "segment": "workstation", "formFactor": "PCIe",
               "memoryGbNominal": 24, "memoryType": "GDDR6", "memoryBandwidthGBps": 600, "fp16Tflops": 100,
               "launchYear": 2024, "released": "2024-05", "priceUsd": 1999, "priceDate": "2024-05",
               "priceMarket": "us-list", "source": "vendor spec sheet"}]}""";

    private static final String SYSTEMS = """
            {"catalogVersion": "1", "systems": [
              {"id": "my-box", "name": "My Box", "gpuId": "my-card", "gpuCount": 4, "interconnect": "PCIe",
               "memoryGbTotal": 96, "released": "2024-05", "priceUsd": 9000, "priceDate": "2024",
               "priceMarket": "us-street", "source": "quote"}]}""";

    @Test
    void mutatedUserFilesNeverMakeLoadThrow() throws Exception {
        int seed = 0;
        for (String[] file : new String[][] {{"models.json", MODELS}, {"gpus.json", GPUS}, {"systems.json", SYSTEMS}}) {
            Path path = dir.resolve(file[0]);
            byte[] valid = file[1].getBytes(StandardCharsets.UTF_8);
            Files.write(path, valid);
            assertThat(CatalogLoader.withUserDirectory(dir).load().problems()).as(file[0]).isEmpty();
            AtomicInteger index = new AtomicInteger();
            long fileSeed = 0xca7a_1000L + seed++;
            try (FuzzFile out = new FuzzFile(path)) {
                FuzzLoop.run(fileSeed, 2_000, true, valid, input -> {
                    out.write(input);
                    int i = index.getAndIncrement();
                    for (CatalogProblem p : CatalogLoader.withUserDirectory(dir).load().problems()) {
                        FuzzLoop.requirePrintableOneLine(p.toString(), fileSeed, i);
                    }
                }, NeverThrown.class);
            }
            Files.write(path, valid);
        }
    }

    /** {@link CatalogLoader#load()} documents no exception at all. */
    private static final class NeverThrown extends Exception {
        private static final long serialVersionUID = 1L;
    }
}
