package dev.kvbench.workload.ycsb;

import dev.kvbench.store.Capability;
import dev.kvbench.store.Reader;
import dev.kvbench.store.Shape;
import dev.kvbench.store.Store;
import dev.kvbench.workload.ThreadFailure;
import dev.kvbench.workload.VerificationException;
import dev.kvbench.workload.ycsb.WorkloadProperties.Op;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicReference;
import org.agrona.DirectBuffer;

/**
 * A YCSB workload over the {@link Store} contract: {@link #load} inserts the records, {@link #run} runs the operation
 * mix, {@link #verifyAll} checks every record afterwards; each phase is timed on its own, per operation type.
 *
 * <p>Threads: {@code threadcount} client threads, each with its own {@link Reader} (renewed after each of its own
 * writes, so it sees them, and every {@value #RENEW_EVERY} operations), its own random source and its own latency
 * recorders. Writes are serialized as the contract requires (one writer at a time, confined to its thread): with one
 * thread, that thread holds the writer for the phase and commits every {@code batchsize} writes; with more, each write
 * takes the phase's lock, opens the writer, writes, commits and closes it. Outcomes say which.
 *
 * <p>Verification, every operation: a record's value is derived from its key number and version
 * ({@link Records}), and the workload keeps each key number's newest version (and newest
 * deletion). A read must return a record of its key whose version is at least the one this
 * thread last wrote or saw for that key, and at most the newest written; a missing record is
 * right only if a deletion at least that new exists. An update reads its record first and checks it as a read,
 * as YCSB's key-value bindings update one field ({@code writeallfields=false}, YCSB's default), unless {@code
 * writeallfields=true} makes it a blind write of the whole record. A scan must return keys in ascending
 * unsigned byte order from its start key, each the key of the record its value names, of a key
 * number inserted so far, at a version no newer than written; and it must skip no record: every
 * one whose key lies from its start key to the last key it returned (to the end, when it returned
 * fewer than its length) must be among them if it existed before the scan's reader was opened and
 * no write to it was taken since ({@link KeyOrder}, and the write clock of {@link History}). Records inserted,
 * updated or deleted meanwhile may appear or not. After the run every inserted key
 * holds exactly its last version (or is absent after a last deletion). A wrong answer throws
 * {@link VerificationException}: the trial fails. A store that discards everything (the
 * {@code null} store, to measure the client's own cost) must find nothing.
 */
public final class YcsbWorkload {

    /** Operations on one reader before a new one is taken (as the other concurrent workloads). */
    public static final int RENEW_EVERY = 1024;
    /** Key numbers the run may insert beyond the loaded ones when it is limited by time, not count. */
    static final long TIMED_INSERT_ROOM = 10_000_000L;
    /**
     * Key numbers the run may insert in turns ({@link #turns}): each turn is held to a {@link #ROOM_TURNS}th of it
     * ({@link RunTurns#mostOperations()}), and an interleaved run's turns per engine (warm-up rotations and at most
     * eight times {@code -i} measured ones, 100 for quick's 12) stay under that.
     */
    static final long TURNS_INSERT_ROOM = 1_000_000L;

    static final int ROOM_TURNS = 128;
    /** The inserts one turn may make, whole. */
    static final long TURN_INSERTS = TURNS_INSERT_ROOM / ROOM_TURNS;
    /** The latency percentiles of each operation type, the ones YCSB users read: p50, p95, p99, p99.9 and the maximum. */
    static final double[] LATENCY_PERCENTILES = {50, 95, 99, 99.9, 100};

    private final WorkloadProperties properties;
    private final int threads;
    private final History history;

    public YcsbWorkload(WorkloadProperties properties, String spec) {
        this.properties = properties;
        this.threads = properties.threadCount();
        long keys = properties.insertStart() + properties.insertCount() + insertRoom(properties);
        if (keys > Integer.MAX_VALUE - 8) {
            throw new WorkloadFileException("recordcount plus the run's inserts is " + keys + " records: more than"
                    + " kvbench tracks (" + (Integer.MAX_VALUE - 8) + ")");
        }
        if (properties.batchSize() > 1 && threads > 1) {
            throw new WorkloadFileException("batchsize=" + properties.batchSize() + " with threadcount=" + threads
                    + ": a store has one writer, confined to its thread, so only one client thread can keep a batch"
                    + " open; use threadcount=1 or batchsize=1");
        }
        this.history = new History(properties, spec, (int) keys);
    }

    /**
     * Key numbers the run phase may insert: its operation count, {@link #TIMED_INSERT_ROOM} when it runs for a time,
     * or {@link #TURNS_INSERT_ROOM} in turns ({@link WorkloadProperties#inTurns()}), whose number the ranking decides as
     * it goes.
     */
    static long insertRoom(WorkloadProperties properties) {
        if (properties.proportion(Op.INSERT) == 0) {
            return 0;
        }
        return properties.inTurns()
                ? TURNS_INSERT_ROOM
                : properties.operationCount() > 0 ? properties.operationCount() : TIMED_INSERT_ROOM;
    }

    /** The shape to open a store for: every record the phases may write, keys and values at their largest. */
    public static Shape shape(WorkloadProperties properties) {
        long records = properties.recordCount() + insertRoom(properties);
        return new Shape(
                records,
                properties.maxKeySize(),
                properties.valueLength().maxRecord(),
                false,
                false,
                properties.valueLength().fixed() && properties.valueLength().maxRecord() > Records.HEADER);
    }

    /** Bytes the store will need at most, roughly: every record with its key, twice over for engines' overhead. */
    public static long bytesNeeded(WorkloadProperties properties) {
        Shape shape = shape(properties);
        return 2 * shape.entries() * (shape.keySize() + (long) shape.valSize()) + (64L << 20);
    }

    /** Why {@code store} cannot run this workload, or null when it can. */
    public String cannotRun(Store store) {
        if (properties.scans() && !store.has(Capability.ORDERED)) {
            return "scans need an ordered engine (a cursor); this one has none";
        }
        return null;
    }

    /** The load phase: {@code insertcount} inserts, by {@code threadcount} threads. */
    public PhaseOutcome load(Store store, Runnable onThread) {
        long count = properties.insertCount();
        return phase("load", store, count, 0, 0, onThread, true);
    }

    /** The run phase: the operation mix for {@code operationcount} operations or {@code maxexecutiontime}. */
    public PhaseOutcome run(Store store, Runnable onThread) {
        orderKeys(store);
        return phase(
                "run",
                store,
                properties.operationCount(),
                properties.maxExecutionTimeSec(),
                properties.target(),
                onThread,
                false);
    }

    /** The loaded keys in key order, for the scans' check of skipped records; made before the run's clock starts. */
    private void orderKeys(Store store) {
        if (properties.scans()
                && history.order == null
                && cannotRun(store) == null
                && !store.has(Capability.DISCARDS)) {
            history.order = new KeyOrder(properties, properties.insertStart(), history.inserts.taken());
        }
    }

    /** Inserted key numbers so far (the loaded ones and the run's inserts). */
    public long inserted() {
        return history.inserts.lastCommitted() + 1 - properties.insertStart();
    }

    /**
     * Reads every key number inserted so far with a new reader: each must hold exactly its last version, or be absent
     * when its last write was a deletion; the records found.
     */
    public long verifyAll(Store store) {
        boolean discards = store.has(Capability.DISCARDS);
        Records records = new Records(properties);
        long found = 0;
        try (Reader reader = store.reader()) {
            for (long k = properties.insertStart(); k <= history.inserts.lastCommitted(); k++) {
                DirectBuffer value = reader.get(records.key(k));
                int version = history.versions.get((int) k);
                boolean deleted = version == history.deletions.get((int) k);
                if (discards || deleted) {
                    if (value != null) {
                        throw history.fail("after the run, " + records.keyText(k) + " absent", "a value");
                    }
                    continue;
                }
                if (value == null) {
                    throw history.fail("after the run, " + records.keyText(k) + " at version " + version, "no value");
                }
                String problem = records.problem(k, value);
                int got = Records.versionOf(value);
                if (problem != null || got != version) {
                    throw history.fail(
                            "after the run, " + records.keyText(k) + " at version " + version,
                            problem != null ? problem : "version " + got);
                }
                found++;
            }
        }
        return found;
    }

    private PhaseOutcome phase(
            String name, Store store, long count, long seconds, double target, Runnable onThread, boolean loading) {
        int bulk = loading ? properties.loadBatchSize() : 1;
        int threads = bulk > 1 ? 1 : this.threads;
        int batch = bulk > 1 ? bulk : properties.batchSize();
        String reason = loading ? null : cannotRun(store);
        if (reason != null) {
            throw new IllegalStateException(reason);
        }
        List<Client> clients = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            long share = count / threads + (t < count % threads ? 1 : 0);
            clients.add(new Client(
                    history,
                    t,
                    store,
                    count > 0,
                    share,
                    loading,
                    target > 0 ? threads * 1e9 / target : 0,
                    threads == 1,
                    batch));
        }
        return new Phase(name, clients).run(seconds, onThread);
    }

    /**
     * The run phase in turns, for an interleaved run: {@code threadcount} client threads that live as long as the
     * returned object, each continuing its own seeded stream of operations turn after turn, so that every engine
     * runs the same sequence of operations in the same turns. Between turns the threads wait, holding no reader and
     * no writer. {@link RunTurns#close()} ends them.
     */
    public RunTurns turns(Store store, Runnable onThread) {
        String reason = cannotRun(store);
        if (reason != null) {
            throw new IllegalStateException(reason);
        }
        orderKeys(store);
        return new RunTurns(store, onThread);
    }

    /**
     * The most operations a turn of {@code properties}' run phase may have ({@link RunTurns#mostOperations}): what the
     * coordinator holds a block's turns to, so that it knows where every engine's stream stands.
     */
    public static long turnOperationsAtMost(WorkloadProperties properties) {
        double inserts = properties.proportion(Op.INSERT);
        return inserts == 0 ? Long.MAX_VALUE : Math.max(1, (long) (TURN_INSERTS / inserts));
    }

    /** The run phase's client threads between turns ({@link #turns}). */
    public final class RunTurns implements AutoCloseable {

        private final List<Client> clients = new ArrayList<>();
        private final List<Thread> running = new ArrayList<>();
        private final List<BlockingQueue<Long>> orders = new ArrayList<>();
        private final BlockingQueue<Long> done = new LinkedBlockingQueue<>();
        private final AtomicReference<Throwable> failure = new AtomicReference<>();
        private long measuredNanos;
        private long turnsTaken;
        /** Operations ordered so far, every thread's together: where the threads' streams stand. */
        private long issued;

        private RunTurns(Store store, Runnable onThread) {
            for (int t = 0; t < threads; t++) {
                Client client = new Client(history, t, store, true, 0, false, 0, threads == 1, properties.batchSize());
                BlockingQueue<Long> order = new LinkedBlockingQueue<>();
                clients.add(client);
                orders.add(order);
                Thread thread = new Thread(() -> serve(client, order, onThread), "kvbench-ycsb-turns-" + t);
                thread.setDaemon(true);
                running.add(thread);
            }
            running.forEach(Thread::start);
        }

        /** A client thread: a turn per order ({@code share} operations), until an order of -1. */
        private void serve(Client client, BlockingQueue<Long> order, Runnable onThread) {
            onThread.run();
            try {
                for (long share = order.take(); share >= 0; share = order.take()) {
                    long end;
                    try {
                        client.share = share;
                        client.open();
                        client.loop(System.nanoTime(), Long.MAX_VALUE, failure);
                    } catch (Throwable e) {
                        failure.compareAndSet(null, e);
                    } finally {
                        try {
                            client.close();
                        } catch (RuntimeException e) {
                            failure.compareAndSet(null, e);
                        }
                        end = System.nanoTime();
                    }
                    done.add(end);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        /**
         * One measured turn of {@code operations} operations, shared among the threads as the phase shares its count;
         * its wall time in ns, from the orders to the last thread's end, counted with its operations and latencies. A
         * wrong answer or an engine's failure is thrown. A thread's share is what brings its own count to its share of
         * all the operations ordered so far, so where each thread's stream stands depends on that total alone, not on
         * how it was cut into turns ({@link #align}).
         */
        public long measuredTurn(long operations) throws InterruptedException {
            long nanos = turn(operations);
            measuredNanos += nanos;
            turnsTaken++;
            return nanos;
        }

        /** A warm-up turn, as {@link #measuredTurn} but left out of the counts and latencies. */
        public long warmupTurn(long operations) throws InterruptedException {
            clients.forEach(client -> client.recording = false);
            try {
                return turn(operations);
            } finally {
                clients.forEach(client -> client.recording = true);
            }
        }

        private long turn(long operations) throws InterruptedException {
            long start = System.nanoTime();
            for (int t = 0; t < threads; t++) {
                orders.get(t).add(threadShare(issued + operations, t) - threadShare(issued, t));
            }
            issued += operations;
            long end = start;
            for (int t = 0; t < threads; t++) {
                end = Math.max(end, done.take());
            }
            ThreadFailure.rethrow(failure.get());
            return end - start;
        }

        /** Thread {@code t}'s share of {@code total} operations. */
        private long threadShare(long total, int t) {
            return total / threads + (t < total % threads ? 1 : 0);
        }

        /**
         * Brings the threads' streams to where turns of {@code asked} operations each (each held to {@link
         * #mostOperations}) would have brought them, in untimed turns left out of the counts, when they are behind it:
         * an engine that sat out rotations the others took then begins its next turn at the same operations as theirs.
         */
        public void align(List<Long> asked) throws InterruptedException {
            long most = mostOperations();
            long target = 0;
            for (long ops : asked) {
                target += Math.min(ops, most);
            }
            while (issued < target) {
                warmupTurn(Math.min(most, target - issued));
            }
        }

        /** Operations ordered so far, every thread's together. */
        public long issued() {
            return issued;
        }

        /**
         * The most operations a turn may have so that the run's inserts stay within {@link #TURNS_INSERT_ROOM} over
         * {@link #ROOM_TURNS} turns: the same on every engine, which all run the same operation mix.
         */
        public long mostOperations() {
            return turnOperationsAtMost(properties);
        }

        /** The measured turns so far, merged: counts and latencies over every turn, the wall time their sum. */
        public PhaseOutcome outcome() {
            return Phase.outcome("run", clients, measuredNanos);
        }

        /** Measured turns taken. */
        public long turnsTaken() {
            return turnsTaken;
        }

        /**
         * Ends the client threads (each between turns holds nothing). The join is not interruptible: each client ends
         * as soon as it takes the end order, and a close that gave up early would leave them running on the store;
         * an interrupt is kept for the caller.
         */
        @Override
        public void close() {
            orders.forEach(order -> order.add(-1L));
            boolean interrupted = false;
            for (Thread thread : running) {
                while (thread.isAlive()) {
                    try {
                        thread.join();
                    } catch (InterruptedException e) {
                        interrupted = true;
                    }
                }
            }
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
