package dev.kvbench.store;

import java.nio.ByteOrder;
import org.agrona.DirectBuffer;

/**
 * The key fold: an order-sensitive 64-bit fingerprint of a cursor pass's key sequence, what
 * readSeq and readRev check against the data generator's prediction. Each key's bytes, read 8, 4
 * and 1 at a time in place (native order), are multiplied into one word that is folded into the
 * running value by an xor and an odd multiply; the fold depends on every key and on their order,
 * and costs a load and two multiplies per 4-byte key, so the timed pass stays the engine's pass.
 * (Copying and comparing each key with the previous one cost about a fifth of LMDB's readSeq.)
 *
 * <p>It lives with the {@link Store} contract because a {@link Cursor} may fold the key it stands
 * on itself ({@link Cursor#foldKey}) when its engine keeps keys in another form: LMDB's integer
 * keys are native-order ints, and folding them as they are saves translating each one back.
 */
public final class KeyFold {

    /** The fold of an empty pass. */
    public static final long START = 1L;

    private static final long K = 0x9e37_79b9_7f4a_7c15L;
    private static final boolean LITTLE_ENDIAN = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;

    private KeyFold() {
    }

    /** Folds {@code key} into the fingerprint {@code h}. */
    public static long fold(long h, DirectBuffer key) {
        int length = key.capacity();
        long x = length;
        int i = 0;
        for (; i + Long.BYTES <= length; i += Long.BYTES) {
            x = (x ^ key.getLong(i)) * K;
        }
        if (i + Integer.BYTES <= length) {
            x = (x ^ key.getInt(i)) * K;
            i += Integer.BYTES;
        }
        for (; i < length; i++) {
            x = (x ^ key.getByte(i)) * K;
        }
        return (h * K) ^ x;
    }

    /**
     * The same as {@link #fold} of the 4-byte key whose bytes are {@code value} in big-endian
     * order (kvbench's int keys), without the bytes: for adapters that hold int keys as ints.
     */
    public static long foldInt(long h, int value) {
        int inPlace = LITTLE_ENDIAN ? Integer.reverseBytes(value) : value;
        return (h * K) ^ ((Integer.BYTES ^ inPlace) * K);
    }

    /** Formats a key fold as 16 hex digits. */
    public static String hex(long fold) {
        return String.format("%016x", fold);
    }
}
