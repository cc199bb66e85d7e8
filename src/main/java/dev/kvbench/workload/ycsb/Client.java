package dev.kvbench.workload.ycsb;

import dev.kvbench.store.Capability;
import dev.kvbench.store.Reader;
import dev.kvbench.store.Store;
import dev.kvbench.store.Writer;
import dev.kvbench.workload.Latency;
import dev.kvbench.workload.ycsb.WorkloadProperties.Op;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.agrona.DirectBuffer;
import org.apache.commons.rng.UniformRandomProvider;

/**
 * One client thread of a phase, or of the run's turns: its own reader, random streams and latency recorders, its
 * operations checked against the workload's {@link History} as {@link YcsbWorkload} says; the writer it holds
 * (one client thread) or opens per write (more).
 */
final class Client {
    final int id;
    final Store store;
    final boolean counted;
    /** Operations this thread runs in the phase, or in the current turn ({@link YcsbWorkload.RunTurns}). */
    long share;
    /** Whether the operations are counted and timed: not in a warm-up or catch-up turn. */
    volatile boolean recording = true;

    final boolean loading;
    final int[] seenVersions;
    final double nanosPerOp;
    final long[] counts = new long[Op.values().length];
    final Latency[] service = new Latency[Op.values().length];
    final Latency[] intended = new Latency[Op.values().length];
    private final History history;
    private final WorkloadProperties properties;
    private final Records records;
    private final ClientScan scans;
    private final boolean discards;
    private final boolean holdsWriter;
    /** Whether an update writes blindly ({@link #update}). */
    private final boolean writeAllFields;
    /** Writes per commit when this thread holds the writer. */
    final int batch;

    private UniformRandomProvider random;
    private OperationMix mix;
    private KeyChooser chooser;
    private ScanLength scanLength;
    private Reader reader;
    private int readerOps;
    /** The last key number committed when the reader was opened: it sees every key up to it. */
    private long readerHorizon;
    /** The last write clock tick committed when the reader was opened: it sees every write up to it. */
    private long readerWrites;

    private Writer writer;
    private int pending;

    Client(
            History history,
            int id,
            Store store,
            boolean counted,
            long share,
            boolean loading,
            double nanosPerOp,
            boolean holdsWriter,
            int batch) {
        this.history = history;
        this.properties = history.properties;
        this.batch = batch;
        this.id = id;
        this.counted = counted;
        this.store = store;
        this.share = share;
        this.loading = loading;
        this.seenVersions = history.seen(id);
        this.nanosPerOp = nanosPerOp;
        this.discards = store.has(Capability.DISCARDS);
        this.holdsWriter = holdsWriter;
        this.writeAllFields = properties.writeAllFields();
        this.records = new Records(properties);
        this.scans = new ClientScan(history, records, seenVersions, discards);
        forget();
    }

    /**
     * Readies the thread for its phase, or its next turn: its random streams are made once, so that turn after
     * turn continues the same sequence of operations (the same on every engine); the writer, confined to the
     * thread, is its own per turn.
     */
    void open() {
        if (random == null) {
            random = Sampling.source(properties.seed() + (loading ? 0 : 1_000_003L), id);
            if (!loading) {
                mix = new OperationMix(properties, random);
                chooser = KeyChooser.of(properties, random, history.inserts, history.sequential);
                scanLength = properties.scans() ? new ScanLength(properties, random) : null;
            }
        }
        if (holdsWriter) {
            writer = store.writer(false);
        }
    }

    /**
     * Runs this thread's operations. One clock read per operation: unpaced, an operation
     * starts where the one before it ended (the clock read that ended it), so its time covers
     * all the client's work for it (choosing it, making its key and value, the store's call,
     * the check) and the few nanoseconds of counting and recording the one before; paced
     * (with {@code target}), it starts when its wait is over.
     */
    void loop(long start, long deadline, AtomicReference<Throwable> failure) {
        long done = 0;
        long previousEnd = System.nanoTime();
        while ((!counted || done < share) && failure.get() == null) {
            long intendedStart = start;
            long begin = previousEnd;
            if (nanosPerOp > 0) {
                intendedStart = start + (long) (done * nanosPerOp);
                for (long wait = intendedStart - System.nanoTime();
                        wait > 0;
                        wait = intendedStart - System.nanoTime()) {
                    LockSupport.parkNanos(wait);
                }
                begin = System.nanoTime();
            }
            if (begin - start >= deadline) {
                break;
            }
            Op op = loading ? Op.INSERT : mix.next();
            switch (op) {
                case READ -> read(chooser.next());
                case UPDATE -> update(chooser.next());
                case INSERT -> write(Op.INSERT, -1);
                case SCAN -> scan(chooser.next(), scanLength.next());
                case READMODIFYWRITE -> {
                    long k = chooser.next();
                    read(k);
                    update(k);
                }
                case DELETE -> write(Op.DELETE, chooser.next());
            }
            long end = System.nanoTime();
            previousEnd = end;
            if (recording) {
                int o = op.ordinal();
                counts[o]++;
                service[o].record(end - begin);
                if (nanosPerOp > 0) {
                    intended[o].record(end - intendedStart);
                }
            }
            done++;
        }
        if (writer != null && pending > 0) {
            history.lockWrites();
            try {
                writer.commit();
                history.commitTaken();
                pending = 0;
            } finally {
                history.unlockWrites();
            }
        }
    }

    /** Forgets what the thread counted and timed so far (the warm-up turns). */
    void forget() {
        Arrays.fill(counts, 0);
        for (int i = 0; i < service.length; i++) {
            service[i] = Latency.of(YcsbWorkload.LATENCY_PERCENTILES);
            intended[i] = Latency.of(YcsbWorkload.LATENCY_PERCENTILES);
        }
    }

    void close() {
        closeReader();
        if (writer != null) {
            Writer closing = writer;
            writer = null;
            closing.close();
        }
    }

    /**
     * This thread's reader, renewed every {@value YcsbWorkload#RENEW_EVERY} operations and when it must see
     * key number {@code k}, inserted (by another thread) after it was opened.
     */
    private Reader reader(long k) {
        if (reader != null && (++readerOps >= YcsbWorkload.RENEW_EVERY || k > readerHorizon)) {
            closeReader();
        }
        if (reader == null) {
            readerHorizon = history.inserts.lastCommitted();
            readerWrites = history.writes.lastCommitted();
            reader = store.reader();
            readerOps = 0;
        }
        return reader;
    }

    private void closeReader() {
        if (reader != null) {
            Reader closing = reader;
            reader = null;
            closing.close();
        }
    }

    private void read(long k) {
        DirectBuffer value = reader(k).get(records.key(k));
        checkRead(k, value);
    }

    /**
     * An update of {@code k}: a blind write of the whole record with {@code writeallfields=true}; else, as YCSB's
     * key-value bindings update one field, the record read (and checked as a read), then written back whole, and
     * nothing written when it is absent (YCSB's RocksDB binding answers NOT_FOUND).
     */
    private void update(long k) {
        if (writeAllFields) {
            write(Op.UPDATE, k);
            return;
        }
        DirectBuffer value = reader(k).get(records.key(k));
        checkRead(k, value);
        if (value != null || discards) {
            write(Op.UPDATE, k);
        }
    }

    private void checkRead(long k, DirectBuffer value) {
        int key = (int) k;
        int lowest = seenVersions[key];
        if (discards) {
            if (value != null) {
                throw history.fail("nothing from a store that keeps nothing", "a value for " + records.keyText(k));
            }
            return;
        }
        if (value == null) {
            int deleted = history.deletions.get(key);
            if (deleted == 0 || deleted < lowest) {
                throw history.fail(
                        records.keyText(k) + " at version " + lowest + " or newer",
                        "no value"
                                + (deleted == 0 ? " (never deleted)" : " (last deleted at version " + deleted + ")"));
            }
            return; // which deletion it saw is unknown: the lower bound stays
        }
        String problem = records.problem(k, value);
        int version = Records.versionOf(value);
        int newest = history.versions.get(key);
        if (problem != null || version < lowest || version > newest) {
            throw history.fail(
                    records.keyText(k) + " at a version from " + Math.max(1, lowest) + " to " + newest,
                    problem != null ? problem : "version " + version);
        }
        seenVersions[key] = version;
    }

    private void scan(long k, int length) {
        Reader scanning = reader(k);
        scans.scan(scanning, readerWrites, k, length);
    }

    /**
     * Writes a new version of {@code k} ({@link Op#UPDATE}), a deletion of it ({@link Op#DELETE}), or a new key
     * number's first version ({@link Op#INSERT}, {@code k} unused).
     */
    private void write(Op kind, long k) {
        boolean insert = kind == Op.INSERT;
        boolean delete = kind == Op.DELETE;
        closeReader(); // the next read takes a reader that sees this write
        DirectBuffer existing = insert ? null : records.key(k); // made before the lock, which guards the store's calls
        long key;
        int version;
        boolean committed = false;
        history.lockWrites();
        try {
            key = insert ? history.inserts.take() : k;
            if (key >= history.capacity) {
                throw new IllegalStateException("the run inserted more than the "
                        + (history.capacity - properties.recordCount()) + " records kvbench made room for");
            }
            if (history.writtenAt
                    != null) { // before the version, which a scan's check reads first (ClientScan.mustSee)
                history.writtenAt.set((int) key, history.writes.take());
            }
            if (insert && history.order != null) {
                history.order.insert(key);
            }
            version = history.versions.incrementAndGet((int) key);
            if (delete) {
                history.deletions.set((int) key, version);
            }
            Writer w = holdsWriter ? writer : store.writer(false);
            try {
                DirectBuffer keyBuffer = insert ? records.key(key) : existing;
                if (delete) {
                    w.delete(keyBuffer);
                } else {
                    w.put(keyBuffer, records.value(key, version));
                }
                if (!holdsWriter || ++pending == batch) {
                    w.commit();
                    history.commitTaken();
                    pending = 0;
                    committed = true;
                }
            } finally {
                if (!holdsWriter) {
                    w.close();
                }
            }
        } finally {
            history.unlockWrites();
        }
        if (committed && !discards) {
            seenVersions[(int) key] = version;
        }
    }
}
