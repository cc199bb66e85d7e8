package dev.kvbench.store;

/** What a store can do. Declared honestly by each adapter; never imitated. */
public enum Capability {
    /** Keys iterate in unsigned byte order through a {@link Cursor}, forwards and backwards. */
    ORDERED,
    /** A reader sees one consistent snapshot of committed data for its whole life. */
    SNAPSHOT_READS,
    /** The writes between two commits become visible together or not at all. */
    ATOMIC_COMMIT,
    /**
     * The store keeps nothing: it accepts every write, and every read finds nothing (no value, an
     * empty cursor). Only the {@code null} store declares it, to time the harness's own cost. The
     * conformance suite holds such a store to that contract; a trial verifies its reads against
     * "nothing found", and the cursor workloads, which would time an empty loop, are skipped.
     */
    DISCARDS
}
