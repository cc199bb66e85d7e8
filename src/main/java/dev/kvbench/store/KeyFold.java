package dev.kvbench.store;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * The key fold: an order-sensitive 64-bit fingerprint of a cursor pass's key sequence, what
 * readSeq and readRev check against the data generator's prediction. It is a polynomial hash
 * over the keys, {@code h = h * K + x} for an odd {@code K}, where {@code x} is a 4-byte key's
 * bytes read in place as one native-order int, or, for keys of other lengths, their bytes read 8,
 * 4 and 1 at a time in place and multiplied into one word. It depends on every key and on their
 * order: two different keys {@code d} places apart that trade places change it by their
 * difference times {@code K^d - 1}, which is never a multiple of 2^64 for 4-byte keys in a pass of
 * under 2^30 keys ({@code K = 1 mod 4}, so {@code K^d - 1} has two more factors of two than
 * {@code d}; the difference has at most 31). A 4-byte key costs a load and one
 * multiply-add, so the timed pass stays the engine's pass: LMDB's sequential cursor pass over
 * 100,000 int keys measured 3-4% slower through the Store than lmdbjava's own loop with the
 * earlier fold ({@code h * K ^ (4 ^ x) * K}), 2% with this one, 1% when the direct loop folded
 * too. (Copying and comparing each key with the previous one cost about a fifth of LMDB's readSeq.)
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
    private static final VarHandle NATIVE_INT =
            MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.nativeOrder());

    private KeyFold() {}

    /** Folds {@code key} into the fingerprint {@code h}. */
    public static long fold(long h, DirectBuffer key) {
        int length = key.capacity();
        if (length == Integer.BYTES) {
            return h * K + key.getInt(0);
        }
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
        return h * K + x;
    }

    /**
     * The same as {@link #fold} of the 4-byte key whose bytes are {@code value} in big-endian
     * order (kvbench's int keys), without the bytes: for adapters that hold int keys as ints.
     */
    public static long foldInt(long h, int value) {
        return h * K + (LITTLE_ENDIAN ? Integer.reverseBytes(value) : value);
    }

    /**
     * The same as {@link #fold} of a buffer over exactly {@code key}'s bytes, for adapters whose
     * engine hands out keys as {@code byte[]}: a 4-byte key is read from the array in place; a key
     * of another length is folded through {@code view}, wrapped over it (the adapter's own view, so
     * that nothing is allocated per key).
     */
    public static long fold(long h, byte[] key, UnsafeBuffer view) {
        if (key.length == Integer.BYTES) {
            return h * K + (int) NATIVE_INT.get(key, 0);
        }
        view.wrap(key);
        return fold(h, view);
    }

    /** Formats a key fold as 16 hex digits. */
    public static String hex(long fold) {
        return String.format("%016x", fold);
    }
}
