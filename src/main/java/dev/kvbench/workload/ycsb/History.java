package dev.kvbench.workload.ycsb;

import dev.kvbench.workload.VerificationException;
import dev.kvbench.workload.Workload;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.locks.ReentrantLock;

/**
 * What a YCSB workload's client threads wrote, shared by them across its phases, and what every answer is checked
 * against ({@link YcsbWorkload} says how): each key number's newest version and newest deletion, the insert counter,
 * the write clock with the tick of each key number's last write, the loaded keys in key order, each thread's versions
 * seen, and the one write lock. It lives as long as the workload; a phase's threads come and go.
 */
final class History {

    /**
     * Attempts to take the write lock, one spin-wait hint apart, before a client thread blocks on
     * it: the other thread's write often holds it for well under a microsecond, and parking a
     * thread and waking it costs several.
     */
    static final int LOCK_SPINS = 100;

    final WorkloadProperties properties;
    final int capacity;
    final AtomicIntegerArray versions;
    final AtomicIntegerArray deletions;
    final InsertCounter inserts;
    /**
     * The write clock, with scans: every write takes the next tick (under the write lock) and a
     * commit makes every tick taken so far committed, as {@link #inserts} does for insert key
     * numbers. A reader opened after tick t was committed sees every write up to t.
     */
    final InsertCounter writes = new InsertCounter(0);
    /** With scans: the tick of each key number's last write, 0 before its first. */
    final AtomicLongArray writtenAt;
    /** With scans: the key numbers in key order, made when the first run phase begins. */
    KeyOrder order;

    final AtomicLong sequential = new AtomicLong();
    private final String spec;
    private final ReentrantLock writeLock = new ReentrantLock();
    private final int[][] seen;

    History(WorkloadProperties properties, String spec, int capacity) {
        this.properties = properties;
        this.spec = spec;
        this.capacity = capacity;
        this.versions = new AtomicIntegerArray(capacity);
        this.deletions = new AtomicIntegerArray(capacity);
        this.inserts = new InsertCounter(properties.insertStart() - 1);
        this.writtenAt = properties.scans() ? new AtomicLongArray(capacity) : null;
        this.seen = new int[properties.threadCount()][];
    }

    /** The versions thread {@code t} last wrote or saw, by key number: what its next read must see at least. */
    int[] seen(int t) {
        if (seen[t] == null) {
            seen[t] = new int[capacity];
        }
        return seen[t];
    }

    /** Every insert and write taken so far is committed (under the write lock, after the commit). */
    void commitTaken() {
        inserts.commitTaken();
        writes.commitTaken();
    }

    /** Takes the write lock, trying {@value #LOCK_SPINS} times before blocking on it. */
    void lockWrites() {
        for (int spin = 0; spin < LOCK_SPINS; spin++) {
            if (writeLock.tryLock()) {
                return;
            }
            Thread.onSpinWait();
        }
        writeLock.lock();
    }

    void unlockWrites() {
        writeLock.unlock();
    }

    VerificationException fail(String expected, String actual) {
        return new VerificationException(spec, Workload.YCSB, expected, actual);
    }
}
