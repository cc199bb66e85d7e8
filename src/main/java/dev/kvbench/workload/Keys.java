package dev.kvbench.workload;

import java.nio.ByteOrder;
import org.agrona.DirectBuffer;
import org.agrona.MutableDirectBuffer;

/** How key integers become key bytes, how random keys are drawn, and how keys compare. */
public final class Keys {

    private static final int MASK = 0x7fff_ffff;

    private Keys() {}

    /**
     * The {@code i}-th random key: a seeded bijection of [0, 2^31) onto itself (xor with the
     * seed, then xorshift and odd-multiply rounds, each invertible modulo 2^31). Distinct
     * {@code i} give distinct non-negative keys, with no table and no de-duplication, and the
     * same seed gives the same keys in the same order in every JVM.
     */
    public static int random(int i, long seed) {
        int x = (i ^ (int) (seed ^ (seed >>> 32))) & MASK;
        x ^= x >>> 16;
        x = (x * 0x7feb_352d) & MASK;
        x ^= x >>> 15;
        x = (x * 0x846c_a68b) & MASK;
        x ^= x >>> 16;
        return x;
    }

    /** Writes key {@code k} at {@code index}: 4 bytes big-endian, or 16 zero-padded ASCII digits. */
    public static void encode(int k, boolean intKey, MutableDirectBuffer to, int index) {
        if (intKey) {
            to.putInt(index, k, ByteOrder.BIG_ENDIAN);
            return;
        }
        int rest = k;
        for (int at = index + DataSpec.STRING_KEY_SIZE - 1; at >= index; at--) {
            to.putByte(at, (byte) ('0' + rest % 10));
            rest /= 10;
        }
    }

    /** Compares two keys as unsigned bytes, shorter first on a common prefix (memcmp order). */
    public static int compare(DirectBuffer a, DirectBuffer b) {
        int la = a.capacity();
        int lb = b.capacity();
        int n = Math.min(la, lb);
        int i = 0;
        for (; i + Long.BYTES <= n; i += Long.BYTES) {
            long x = a.getLong(i, ByteOrder.BIG_ENDIAN);
            long y = b.getLong(i, ByteOrder.BIG_ENDIAN);
            if (x != y) {
                return Long.compareUnsigned(x, y);
            }
        }
        for (; i < n; i++) {
            int x = a.getByte(i) & 0xff;
            int y = b.getByte(i) & 0xff;
            if (x != y) {
                return x - y;
            }
        }
        return Integer.compare(la, lb);
    }

    /** A key for messages: its decimal int for a 4-byte key, its ASCII for a 16-byte one, else hex. */
    public static String describe(DirectBuffer key) {
        int length = key.capacity();
        if (length == DataSpec.INT_KEY_SIZE) {
            return Integer.toString(key.getInt(0, ByteOrder.BIG_ENDIAN));
        }
        StringBuilder text = new StringBuilder();
        boolean ascii = true;
        for (int i = 0; i < length; i++) {
            byte b = key.getByte(i);
            ascii &= b >= 0x20 && b < 0x7f;
            text.append((char) b);
        }
        if (ascii) {
            return '"' + text.toString() + '"';
        }
        StringBuilder hex = new StringBuilder("0x");
        for (int i = 0; i < length; i++) {
            hex.append(String.format("%02x", key.getByte(i) & 0xff));
        }
        return hex.toString();
    }
}
