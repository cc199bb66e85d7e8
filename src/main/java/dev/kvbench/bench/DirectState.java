package dev.kvbench.bench;

import dev.kvbench.workload.DataSet;
import dev.kvbench.workload.VerificationException;
import dev.kvbench.workload.Workload;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * What every direct-API baseline state shares: its trial (work folder, data set, side-file line,
 * failure wording), a view of the data set's entries, and the one check a direct pass makes:
 * that it saw every entry.
 */
abstract class DirectState extends KvParams {

    Trial trial;
    DataSet.Entries entries;

    /** A pass of a direct benchmark: the engine's API, no verification but its count. */
    @FunctionalInterface
    interface DirectPass {
        long run() throws Exception;
    }

    void begin(BenchmarkParams params) {
        trial = Trial.begin(params.getBenchmark(), of(params));
        entries = trial.data().entries();
    }

    /** Runs {@code pass}; any failure ends the trial as failed, as on the Store path. */
    final long pass(DirectPass pass) {
        try {
            return pass.run();
        } catch (Exception | Error e) {
            throw trial.fail(e);
        }
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

    /** Ends the trial: its side-file line, the data set and the folder freed. */
    @TearDown(Level.Trial)
    public void end() {
        if (entries != null) {
            entries.close();
            entries = null;
        }
        trial.end();
    }
}
