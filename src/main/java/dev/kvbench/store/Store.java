package dev.kvbench.store;

import java.util.Set;

/**
 * An open key-value store: the one interface every engine adapter implements.
 *
 * <p>Keys and values cross it as Agrona {@link org.agrona.DirectBuffer}s. Keys compare as
 * unsigned bytes in every engine. A buffer a store returns is a view, valid until the next
 * call on the same reader or cursor; an engine that can hand out its own memory does, one that
 * copies copies into a buffer the adapter reuses. An adapter that hands the caller's memory to
 * an engine by address (a pointer, not the buffer object) keeps the caller's buffer reachable
 * until the engine is done with it ({@code Reference.reachabilityFence}): else a buffer the
 * caller no longer holds can be freed by its cleaner during the call.
 *
 * <p>Threads: one {@link Writer} and any number of {@link Reader}s may be open at the same
 * time, each confined to the thread that opened it. Adapters only translate calls: they never
 * time, count or verify.
 */
public interface Store extends AutoCloseable {

    /** What this engine can do; a workload that needs a missing capability is skipped. */
    Set<Capability> capabilities();

    /** True when this store declares {@code capability}. */
    default boolean has(Capability capability) {
        return capabilities().contains(capability);
    }

    /**
     * Opens the writer. At most one writer is open at a time.
     *
     * @param sequential a hint that keys arrive in ascending order, so the engine may use its
     *                   append path (LMDB {@code MDB_APPEND}); engines without one ignore it
     */
    Writer writer(boolean sequential);

    /** Opens a reader for the calling thread: one read transaction or snapshot until closed. */
    Reader reader();

    /**
     * Closes the store. Every writer and reader must be closed first. Afterwards the store's
     * folder holds everything the engine keeps, and no file of it is left open.
     */
    @Override
    void close();
}
