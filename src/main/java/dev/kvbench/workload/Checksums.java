package dev.kvbench.workload;

import dev.kvbench.store.KeyFold;
import java.util.zip.CRC32;
import org.agrona.DirectBuffer;

/**
 * The two checksums of a full forward pass, defined once and used both for the expected value
 * (from the generator) and for what an engine returns, so they cannot drift apart.
 *
 * <ul>
 * <li>CRC32 ({@link java.util.zip.CRC32}): one CRC updated, entry by entry in ascending key
 * order, with the key's bytes and then the value's bytes. As in the 2016 benchmark the bytes
 * are first copied into a reused {@code byte[]} (an engine's memory is not a
 * {@code ByteBuffer}), the same cost for every engine.
 * <li>XXH64 (seed 0, {@code Xxh64}, the same numbers as Zero-Allocation-Hashing's
 * {@code LongHashFunction.xx()} without its {@code sun.misc.Unsafe}): each key and each
 * value hashed in place, folded in order as {@code h = 31 * h + xxh64(bytes)} from
 * {@code h = 0}, key then value. The 2016 benchmark summed the hashes, which cannot see order;
 * this fold can.
 * <li>Key fold ({@link KeyFold}): what readSeq and readRev check, an order-sensitive
 * fingerprint of the keys a cursor pass saw.
 * </ul>
 */
public final class Checksums {

    /** The XXH64 fold's starting value. */
    public static final long XXH64_START = 0L;

    private Checksums() {}

    /** Folds the XXH64 of {@code bytes} into {@code h}: {@code 31 * h + xxh64(bytes)}. */
    public static long xxh64(long h, DirectBuffer bytes) {
        return 31 * h + Xxh64.hash(bytes);
    }

    /** Formats a CRC32 value as 8 hex digits. */
    public static String crcHex(long crc) {
        return String.format("%08x", crc);
    }

    /** Formats an XXH64 fold as 16 hex digits. */
    public static String xxhHex(long xxh) {
        return String.format("%016x", xxh);
    }

    /** A CRC32 over keys and values, with its reused copy buffer. Not thread-safe. */
    public static final class Crc {

        private final CRC32 crc = new CRC32();
        private byte[] copy = new byte[64];

        public void update(DirectBuffer bytes) {
            int length = bytes.capacity();
            if (length > copy.length) {
                copy = new byte[Math.max(length, copy.length * 2)];
            }
            bytes.getBytes(0, copy, 0, length);
            crc.update(copy, 0, length);
        }

        public long value() {
            return crc.getValue();
        }
    }
}
