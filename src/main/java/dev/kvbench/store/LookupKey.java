package dev.kvbench.store;

import org.agrona.DirectBuffer;

/**
 * A key copied into a reused {@code byte[]}, for lookups of engines that compare keys as arrays and
 * do not keep the key they are asked for (MapDB, MVStore, Xodus): reallocated only when the key
 * length changes. One per writer, reader or cursor; not thread-safe. An adapter that wraps the array
 * in its engine's own key type extends it, so that the copy stays one call on one object.
 */
public class LookupKey {

    private static final byte[] EMPTY = new byte[0];

    private byte[] bytes = EMPTY;

    /** {@code key}'s bytes in this lookup key's array, valid until the next call. */
    public final byte[] of(DirectBuffer key) {
        if (bytes.length != key.capacity()) {
            bytes = new byte[key.capacity()];
        }
        key.getBytes(0, bytes);
        return bytes;
    }
}
