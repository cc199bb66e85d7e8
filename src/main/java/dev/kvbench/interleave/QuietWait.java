package dev.kvbench.interleave;

import java.util.function.LongSupplier;

/**
 * Waits after a turn until the engine's JVM is quiet: its process CPU grew by less than {@link #BUSY_SHARE} of one
 * core over each of {@link #QUIET_POLLS} polls in a row, or {@link #CAP_MILLIS} ran out. A flush or compaction an
 * engine starts in its turn then runs before the JVM answers, not during the next engine's turn: on a 2-core host
 * it would take a core from that turn. The turn's own time leaves the wait out (what a client sees when spare cores
 * absorb the work); the CPU of the turn and the wait together is what the work costs.
 */
final class QuietWait {

    static final long POLL_MILLIS = 10;
    /** Less than this share of one core over a poll is quiet: the sampler and the JVM's housekeeping stay below it. */
    static final double BUSY_SHARE = 0.10;

    static final int QUIET_POLLS = 2;
    /** A JVM busy longer than this (a long compaction) answers anyway; its CPU so far still counts. */
    static final long CAP_MILLIS = 2_000;

    private QuietWait() {}

    /** Waits as the class says on {@code cpuNanos}, the process's CPU so far; returns the time waited, ns. */
    static long await(LongSupplier cpuNanos) throws InterruptedException {
        long start = System.nanoTime();
        long last = cpuNanos.getAsLong();
        int quiet = 0;
        while (quiet < QUIET_POLLS && System.nanoTime() - start < CAP_MILLIS * 1_000_000L) {
            long pollStart = System.nanoTime();
            Thread.sleep(POLL_MILLIS);
            long now = cpuNanos.getAsLong();
            long elapsed = System.nanoTime() - pollStart;
            quiet = now - last < BUSY_SHARE * elapsed ? quiet + 1 : 0;
            last = now;
        }
        return System.nanoTime() - start;
    }
}
