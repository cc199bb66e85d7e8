package dev.kvbench.direct;

import dev.kvbench.bench.KvParams;
import dev.kvbench.trial.JmhParams;
import dev.kvbench.trial.Settle;
import dev.kvbench.trial.Trial;
import dev.kvbench.workload.Workload;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;

/**
 * What every direct-API baseline state shares: its trial (work folder, data set, side-file line,
 * failure wording), the engine's direct passes ({@link DirectPasses}, chosen by the benchmark's
 * class), and the pairing with the Store path: invocations alternate between a direct
 * pass and the same workload's verified Store pass on the same store ({@link HarnessPairs}), each
 * timed on its own; the trial's side-file line gets the pairs' figures. JMH's score of a direct
 * benchmark therefore mixes both paths and is not a result: the report reads the pairs.
 */
abstract class DirectState extends KvParams {

    Trial trial;
    private final HarnessPairs pairs = new HarnessPairs();
    private boolean measuring;
    private Trial.Operation storePass;
    private DirectPasses passes;
    private DirectPass direct;

    /** A pass of a direct benchmark: the engine's API, no verification but its count. */
    @FunctionalInterface
    interface DirectPass {
        long run() throws Exception;
    }

    private void begin(BenchmarkParams params) {
        trial = Trial.begin(params.getBenchmark(), JmhParams.of(params));
        storePass = trial.storePass();
        passes = Direct.passes(params.getBenchmark());
        passes.begin(trial);
        direct = directPass(trial.workload());
    }

    /** The direct pass of {@code workload}, one instance per trial (as {@link Trial#storePass()}). */
    private DirectPass directPass(Workload workload) {
        DirectPasses engine = passes;
        if (workload == Workload.WRITE) {
            return engine::write;
        } else if (workload == Workload.READ_KEY) {
            return engine::readKey;
        } else if (workload == Workload.READ_SEQ || workload == Workload.READ_REV) {
            boolean ascending = workload == Workload.READ_SEQ;
            return () -> engine.readCursor(ascending);
        }
        throw new IllegalStateException("no direct baseline for " + workload);
    }

    /**
     * The trial setup of a read benchmark's state: the loaded, reopened store, then passes as the
     * benchmark makes them (direct and Store path in turn) until the pass time settles ({@link Settle}).
     */
    final void beginLoaded(BenchmarkParams params) {
        begin(params);
        passes.use(trial.openLoaded());
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
        passes.use(trial.openEmpty());
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

    /** Ends the trial: its side-file line, the data set and the folder freed. */
    @TearDown(Level.Trial)
    public void end() {
        passes.release();
        passes.end();
        trial.record(pairs.metrics());
        trial.end();
    }
}
