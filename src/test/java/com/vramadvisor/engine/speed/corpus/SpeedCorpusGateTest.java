package com.vramadvisor.engine.speed.corpus;

import static org.assertj.core.api.Assertions.assertThat;

import com.vramadvisor.catalog.BenchmarkCorpus;
import com.vramadvisor.catalog.BenchmarkCorpusReader;
import com.vramadvisor.catalog.Catalog;
import com.vramadvisor.catalog.CatalogLoader;
import com.vramadvisor.engine.speed.BenchmarkSplit;
import com.vramadvisor.engine.speed.EfficiencyTable;
import com.vramadvisor.engine.speed.Measurement;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The speed model against the benchmark corpus ({@code catalog/benchmarks/}), with the shipped efficiencies
 * ({@code catalog/efficiency.json}): the errors on the fit part (in-sample) and on the held-out part (measurements
 * the fit never read) are printed apart, and the tolerances fixed before any fit are asserted on the held-out part.
 */
class SpeedCorpusGateTest {

    private static final Catalog CATALOG = CatalogLoader.shippedOnly().load();
    private static List<Prediction> predictions;

    @BeforeAll
    static void evaluate() {
        BenchmarkCorpus corpus = BenchmarkCorpusReader.read(Path.of("catalog/benchmarks"));
        assertThat(corpus.problems()).isEmpty();
        CorpusEvaluator evaluator = new CorpusEvaluator(CATALOG.hardware(), CATALOG::model);
        EfficiencyTable table = EfficiencyTable.shipped();
        predictions = corpus.measurements().stream().map(m -> evaluator.predict(m, table)).toList();
        System.out.println(CorpusReport.markdown(predictions));
    }

    @Test
    void theCorpusHoldsAtLeast150PublishedMeasurementsWithAFigure() {
        assertThat(predictions.stream().filter(Prediction::supported).count()).isGreaterThanOrEqualTo(150);
    }

    @Test
    void heldOutServingAndInferenceSpeedIsWithinFifteenPercentAtTheMedianAndThirtyFiveAtTheNinetiethPercentile() {
        ErrorSummary heldOut = ErrorSummary.of("inference speed", BenchmarkSplit.Part.HELD_OUT,
                predictions.stream().filter(p -> p.part() == BenchmarkSplit.Part.HELD_OUT)
                        .filter(CorpusReport.INFERENCE_SPEED).toList());
        assertThat(heldOut.count()).isPositive();
        assertThat(heldOut.medianAbs()).as("median |error|").isLessThanOrEqualTo(0.15);
        assertThat(heldOut.p90Abs()).as("90th percentile |error|").isLessThanOrEqualTo(0.35);
    }

    private static List<Measurement> measured(String idPart) {
        return predictions.stream().map(Prediction::measurement).filter(m -> m.id().contains(idPart)).toList();
    }
}
