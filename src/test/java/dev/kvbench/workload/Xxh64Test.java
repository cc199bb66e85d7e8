package dev.kvbench.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import net.openhft.hashing.LongHashFunction;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;

/**
 * kvbench's own XXH64 gives the numbers Zero-Allocation-Hashing's {@code LongHashFunction.xx()} gives,
 * the reference the published checksums were made with, for every length through each tail (8, 4 and
 * 1 bytes) and each stripe count, on heap and off-heap memory, read from a buffer that does not start
 * at its memory's first byte (so no lane is aligned and the bytes around the view must not count).
 */
class Xxh64Test {

    private static final LongHashFunction REFERENCE = LongHashFunction.xx();
    private static final long SEED = 0x5EED_0F_0CC5L;

    @Test
    void matchesTheSpecificationsTestVectors() {
        // From the xxHash project's published sanity values for seed 0: independent of both implementations.
        assertEquals(0xEF46DB3751D8E999L, Xxh64.hash(new UnsafeBuffer(new byte[0])));
        assertEquals(0x44BC2CF5AD770999L, Xxh64.hash(new UnsafeBuffer("abc".getBytes(StandardCharsets.US_ASCII))));
    }

    @Test
    void equalsTheReferenceForEveryLengthUpTo300OnHeapAndOffHeap() {
        SplittableRandom random = new SplittableRandom(SEED);
        for (int length = 0; length <= 300; length++) {
            checkHeap(random, length);
            checkDirect(random, length);
        }
    }

    @Test
    void equalsTheReferenceForRandomLengthsUpTo64KiBOnHeapAndOffHeap() {
        SplittableRandom random = new SplittableRandom(SEED + 1);
        for (int n = 0; n < 300; n++) {
            checkHeap(random, random.nextInt(301, 65_537));
            checkDirect(random, random.nextInt(301, 65_537));
        }
    }

    @Test
    void seesEveryByte() {
        // 111 bytes: three stripes, then one 8-byte, one 4-byte and three 1-byte tails; any bit flipped changes the
        // hash.
        byte[] bytes = new byte[111];
        new SplittableRandom(SEED).nextBytes(bytes);
        long original = Xxh64.hash(new UnsafeBuffer(bytes));
        for (int i = 0; i < bytes.length; i++) {
            for (int bit = 0; bit < 8; bit++) {
                bytes[i] ^= (byte) (1 << bit);
                long flipped = Xxh64.hash(new UnsafeBuffer(bytes));
                bytes[i] ^= (byte) (1 << bit);
                int at = i;
                int b = bit;
                assertNotEquals(original, flipped, () -> "byte " + at + " bit " + b + " does not change the hash");
            }
        }
    }

    /** A heap buffer over {@code length} random bytes at a random non-zero offset into a larger array. */
    private static void checkHeap(SplittableRandom random, int length) {
        int offset = random.nextInt(1, 16);
        byte[] memory = new byte[offset + length + random.nextInt(1, 16)];
        random.nextBytes(memory);
        assertEquals(
                REFERENCE.hashBytes(memory, offset, length),
                Xxh64.hash(new UnsafeBuffer(memory, offset, length)),
                () -> "heap, length " + length + " at offset " + offset);
    }

    /** An off-heap buffer over {@code length} random bytes at a random non-zero offset into direct memory. */
    private static void checkDirect(SplittableRandom random, int length) {
        int offset = random.nextInt(1, 16);
        byte[] contents = new byte[offset + length + random.nextInt(1, 16)];
        random.nextBytes(contents);
        ByteBuffer memory =
                ByteBuffer.allocateDirect(contents.length).put(contents).clear();
        UnsafeBuffer view = new UnsafeBuffer(memory, offset, length);
        assertNull(view.byteArray(), "not off-heap");
        assertEquals(
                REFERENCE.hashBytes(memory, offset, length),
                Xxh64.hash(view),
                () -> "direct, length " + length + " at offset " + offset);
    }
}
