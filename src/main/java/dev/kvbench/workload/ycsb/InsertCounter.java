package dev.kvbench.workload.ycsb;

/**
 * The insert key numbers of a phase, shared by its threads: the next key number to insert, and
 * the last one whose insert is committed (YCSB's acknowledged counter). Operations on existing
 * keys choose among the committed ones only, so a read never asks for a key still being written.
 * Inserts are taken and committed under the phase's write lock, in order, so "committed" is the
 * last key number taken when the writer committed. With scans, {@link History} counts every
 * write with one more, its write clock, the same way.
 */
public final class InsertCounter {

    private volatile long next;
    private volatile long committed;

    /** Key numbers up to {@code lastCommitted} exist; the next insert is {@code lastCommitted + 1}. */
    public InsertCounter(long lastCommitted) {
        this.next = lastCommitted + 1;
        this.committed = lastCommitted;
    }

    /** The next key number to insert (call under the write lock). */
    @SuppressWarnings("NonAtomicVolatileUpdate") // callers hold the write lock; volatile is for the readers
    long take() {
        return next++;
    }

    /** Every key number taken so far is committed (call under the write lock, after the commit). */
    void commitTaken() {
        if (committed != next - 1) { // most commits are of updates: no volatile write (a fence) for them
            committed = next - 1;
        }
    }

    /** The last committed key number (any thread). */
    public long lastCommitted() {
        return committed;
    }

    /** Key numbers taken so far, committed or not, plus one: the key space in use. */
    long taken() {
        return next;
    }
}
