package com.vramadvisor.engine.speed;

import java.util.List;
import java.util.Objects;

/**
 * One file of the benchmark corpus: a source and the measurements taken from it ({@code catalog/benchmarks/
 * README.md}).
 *
 * @param sourceId     the publisher or project, the document and its version or date, lower case with hyphens
 * @param title        the document's title
 * @param publisher    who published it
 * @param url          where it is
 * @param published    when it was published, {@code yyyy-mm-dd} or {@code yyyy-mm} as the source gives it;
 *                     {@code null} when the source gives no date (its {@code taken} says so)
 * @param taken        which tables or rows were taken, and by which rule
 * @param measurements the measurements, in file order
 */
public record BenchmarkSource(String sourceId, String title, String publisher, String url, String published,
                              String taken, List<Measurement> measurements) {

    public BenchmarkSource {
        Objects.requireNonNull(sourceId, "sourceId");
        measurements = List.copyOf(measurements);
    }
}
