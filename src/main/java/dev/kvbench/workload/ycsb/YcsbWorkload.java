package dev.kvbench.workload.ycsb;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongPredicate;

import org.agrona.DirectBuffer;
import org.agrona.concurrent.UnsafeBuffer;
import org.apache.commons.rng.UniformRandomProvider;

import dev.kvbench.store.Capability;
import dev.kvbench.store.Cursor;
import dev.kvbench.store.Reader;
import dev.kvbench.store.Shape;
import dev.kvbench.store.Store;
import dev.kvbench.store.Writer;
import dev.kvbench.workload.Latency;
import dev.kvbench.workload.ThreadFailure;
import dev.kvbench.workload.VerificationException;
import dev.kvbench.workload.Workload;
import dev.kvbench.workload.ycsb.WorkloadProperties.Op;

/**
 * A YCSB workload over the {@link Store} contract: {@link #load} inserts the records, {@link #run}
 * runs the operation mix, {@link #verifyAll} checks every record afterwards; each phase is timed
 * on its own, per operation type.
 *
 * <p>Threads: {@code threadcount} client threads, each with its own {@link Reader} (renewed after
 * each of its own writes, so it sees them, and every {@value #RENEW_EVERY} operations), its own
 * random source and its own latency recorders. Writes are serialized as the contract requires
 * (one writer at a time, confined to its thread): with one thread, that thread holds the writer
 * for the phase and commits every {@code batchsize} writes; with more, each write takes the
 * phase's lock, opens the writer, writes, commits and closes it. Outcomes say which.
 *
 * <p>Verification, every operation: a record's value is derived from its key number and version
 * ({@link Records}), and the workload keeps each key number's newest version (and newest
 * deletion). A read must return a record of its key whose version is at least the one this
 * thread last wrote or saw for that key, and at most the newest written; a missing record is
 * right only if a deletion at least that new exists. A scan must return keys in ascending
 * unsigned byte order from its start key, each the key of the record its value names, of a key
 * number inserted so far, at a version no newer than written; and it must skip no record: every
 * one whose key lies from its start key to the last key it returned (to the end, when it returned
 * fewer than its length) must be among them if it existed before the scan's reader was opened and
 * no write to it was taken since ({@link KeyOrder}, and the write clock below). Records inserted,
 * updated or deleted meanwhile may appear or not. After the run every inserted key
 * holds exactly its last version (or is absent after a last deletion). A wrong answer throws
 * {@link VerificationException}: the trial fails. A store that discards everything (the
 * {@code null} store, to measure the client's own cost) must find nothing.
 */
public final class YcsbWorkload {

    /**
     * Attempts to take the write lock, one spin-wait hint apart, before a client thread blocks on
     * it: the other thread's write often holds it for well under a microsecond, and parking a
     * thread and waking it costs several.
     */
    static final int LOCK_SPINS = 100;
    /** Operations on one reader before a new one is taken (as the other concurrent workloads). */
    public static final int RENEW_EVERY = 1024;
    /**
     * Key numbers the run may insert beyond the loaded ones when it is limited by time, not count.
     */
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
    private final String spec;
    private final int threads;
    private final int capacity;
    private final AtomicIntegerArray versions;
    private final AtomicIntegerArray deletions;
    private final InsertCounter inserts;
    /**
     * The write clock, with scans: every write takes the next tick (under the write lock) and a
     * commit makes every tick taken so far committed, as {@link #inserts} does for insert key
     * numbers. A reader opened after tick t was committed sees every write up to t.
     */
    private final InsertCounter writes = new InsertCounter(0);
    /** With scans: the tick of each key number's last write, 0 before its first. */
    private final AtomicLongArray writtenAt;
    /** With scans: the key numbers in key order, made when the first run phase begins. */
    private KeyOrder order;
    private final AtomicLong sequential = new AtomicLong();
    private final ReentrantLock writeLock = new ReentrantLock();
    private final int[][] seen;

    public YcsbWorkload(WorkloadProperties properties, String spec) {
        this.properties = properties;
        this.spec = spec;
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
        this.capacity = (int) keys;
        this.versions = new AtomicIntegerArray(capacity);
        this.deletions = new AtomicIntegerArray(capacity);
        this.inserts = new InsertCounter(properties.insertStart() - 1);
        this.writtenAt = properties.scans() ? new AtomicLongArray(capacity) : null;
        this.seen = new int[threads][];
    }

    /**
     * Key numbers the run phase may insert: its operation count, {@link #TIMED_INSERT_ROOM} when it runs for a time,
     * or {@link #TURNS_INSERT_ROOM} in turns ({@link WorkloadProperties#inTurns()}), whose number the ranking decides as
     * it goes.
     */
    static long insertRoom(WorkloadProperties properties) {
        return properties.proportion(Op.INSERT) == 0 ? 0
                : properties.inTurns() ? TURNS_INSERT_ROOM
                : properties.operationCount() > 0 ? properties.operationCount()
                : TIMED_INSERT_ROOM;
    }

    /** The shape to open a store for: every record the phases may write, keys and values at their largest. */
    public static Shape shape(WorkloadProperties properties) {
        long records = properties.recordCount() + insertRoom(properties);
        return new Shape(records, properties.maxKeySize(), properties.valueLength().maxRecord(),
                false, false,
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
        return phase("run", store, properties.operationCount(), properties.maxExecutionTimeSec(), properties.target(),
                onThread, false);
    }

    /** The loaded keys in key order, for the scans' check of skipped records; made before the run's clock starts. */
    private void orderKeys(Store store) {
        if (properties.scans() && order == null && cannotRun(store) == null && !store.has(Capability.DISCARDS)) {
            order = new KeyOrder(properties, properties.insertStart(), inserts.taken());
        }
    }

    /** Inserted key numbers so far (the loaded ones and the run's inserts). */
    public long inserted() {
        return inserts.lastCommitted() + 1 - properties.insertStart();
    }

    /**
     * Reads every key number inserted so far with a new reader: each must hold exactly its last
     * version, or be absent when its last write was a deletion.
     *
     * @return the records found
     */
    public long verifyAll(Store store) {
        boolean discards = store.has(Capability.DISCARDS);
        Records records = new Records(properties);
        long found = 0;
        try (Reader reader = store.reader()) {
            for (long k = properties.insertStart(); k <= inserts.lastCommitted(); k++) {
                DirectBuffer value = reader.get(records.key(k));
                int version = versions.get((int) k);
                boolean deleted = version == deletions.get((int) k);
                if (discards || deleted) {
                    if (value != null) {
                        throw fail("after the run, " + records.keyText(k) + " absent", "a value");
                    }
                    continue;
                }
                if (value == null) {
                    throw fail("after the run, " + records.keyText(k) + " at version " + version, "no value");
                }
                String problem = records.problem(k, value);
                int got = Records.versionOf(value);
                if (problem != null || got != version) {
                    throw fail("after the run, " + records.keyText(k) + " at version " + version,
                            problem != null ? problem : "version " + got);
                }
                found++;
            }
        }
        return found;
    }

    private PhaseOutcome phase(String name, Store store, long count, long seconds, double target, Runnable onThread,
                               boolean loading) {
        int bulk = loading ? properties.loadBatchSize() : 1;
        int threads = bulk > 1 ? 1 : this.threads;
        int batch = bulk > 1 ? bulk : properties.batchSize();
        String reason = loading ? null : cannotRun(store);
        if (reason != null) {
            throw new IllegalStateException(reason);
        }
        CountDownLatch ready = new CountDownLatch(threads);
        CountDownLatch go = new CountDownLatch(1);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        long[] start = new long[1];
        long[] ends = new long[threads];
        List<Client> clients = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            long share = count / threads + (t < count % threads ? 1 : 0);
            if (seen[t] == null) {
                seen[t] = new int[capacity];
            }
            clients.add(new Client(t, store, count > 0, share, loading, seen[t], target > 0 ? threads * 1e9 / target : 0,
                    threads == 1, batch));
        }
        long deadline = seconds > 0 ? TimeUnit.SECONDS.toNanos(seconds) : Long.MAX_VALUE;
        List<Thread> running = new ArrayList<>();
        for (Client client : clients) {
            running.add(new Thread(() -> {
                onThread.run();
                try {
                    client.open();
                    ready.countDown();
                    go.await();
                    client.loop(start[0], deadline, failure);
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                } finally {
                    ends[client.id] = System.nanoTime();
                    ready.countDown();
                    try {
                        client.close();
                    } catch (RuntimeException e) {
                        failure.compareAndSet(null, e);
                    }
                }
            }, "kvbench-ycsb-" + name + "-" + client.id));
        }
        running.forEach(Thread::start);
        try {
            ready.await();
            start[0] = System.nanoTime();
            go.countDown();
            for (Thread thread : running) {
                thread.join();
            }
        } catch (InterruptedException e) {
            failure.compareAndSet(null, e);
            go.countDown();
            Thread.currentThread().interrupt();
        }
        ThreadFailure.rethrow(failure.get());
        long end = start[0];
        for (long e : ends) {
            end = Math.max(end, e);
        }
        return outcome(name, clients, end - start[0], target > 0, batch);
    }

    /** What {@code clients} did in {@code nanos}: their counts and latencies merged. */
    private static PhaseOutcome outcome(String name, List<Client> clients, long nanos, boolean paced, int batch) {
        Map<Op, Long> counts = new EnumMap<>(Op.class);
        Map<Op, Latency> service = new EnumMap<>(Op.class);
        Map<Op, Latency> intended = new EnumMap<>(Op.class);
        for (Client client : clients) {
            for (Op op : Op.values()) {
                long n = client.counts[op.ordinal()];
                if (n == 0) {
                    continue;
                }
                counts.merge(op, n, Long::sum);
                service.computeIfAbsent(op, o -> Latency.of(LATENCY_PERCENTILES)).add(client.service[op.ordinal()]);
                if (paced) {
                    intended.computeIfAbsent(op, o -> Latency.of(LATENCY_PERCENTILES)).add(client.intended[op.ordinal()]);
                }
            }
        }
        String writes = clients.size() == 1
                ? "one client thread holds the store's one writer, committing every " + batch + " write(s)"
                : "serialized: each write takes one lock, opens the store's one writer, commits and closes it";
        return new PhaseOutcome(name, clients.size(), nanos, counts, service, intended, writes);
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

    /** The run phase's client threads between turns ({@link #turns}). */
    public final class RunTurns implements AutoCloseable {

        private final List<Client> clients = new ArrayList<>();
        private final List<Thread> running = new ArrayList<>();
        private final List<BlockingQueue<Long>> orders = new ArrayList<>();
        private final BlockingQueue<Long> done = new LinkedBlockingQueue<>();
        private final AtomicReference<Throwable> failure = new AtomicReference<>();
        private long measuredNanos;
        private long turnsTaken;

        private RunTurns(Store store, Runnable onThread) {
            for (int t = 0; t < threads; t++) {
                if (seen[t] == null) {
                    seen[t] = new int[capacity];
                }
                Client client = new Client(t, store, true, 0, false, seen[t], 0, threads == 1, properties.batchSize());
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
         * One turn of {@code operations} operations, shared among the threads as the phase shares its count; its wall
         * time in ns, from the orders to the last thread's end. A turn that is not {@code measured} (a warm-up turn)
         * is left out of the counts and latencies. A wrong answer or an engine's failure is thrown.
         */
        public long turn(long operations, boolean measured) throws InterruptedException {
            long start = System.nanoTime();
            for (int t = 0; t < threads; t++) {
                orders.get(t).add(operations / threads + (t < operations % threads ? 1 : 0));
            }
            long end = start;
            for (int t = 0; t < threads; t++) {
                end = Math.max(end, done.take());
            }
            ThreadFailure.rethrow(failure.get());
            if (measured) {
                measuredNanos += end - start;
                turnsTaken++;
            } else {
                clients.forEach(Client::forget);
            }
            return end - start;
        }

        /**
         * The most operations a turn may have so that the run's inserts stay within {@link #TURNS_INSERT_ROOM} over
         * {@link #ROOM_TURNS} turns: the same on every engine, which all run the same operation mix.
         */
        public long mostOperations() {
            double inserts = properties.proportion(Op.INSERT);
            return inserts == 0 ? Long.MAX_VALUE : Math.max(1, (long) (TURN_INSERTS / inserts));
        }

        /** The measured turns so far, merged: counts and latencies over every turn, the wall time their sum. */
        public PhaseOutcome outcome() {
            return YcsbWorkload.outcome("run", clients, measuredNanos, false, properties.batchSize());
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

    private VerificationException fail(String expected, String actual) {
        return new VerificationException(spec, Workload.YCSB, expected, actual);
    }

    /** One client thread of a phase. */
    private final class Client {
        final int id;
        final Store store;
        final boolean counted;
        /** Operations this thread runs in the phase, or in the current turn ({@link RunTurns}). */
        long share;
        final boolean loading;
        final int[] seenVersions;
        final double nanosPerOp;
        final long[] counts = new long[Op.values().length];
        final Latency[] service = new Latency[Op.values().length];
        final Latency[] intended = new Latency[Op.values().length];
        final Records records = new Records(properties);
        final Records scanRecords = new Records(properties);
        final boolean discards;
        final boolean holdsWriter;
        /** Writes per commit when this thread holds the writer. */
        final int batch;
        final UnsafeBuffer previousKey = new UnsafeBuffer(new byte[0]);
        byte[] previousBytes = new byte[64];
        UniformRandomProvider random;
        OperationMix mix;
        KeyChooser chooser;
        ScanLength scanLength;
        Reader reader;
        int readerOps;
        /** The last key number committed when the reader was opened: it sees every key up to it. */
        long readerHorizon;
        /** The last write clock tick committed when the reader was opened: it sees every write up to it. */
        long readerWrites;
        /** The key numbers a scan returned, in its order. */
        long[] scanned = new long[16];
        final LongPredicate mustSee = this::mustSee;
        Writer writer;
        int pending;

        Client(int id, Store store, boolean counted, long share, boolean loading, int[] seenVersions, double nanosPerOp,
               boolean holdsWriter, int batch) {
            this.batch = batch;
            this.id = id;
            this.counted = counted;
            this.store = store;
            this.share = share;
            this.loading = loading;
            this.seenVersions = seenVersions;
            this.nanosPerOp = nanosPerOp;
            this.discards = store.has(Capability.DISCARDS);
            this.holdsWriter = holdsWriter;
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
                    chooser = KeyChooser.of(properties, random, inserts, sequential);
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
                    for (long wait = intendedStart - System.nanoTime(); wait > 0; wait = intendedStart - System.nanoTime()) {
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
                    case UPDATE -> write(chooser.next(), false, false);
                    case INSERT -> write(-1, true, false);
                    case SCAN -> scan(chooser.next(), scanLength.next());
                    case READMODIFYWRITE -> {
                        long k = chooser.next();
                        read(k);
                        write(k, false, false);
                    }
                    case DELETE -> write(chooser.next(), false, true);
                }
                long end = System.nanoTime();
                previousEnd = end;
                int o = op.ordinal();
                counts[o]++;
                service[o].record(end - begin);
                if (nanosPerOp > 0) {
                    intended[o].record(end - intendedStart);
                }
                done++;
            }
            if (writer != null && pending > 0) {
                lockWrites();
                try {
                    writer.commit();
                    commitTaken();
                    pending = 0;
                } finally {
                    writeLock.unlock();
                }
            }
        }

        /** Forgets what the thread counted and timed so far (the warm-up turns). */
        void forget() {
            Arrays.fill(counts, 0);
            for (int i = 0; i < service.length; i++) {
                service[i] = Latency.of(LATENCY_PERCENTILES);
                intended[i] = Latency.of(LATENCY_PERCENTILES);
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
         * This thread's reader, renewed every {@value #RENEW_EVERY} operations and when it must see
         * key number {@code k}, inserted (by another thread) after it was opened.
         */
        private Reader reader(long k) {
            if (reader != null && (++readerOps >= RENEW_EVERY || k > readerHorizon)) {
                closeReader();
            }
            if (reader == null) {
                readerHorizon = inserts.lastCommitted();
                readerWrites = writes.lastCommitted();
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

        private void checkRead(long k, DirectBuffer value) {
            int key = (int) k;
            int lowest = seenVersions[key];
            if (discards) {
                if (value != null) {
                    throw fail("nothing from a store that keeps nothing", "a value for " + records.keyText(k));
                }
                return;
            }
            if (value == null) {
                int deleted = deletions.get(key);
                if (deleted == 0 || deleted < lowest) {
                    throw fail(records.keyText(k) + " at version " + lowest + " or newer", "no value"
                            + (deleted == 0 ? " (never deleted)" : " (last deleted at version " + deleted + ")"));
                }
                return; // which deletion it saw is unknown: the lower bound stays
            }
            String problem = records.problem(k, value);
            int version = Records.versionOf(value);
            int newest = versions.get(key);
            if (problem != null || version < lowest || version > newest) {
                throw fail(records.keyText(k) + " at a version from " + Math.max(1, lowest) + " to " + newest,
                        problem != null ? problem : "version " + version);
            }
            seenVersions[key] = version;
        }

        private void scan(long k, int length) {
            DirectBuffer start = records.key(k);
            int got = 0;
            try (Cursor cursor = reader(k).cursor()) {
                boolean on = cursor.seek(start);
                if (on && compare(cursor.key(), start) < 0) {
                    throw fail("a scan from " + records.keyText(k) + " to start at it or after", "an earlier key");
                }
                previousKey.wrap(previousBytes, 0, 0);
                while (on && got < length) {
                    DirectBuffer key = cursor.key();
                    DirectBuffer value = cursor.value();
                    if (got > 0 && compare(key, previousKey) <= 0) {
                        throw fail("a scan's keys in ascending order", "a key not after the one before it");
                    }
                    long number = Records.keyNumberOf(value);
                    if (number < properties.insertStart() || number >= inserts.taken()) {
                        throw fail("a scan to return only inserted records", "a value naming key #" + number);
                    }
                    if (compare(key, scanRecords.key(number)) != 0) {
                        throw fail("a scan's value to be its key's record", "the record of " + scanRecords.keyText(number)
                                + " under another key");
                    }
                    String problem = scanRecords.problem(number, value);
                    int version = Records.versionOf(value);
                    if (problem != null || version < seenVersions[(int) number] || version > versions.get((int) number)) {
                        throw fail(scanRecords.keyText(number) + " at a version from " + seenVersions[(int) number]
                                + " to " + versions.get((int) number), problem != null ? problem : "version " + version);
                    }
                    seenVersions[(int) number] = version;
                    remember(key);
                    if (got == scanned.length) {
                        scanned = Arrays.copyOf(scanned, 2 * got);
                    }
                    scanned[got++] = number;
                    on = cursor.next();
                }
            }
            if (discards && got > 0) {
                throw fail("nothing from a store that keeps nothing", got + " records from a scan");
            }
            if (order != null) { // timed, as the checks above: a step per key in the scan's range (KeyOrder.skipped)
                long skipped = order.skipped(k, scanned, got, got < length, mustSee);
                if (skipped >= 0) {
                    throw fail("a scan of " + length + " from " + records.keyText(k) + " to return "
                            + scanRecords.keyText(skipped) + ", which existed before it began",
                            got + " records without it");
                }
            }
        }

        /**
         * Whether a scan with this thread's reader must return key number {@code k} when it lies
         * in its range: its last write was committed before the reader was opened and was no
         * deletion. Read in the reverse of the order a write sets them (tick, version, deletion),
         * so that a write taken since is seen by its tick, which excludes the key, whenever its
         * version or deletion was read.
         */
        private boolean mustSee(long k) {
            int key = (int) k;
            int version = versions.get(key);
            int deleted = deletions.get(key);
            long at = writtenAt.get(key);
            return at > 0 && at <= readerWrites && deleted != version;
        }

        private void remember(DirectBuffer key) {
            if (previousBytes.length < key.capacity()) {
                previousBytes = new byte[key.capacity() * 2];
            }
            key.getBytes(0, previousBytes, 0, key.capacity());
            previousKey.wrap(previousBytes, 0, key.capacity());
        }

        /** Writes a new version of {@code k} (or a deletion, or a new key number's first version). */
        private void write(long k, boolean insert, boolean delete) {
            closeReader(); // the next read takes a reader that sees this write
            DirectBuffer existing = insert ? null : records.key(k); // made before the lock, which guards the store's calls
            long key;
            int version;
            boolean committed = false;
            lockWrites();
            try {
                key = insert ? inserts.take() : k;
                if (key >= capacity) {
                    throw new IllegalStateException("the run inserted more than the " + (capacity - properties.recordCount())
                            + " records kvbench made room for");
                }
                if (writtenAt != null) { // before the version, which a scan's check reads first (Client.mustSee)
                    writtenAt.set((int) key, writes.take());
                }
                if (insert && order != null) {
                    order.insert(key);
                }
                version = versions.incrementAndGet((int) key);
                if (delete) {
                    deletions.set((int) key, version);
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
                        commitTaken();
                        pending = 0;
                        committed = true;
                    }
                } finally {
                    if (!holdsWriter) {
                        w.close();
                    }
                }
            } finally {
                writeLock.unlock();
            }
            if (committed && !discards) {
                seenVersions[(int) key] = version;
            }
        }
    }

    /** Every insert and write taken so far is committed (under the write lock, after the commit). */
    private void commitTaken() {
        inserts.commitTaken();
        writes.commitTaken();
    }

    /** Takes the phase's write lock, trying {@value #LOCK_SPINS} times before blocking on it. */
    private void lockWrites() {
        for (int spin = 0; spin < LOCK_SPINS; spin++) {
            if (writeLock.tryLock()) {
                return;
            }
            Thread.onSpinWait();
        }
        writeLock.lock();
    }

    /** Unsigned byte order, as every engine orders keys. */
    static int compare(DirectBuffer a, DirectBuffer b) {
        int n = Math.min(a.capacity(), b.capacity());
        for (int i = 0; i < n; i++) {
            int x = a.getByte(i) & 0xFF;
            int y = b.getByte(i) & 0xFF;
            if (x != y) {
                return x - y;
            }
        }
        return a.capacity() - b.capacity();
    }
}
