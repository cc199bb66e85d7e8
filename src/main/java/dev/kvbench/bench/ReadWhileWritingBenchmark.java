package dev.kvbench.bench;

import dev.kvbench.trial.JmhParams;
import dev.kvbench.trial.Trial;
import dev.kvbench.workload.ReadWhileWriting;
import dev.kvbench.workload.app.AppParams;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * readWhileWriting, as db_bench's readwhilewriting in the RocksDB in-memory benchmark: the
 * store holds {@code num} entries (loaded untimed, then reopened); for {@code duration} seconds
 * {@code readers} threads look up random existing keys, each through its own reader, while one
 * writer overwrites random existing keys at {@code writesPerSec}, committing in small batches.
 * Every lookup must find its key with its value.
 *
 * <p>One invocation is the whole timed run, so JMH's score is its wall time in seconds; the
 * results are in the side file: read ops/s, the writer's achieved rate next to its target, read
 * latency percentiles (HdrHistogram, one per reader thread, merged) and the found counts.
 * Left out: loading, JIT warm-up (the warm-up iteration, when one is asked for, is a whole run).
 */
public class ReadWhileWritingBenchmark extends TimedRunBenchmark {

    @Benchmark
    public long readWhileWriting(Loaded state) {
        return state.run();
    }

    /** The loaded, reopened store and the concurrent run's parameters. */
    @State(Scope.Benchmark)
    public static class Loaded extends ConcurrentState {
        @Setup(Level.Trial)
        public void load(BenchmarkParams params) {
            trial = Trial.begin(params.getBenchmark(), JmhParams.of(params));
            trial.openLoaded();
        }

        long run() {
            return measuredRun(onThread -> ReadWhileWriting.run(
                    trial.store(), trial.data(), trial.params(AppParams.class).concurrent(), trial.spec(), onThread));
        }
    }
}
