package dev.kvbench.store;

import org.agrona.DirectBuffer;

/**
 * A reader's lookup of 4-byte keys given as ints, for engines that take such a key as a number
 * (LMDB's integer keys): the caller's int goes to the engine without a byte buffer and a byte
 * swap in between. Offered by {@link Reader#intKeys()}; same thread and lifetime as its reader.
 */
@FunctionalInterface
public interface IntKeyLookup {

    /**
     * The value stored under the key whose 4 bytes are {@code key} big-endian, or {@code null}
     * when absent: what {@link Reader#get} of those bytes returns, a view valid until the next
     * call on the reader.
     */
    DirectBuffer get(int key);
}
