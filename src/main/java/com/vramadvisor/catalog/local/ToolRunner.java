package com.vramadvisor.catalog.local;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** Runs a command and gives its standard output, or nothing when the tool is missing, fails or is too slow. */
@FunctionalInterface
public interface ToolRunner {

    /** Most output read from one tool (the rest is not read). */
    int MAX_OUTPUT_BYTES = 256 << 10;
    /** Longest a tool may run before it is killed and counts as not found. */
    long TIMEOUT_SECONDS = 5;

    /** The tool's standard output when it exits 0 within the time limit. */
    Optional<String> run(List<String> command);

    /**
     * Runs real processes: standard error discarded, at most {@link #MAX_OUTPUT_BYTES} of output, killed after
     * {@link #TIMEOUT_SECONDS}; a missing binary, a non-zero exit or a timeout give nothing. Never throws.
     */
    static ToolRunner system() {
        return command -> {
            Process p;
            try {
                p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD)
                        .start();
                p.getOutputStream().close();
            } catch (IOException | RuntimeException e) {
                return Optional.empty();
            }
            try {
                byte[][] out = new byte[1][];
                Thread reader = new Thread(() -> {
                    try (InputStream in = p.getInputStream()) {
                        out[0] = in.readNBytes(MAX_OUTPUT_BYTES);
                    } catch (IOException e) {
                        out[0] = null;
                    }
                }, "tool-reader");
                reader.setDaemon(true);
                reader.start();
                if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                    p.destroyForcibly();
                    return Optional.empty();
                }
                reader.join(TimeUnit.SECONDS.toMillis(1));
                if (p.exitValue() != 0 || out[0] == null) {
                    return Optional.empty();
                }
                return Optional.of(new String(out[0], StandardCharsets.UTF_8));
            } catch (InterruptedException e) {
                p.destroyForcibly();
                Thread.currentThread().interrupt();
                return Optional.empty();
            }
        };
    }
}
