package dev.kvbench.store;

/** What a store can do. Declared honestly by each adapter; never imitated. */
public enum Capability {
    /** Keys iterate in unsigned byte order through a {@link Cursor}, forwards and backwards. */
    ORDERED,
    /** A reader sees one consistent snapshot of committed data for its whole life. */
    SNAPSHOT_READS,
    /** The writes between two commits become visible together or not at all. */
    ATOMIC_COMMIT
}
