package dev.kvbench.store;

import org.agrona.DirectBuffer;

/**
 * Writes into the current batch (write batch, write transaction, ...). {@link #commit()} ends a
 * batch and starts the next. Confined to the thread that opened it.
 */
public interface Writer extends AutoCloseable {

    /** Inserts or replaces {@code key}. The buffers may be reused by the caller after return. */
    void put(DirectBuffer key, DirectBuffer value);

    /** Removes {@code key} if present. */
    void delete(DirectBuffer key);

    /** Makes the current batch durable to the store's settings and visible to new readers. */
    void commit();

    /** Ends the writer. Writes since the last commit are not guaranteed to survive. */
    @Override
    void close();
}
