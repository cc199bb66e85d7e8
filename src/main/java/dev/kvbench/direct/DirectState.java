package dev.kvbench.direct;

import dev.kvbench.bench.KvParams;
import dev.kvbench.store.KeyFold;
import dev.kvbench.store.Store;
import dev.kvbench.trial.JmhParams;
import dev.kvbench.trial.Settle;
import dev.kvbench.trial.Trial;
import dev.kvbench.workload.DataSet;
import dev.kvbench.workload.Expected;
import dev.kvbench.workload.VerificationException;
import dev.kvbench.workload.Workload;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;

/**
 * What every direct-API baseline state shares: its trial (work folder, data set, side-file line,
 * failure wording), a view of the data set's entries, the one check a direct pass makes (that it
 * saw every entry), and the pairing with the Store path: invocations alternate between a direct
 * pass and the same workload's verified Store pass on the same store ({@link HarnessPairs}), each
 * timed on its own; the trial's side-file line gets the pairs' figures. JMH's score of a direct
 * benchmark therefore mixes both paths and is not a result: the report reads the pairs.
 */
abstract class DirectState extends KvParams {

    Trial trial;
    DataSet.Entries entries;
    private final HarnessPairs pairs = new HarnessPairs();
    private boolean measuring;
    private Trial.Operation storePass;
    private DirectPass direct;
    /** The key fold a direct cursor pass must reach, taken at setup (the data set computes it on first use). */
    private long wantKeys;

    /** A pass of a direct benchmark: the engine's API, no verification but its count. */
    @FunctionalInterface
    interface DirectPass {
        long run() throws Exception;
    }

    void begin(BenchmarkParams params) {
        trial = Trial.begin(params.getBenchmark(), JmhParams.of(params));
        entries = trial.data().entries();
        storePass = trial.storePass();
        Workload workload = trial.workload();
        direct = directPass(workload);
        if (workload == Workload.READ_SEQ || workload == Workload.READ_REV) {
            Expected expected = trial.data().expected();
            wantKeys = workload == Workload.READ_SEQ ? expected.ascendingKeys() : expected.descendingKeys();
        }
    }

    /** The direct pass of {@code workload}, one instance per trial (as {@link Trial#storePass()}). */
    private DirectPass directPass(Workload workload) {
        return switch (workload) {
            case WRITE -> this::write;
            case READ_KEY -> this::readKey;
            case READ_SEQ -> () -> readCursor(true);
            case READ_REV -> () -> readCursor(false);
            default -> throw new IllegalStateException("no direct baseline for " + workload);
        };
    }

    /** A direct write pass into the empty store; the states of the write benchmarks override it. */
    long write() throws Exception {
        throw new IllegalStateException("no direct write on " + getClass().getSimpleName());
    }

    /** A direct lookup of every key; the states of the read benchmarks override it. */
    long readKey() throws Exception {
        throw new IllegalStateException("no direct readKey on " + getClass().getSimpleName());
    }

    /** A direct cursor pass, first to last or last to first; the states of the read benchmarks override it. */
    long readCursor(boolean forward) throws Exception {
        throw new IllegalStateException("no direct cursor on " + getClass().getSimpleName());
    }

    /** Takes the engine's own handles from the store the adapter opened, before the passes on it. */
    abstract void use(Store store);

    /**
     * The trial setup of a read benchmark's state: the loaded, reopened store, then passes as the
     * benchmark makes them (direct and Store path in turn) until the pass time settles ({@link Settle}).
     */
    final void beginLoaded(BenchmarkParams params) {
        begin(params);
        use(trial.openLoaded());
        trial.settle(Settle.forMode(params.getMode()), Settle.of(Settle.NOTHING, this::pass, Settle.NOTHING));
    }

    /**
     * The trial setup of a write benchmark's state: settling as {@link #beginLoaded}, each pass into
     * a new empty store ({@link #openEmpty()}) that is read back and closed after it ({@link
     * #closeEmpty()}); the state calls both around every invocation.
     */
    final void beginEmpty(BenchmarkParams params) {
        begin(params);
        trial.settle(Settle.forMode(params.getMode()), Settle.of(this::openEmpty, this::pass, this::closeEmpty));
    }

    /** A new empty store for the next write pass. */
    final void openEmpty() {
        use(trial.openEmpty());
    }

    /** After a write pass: every entry read back and checked, untimed, and the store closed. */
    final void closeEmpty() {
        trial.verifyWriteAndClose();
    }

    @Setup(Level.Iteration)
    public void iteration(IterationParams params) {
        boolean measured = params.getType() == IterationType.MEASUREMENT;
        if (measured != measuring) {
            pairs.iterationStarts();
        }
        measuring = measured;
        trial.beforeIteration(); // -Dkvbench.cache=cold: the store's pages dropped, as for the Store path
    }

    /**
     * Runs the direct pass or, on alternate invocations, the Store path's pass of the same workload
     * (verified as every Store pass is), timing it for the pairs; any failure ends the trial as failed.
     */
    final long pass() {
        boolean storeTurn = pairs.storeTurn();
        long start = System.nanoTime();
        long result;
        if (storeTurn) {
            result = trial.pass(storePass).count();
        } else {
            try {
                result = direct.run();
            } catch (Exception | Error e) {
                throw trial.fail(e);
            }
        }
        pairs.ran(System.nanoTime() - start, measuring);
        return result;
    }

    final int num() {
        return trial.data().num();
    }

    /** Fails the pass unless it saw every entry. */
    final void requireAll(Workload workload, long seen) {
        if (seen != num()) {
            throw new VerificationException(trial.spec(), workload, Integer.toString(num()), seen + " (direct pass)");
        }
    }

    /**
     * The other check a direct cursor pass makes, once at its end: its fold of every key is the data set's
     * (the Store pass folds the same keys and checks the same figure, with its other checks).
     */
    final void requireKeys(boolean forward, long fold) {
        if (fold != wantKeys) {
            throw new VerificationException(trial.spec(), forward ? Workload.READ_SEQ : Workload.READ_REV,
                    "key fold " + KeyFold.hex(wantKeys), KeyFold.hex(fold) + " (direct pass)");
        }
    }

    /** Frees what the direct pass keeps across passes, before the store closes; nothing by default. */
    void release() {
    }

    /** Ends the trial: its side-file line, the data set and the folder freed. */
    @TearDown(Level.Trial)
    public void end() {
        release();
        if (entries != null) {
            entries.close();
            entries = null;
        }
        trial.record(pairs.metrics());
        trial.end();
    }
}
