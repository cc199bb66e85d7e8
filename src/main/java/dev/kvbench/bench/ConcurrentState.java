package dev.kvbench.bench;

import dev.kvbench.trial.Trial;
import dev.kvbench.workload.ConcurrentRun;
import dev.kvbench.workload.app.AppParams;
import java.util.function.Function;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The state of a concurrent run's benchmark: the run's parameters (see
 * {@code workload.Concurrent}) on top of every benchmark's, checked by
 * {@link AppParams}, and the trial, which a subclass begins and loads and this class ends.
 */
@State(Scope.Benchmark)
public abstract class ConcurrentState extends KvParams {

    /** Reader threads, each with its own reader; {@code cores}: one per available core. */
    @Param(AppParams.CORES)
    public String readers;

    /** The writer's target rate in writes per second (the reference's light rate); 0 = as fast as it can. */
    @Param("10000")
    public String writesPerSec;

    /** Seconds the readers run. */
    @Param("10")
    public String duration;

    /** Whether each read operation's latency is recorded (false: to measure what recording costs). */
    @Param("true")
    public String latency;

    Trial trial;

    /**
     * One concurrent run on the open store, each thread it starts marked as measured ({@link Trial#measured}); every
     * operation is verified by the run itself, and its figures become the trial's ({@link AppParams#figures}).
     *
     * @return the verified read operations
     */
    final long measuredRun(Function<Runnable, ConcurrentRun.Outcome> run) {
        ConcurrentRun.Outcome outcome = trial.measured(run);
        trial.record(trial.params(AppParams.class).figures(outcome));
        return outcome.ops();
    }

    @TearDown(Level.Trial)
    public void close() {
        trial.end();
    }
}
