package dev.kvbench.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The key fold readSeq and readRev are checked with: order-sensitive, and the same for an int and its bytes. */
class KeyFoldTest {

    private static DirectBuffer bigEndian(int k) {
        return new UnsafeBuffer(ByteBuffer.allocate(Integer.BYTES)
                .order(ByteOrder.BIG_ENDIAN)
                .putInt(0, k)
                .array());
    }

    private static long foldInts(List<Integer> keys) {
        long h = KeyFold.START;
        for (int k : keys) {
            h = KeyFold.foldInt(h, k);
        }
        return h;
    }

    private static long foldBytes(List<byte[]> keys) {
        long h = KeyFold.START;
        for (byte[] k : keys) {
            h = KeyFold.fold(h, new UnsafeBuffer(k));
        }
        return h;
    }

    @Test
    void anIntFoldsAsItsBigEndianBytes() {
        long h = KeyFold.START;
        long g = KeyFold.START;
        for (int k : new int[] {0, 1, 0x7f, 0x80, 0xff, 0x100, 0x7fff_ffff, 0x8000_0000, -1, 123_456_789}) {
            h = KeyFold.foldInt(h, k);
            g = KeyFold.fold(g, bigEndian(k));
            assertEquals(g, h, "key " + Integer.toHexString(k));
        }
    }

    @Test
    void aFourByteArrayFoldsAsABufferOverIt() {
        long h = KeyFold.START;
        long g = KeyFold.START;
        UnsafeBuffer view = new UnsafeBuffer(new byte[0]);
        for (int k : new int[] {0, 1, 0x7f, 0x80, 0xff, 0x100, 0x7fff_ffff, 0x8000_0000, -1, 123_456_789}) {
            byte[] bytes = java.nio.ByteBuffer.allocate(Integer.BYTES).putInt(k).array();
            h = KeyFold.fold(h, bytes, view);
            g = KeyFold.fold(g, new UnsafeBuffer(bytes));
            assertEquals(g, h, "key " + Integer.toHexString(k));
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {0, 1, 3, 5, 8, 12, 16, 23})
    void anArrayOfAnotherLengthFoldsAsABufferOverIt(int length) {
        byte[] bytes = new byte[length];
        for (int i = 0; i < length; i++) {
            bytes[i] = (byte) (i * 37 + 11);
        }
        UnsafeBuffer view = new UnsafeBuffer(new byte[0]);
        assertEquals(KeyFold.fold(7, new UnsafeBuffer(bytes)), KeyFold.fold(7, bytes, view));
    }

    /** Every swap of two keys of a 2,000-key ascending pass, near or far apart, changes the fold. */
    @Test
    void everySwapOfTwoKeysChangesTheFold() {
        List<Integer> keys = new ArrayList<>();
        for (int k = 0; k < 2_000; k++) {
            keys.add(k * 3);
        }
        long ascending = foldInts(keys);
        for (int i = 0; i < keys.size(); i += 7) {
            for (int j = i + 1; j < keys.size(); j += 13) {
                Collections.swap(keys, i, j);
                assertNotEquals(ascending, foldInts(keys), "keys " + i + " and " + j + " swapped");
                Collections.swap(keys, i, j);
            }
        }
        assertEquals(ascending, foldInts(keys));
    }

    @Test
    void aMissingARepeatedOrAReplacedKeyChangesTheFold() {
        List<Integer> keys = new ArrayList<>();
        for (int k = 0; k < 1_000; k++) {
            keys.add(k);
        }
        long all = foldInts(keys);
        Set<Long> folds = new HashSet<>();
        folds.add(all);
        folds.add(foldInts(keys.subList(1, keys.size())));
        folds.add(foldInts(keys.subList(0, keys.size() - 1)));
        List<Integer> repeated = new ArrayList<>(keys);
        repeated.set(500, 499);
        folds.add(foldInts(repeated));
        List<Integer> replaced = new ArrayList<>(keys);
        replaced.set(999, 1_000);
        folds.add(foldInts(replaced));
        List<Integer> reversed = new ArrayList<>(keys);
        Collections.reverse(reversed);
        folds.add(foldInts(reversed));
        assertEquals(6, folds.size(), "every change gives a fold of its own");
    }

    /** Keys of other lengths (string keys, odd lengths) fold every byte, in order. */
    @ParameterizedTest
    @ValueSource(ints = {1, 3, 5, 8, 12, 16, 23})
    void keysOfOtherLengthsFoldEveryByteInOrder(int length) {
        List<byte[]> keys = new ArrayList<>();
        for (int k = 0; k < 50; k++) {
            byte[] key = new byte[length];
            key[length - 1] = (byte) k;
            key[0] ^= (byte) (k * 7);
            keys.add(key);
        }
        long all = foldBytes(keys);
        Collections.swap(keys, 10, 11);
        assertNotEquals(all, foldBytes(keys), "two keys swapped");
        Collections.swap(keys, 10, 11);
        for (int b = 0; b < length; b++) {
            keys.get(20)[b] ^= 1;
            assertNotEquals(all, foldBytes(keys), "byte " + b + " of one key changed");
            keys.get(20)[b] ^= 1;
        }
        assertEquals(all, foldBytes(keys));
    }
}
