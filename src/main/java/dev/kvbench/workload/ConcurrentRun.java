package dev.kvbench.workload;

import dev.kvbench.store.Reader;
import dev.kvbench.store.Store;
import dev.kvbench.store.Writer;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;

/**
 * Runs reader threads for a fixed time while, optionally, one writer overwrites random existing
 * entries at a target rate, committing every {@link Concurrent#COMMIT_EVERY} entries. Each reader
 * has its own {@link Reader} (renewed every {@link Concurrent#RENEW_EVERY} operations), its own
 * seeded random generator and its own latency histogram; the writer has the store's one
 * {@link Writer}. All threads open their reader or writer first and start together.
 *
 * <p>The writer paces itself against the clock: write {@code n} is due at
 * {@code start + n / writesPerSec}; it parks until then, and when it falls behind it writes
 * without parking until it catches up, so its achieved rate is what the engine allowed. Both
 * rates are reported.
 *
 * <p>The first failure of any thread (a {@link VerificationException} from a reader's check, an
 * engine error) stops every thread and is thrown by {@link #run}.
 */
public final class ConcurrentRun {

    /** One reader thread's operation (a lookup, a scan): verified, returning the entries it saw. */
    @FunctionalInterface
    public interface ReadOp extends AutoCloseable {
        long run(Reader reader, SplittableRandom random);

        /** Frees what the thread's operation holds (its view of the entries). */
        @Override
        default void close() {}
    }

    /**
     * What a run did.
     *
     * @param ops          reader operations, every one verified
     * @param items        entries they saw (a lookup: 1; a scan: its keys)
     * @param readNanos    from the common start to the last reader's end
     * @param writes       entries the writer put and committed (0 without a writer)
     * @param writerNanos  from the common start to the writer's last commit
     * @param latency      the merged per-operation latency, or null when not recorded
     */
    public record Outcome(long ops, long items, long readNanos, long writes, long writerNanos, Latency latency) {

        public double opsPerSec() {
            return perSec(ops, readNanos);
        }

        public double itemsPerSec() {
            return perSec(items, readNanos);
        }

        public double writesPerSec() {
            return perSec(writes, writerNanos);
        }

        private static double perSec(long count, long nanos) {
            return nanos <= 0 ? 0 : count * 1e9 / nanos;
        }
    }

    private static final long SEED = DataSet.SEED;

    // one run's threads share these: the start line, the first failure, the stop flag and each thread's counts
    private final Store store;
    private final Concurrent shape;
    private final Runnable onThread;
    private final CountDownLatch ready;
    private final CountDownLatch go = new CountDownLatch(1);
    private final AtomicReference<Throwable> failure = new AtomicReference<>();
    private final Stop stop = new Stop();
    private final long[] ops;
    private final long[] items;
    private final long[] ends;
    private final List<Latency> latencies = new ArrayList<>();
    private long start;
    private long writes;
    private long writerEnd;

    private ConcurrentRun(Store store, Concurrent shape, Runnable onThread) {
        this.store = store;
        this.shape = shape;
        this.onThread = onThread;
        int readers = shape.readers();
        this.ready = new CountDownLatch(readers + (shape.writer() ? 1 : 0));
        this.ops = new long[readers];
        this.items = new long[readers];
        this.ends = new long[readers];
        for (int r = 0; r < readers; r++) {
            latencies.add(Latency.forThread(shape.recordLatency()));
        }
    }

    /**
     * Runs the readers and the writer of {@code shape} together on {@code store} until the shape's end.
     *
     * @param operations  a new operation per call, for each reader thread
     * @param entries     a fresh view per call, for the writer's thread
     * @param onThread    called first on every thread the run starts (the trial marks it as measured)
     */
    public static Outcome run(
            Store store,
            Concurrent shape,
            Supplier<ReadOp> operations,
            Supplier<EntrySource> entries,
            Runnable onThread) {
        ConcurrentRun run = new ConcurrentRun(store, shape, onThread);
        List<Thread> threads = new ArrayList<>();
        for (int r = 0; r < shape.readers(); r++) {
            threads.add(run.reader(r, operations));
        }
        if (shape.writer()) {
            threads.add(run.writer(entries));
        }
        run.startTogether(threads);
        return run.outcome();
    }

    private Thread reader(int id, Supplier<ReadOp> operations) {
        return new Thread(
                () -> {
                    onThread.run();
                    try (ReadOp op = operations.get()) {
                        readLoop(op, new SplittableRandom(SEED + 1 + id), latencies.get(id), id);
                    } catch (Throwable e) {
                        failure.compareAndSet(null, e);
                        stop.set();
                    } finally {
                        ends[id] = System.nanoTime();
                        ready.countDown(); // a reader that failed before it was ready must not hold the others
                    }
                },
                "kvbench-reader-" + id);
    }

    private Thread writer(Supplier<EntrySource> entries) {
        return new Thread(
                () -> {
                    onThread.run();
                    try (EntrySource source = entries.get()) {
                        writeLoop(source, shape.writesPerSec());
                    } catch (Throwable e) {
                        failure.compareAndSet(null, e);
                        stop.set();
                    } finally {
                        ready.countDown();
                    }
                },
                "kvbench-writer");
    }

    /** Starts {@code threads} together once each has opened its reader or writer, and waits out the run's time. */
    private void startTogether(List<Thread> threads) {
        threads.forEach(Thread::start);
        try {
            ready.await();
            start = System.nanoTime();
            go.countDown();
            long deadline = start + TimeUnit.SECONDS.toNanos(shape.durationSec());
            for (long left = deadline - System.nanoTime();
                    left > 0 && !stop.get();
                    left = deadline - System.nanoTime()) {
                LockSupport.parkNanos(Math.min(left, 10_000_000L));
            }
            stop.set();
            for (Thread thread : threads) {
                thread.join();
            }
        } catch (InterruptedException e) {
            stop.set();
            go.countDown();
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the concurrent run was going", e);
        }
        ThreadFailure.rethrow(failure.get());
    }

    private Outcome outcome() {
        long totalOps = 0;
        long totalItems = 0;
        long end = start;
        for (int r = 0; r < shape.readers(); r++) {
            totalOps += ops[r];
            totalItems += items[r];
            end = Math.max(end, ends[r]);
        }
        return new Outcome(
                totalOps,
                totalItems,
                end - start,
                writes,
                shape.writer() ? writerEnd - start : 0,
                Latency.merge(latencies));
    }

    private void readLoop(ReadOp op, SplittableRandom random, Latency latency, int id) throws InterruptedException {
        Reader reader = store.reader();
        try {
            ready.countDown();
            go.await();
            long count = 0;
            long seen = 0;
            while (!stop.get()) {
                if (count > 0 && count % Concurrent.RENEW_EVERY == 0) {
                    reader.close();
                    reader = null;
                    reader = store.reader();
                }
                if (latency == null) {
                    seen += op.run(reader, random);
                } else {
                    long begin = System.nanoTime();
                    seen += op.run(reader, random);
                    latency.record(System.nanoTime() - begin);
                }
                count++;
            }
            ops[id] = count;
            items[id] = seen;
        } finally {
            if (reader != null) {
                reader.close();
            }
        }
    }

    private void writeLoop(EntrySource source, int writesPerSec) throws InterruptedException {
        SplittableRandom random = new SplittableRandom(SEED);
        int size = source.size();
        double nanosPerWrite = writesPerSec == 0 ? 0 : 1e9 / writesPerSec;
        try (Writer writer = store.writer(false)) {
            ready.countDown();
            go.await();
            long begin = start;
            long written = 0;
            int inBatch = 0;
            while (!stop.get()) {
                if (nanosPerWrite > 0) {
                    long due = begin + (long) (written * nanosPerWrite);
                    long wait = due - System.nanoTime();
                    if (wait > 0) {
                        LockSupport.parkNanos(Math.min(wait, 1_000_000L));
                        continue;
                    }
                }
                int i = random.nextInt(size);
                writer.put(source.key(i), source.value(i));
                written++;
                if (++inBatch == Concurrent.COMMIT_EVERY) {
                    writer.commit();
                    inBatch = 0;
                }
            }
            if (inBatch > 0) {
                writer.commit();
            }
            writes = written;
            writerEnd = System.nanoTime();
        }
    }

    /** The stop flag every thread polls. */
    private static final class Stop {
        private volatile boolean stopped;

        void set() {
            stopped = true;
        }

        boolean get() {
            return stopped;
        }
    }
}
