package dev.kvbench.store.lmdbshared;

import dev.kvbench.store.KeyFold;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;

/**
 * How kvbench keys (unsigned-byte order) become LMDB keys and back, for every LMDB binding. As they are, for the byte
 * comparator; or, for {@code MDB_INTEGERKEY} (keys compared as native unsigned ints), each
 * 4-byte big-endian key is byte-swapped into a reused off-heap word on the way in and back on
 * the way out. For non-negative big-endian ints both orders are the same, so every pass sees the
 * same keys in the same order either way.
 */
public interface LmdbKeys {

    /** The key to hand to LMDB: {@code key} itself or a view valid until the next call. */
    DirectBuffer in(DirectBuffer key);

    /** The kvbench key for LMDB's {@code key}: it itself or a view valid until the next call. */
    DirectBuffer out(DirectBuffer key);

    /** {@link KeyFold#fold KeyFold.fold(h, out(key))}, without translating LMDB's {@code key} back. */
    long fold(long h, DirectBuffer key);

    /** One instance per writer, reader or cursor: integer keys keep scratch words. */
    static LmdbKeys of(boolean integerKeys) {
        return integerKeys ? new Integers() : Bytes.INSTANCE;
    }

    /** Keys as they are. */
    enum Bytes implements LmdbKeys {
        INSTANCE;

        @Override
        public DirectBuffer in(DirectBuffer key) {
            return key;
        }

        @Override
        public DirectBuffer out(DirectBuffer key) {
            return key;
        }

        @Override
        public long fold(long h, DirectBuffer key) {
            return KeyFold.fold(h, key);
        }
    }

    /**
     * Keys as native-order unsigned ints. The scratch words are allocated at first use: a cursor
     * pass folds keys in place and never needs one, and a direct allocation per pass is measurable
     * (about 1% of a 100,000-entry cursor pass over LMDB).
     */
    final class Integers implements LmdbKeys {
        private UnsafeBuffer toLmdb;
        private UnsafeBuffer fromLmdb;

        @Override
        public DirectBuffer in(DirectBuffer key) {
            if (key.capacity() != Integer.BYTES) {
                throw new IllegalArgumentException(
                        "lmdb with integer keys takes 4-byte keys only, got " + key.capacity() + " bytes");
            }
            return in(key.getInt(0, ByteOrder.BIG_ENDIAN));
        }

        /** The LMDB key for the 4-byte key whose big-endian value is {@code key}: a view valid until the next call. */
        public DirectBuffer in(int key) {
            UnsafeBuffer word = toLmdb;
            if (word == null) {
                word = toLmdb = newWord();
            }
            word.putInt(0, key, ByteOrder.nativeOrder());
            return word;
        }

        @Override
        public DirectBuffer out(DirectBuffer key) {
            UnsafeBuffer word = fromLmdb;
            if (word == null) {
                word = fromLmdb = newWord();
            }
            word.putInt(0, key.getInt(0, ByteOrder.nativeOrder()), ByteOrder.BIG_ENDIAN);
            return word;
        }

        private static UnsafeBuffer newWord() {
            return new UnsafeBuffer(ByteBuffer.allocateDirect(Integer.BYTES));
        }

        @Override
        public long fold(long h, DirectBuffer key) {
            return KeyFold.foldInt(h, key.getInt(0, ByteOrder.nativeOrder()));
        }
    }
}
