package com.vramadvisor.report;

import java.io.IOException;
import java.io.OutputStream;

/** A report format that is text: besides a file, it can be written to a stream (the command line's standard output). */
public interface TextReportWriter extends ReportWriter {

    /** Writes the report's bytes, as {@link #write} puts them in the file, to {@code out}. */
    void render(ReportModel model, OutputStream out) throws IOException;
}
