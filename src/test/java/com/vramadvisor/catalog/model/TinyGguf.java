package com.vramadvisor.catalog.model;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;

/**
 * Writes small GGUF files for tests, following ggml {@code docs/gguf.md}: header, key/value pairs, tensor infos,
 * padding to the alignment, tensor data (zeros). Each tensor's data size is given by the test, so that expected
 * sizes are stated independently of the reader. Counts, versions and lengths can be overridden to write lying
 * headers.
 */
final class TinyGguf {

    /** ggml type ids ({@code enum ggml_type}). */
    static final long TYPE_F32 = 0;
    static final long TYPE_Q8_0 = 8;
    static final long TYPE_Q4_K = 12;
    static final long TYPE_Q6_K = 14;

    /**
     * A two-block Llama with h 256, 4 query and 2 key/value heads, ffn 512, 100 tokens, Q4_K_M-style types
     * (file type 15), its tensor data sizes stated by hand: the fixture of the mapper and stored-weights tests.
     */
    static TinyGguf tinyLlamaQ4km() {
        TinyGguf g = new TinyGguf()
                .string("general.architecture", "llama")
                .string("general.name", "Tiny Llama")
                .u32("llama.context_length", 256)
                .u32("llama.embedding_length", 256)
                .u32("llama.block_count", 2)
                .u32("llama.feed_forward_length", 512)
                .u32("llama.rope.dimension_count", 64)
                .u32("llama.attention.head_count", 4)
                .u32("llama.attention.head_count_kv", 2)
                .u32("general.file_type", 15)
                .tokens("tokenizer.ggml.tokens", 100)
                .tensor("token_embd.weight", TYPE_Q8_0, 27_200, 256, 100);
        for (int i = 0; i < 2; i++) {
            String b = "blk." + i + ".";
            g.tensor(b + "attn_norm.weight", TYPE_F32, 1024, 256)
                    .tensor(b + "attn_q.weight", TYPE_Q4_K, 36_864, 256, 256)
                    .tensor(b + "attn_k.weight", TYPE_Q4_K, 18_432, 256, 128)
                    .tensor(b + "attn_v.weight", TYPE_Q6_K, 26_880, 256, 128)
                    .tensor(b + "attn_output.weight", TYPE_Q4_K, 36_864, 256, 256)
                    .tensor(b + "ffn_norm.weight", TYPE_F32, 1024, 256)
                    .tensor(b + "ffn_gate.weight", TYPE_Q4_K, 73_728, 256, 512)
                    .tensor(b + "ffn_up.weight", TYPE_Q4_K, 73_728, 256, 512)
                    .tensor(b + "ffn_down.weight", TYPE_Q6_K, 107_520, 512, 256);
        }
        return g.tensor("output_norm.weight", TYPE_F32, 1024, 256)
                .tensor("output.weight", TYPE_Q6_K, 21_000, 256, 100);
    }

    private final List<Consumer<Out>> kvs = new ArrayList<>();
    private final List<long[]> tensorDims = new ArrayList<>();
    private final List<String> tensorNames = new ArrayList<>();
    private final List<Long> tensorTypes = new ArrayList<>();
    private final List<Long> tensorBytes = new ArrayList<>();
    private final List<Long> offsetOverrides = new ArrayList<>();
    private long version = 3;
    private boolean bigEndian;
    private long alignment = 32;
    private Long tensorCountOverride;
    private Long kvCountOverride;

    TinyGguf version(long v) {
        version = v;
        return this;
    }

    TinyGguf bigEndian() {
        bigEndian = true;
        return this;
    }

    TinyGguf tensorCount(long n) {
        tensorCountOverride = n;
        return this;
    }

    TinyGguf kvCount(long n) {
        kvCountOverride = n;
        return this;
    }

    TinyGguf string(String key, String value) {
        kvs.add(o -> o.str(key).u32(8).str(value));
        return this;
    }

    TinyGguf u32(String key, long value) {
        kvs.add(o -> o.str(key).u32(4).u32(value));
        return this;
    }

    TinyGguf u64(String key, long value) {
        kvs.add(o -> o.str(key).u32(10).u64(value));
        return this;
    }

    TinyGguf bool(String key, boolean value) {
        kvs.add(o -> o.str(key).u32(7).u8(value ? 1 : 0));
        return this;
    }

    TinyGguf f32(String key, float value) {
        kvs.add(o -> o.str(key).u32(6).u32(Float.floatToIntBits(value)));
        return this;
    }

    /** An array of {@code n} strings {@code "t0"}, {@code "t1"}, ... (a tokenizer vocabulary). */
    TinyGguf tokens(String key, int n) {
        kvs.add(o -> {
            o.str(key).u32(9).u32(8).u64(n);
            for (int i = 0; i < n; i++) {
                o.str("t" + i);
            }
        });
        return this;
    }

    /** A raw key/value pair written by {@code writer} after the key. */
    TinyGguf raw(String key, Consumer<Out> writer) {
        kvs.add(o -> writer.accept(o.str(key)));
        return this;
    }

    /** A tensor of ggml type id {@code type} whose data takes {@code bytes}. */
    TinyGguf tensor(String name, long type, long bytes, long... dims) {
        tensorNames.add(name);
        tensorTypes.add(type);
        tensorBytes.add(bytes);
        tensorDims.add(dims);
        offsetOverrides.add(null);
        return this;
    }

    /** Overrides the offset written for the last tensor. */
    TinyGguf offset(long offset) {
        offsetOverrides.set(offsetOverrides.size() - 1, offset);
        return this;
    }

    TinyGguf alignment(long a) {
        alignment = a;
        return u32("general.alignment", a);
    }

    byte[] bytes() {
        Out o = new Out(bigEndian ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
        o.raw("GGUF".getBytes(StandardCharsets.US_ASCII));
        o.u32(version);
        o.u64(tensorCountOverride != null ? tensorCountOverride : tensorNames.size());
        o.u64(kvCountOverride != null ? kvCountOverride : kvs.size());
        kvs.forEach(kv -> kv.accept(o));
        long offset = 0;
        for (int i = 0; i < tensorNames.size(); i++) {
            o.str(tensorNames.get(i)).u32(tensorDims.get(i).length);
            for (long d : tensorDims.get(i)) {
                o.u64(d);
            }
            o.u32(tensorTypes.get(i));
            o.u64(offsetOverrides.get(i) != null ? offsetOverrides.get(i) : offset);
            offset += align(tensorBytes.get(i));
        }
        o.raw(new byte[(int) (align(o.size()) - o.size())]);
        long data = 0;
        for (int i = 0; i < tensorBytes.size(); i++) {
            data += i + 1 < tensorBytes.size() ? align(tensorBytes.get(i)) : tensorBytes.get(i);
        }
        o.raw(new byte[(int) data]);
        return o.toByteArray();
    }

    Path write(Path file) {
        return write(file, bytes());
    }

    /** Writes only the first {@code length} bytes (a truncated download). */
    Path writeTruncated(Path file, int length) {
        return write(file, Arrays.copyOf(bytes(), length));
    }

    static Path write(Path file, byte[] bytes) {
        try {
            return Files.write(file, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private long align(long n) {
        return (n + alignment - 1) / alignment * alignment;
    }

    /** Little- or big-endian output. */
    static final class Out {
        private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        private final ByteOrder order;

        Out(ByteOrder order) {
            this.order = order;
        }

        Out u8(int v) {
            bytes.write(v);
            return this;
        }

        Out u32(long v) {
            return raw(ByteBuffer.allocate(4).order(order).putInt((int) v).array());
        }

        Out u64(long v) {
            return raw(ByteBuffer.allocate(8).order(order).putLong(v).array());
        }

        Out str(String s) {
            byte[] b = s.getBytes(StandardCharsets.UTF_8);
            return u64(b.length).raw(b);
        }

        Out raw(byte[] b) {
            bytes.write(b, 0, b.length);
            return this;
        }

        long size() {
            return bytes.size();
        }

        byte[] toByteArray() {
            return bytes.toByteArray();
        }
    }
}
