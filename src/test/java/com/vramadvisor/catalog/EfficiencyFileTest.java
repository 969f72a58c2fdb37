package com.vramadvisor.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.vramadvisor.engine.speed.BenchmarkKind;
import com.vramadvisor.engine.speed.BenchmarkSplit;
import com.vramadvisor.engine.speed.EfficiencyTable;
import com.vramadvisor.engine.speed.Residuals;
import com.vramadvisor.engine.speed.SpeedFigure;
import com.vramadvisor.engine.speed.corpus.CorpusEvaluator;
import com.vramadvisor.engine.speed.corpus.EfficiencyFit;
import com.vramadvisor.engine.speed.corpus.Prediction;
import com.vramadvisor.json.JsonTrees;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code catalog/efficiency.json} is in step with the corpus and the code: it was fitted on the corpus as it is now
 * (the same SHA-256 over its measurements), and evaluating the corpus with its shares and fixed costs through today's
 * code gives the residuals it records. Either fails when the corpus or the speed model changed without
 * {@code vram-advisor speed fit} being run again (docs/verifying.md).
 */
class EfficiencyFileTest {

    private static final Path FILE = Path.of("catalog/efficiency.json");

    @Test
    void theShippedTableIsTheFileAndRoundTrips() throws IOException {
        EfficiencyTable file = EfficiencyFile.read(JsonTrees.read(Files.readString(FILE)));
        assertThat(EfficiencyTable.shipped()).isEqualTo(file);
        assertThat(EfficiencyFile.write(file)).isEqualTo(Files.readString(FILE));
        assertThat(file.info().command()).isEqualTo(EfficiencyTable.COMMAND);
    }

    @Test
    void theFileWasFittedOnTheCorpusAsItIsAndItsResidualsAreTodaysCodes() throws IOException {
        EfficiencyTable file = EfficiencyFile.read(JsonTrees.read(Files.readString(FILE)));
        Catalog catalog = CatalogLoader.shippedOnly().load();
        CorpusEvaluator evaluator = new CorpusEvaluator(catalog.hardware(), catalog::model);
        List<CorpusEvaluator.Case> cases = BenchmarkCorpusReader.read(Path.of("catalog/benchmarks")).measurements()
                .stream().map(evaluator::prepare).toList();
        assertThat(file.info().corpusSha256()).as("rerun: " + EfficiencyTable.COMMAND)
                .isEqualTo(EfficiencyFit.corpusSha256(cases));
        List<Prediction> predictions = cases.stream().map(c -> c.predict(file)).toList();
        assertInStep(EfficiencyFit.residuals(predictions, BenchmarkSplit.Part.HELD_OUT), file.heldOut());
        assertInStep(EfficiencyFit.residuals(predictions, BenchmarkSplit.Part.FIT), file.fit());
        assertThat(file.info().fitPoints()).isEqualTo((int) cases.stream()
                .filter(c -> c.measurement().part() == BenchmarkSplit.Part.FIT)
                .filter(c -> c.measurement().kind() != BenchmarkKind.LLM_PRETRAINING)
                .filter(c -> c.predict(EfficiencyTable.UNFITTED).supported()).count());
    }

    private static void assertInStep(Map<SpeedFigure, Residuals> now, Map<SpeedFigure, Residuals> recorded) {
        assertThat(now.keySet()).as("rerun: " + EfficiencyTable.COMMAND).isEqualTo(recorded.keySet());
        now.forEach((figure, r) -> {
            Residuals f = recorded.get(figure);
            String why = figure.id() + " (rerun: " + EfficiencyTable.COMMAND + ")";
            assertThat(r.count()).as(why).isEqualTo(f.count());
            // Six significant digits in the file move a residual by far less than this.
            assertThat(r.p10()).as(why).isCloseTo(f.p10(), within(1e-3));
            assertThat(r.p50()).as(why).isCloseTo(f.p50(), within(1e-3));
            assertThat(r.p90()).as(why).isCloseTo(f.p90(), within(1e-3));
        });
    }
}
