package com.vramadvisor.fuzz;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Mutates a valid input the way a damaged or hostile file differs from a good one: flipped bits, cut ends, inserted
 * and deleted runs, repeated runs, binary fields overwritten with boundary values, numbers in text replaced by huge
 * or odd ones, and structural characters and control characters inserted. One to three mutations per input, all
 * drawn from a seeded generator, so that a failing input can be made again from its seed and index.
 */
public final class Mutator {

    /** Values a length, count or offset field of a binary header is most likely to be wrong with. */
    private static final long[] BOUNDARY_LONGS = {0, 1, -1, 0x7fff_ffffL, 0x8000_0000L, 0xffff_ffffL,
        0x1_0000_0000L, 1L << 31, 1L << 40, 1L << 62, Long.MAX_VALUE, Long.MIN_VALUE, 100_000_000L, 10_001};

    /** Numbers that overflow, underflow or break an integer parser when they replace one in a text file. */
    private static final String[] ODD_NUMBERS = {"0", "-1", "-0", "2147483647", "2147483648", "4294967296",
        "9223372036854775807", "9223372036854775808", "99999999999999999999", "1e309", "-1e309", "1.0005",
        "4096.5", "1e-400", "10001", "100000000", "9".repeat(1_001), "0.".concat("0".repeat(2_000)).concat("1")};

    /** Text that breaks JSON structure or reaches a terminal as control sequences. */
    private static final String[] ODD_TEXT = {"[", "]", "{", "}", "\"", "\\", ",", ":", "null", "true", "\u0000",
        "\u001b[2J", "\n", "\\u0000", "\\ud800", "[".repeat(1_001), "\"x\":", "\u202e", "\u00ff\u00fe"};

    private final SplittableRandom random;
    private final boolean text;

    /**
     * @param seed the generator's seed
     * @param text whether the input is text (JSON), which adds number and structure replacements to the mutations
     */
    public Mutator(long seed, boolean text) {
        this.random = new SplittableRandom(seed);
        this.text = text;
    }

    /** A mutated copy of {@code valid}; {@code valid} itself is not changed. */
    public byte[] mutate(byte[] valid) {
        byte[] out = valid;
        int count = 1 + random.nextInt(3);
        for (int i = 0; i < count; i++) {
            out = once(out);
        }
        return out;
    }

    private byte[] once(byte[] in) {
        int kinds = text ? 9 : 7;
        return switch (random.nextInt(kinds)) {
            case 0 -> flipBits(in);
            case 1 -> truncate(in);
            case 2 -> insert(in, randomBytes(1 + random.nextInt(16)));
            case 3 -> delete(in);
            case 4 -> duplicate(in);
            case 5 -> overwriteField(in, 4);
            case 6 -> overwriteField(in, 8);
            case 7 -> replaceNumber(in);
            default -> insert(in, ODD_TEXT[random.nextInt(ODD_TEXT.length)].getBytes(StandardCharsets.UTF_8));
        };
    }

    private byte[] flipBits(byte[] in) {
        if (in.length == 0) {
            return in;
        }
        byte[] out = in.clone();
        int flips = 1 + random.nextInt(8);
        for (int i = 0; i < flips; i++) {
            int at = random.nextInt(out.length);
            out[at] ^= (byte) (1 << random.nextInt(8));
        }
        return out;
    }

    private byte[] truncate(byte[] in) {
        return in.length == 0 ? in : Arrays.copyOf(in, random.nextInt(in.length));
    }

    private byte[] insert(byte[] in, byte[] piece) {
        int at = random.nextInt(in.length + 1);
        byte[] out = new byte[in.length + piece.length];
        System.arraycopy(in, 0, out, 0, at);
        System.arraycopy(piece, 0, out, at, piece.length);
        System.arraycopy(in, at, out, at + piece.length, in.length - at);
        return out;
    }

    private byte[] delete(byte[] in) {
        if (in.length == 0) {
            return in;
        }
        int at = random.nextInt(in.length);
        int length = 1 + random.nextInt(Math.min(64, in.length - at));
        byte[] out = new byte[in.length - length];
        System.arraycopy(in, 0, out, 0, at);
        System.arraycopy(in, at + length, out, at, in.length - at - length);
        return out;
    }

    private byte[] duplicate(byte[] in) {
        if (in.length == 0) {
            return in;
        }
        int at = random.nextInt(in.length);
        int length = 1 + random.nextInt(Math.min(256, in.length - at));
        return insert(in, Arrays.copyOfRange(in, at, at + length));
    }

    private byte[] overwriteField(byte[] in, int width) {
        if (in.length < width) {
            return in;
        }
        byte[] out = in.clone();
        long value = BOUNDARY_LONGS[random.nextInt(BOUNDARY_LONGS.length)];
        ByteOrder order = random.nextBoolean() ? ByteOrder.LITTLE_ENDIAN : ByteOrder.BIG_ENDIAN;
        ByteBuffer b = ByteBuffer.wrap(out).order(order);
        int at = random.nextInt(in.length - width + 1);
        if (width == 4) {
            b.putInt(at, (int) value);
        } else {
            b.putLong(at, value);
        }
        return out;
    }

    /** Replaces one run of digits (a JSON number, most likely) with an odd number. */
    private byte[] replaceNumber(byte[] in) {
        int start = -1;
        int tries = 0;
        while (start < 0 && tries++ < 8 && in.length > 0) {
            int at = random.nextInt(in.length);
            for (int i = at; i < in.length; i++) {
                if (in[i] >= '0' && in[i] <= '9') {
                    start = i;
                    break;
                }
            }
        }
        if (start < 0) {
            return insert(in, ODD_NUMBERS[random.nextInt(ODD_NUMBERS.length)].getBytes(StandardCharsets.US_ASCII));
        }
        int end = start;
        while (end < in.length && (in[end] >= '0' && in[end] <= '9' || in[end] == '.')) {
            end++;
        }
        byte[] number = ODD_NUMBERS[random.nextInt(ODD_NUMBERS.length)].getBytes(StandardCharsets.US_ASCII);
        byte[] out = new byte[in.length - (end - start) + number.length];
        System.arraycopy(in, 0, out, 0, start);
        System.arraycopy(number, 0, out, start, number.length);
        System.arraycopy(in, end, out, start + number.length, in.length - end);
        return out;
    }

    private byte[] randomBytes(int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) random.nextInt(256);
        }
        return b;
    }
}
