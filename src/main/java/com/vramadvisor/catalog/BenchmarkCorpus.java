package com.vramadvisor.catalog;

import com.vramadvisor.engine.speed.BenchmarkSource;
import com.vramadvisor.engine.speed.Measurement;

import java.util.List;

/**
 * The benchmark corpus as read from a folder ({@code catalog/benchmarks/}): every source that was read without a
 * problem, and every problem. A file with a problem contributes no measurement, so that a half-read source never
 * enters a fit.
 *
 * @param sources  sources in file-name order
 * @param problems what is wrong, file by file; empty when the whole corpus is good
 */
public record BenchmarkCorpus(List<BenchmarkSource> sources, List<CatalogProblem> problems) {

    public BenchmarkCorpus {
        sources = List.copyOf(sources);
        problems = List.copyOf(problems);
    }

    /** Every measurement of every source, in file order. */
    public List<Measurement> measurements() {
        return sources.stream().flatMap(s -> s.measurements().stream()).toList();
    }

    /** Whether every file was read without a problem. */
    public boolean ok() {
        return problems.isEmpty();
    }
}
