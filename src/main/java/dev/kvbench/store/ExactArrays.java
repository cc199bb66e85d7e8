package dev.kvbench.store;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * Byte arrays reused by length, for engines whose API takes a key or value as a whole
 * {@code byte[]} (leveldbjni, SQLite's JDBC driver) and does not keep it after the call: one
 * array per length up to {@link #CACHED_LENGTHS} (keys, small values), and one reused array for
 * the last larger length, so that varied large values cannot pile up arrays. Not thread-safe.
 */
public final class ExactArrays {

    private static final int CACHED_LENGTHS = 1024;

    private final byte[][] byLength = new byte[CACHED_LENGTHS + 1][];
    private byte[] large = new byte[0];

    /**
     * The array an engine's lookup returned, seen through {@code view}, or null where it found nothing: the value a
     * {@code Reader.get} of an engine whose API answers with a {@code byte[]} hands back.
     */
    public static DirectBuffer view(UnsafeBuffer view, byte[] found) {
        if (found == null) {
            return null;
        }
        view.wrap(found);
        return view;
    }

    /** {@code source}'s bytes in a new array of exactly its length, for engines that keep the array they are given. */
    public static byte[] newCopy(DirectBuffer source) {
        byte[] bytes = new byte[source.capacity()];
        source.getBytes(0, bytes);
        return bytes;
    }

    /** {@code source}'s bytes in an array of exactly its length: its own array when it spans one whole, else a reused one. */
    public byte[] copyOf(DirectBuffer source) {
        int length = source.capacity();
        byte[] whole = source.byteArray();
        if (whole != null && whole.length == length && source.wrapAdjustment() == 0) {
            return whole;
        }
        byte[] copy = array(length);
        source.getBytes(0, copy);
        return copy;
    }

    private byte[] array(int length) {
        if (length <= CACHED_LENGTHS) {
            byte[] array = byLength[length];
            if (array == null) {
                array = new byte[length];
                byLength[length] = array;
            }
            return array;
        }
        if (large.length != length) {
            large = new byte[length];
        }
        return large;
    }
}
