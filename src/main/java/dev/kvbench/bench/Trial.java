package dev.kvbench.bench;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;

import dev.kvbench.measure.CpuAccount;
import dev.kvbench.measure.Memory;
import dev.kvbench.measure.Sampler;
import dev.kvbench.measure.Storage;
import dev.kvbench.results.Metric;
import dev.kvbench.results.SideFile;
import dev.kvbench.results.TrialRecord;
import dev.kvbench.store.Compactable;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreSpec;
import dev.kvbench.store.Stores;
import dev.kvbench.workload.DataSet;
import dev.kvbench.workload.Expected;
import dev.kvbench.workload.Pass;
import dev.kvbench.workload.ReadKey;
import dev.kvbench.workload.VerificationException;
import dev.kvbench.workload.Verifier;
import dev.kvbench.workload.Workload;
import dev.kvbench.workload.Write;

/**
 * One trial (a JMH fork running one benchmark with one parameter combination) from start to
 * side-file line, with no JMH in it so that tests drive exactly what the benchmarks run.
 *
 * <p>A trial: checks its parameters, empties its own work subfolder and checks the space,
 * prepares the data set, then opens a CPU window, resets the memory peaks and starts the
 * sampler; the benchmark opens, fills, reads and closes stores through it, every pass is
 * verified; at the end it measures, writes one {@code ok} line to the side file and deletes its
 * folder. Any failure writes one {@code failed} line with a one-line reason, closes what is
 * open and deletes the folder before the exception reaches JMH; a shutdown hook deletes the
 * folders of trials that never ended.
 */
final class Trial {

    /** Wraps every store a trial opens; identity except in tests that need a faulty store. */
    static volatile UnaryOperator<Store> decorator = UnaryOperator.identity();

    private static final AtomicInteger SEQUENCE = new AtomicInteger();
    private static final Set<Path> ACTIVE = ConcurrentHashMap.newKeySet();

    static {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> ACTIVE.forEach(Trial::deleteQuietly),
                "kvbench-cleanup"));
    }

    private final String benchmark;
    private final Workload workload;
    private final Map<String, String> params;
    private final BenchParams bench;
    private final StoreSpec spec;
    private final Path folder;
    private final Path storeDir;
    private final SideFile side = SideFile.current();
    private final Map<String, Object> metrics = new LinkedHashMap<>();
    private DataSet data;
    private Expected expected;
    private CpuAccount cpu;
    private Sampler sampler;
    private Memory memory;
    private Store open;
    private final ThreadLocal<Boolean> marked = ThreadLocal.withInitial(() -> Boolean.FALSE);
    private boolean compactMeasured;
    private boolean finished;

    private Trial(String benchmark, Map<String, String> params) {
        this.benchmark = benchmark;
        this.params = params;
        this.workload = Workload.named(TrialRecord.workloadOf(benchmark));
        this.bench = BenchParams.parse(params);
        this.spec = bench.effectiveSpec();
        this.folder = WorkFolder.base().resolve(workload + "-" + bench.engine() + "-"
                + ProcessHandle.current().pid() + "-" + SEQUENCE.incrementAndGet());
        this.storeDir = folder.resolve("store");
        metrics.put(Metric.FLAT_BYTES, bench.data().flatBytes());
    }

    /**
     * Starts a trial of {@code benchmark} (JMH's name, ending in the workload) with its JMH
     * parameters; the calling thread is measured.
     */
    static Trial begin(String benchmark, Map<String, String> params) {
        Trial trial;
        try {
            trial = new Trial(benchmark, params);
        } catch (RuntimeException e) {
            throw failedBeforeStart(benchmark, params, e);
        }
        try {
            trial.start();
        } catch (RuntimeException | Error e) {
            throw trial.fail(e);
        }
        return trial;
    }

    private void start() {
        ACTIVE.add(folder);
        WorkFolder.empty(folder);
        WorkFolder.requireSpace(folder, WorkFolder.estimate(bench.data()),
                workload + " on " + bench.store() + " with " + bench.data().num() + " entries");
        data = DataSet.generate(bench.data());
        expected = data.expected();
        memory = new Memory();
        memory.reset();
        cpu = new CpuAccount();
        markThread();
        sampler = Sampler.start(cpu);
    }

    DataSet data() {
        return data;
    }

    int batchSize() {
        return bench.batchSize();
    }

    /**
     * Marks the calling thread as measured, once per thread: every thread that runs a pass,
     * opens or closes a store (JMH may use several workers, {@code -t}), so that no benchmark
     * thread is mistaken for an engine thread.
     */
    private void markThread() {
        if (cpu != null && !marked.get()) {
            cpu.measureCurrentThread();
            marked.set(Boolean.TRUE);
        }
    }

    /** Opens the trial's store in an emptied folder. */
    Store openEmpty() {
        markThread();
        try {
            WorkFolder.empty(storeDir);
            open = decorator.apply(Stores.open(spec, storeDir, bench.data().shape()));
            sampler.sampleNow();
            return open;
        } catch (RuntimeException | Error e) {
            throw fail(e);
        }
    }

    /**
     * Writes the whole data set into a new store, closes it and opens it again, for the read
     * workloads: reads see the store as it stands in its folder (an LSM engine's tables, not
     * the memtable its writes just filled), as an application that reopens its store does.
     */
    Store openLoaded() {
        Store store = openEmpty();
        try {
            Write.run(store, data, bench.batchSize());
            store.close();
            open = null;
            open = decorator.apply(Stores.open(spec, storeDir, bench.data().shape()));
            sampler.sampleNow();
            return open;
        } catch (RuntimeException | Error e) {
            throw fail(e);
        }
    }

    /** Runs and verifies one pass of the trial's workload; any failure ends the trial as failed. */
    Pass pass(Operation operation) {
        markThread();
        try {
            return verified(workload, operation.run(open, data));
        } catch (VerificationException e) {
            throw fail(Verifier.explain(e, open));
        } catch (RuntimeException | Error e) {
            throw fail(e);
        }
    }

    /** Verifies a write by reading every key back (untimed), then measures and closes the store. */
    void verifyWriteAndClose() {
        markThread();
        try {
            verified(Workload.WRITE, ReadKey.run(open, data));
            measureAndClose();
            WorkFolder.delete(storeDir);
        } catch (RuntimeException | Error e) {
            throw fail(e);
        }
    }

    /** Measures storage before close, LMDB's compacting copy (once), then closes and measures again. */
    void measureAndClose() {
        markThread();
        try {
            sampler.sampleNow();
            metrics.put(Metric.STORAGE_BEFORE_CLOSE, Storage.allocatedBytes(storeDir));
            if (!compactMeasured && open instanceof Compactable compactable) {
                compactMeasured = true;
                measureCompactCopy(compactable);
            }
            Store closing = open;
            open = null;
            closing.close();
            metrics.put(Metric.STORAGE_AFTER_CLOSE, Storage.allocatedBytes(storeDir));
            metrics.put(Metric.STORAGE_FILES, Storage.fileCount(storeDir));
        } catch (RuntimeException | Error e) {
            throw fail(e);
        }
    }

    private void measureCompactCopy(Compactable compactable) {
        long storeBytes = (long) metrics.get(Metric.STORAGE_BEFORE_CLOSE);
        Path copy = folder.resolve("compact");
        if (WorkFolder.usableBytes(folder) < storeBytes + storeBytes / 4 + (64L << 20)) {
            System.err.println("kvbench: not enough space in " + folder + " for a compacting copy of "
                    + spec + "; " + Metric.STORAGE_COMPACT_COPY + " omitted");
            return;
        }
        WorkFolder.empty(copy);
        try {
            cpu.exclude(() -> compactable.compactCopy(copy));
            metrics.put(Metric.STORAGE_COMPACT_COPY, Storage.allocatedBytes(copy));
        } finally {
            WorkFolder.delete(copy);
        }
    }

    /** Ends the trial: stops measuring, writes the {@code ok} line, frees the data and the folder. */
    void end() {
        if (finished) {
            return;
        }
        markThread();
        try {
            if (open != null) {
                measureAndClose();
            }
            collect();
            side.append(TrialRecord.ok(benchmark, orderedParams(params), metrics));
        } catch (RuntimeException | Error e) {
            throw fail(e);
        } finally {
            cleanUp();
        }
    }

    private Pass verified(Workload checked, Pass pass) {
        Verifier.verify(bench.store().toString(), checked, expected, pass);
        metrics.put(Metric.VERIFY_EXPECTED, expected.count());
        metrics.put(Metric.VERIFY_FOUND, pass.count());
        metrics.put(Metric.VERIFY_CHECKSUM, checked.checksumHex(pass.checksum()));
        return pass;
    }

    private void collect() {
        if (sampler == null) {
            return;
        }
        sampler.close();
        CpuAccount.Cpu used = cpu.stop();
        metrics.put(Metric.CPU_PROCESS, millis(used.process()));
        metrics.put(Metric.CPU_MEASURED, millis(used.measured()));
        metrics.put(Metric.CPU_JVM, millis(used.jvm() + used.harness()));
        metrics.put(Metric.CPU_BACKGROUND, millis(used.background()));
        if (sampler.peakFds() >= 0) {
            metrics.put(Metric.FD_PEAK, sampler.peakFds());
        }
        long rss = memory.rssPeakBytes();
        if (rss >= 0) {
            metrics.put(Metric.RSS_PEAK, rss);
            if (!memory.rssPeakIsPerTrial()) {
                metrics.put(Metric.RSS_PEAK_IS_LIFETIME, true);
            }
        }
        metrics.put(Metric.HEAP_PEAK, memory.heapPeakBytes());
        sampler = null;
    }

    /**
     * Records {@code failure} as this trial's end: one {@code failed} line with a one-line reason,
     * the store closed, the folder deleted.
     *
     * @return the exception to throw: a {@link VerificationException} as it is, anything else as
     *         a {@link BenchmarkFailure} carrying the one-line reason
     */
    RuntimeException fail(Throwable failure) {
        if (finished) {
            return asRuntime(failure, failure.getMessage());
        }
        String reason = reason(failure);
        try {
            if (open != null) {
                Store closing = open;
                open = null;
                closing.close();
            }
        } catch (RuntimeException | Error e) {
            failure.addSuppressed(e);
        }
        try {
            collect();
        } catch (RuntimeException | Error e) {
            failure.addSuppressed(e);
        }
        try {
            side.append(TrialRecord.failed(benchmark, orderedParams(params), reason, metrics));
        } finally {
            cleanUp();
        }
        return asRuntime(failure, reason);
    }

    private String reason(Throwable failure) {
        if (failure instanceof VerificationException || failure instanceof BenchmarkFailure) {
            return failure.getMessage();
        }
        if (failure instanceof WorkFolder.NoSpaceException) {
            return workload + " on " + bench.store() + ": " + failure.getMessage();
        }
        String full = WorkFolder.diskFull(failure, folder);
        String cause = oneLine(failure);
        if (full != null) {
            return workload + " on " + bench.store() + ": " + full + " (" + cause + ")";
        }
        return workload + " on " + bench.store() + " failed: " + cause;
    }

    private void cleanUp() {
        finished = true;
        if (data != null) {
            data.close();
            data = null;
        }
        deleteQuietly(folder);
        ACTIVE.remove(folder);
    }

    private static RuntimeException failedBeforeStart(String benchmark, Map<String, String> params,
                                                      RuntimeException e) {
        String reason = TrialRecord.workloadOf(benchmark) + " on " + params.get("store") + ": " + oneLine(e);
        SideFile.current().append(TrialRecord.failed(benchmark, orderedParams(params), reason, Map.of()));
        return new BenchmarkFailure(reason, e);
    }

    static Map<String, String> orderedParams(Map<String, String> params) {
        Map<String, String> ordered = new LinkedHashMap<>();
        for (String name : BenchParams.NAMES) {
            if (params.containsKey(name)) {
                ordered.put(name, params.get(name));
            }
        }
        params.forEach(ordered::putIfAbsent);
        return ordered;
    }

    private static RuntimeException asRuntime(Throwable failure, String reason) {
        if (failure instanceof VerificationException v) {
            return v;
        }
        if (failure instanceof BenchmarkFailure b) {
            return b;
        }
        return new BenchmarkFailure(reason, failure);
    }

    static String oneLine(Throwable failure) {
        Throwable root = failure;
        String message = failure.getMessage();
        while ((message == null || message.isBlank()) && root.getCause() != null) {
            root = root.getCause();
            message = root.getMessage();
        }
        String text = message == null || message.isBlank() ? root.getClass().getName() : message;
        if (!(root instanceof IllegalArgumentException) && !(root instanceof UnsupportedOperationException)
                && !(root instanceof WorkFolder.NoSpaceException)) {
            text = root.getClass().getSimpleName() + ": " + text;
        }
        int newline = text.indexOf('\n');
        return newline < 0 ? text : text.substring(0, newline);
    }

    private static double millis(long nanos) {
        return Math.round(nanos / 1000.0) / 1000.0;
    }

    private static void deleteQuietly(Path path) {
        try {
            WorkFolder.delete(path);
        } catch (RuntimeException e) {
            System.err.println("kvbench: could not delete " + path + ": " + e.getMessage());
        }
    }

    /** One pass of a workload over a store holding (or receiving) the data set. */
    @FunctionalInterface
    interface Operation {
        Pass run(Store store, DataSet data);
    }
}
