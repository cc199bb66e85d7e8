package dev.kvbench.store;

import org.agrona.DirectBuffer;

/**
 * One read transaction or snapshot, held for a whole pass and confined to one thread.
 */
public interface Reader extends AutoCloseable {

    /**
     * The value stored under {@code key}, or {@code null} when absent. The returned buffer is a
     * view valid until the next call on this reader.
     */
    DirectBuffer get(DirectBuffer key);

    /**
     * This reader's lookup of 4-byte keys given as ints, or {@code null} (the default) when the
     * engine takes keys as bytes only, so {@link #get(DirectBuffer)} is the way. Only an engine
     * that takes a 4-byte key as a number offers one: for every other the int would just be
     * written back into bytes.
     */
    default IntKeyLookup intKeys() {
        return null;
    }

    /**
     * A cursor over this reader's snapshot, in unsigned byte order of keys.
     *
     * @throws UnsupportedOperationException when the store lacks {@link Capability#ORDERED}
     */
    Cursor cursor();

    @Override
    void close();
}
