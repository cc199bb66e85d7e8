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
     * A cursor over this reader's snapshot, in unsigned byte order of keys.
     *
     * @throws UnsupportedOperationException when the store lacks {@link Capability#ORDERED}
     */
    Cursor cursor();

    @Override
    void close();
}
