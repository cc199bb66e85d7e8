package dev.kvbench.workload;

import java.nio.ByteOrder;
import org.agrona.DirectBuffer;

/**
 * XXH64 with seed 0, as the xxHash specification defines it
 * (https://github.com/Cyan4973/xxHash/blob/dev/doc/xxhash_spec.md), over all the bytes of a
 * {@link DirectBuffer}.
 *
 * <p>It is written here rather than taken from Zero-Allocation-Hashing because that library reads
 * memory through {@code sun.misc.Unsafe}, which fails on a JDK run with
 * {@code --sun-misc-unsafe-memory-access=deny} (JEP 471/498): the harness must never be the thing
 * that fails an engine's run. Reading through the buffer's own accessors works the same for heap
 * ({@code byteArray() != null}) and off-heap memory. The result is the same number Zero-Allocation-
 * Hashing's {@code LongHashFunction.xx()} gives, which the tests check.
 *
 * <p>It is on the timed path of readXxh64 for every engine, so it stays one pass with no object
 * per call: 32-byte stripes into four accumulators, then the 8-, 4- and 1-byte tails, then the
 * avalanche.
 */
final class Xxh64 {

    private static final long PRIME64_1 = 0x9E3779B185EBCA87L;
    private static final long PRIME64_2 = 0xC2B2AE3D27D4EB4FL;
    private static final long PRIME64_3 = 0x165667B19E3779F9L;
    private static final long PRIME64_4 = 0x85EBCA77C2B2AE63L;
    private static final long PRIME64_5 = 0x27D4EB2F165667C5L;

    /** The specification reads every lane little-endian, whatever the machine's order. */
    private static final ByteOrder LANES = ByteOrder.LITTLE_ENDIAN;

    private Xxh64() {}

    /** The XXH64 (seed 0) of {@code bytes} from index 0 to its capacity. */
    @SuppressWarnings(
            "ConstantOverflow") // XXH64's first lane starts at prime 1 + prime 2 modulo 2^64, as the spec has it
    static long hash(DirectBuffer bytes) {
        int length = bytes.capacity();
        int i = 0;
        long acc;
        if (length >= 32) {
            long acc1 = PRIME64_1 + PRIME64_2;
            long acc2 = PRIME64_2;
            long acc3 = 0;
            long acc4 = -PRIME64_1;
            int stripesEnd = length & ~31;
            for (; i < stripesEnd; i += 32) {
                acc1 = round(acc1, bytes.getLong(i, LANES));
                acc2 = round(acc2, bytes.getLong(i + 8, LANES));
                acc3 = round(acc3, bytes.getLong(i + 16, LANES));
                acc4 = round(acc4, bytes.getLong(i + 24, LANES));
            }
            acc = Long.rotateLeft(acc1, 1)
                    + Long.rotateLeft(acc2, 7)
                    + Long.rotateLeft(acc3, 12)
                    + Long.rotateLeft(acc4, 18);
            acc = merge(acc, acc1);
            acc = merge(acc, acc2);
            acc = merge(acc, acc3);
            acc = merge(acc, acc4);
        } else {
            acc = PRIME64_5;
        }
        acc += length;
        for (; i <= length - 8; i += 8) {
            acc ^= round(0, bytes.getLong(i, LANES));
            acc = Long.rotateLeft(acc, 27) * PRIME64_1 + PRIME64_4;
        }
        if (i <= length - 4) {
            // the lane is an unsigned 32-bit value: no sign may spread into the upper half
            acc ^= (bytes.getInt(i, LANES) & 0xFFFF_FFFFL) * PRIME64_1;
            acc = Long.rotateLeft(acc, 23) * PRIME64_2 + PRIME64_3;
            i += 4;
        }
        for (; i < length; i++) {
            acc ^= (bytes.getByte(i) & 0xFFL) * PRIME64_5;
            acc = Long.rotateLeft(acc, 11) * PRIME64_1;
        }
        return avalanche(acc);
    }

    private static long round(long acc, long lane) {
        return Long.rotateLeft(acc + lane * PRIME64_2, 31) * PRIME64_1;
    }

    private static long merge(long acc, long accN) {
        return (acc ^ round(0, accN)) * PRIME64_1 + PRIME64_4;
    }

    private static long avalanche(long acc) {
        acc ^= acc >>> 33;
        acc *= PRIME64_2;
        acc ^= acc >>> 29;
        acc *= PRIME64_3;
        return acc ^ (acc >>> 32);
    }
}
