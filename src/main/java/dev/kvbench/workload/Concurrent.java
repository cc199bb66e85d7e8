package dev.kvbench.workload;

/**
 * The shape of a concurrent run (readWhileWriting, prefixScan): reader threads doing lookups or
 * scans for a fixed time while, optionally, one writer overwrites existing keys at a target rate.
 *
 * @param readers        reader threads, each with its own reader (at least 1)
 * @param writer         whether the rate-limited writer runs
 * @param writesPerSec   the writer's target rate; 0 = as fast as it can
 * @param durationSec    seconds the readers run (at least 1)
 * @param recordLatency  whether each read operation is timed into a per-thread HdrHistogram;
 *                       off, no clock is read per operation (to measure what recording costs)
 */
public record Concurrent(int readers, boolean writer, int writesPerSec, int durationSec, boolean recordLatency) {

    /** Entries the writer puts per commit: small batches, as an application's writer commits. */
    public static final int COMMIT_EVERY = 100;
    /**
     * Operations a reader makes on one reader (snapshot or read transaction) before it takes a
     * new one: readers see the writer's commits, and LMDB can reuse the pages a long-lived read
     * transaction would pin.
     */
    public static final int RENEW_EVERY = 1024;

    public Concurrent {
        if (readers < 1) {
            throw new IllegalArgumentException("readers must be >= 1, was " + readers);
        }
        if (writesPerSec < 0) {
            throw new IllegalArgumentException(
                    "writesPerSec must be >= 0 (0 = as fast as it can), was " + writesPerSec);
        }
        if (durationSec < 1) {
            throw new IllegalArgumentException("duration must be >= 1 (seconds), was " + durationSec);
        }
    }
}
