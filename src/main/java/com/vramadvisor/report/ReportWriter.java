package com.vramadvisor.report;

import java.nio.file.Path;

/** Writes a report in one format. Every implementation writes atomically through {@code ReportFiles}. */
public interface ReportWriter {

    /**
     * Writes the report to {@code target}, replacing an earlier file only once the new one is complete.
     *
     * @throws ReportWriteException with a one-line message naming the file and the reason
     */
    void write(ReportModel model, Path target) throws ReportWriteException;
}
