package com.vramadvisor.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.engine.speed.BenchmarkKind;
import com.vramadvisor.engine.speed.BenchmarkSource;
import com.vramadvisor.engine.speed.Measurement;
import com.vramadvisor.engine.speed.Metric;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The corpus reader on the test fixture, on broken files, and on the published corpus itself. */
class BenchmarkCorpusReaderTest {

    private static final Path FIXTURE = Path.of("src/test/resources/benchmark-fixture");
    private static final Path CORPUS = Path.of("catalog/benchmarks");

    @Test
    void theFixtureReadsWithEveryFieldInPlace() {
        BenchmarkCorpus corpus = BenchmarkCorpusReader.read(FIXTURE);
        assertThat(corpus.problems()).isEmpty();
        assertThat(corpus.sources()).extracting(BenchmarkSource::sourceId)
                .containsExactly("test-fixture-a", "test-fixture-b");
        Measurement first = corpus.measurements().get(0);
        assertThat(first.kind()).isEqualTo(BenchmarkKind.LLM_SERVING);
        assertThat(first.metric()).isEqualTo(Metric.TPOT_MS);
        assertThat(first.concurrency()).isEqualTo(8);
        assertThat(first.layout().tp()).isEqualTo(1);
        assertThat(first.engineVersion()).isEqualTo("0.6.0");
        Measurement training = corpus.measurements().stream().filter(m -> m.kind() == BenchmarkKind.LLM_TRAINING)
                .findFirst().orElseThrow();
        assertThat(training.layout().recompute()).isEqualTo("full");
        assertThat(training.layout().globalBatch()).isEqualTo(64);
    }

    @Test
    void aBrokenFileIsAProblemNamingTheFieldAndContributesNothing(@TempDir Path dir) throws IOException {
        String good = Files.readString(FIXTURE.resolve("test-fixture-b.json"));
        Files.writeString(dir.resolve("test-fixture-b.json"), good.replace("\"published\": \"2024-02-01\"",
                "\"published\": \"February 2024\""));
        Files.writeString(dir.resolve("misnamed.json"), good);
        Files.writeString(dir.resolve("test-fixture-c.json"), good.replace("test-fixture-b", "test-fixture-c")
                .replace("\"seq\": 4096", "\"sequence\": 4096"));
        BenchmarkCorpus corpus = BenchmarkCorpusReader.read(dir);
        assertThat(corpus.sources()).isEmpty();
        assertThat(corpus.problems()).extracting(CatalogProblem::toString).anySatisfy(p -> assertThat(p)
                .contains("$.published").contains("expected a date yyyy-mm-dd (or yyyy-mm)"));
        assertThat(corpus.problems()).extracting(CatalogProblem::toString).anySatisfy(p -> assertThat(p)
                .contains("misnamed.json").contains("must be named after its source: test-fixture-b.json"));
        assertThat(corpus.problems()).extracting(CatalogProblem::toString).anySatisfy(p -> assertThat(p)
                .contains("$.measurements[0].sequence").contains("unknown field"));
    }

    @Test
    void anIdThatDoesNotFollowTheNamingRuleIsRefused(@TempDir Path dir) throws IOException {
        String good = Files.readString(FIXTURE.resolve("test-fixture-b.json"));
        Files.writeString(dir.resolve("test-fixture-b.json"),
                good.replace("test-fixture-b/llama-2-7b/2048xa100-sxm-80gb/pretrain-bf16",
                        "test-fixture-b/llama-2-7b/1024xa100-sxm-80gb/pretrain-bf16"));
        BenchmarkCorpus corpus = BenchmarkCorpusReader.read(dir);
        assertThat(corpus.sources()).isEmpty();
        assertThat(corpus.problems()).extracting(CatalogProblem::toString).anySatisfy(p -> assertThat(p)
                .contains("$.measurements[0].id").contains("test-fixture-b/llama-2-7b/2048xa100-sxm-80gb/"));
    }

    @Test
    void theSameIdTwiceIsAProblem(@TempDir Path dir) throws IOException {
        String point = "{\"id\": \"test-fixture-d/llama-3.1-8b/1xh100-sxm-80gb/c1\", \"kind\": \"llm-serving\","
                + " \"model\": \"llama-3.1-8b\", \"hardware\": {\"gpuId\": \"h100-sxm-80gb\", \"count\": 1},"
                + " \"metric\": \"tpotMs\", \"value\": 10, \"statistic\": \"mean\", \"where\": \"row 1\"}";
        Files.writeString(dir.resolve("test-fixture-d.json"), "{\"sourceId\": \"test-fixture-d\", \"title\": \"t\","
                + " \"publisher\": \"p\", \"url\": \"https://example.invalid\", \"published\": \"2024-01-01\","
                + " \"taken\": \"all\", \"measurements\": [" + point + ", " + point + "]}");
        BenchmarkCorpus corpus = BenchmarkCorpusReader.read(dir);
        assertThat(corpus.sources()).isEmpty();
        assertThat(corpus.problems()).extracting(CatalogProblem::toString).anySatisfy(p -> assertThat(p)
                .contains("test-fixture-d/llama-3.1-8b/1xh100-sxm-80gb/c1").contains("is also in"));
    }

    /**
     * Every file of the published corpus parses without a problem (the reader checks the schema, the file's name and
     * the id naming rule); every source names its URL and, where the source gives one, its date in ISO form (the
     * reader refuses any other form; sources without a date are listed); every measurement says where in the source
     * it stands. GPUs the catalog lacks
     * are allowed (corpus README, clarification 2): the evaluation skips them and counts them.
     */
    @Test
    void everyCorpusFileParsesWithASourceADateAndIdsFollowingTheNamingRule() {
        BenchmarkCorpus corpus = BenchmarkCorpusReader.read(CORPUS);
        assertThat(corpus.problems()).isEmpty();
        assertThat(corpus.sources()).isNotEmpty();
        for (BenchmarkSource s : corpus.sources()) {
            assertThat(s.url()).as(s.sourceId()).startsWith("https://");
            if (s.published() == null) {
                System.out.println("benchmark source without a publication date: " + s.sourceId());
            }
            for (Measurement m : s.measurements()) {
                assertThat(BenchmarkCorpusReader.idProblem(m.id(), s.sourceId(), m.model(), m.gpuCount(),
                        m.gpuId())).as(m.id()).isNull();
                assertThat(m.where()).as(m.id()).isNotBlank();
            }
        }
    }
}
