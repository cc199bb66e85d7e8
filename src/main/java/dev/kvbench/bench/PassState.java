package dev.kvbench.bench;

import dev.kvbench.trial.JmhParams;
import dev.kvbench.trial.Trial;
import dev.kvbench.workload.Pass;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * What the states of the single-pass benchmarks share: the trial and its Store pass (one
 * instance per trial, {@link Trial#storePass()}), begun by a subclass's trial setup and ended here.
 */
@State(Scope.Benchmark)
public abstract class PassState extends KvParams {

    Trial trial;
    private Trial.Operation operation;

    /** Begins the trial of the benchmark JMH runs, and takes its Store pass. */
    final void begin(BenchmarkParams params) {
        trial = Trial.begin(params.getBenchmark(), JmhParams.of(params));
        operation = trial.storePass();
    }

    /** One verified pass of the trial's workload over the open store. */
    public final Pass pass() {
        return trial.pass(operation);
    }

    @TearDown(Level.Trial)
    public void end() {
        trial.end();
    }
}
