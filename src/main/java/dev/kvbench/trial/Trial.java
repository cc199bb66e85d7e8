package dev.kvbench.trial;

import dev.kvbench.results.Metric;
import dev.kvbench.results.SideFile;
import dev.kvbench.results.TrialRecord;
import dev.kvbench.store.Shape;
import dev.kvbench.store.Store;
import dev.kvbench.store.StoreSpec;
import dev.kvbench.workload.DataSet;
import dev.kvbench.workload.Pass;
import dev.kvbench.workload.PassCheck;
import dev.kvbench.workload.VerificationException;
import dev.kvbench.workload.Verifier;
import dev.kvbench.workload.Workload;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

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
 * folders of trials that never ended ({@link TrialFolders}). Its parameters and data are its workload's family's
 * ({@link WorkloadFamily}); its store is opened and measured by {@link TrialStore}, its hidden costs by
 * {@link TrialInstruments}; its passes are checked against its data set by {@link TrialData}, the single pass of
 * each workload is its family's ({@link WorkloadFamily#pass}); what it measures is kept in {@link TrialMetrics}; the wording of a failure is
 * {@link FailureReason}'s.
 */
public final class Trial {

    /** The line's start a long write pass prints when it ends ({@link TrialStore#announceLongWrite()}). */
    public static final String PASS_ENDED = "kvbench: pass ended";

    /** Wraps every store a trial opens; identity except in tests that need a faulty store. */
    public static volatile UnaryOperator<Store> decorator = UnaryOperator.identity();

    private final String benchmark;
    private final Workload workload;
    private final Map<String, String> params;
    /** The parameters, as the workload's family parsed them. */
    private final TrialParams given;

    private final StoreSpec spec;
    private final Path folder;
    private final SideFile side = SideFile.current();
    private final TrialMetrics metrics;
    private final TrialData data;
    private final TrialInstruments instruments = new TrialInstruments();
    /** The open store, and its measuring. */
    private final TrialStore trialStore;

    private boolean finished;
    /** Where the closed store's folder goes when the trial ends: the next read trial's ({@link #handOver}); null: deleted. */
    private Path handedTo;

    private Trial(String benchmark, Map<String, String> params) {
        this.benchmark = benchmark;
        this.params = params;
        this.workload = WorkloadFamilies.workloadOf(benchmark);
        this.given = WorkloadFamilies.of(workload).parse(params);
        this.spec = given.effectiveSpec();
        this.folder = TrialFolders.next(workload, given.store());
        this.metrics = new TrialMetrics(given.shape().flatBytes());
        this.trialStore = new TrialStore(spec, folder, metrics, instruments);
        this.data = new TrialData(spec(), metrics, workload);
    }

    /**
     * Starts a trial of {@code benchmark} (JMH's name, ending in the workload) with its JMH
     * parameters; the calling thread is measured.
     */
    public static Trial begin(String benchmark, Map<String, String> params) {
        Trial trial;
        try {
            trial = new Trial(benchmark, params);
        } catch (RuntimeException e) {
            String reason = FailureReason.beforeStart(benchmark, params, e);
            SideFile.current().append(TrialRecord.failed(benchmark, BenchParams.inOrder(params), reason, Map.of()));
            throw new BenchmarkFailure(reason, e);
        }
        trial.guarded(trial::start);
        return trial;
    }

    private void start() {
        claimFolder();
        WorkFolder.requireSpace(
                folder, given.spaceNeeded(), workload + " on " + given.store() + " with " + given.describe());
        data.generate(given);
        instruments.start();
    }

    /** The trial's own empty folder, marked with its benchmark (a trial before it may have died and left its store). */
    private void claimFolder() {
        DeadTrials.collect(WorkFolder.base(), side);
        TrialFolders.add(folder);
        WorkFolder.empty(folder);
        DeadTrials.mark(folder, benchmark, params);
    }

    /**
     * Ends this loaded read trial as {@link #end()} ends it (storage measured, the store closed, its {@code ok} line)
     * and begins the trial of {@code next}, another read workload with the same parameters, in the same JVM: the new
     * trial takes over the data set and the closed store's folder and opens the store from it, as
     * {@link #openLoaded()} leaves a store (closed after loading, opened again), instead of generating and writing
     * them again. Its side-file line names the workload that loaded the store ({@link Metric#LOADED_BY}); its CPU,
     * memory and settling are its own, from its start. The interleaved run uses it so that an engine's JVM writes its
     * store once for all of a test's read workloads.
     *
     * @param ended run once this trial has ended well, before the next one begins
     */
    public Trial handOver(String next, Runnable ended) {
        Workload nextWorkload = WorkloadFamilies.workloadOf(next);
        if (data.set() == null
                || WorkloadFamilies.writes(workload)
                || WorkloadFamilies.writes(nextWorkload)
                || finished
                || trialStore.current() == null) {
            throw new IllegalStateException(
                    "only a loaded read trial hands its store to another read workload's trial (" + workload + " to "
                            + nextWorkload + ")");
        }
        Trial successor = guarded(() -> {
            Trial claimed = new Trial(next, params);
            claimed.claimFolder();
            return claimed;
        });
        handedTo = successor.trialStore.storeDir();
        successor.data.takeOver(data);
        try {
            end();
        } catch (RuntimeException | Error e) {
            successor.cleanUp();
            throw e;
        }
        ended.run();
        successor.guarded(() -> {
            successor.instruments.start();
            successor.metrics.record(Map.of(Metric.LOADED_BY, workload.toString()));
            successor.reopenStore();
        });
        return successor;
    }

    public DataSet data() {
        return data.set();
    }

    /**
     * The trial's parameters as its family parsed them: {@link BenchParams}, {@code AppParams}, {@code TreeParams} or
     * {@code YcsbParams}, as {@code type} says.
     *
     * @throws IllegalStateException when the trial's family parses its parameters into another type
     */
    public <P extends TrialParams> P params(Class<P> type) {
        if (!type.isInstance(given)) {
            throw new IllegalStateException(workload + " has no " + type.getSimpleName() + ": its parameters are "
                    + given.getClass().getSimpleName());
        }
        return type.cast(given);
    }

    /** Bytes allocated in the open store's folder now (stat, as every storage figure). */
    public long storeBytes() {
        return trialStore.bytesNow();
    }

    /**
     * Runs {@code work} (a YCSB phase) on the open store, the threads it starts marked as measured
     * by the {@code Runnable} it is given; any failure ends the trial as failed.
     */
    public <T> T measured(Function<Runnable, T> work) {
        instruments.markThread();
        return guarded(() -> work.apply(instruments::markThread));
    }

    /** The open store. */
    public Store store() {
        return trialStore.current();
    }

    /** The workload this trial measures (from its benchmark's method name). */
    public Workload workload() {
        return workload;
    }

    /** The store spec as given, for messages. */
    public String spec() {
        return given.store().toString();
    }

    public int batchSize() {
        return given.batchSize();
    }

    /** Opens the trial's store in an emptied folder. */
    public Store openEmpty() {
        return step(() -> trialStore.openForWrite(given.shape()));
    }

    /**
     * Writes the whole data set into a new store, closes it and opens it again, for the read
     * workloads: reads see the store as it stands in its folder (an LSM engine's tables, not
     * the memtable its writes just filled), as an application that reopens its store does.
     */
    public Store openLoaded() {
        return openLoaded(given.shape(), store -> metrics.flatBytes(given.load(store, data.set())));
    }

    /** As {@link #openLoaded()}, for a workload's own data set: opened for {@code shape}, filled by {@code loader}. */
    public Store openLoaded(Shape shape, Loader loader) {
        Store store = step(() -> trialStore.openEmpty(shape));
        return step(() -> {
            loader.load(store);
            return trialStore.reopen(shape);
        });
    }

    /**
     * Closes the open store and keeps its folder, for a benchmark that measures what a closed store left on
     * disk between its phases (the amplification test); {@link #reopenStore()} opens it again.
     */
    public void closeStore() {
        instruments.markThread();
        guarded(trialStore::sampledClose);
    }

    /** Opens the trial's store again from its folder, as {@link #closeStore()} left it. */
    public Store reopenStore() {
        return step(() -> trialStore.openAgain(given.shape()));
    }

    /**
     * Reads every key of the data set from the open store and verifies that every entry is there with its
     * value ("N of N found"), as a write is verified; a store that lost or mangled one fails the trial.
     */
    public void verifyReadBack() {
        step(() -> data.readBack(trialStore.current()));
    }

    /** Runs and verifies one pass of the trial's workload; any failure ends the trial as failed. */
    public Pass pass(Operation operation) {
        return step(() -> data.pass(workload, operation, trialStore.current()));
    }

    /**
     * Runs one pass of a part of the data set ({@link FixedTurns}) and verifies it against {@code wanted}, what the
     * generator says that part gives back; a wrong pass fails the trial as a wrong whole pass does.
     */
    public Pass pass(Operation operation, PassCheck wanted) {
        return step(() -> data.pass(workload, operation, trialStore.current(), wanted));
    }

    /**
     * The Store path's pass of this trial's workload (one instance per trial, so that the
     * benchmark's call and the settling passes share one call-site profile).
     */
    public Operation storePass() {
        return WorkloadFamilies.of(workload).pass(workload, batchSize());
    }

    /**
     * Runs untimed passes until the pass time settles or the rule's cap ({@link Settle}), before
     * JMH's warmup; the side-file line records how it went. Nothing when the rule is off.
     */
    public void settle(Settle rule, Settle.Pass pass) {
        if (!rule.enabled()) {
            return;
        }
        rule.settle(pass);
        metrics.record(rule.metrics());
    }

    /**
     * Before an iteration of a read benchmark on the loaded store: with {@code -Dkvbench.cache=cold}, the page cache of
     * the store's files is written back and dropped ({@link ColdCache}); nothing otherwise.
     */
    public void beforeIteration() {
        if (!WorkloadFamilies.writes(workload)) {
            guarded(trialStore::dropCache);
        }
    }

    /**
     * Verifies a write by reading every key back (untimed), then closes the store and deletes its folder
     * ({@link TrialStore#closeWritten()}: the first write pass's storage measured).
     */
    public void verifyWriteAndClose() {
        instruments.markThread();
        trialStore.announceLongWrite();
        guarded(() -> {
            data.readBack(trialStore.current());
            trialStore.closeWritten();
        });
    }

    /**
     * An interleaved trial waiting for its turn ({@code true}) or taking it: while it waits, its sampler only
     * samples the CPU, at its usual period, and counts no open files.
     */
    public void waiting(boolean waiting) {
        instruments.quiet(waiting);
    }

    /**
     * Adds figures measured by the benchmark itself (the harness pairs, a concurrent run's, dirWalk's) to the trial's
     * side-file line.
     */
    public void record(Map<String, Object> figures) {
        synchronized (metrics) {
            metrics.record(figures);
        }
    }

    /** Ends the trial: stops measuring, writes the {@code ok} line, frees the data and the folder. */
    public void end() {
        if (finished) {
            return;
        }
        instruments.markThread();
        try {
            guarded(() -> {
                trialStore.endWell();
                side.append(TrialRecord.ok(benchmark, BenchParams.inOrder(params), metrics.values()));
            });
        } finally {
            cleanUp();
        }
    }

    /**
     * Runs {@code step} of the trial: the one place a failure in one becomes the trial's end ({@link #fail}), a wrong
     * cursor pass first explained by a second, untimed pass over the open store ({@link Verifier#explain}).
     */
    private <T> T guarded(Supplier<T> step) {
        try {
            return step.get();
        } catch (VerificationException e) {
            throw fail(trialStore.current() == null ? e : Verifier.explain(e, trialStore.current()));
        } catch (RuntimeException | Error e) {
            throw fail(e);
        }
    }

    /** {@link #guarded(Supplier)}, for a step with no result. */
    private void guarded(Runnable step) {
        guarded(() -> {
            step.run();
            return null;
        });
    }

    /** {@link #guarded(Supplier)} with the calling thread marked as measured first, as every step on the store is. */
    private <T> T step(Supplier<T> step) {
        instruments.markThread();
        return guarded(step);
    }

    /**
     * Records {@code failure} as this trial's end: one {@code failed} line with a one-line reason,
     * the store closed, the folder deleted.
     *
     * @return the exception to throw: a {@link VerificationException} as it is, anything else as
     *         a {@link BenchmarkFailure} carrying the one-line reason
     */
    public RuntimeException fail(Throwable failure) {
        if (finished) {
            return FailureReason.toThrow(failure, failure.getMessage());
        }
        String reason = FailureReason.of(failure, workload, given.store(), folder);
        trialStore.abandon(failure);
        try {
            side.append(TrialRecord.failed(benchmark, BenchParams.inOrder(params), reason, metrics.values()));
        } finally {
            cleanUp();
        }
        return FailureReason.toThrow(failure, reason);
    }

    private void cleanUp() {
        finished = true;
        data.free();
        if (handedTo != null) {
            trialStore.moveFolder(handedTo);
        }
        TrialFolders.remove(folder);
    }

    /** Fills a new store with a workload's data set. */
    @FunctionalInterface
    public interface Loader {
        void load(Store store);
    }

    /** One pass of a workload over a store holding (or receiving) the data set. */
    @FunctionalInterface
    public interface Operation {
        Pass run(Store store, DataSet data);
    }
}
