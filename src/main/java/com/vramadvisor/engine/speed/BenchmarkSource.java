package com.vramadvisor.engine.speed;

import java.time.LocalDate;
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
 * @param published    when it was published
 * @param taken        which tables or rows were taken, and by which rule
 * @param measurements the measurements, in file order
 */
public record BenchmarkSource(String sourceId, String title, String publisher, String url, LocalDate published,
                              String taken, List<Measurement> measurements) {

    public BenchmarkSource {
        Objects.requireNonNull(sourceId, "sourceId");
        Objects.requireNonNull(published, "published");
        measurements = List.copyOf(measurements);
    }
}
