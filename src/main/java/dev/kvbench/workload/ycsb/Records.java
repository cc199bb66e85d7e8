package dev.kvbench.workload.ycsb;

import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Keys and values of a YCSB workload, both derived from numbers so that any read can be checked
 * without a second store.
 *
 * <p>A key is made from a key number as YCSB makes it: hashed (FNV-64, {@link Fnv}) unless
 * {@code insertorder=ordered}, then {@code "user"} and the number in decimal, zero-padded to
 * {@code zeropadding} digits; or, with kvbench's {@code keyformat=binary}, {@code keysize} bytes:
 * zeros, then the number as 8 big-endian bytes (so ordered key numbers iterate in order).
 *
 * <p>A value is the record of a key number at a version: a {@value #HEADER}-byte header (the key
 * number, the version, the length; big-endian) and then printable ASCII derived from the key number
 * and version, drawn as YCSB 0.17.0 fills a field ({@code RandomByteIterator}: six characters from
 * one random int, of 32, 64 or 96 values each), so that a store that compresses gets as little from
 * it as from YCSB's (Deflate: 79% of their size, both; {@code RecordsTest}). Values cut from one
 * shared random buffer would repeat one another: Deflate made a 64 KiB buffer's 39% of their size,
 * zstd 1.9%, where YCSB's give zstd 71%. Its length is {@link ValueLength}'s for that
 * key number and version: {@code fieldcount} times {@code fieldlength} bytes, where YCSB's key-value
 * bindings store each field's name and two 4-byte lengths beside it (1,140 bytes for 1,000 of
 * fields). A read checks the header, the length and the value's last 8 bytes: constant work
 * whatever the value's size, enough to tell one record or version from another.
 *
 * <p>One instance per thread: it reuses its key and value buffers.
 */
public final class Records {

    /** Bytes of a value's header: key number (8), version (4), length (4). */
    public static final int HEADER = 16;
    /** The shortest binary key: the key number's 8 bytes. */
    public static final int BINARY_KEY_MIN = 8;

    /** The longest record kvbench makes. */
    private static final int MAX_RECORD = (1 << 15) + HEADER;
    /** Characters drawn from one random int, and each one's shift and mask, as YCSB's {@code RandomByteIterator}. */
    private static final int GROUP = 6;

    private static final int[] SHIFTS = {0, 5, 10, 15, 20, 25};
    private static final int[] MASKS = {31, 63, 95, 31, 63, 95};
    /** "00", "01" ... "99": the ASCII digits of every number below 100, two bytes each. */
    private static final byte[] DIGIT_PAIRS = digitPairs();
    /** The most decimal digits of a non-negative long. */
    private static final int LONG_DIGITS = 19;

    private static final long EIGHT_DIGITS = 100_000_000L;

    private final boolean ordered;
    private final boolean binary;
    private final int keySize;
    private final int zeroPadding;
    private final ValueLength.Sampler lengths;
    private final byte[] keyBytes;
    private final byte[] digitBytes = new byte[LONG_DIGITS];
    private final UnsafeBuffer key = new UnsafeBuffer(new byte[0]);
    private final byte[] valueBytes;
    private final UnsafeBuffer value = new UnsafeBuffer(new byte[0]);

    public Records(WorkloadProperties properties) {
        this.ordered = properties.orderedInserts();
        this.binary = properties.binaryKeys();
        this.keySize = properties.keySize();
        this.zeroPadding = properties.zeroPadding();
        ValueLength shape = properties.valueLength();
        if (shape.maxRecord() > MAX_RECORD) {
            throw new WorkloadFileException("records of up to " + shape.maxRecord() + " bytes: kvbench's values are at"
                    + " most " + MAX_RECORD + " bytes");
        }
        this.lengths = shape.sampler();
        this.keyBytes = new byte[properties.maxKeySize()];
        this.valueBytes = new byte[shape.maxRecord()];
    }

    /** The longest YCSB-format key for {@code zeroPadding}: "user" and up to 19 digits. */
    public static int maxYcsbKeyLength(int zeroPadding) {
        return 4 + Math.max(LONG_DIGITS, zeroPadding);
    }

    /** The number a key is made of: the key number hashed unless inserts are ordered. */
    public long keyValue(long keyNumber) {
        return ordered ? keyNumber : Fnv.hash64(keyNumber);
    }

    /** The key of {@code keyNumber}: a view valid until the next call. */
    public DirectBuffer key(long keyNumber) {
        long n = keyValue(keyNumber);
        if (binary) {
            java.util.Arrays.fill(keyBytes, 0, keySize - Long.BYTES, (byte) 0);
            key.wrap(keyBytes, 0, keySize);
            key.putLong(keySize - Long.BYTES, n, ByteOrder.BIG_ENDIAN);
            return key;
        }
        if (n < 0) { // only Long.MIN_VALUE (FNV's one negative hash, as YCSB's): "user-9223372036854775808"
            return ycsbKey(Long.toString(n).getBytes(StandardCharsets.US_ASCII), 0);
        }
        int first = digits(n, digitBytes);
        return ycsbKey(digitBytes, first);
    }

    /** "user", zeros up to {@code zeroPadding} digits, then {@code digits[from..]}: the key view. */
    private DirectBuffer ycsbKey(byte[] digits, int from) {
        int count = digits.length - from;
        int at = 0;
        keyBytes[at++] = 'u';
        keyBytes[at++] = 's';
        keyBytes[at++] = 'e';
        keyBytes[at++] = 'r';
        for (int pad = count; pad < zeroPadding; pad++) {
            keyBytes[at++] = '0';
        }
        System.arraycopy(digits, from, keyBytes, at, count);
        key.wrap(keyBytes, 0, at + count);
        return key;
    }

    /**
     * Writes {@code n} (0 or more) in decimal at the end of {@code to} and returns where it
     * begins: {@link Long#toString(long)}'s digits without a String per key. The number is cut
     * into parts of eight digits (two long divisions), each written two digits at a time with
     * int arithmetic.
     */
    static int digits(long n, byte[] to) {
        int at = to.length;
        long rest = n;
        while (rest >= EIGHT_DIGITS) {
            long q = rest / EIGHT_DIGITS;
            int part = (int) (rest - q * EIGHT_DIGITS);
            for (int pair = 0; pair < 4; pair++) {
                at = pair(part % 100, to, at);
                part /= 100;
            }
            rest = q;
        }
        int part = (int) rest;
        while (part >= 100) {
            at = pair(part % 100, to, at);
            part /= 100;
        }
        if (part >= 10) {
            return pair(part, to, at);
        }
        to[--at] = (byte) ('0' + part);
        return at;
    }

    /** Writes the two digits of {@code below100} before {@code at}; returns where they begin. */
    private static int pair(int below100, byte[] to, int at) {
        to[at - 1] = DIGIT_PAIRS[below100 * 2 + 1];
        to[at - 2] = DIGIT_PAIRS[below100 * 2];
        return at - 2;
    }

    /** The key of {@code keyNumber} as text, for messages. */
    public String keyText(long keyNumber) {
        if (binary) {
            return "the binary key of #" + keyNumber;
        }
        DirectBuffer text = key(keyNumber);
        return text.getStringWithoutLengthAscii(0, text.capacity());
    }

    /** The length of {@code keyNumber}'s record at {@code version}. */
    public int length(long keyNumber, int version) {
        return lengths.of(keyNumber, version);
    }

    /** The record of {@code keyNumber} at {@code version}: a view valid until the next call. */
    public DirectBuffer value(long keyNumber, int version) {
        int length = length(keyNumber, version);
        value.wrap(valueBytes, 0, length);
        value.putLong(0, keyNumber, ByteOrder.BIG_ENDIAN);
        value.putInt(8, version, ByteOrder.BIG_ENDIAN);
        value.putInt(12, length, ByteOrder.BIG_ENDIAN);
        long stream = stream(keyNumber, version);
        for (int group = 0; HEADER + group * GROUP < length; group++) {
            int bits = (int) mix(stream + group);
            int at = HEADER + group * GROUP;
            for (int c = 0; c < GROUP && at + c < length; c++) {
                valueBytes[at + c] = character(bits, c);
            }
        }
        return value;
    }

    /** The key number a value says it belongs to. */
    public static long keyNumberOf(DirectBuffer value) {
        return value.capacity() >= HEADER ? value.getLong(0, ByteOrder.BIG_ENDIAN) : -1;
    }

    /** The version a value says it is. */
    public static int versionOf(DirectBuffer value) {
        return value.capacity() >= HEADER ? value.getInt(8, ByteOrder.BIG_ENDIAN) : -1;
    }

    /**
     * What is wrong with {@code found} as a record of {@code keyNumber} (any version), or null
     * when it is one: its header names the key number and its own length, its length is the one
     * of that version, and its last bytes are that version's.
     */
    public String problem(long keyNumber, DirectBuffer found) {
        if (found.capacity() < HEADER) {
            return "a " + found.capacity() + "-byte value, shorter than any record";
        }
        long number = keyNumberOf(found);
        if (number != keyNumber) {
            return "the record of key #" + number;
        }
        int version = versionOf(found);
        int length = found.getInt(12, ByteOrder.BIG_ENDIAN);
        if (version < 1 || length != found.capacity() || length != length(keyNumber, version)) {
            return "a " + found.capacity() + "-byte value whose header says version " + version + ", length " + length;
        }
        long stream = stream(keyNumber, version);
        for (int at = Math.max(HEADER, length - Long.BYTES); at < length; at++) {
            int i = at - HEADER;
            if (found.getByte(at) != character((int) mix(stream + i / GROUP), i % GROUP)) {
                return "version " + version + " with other bytes at its end";
            }
        }
        return null;
    }

    /** Where the characters of {@code keyNumber}'s record at {@code version} are drawn from. */
    private static long stream(long keyNumber, int version) {
        return mix(keyNumber * 31 + version) * 0x9E3779B97F4A7C15L;
    }

    /** Character {@code c} (0-5) of the six one random int makes: {@code ' '} and 5, 6 or 7 of its bits, as YCSB's. */
    private static byte character(int bits, int c) {
        return (byte) (((bits >> SHIFTS[c]) & MASKS[c]) + ' ');
    }

    /** A 64-bit finalizer (SplitMix64's): a different, evenly spread number for each input. */
    static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }

    private static byte[] digitPairs() {
        byte[] pairs = new byte[200];
        for (int i = 0; i < 100; i++) {
            pairs[2 * i] = (byte) ('0' + i / 10);
            pairs[2 * i + 1] = (byte) ('0' + i % 10);
        }
        return pairs;
    }
}
