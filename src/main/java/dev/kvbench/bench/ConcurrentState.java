package dev.kvbench.bench;

import dev.kvbench.trial.AppParams;
import dev.kvbench.trial.Trial;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The state of a concurrent run's benchmark: the run's parameters (see
 * {@link dev.kvbench.workload.Concurrent}) on top of every benchmark's, checked by
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

    @TearDown(Level.Trial)
    public void close() {
        trial.end();
    }
}
