package com.vramadvisor.fuzz;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.PrintWriter;
import java.io.StringWriter;

/**
 * Runs a reader over mutated copies of a valid input and fails on the first input that makes it throw anything but
 * its documented error type, or an error whose message is not one printable line. Inputs run one after the other on
 * the test's thread, with no time limit: how long an input takes depends on the machine and on what else runs on it,
 * so it is no test of the reader. The readers bound the work an input can ask for by checks made before their loops
 * (sizes, counts, nesting), and their own tests count that work; an input that made a reader loop forever would stop
 * the build here, never pass.
 *
 * <p>The number of inputs is the test's own unless the system property {@value #COUNT_PROPERTY} gives one (the
 * {@code fuzz} Maven profile sets it to 1,000,000).
 */
public final class FuzzLoop {

    /** System property that sets the number of mutated inputs per fuzz test. */
    public static final String COUNT_PROPERTY = "vramadvisor.fuzz.inputs";

    /** Reads one input; throws the reader's documented exception for bad input. */
    @FunctionalInterface
    public interface Reader {
        void read(byte[] input) throws Exception;
    }

    private FuzzLoop() {
    }

    /** The number of inputs to run: {@value #COUNT_PROPERTY} when set, else {@code defaultCount}. */
    public static int count(int defaultCount) {
        String value = System.getProperty(COUNT_PROPERTY, "").strip();
        return value.isEmpty() ? defaultCount : Integer.parseInt(value);
    }

    /**
     * Feeds {@code count(defaultCount)} mutations of {@code valid} to {@code reader}.
     *
     * @param documented the only exception type the reader may throw
     * @return how many inputs the reader rejected with {@code documented} (the rest it accepted)
     */
    public static int run(long seed, int defaultCount, boolean text, byte[] valid, Reader reader,
                          Class<? extends Exception> documented) {
        Mutator mutator = new Mutator(seed, text);
        int inputs = count(defaultCount);
        int rejected = 0;
        for (int i = 0; i < inputs; i++) {
            byte[] input = mutator.mutate(valid);
            try {
                reader.read(input);
            } catch (Exception | StackOverflowError | OutOfMemoryError e) {
                if (!documented.isInstance(e)) {
                    fail("seed " + seed + ", input " + i + " (" + input.length + " bytes) threw " + stackTrace(e), e);
                }
                requirePrintableOneLine(e.getMessage(), seed, i);
                rejected++;
            }
        }
        return rejected;
    }
    /** A message for the user is one line without control characters, whatever the input held. */
    public static void requirePrintableOneLine(String message, long seed, int index) {
        if (message == null) {
            fail("seed " + seed + ", input " + index + ": an error without a message");
        }
        for (int c = 0; c < message.length(); c++) {
            char ch = message.charAt(c);
            if (ch < 0x20 || ch == 0x7f || ch >= 0x80 && ch < 0xa0) {
                fail("seed " + seed + ", input " + index + ": control character " + (int) ch + " in the message: "
                        + message.substring(0, Math.min(message.length(), 300)));
            }
        }
    }

    private static String stackTrace(Throwable t) {
        StringWriter s = new StringWriter();
        t.printStackTrace(new PrintWriter(s));
        return s.toString();
    }
}
